"""The database handle the services share: one connection, explicit transactions, migrations at open."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.storage.connection import DEFAULT_SYNC, connect
from bot.storage.migrate import apply_migrations, backup_connection, schema_version

log = logging.getLogger(__name__)


class DatabaseUnavailable(Exception):
    """The file at the database's path is no longer the one the connection has open (deleted, or
    another file renamed over it): a commit would land in a file nobody will read again."""


def file_identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path``, or None when there is none."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


# Connections kept for ``reading`` blocks beside the writing one. Each statement is a round trip to its
# connection's thread; on one shared connection every read of every game queued behind the others' round
# trips (and behind each write's sync), so under load a read waited seconds for a few milliseconds' work.
READERS = 4


class Database:
    """aiosqlite connections to a SQLite file: one for writes, and up to ``READERS`` for reads.

    The writing connection is shared by every coroutine of the process, so statements of two transactions
    must not interleave on it: ``transaction`` holds a lock for its whole block. ``reading`` blocks each
    take a reading connection of their own; in WAL mode a read sees every transaction committed before it
    began, and runs beside a write. Across processes SQLite's own locking (``BEGIN IMMEDIATE`` plus the busy
    timeout) serialises writers.
    """

    #: What a refused write raises; the services put their own subclass here, which players are shown.
    unavailable: type[DatabaseUnavailable] = DatabaseUnavailable

    def __init__(self, conn: aiosqlite.Connection, path: Path, *, sync: str = DEFAULT_SYNC) -> None:
        self.conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._sync = sync
        self._readers: list[aiosqlite.Connection] = []  # idle reading connections
        self._reader_slots = asyncio.Semaphore(READERS)
        self._opened: list[aiosqlite.Connection] = []
        self._closed = False
        # The connection's file, seen through its path just after it was opened. Never through a second
        # descriptor of our own: closing one would drop SQLite's POSIX locks on the file.
        self._identity = file_identity(path)
        self._gone: str | None = None

    def _check_file(self) -> None:
        """Refuse to write once the path no longer leads to the open file (one stat, a few microseconds)."""
        if self._gone is None and file_identity(self.path) != self._identity:
            what = "deleted" if not self.path.exists() else "replaced by another file"
            self._gone = f"the database file {self.path} was {what} while the bot was running"
            log.error(
                "%s; every write is refused from now on. Restore the file (python -m bot backup makes "
                "copies) and restart the bot.",
                self._gone,
            )
        if self._gone is not None:
            raise self.unavailable(self._gone)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises. Refused with
        ``unavailable`` when the database file was deleted or replaced; checked again after the commit,
        so a write that went into a file just taken away is never reported as done."""
        async with self._lock:
            self._check_file()
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")
            self._check_file()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """Consistent reads: one snapshot of the database for the whole block, on a reading connection
        (on the writing one, in turn with the writes, once the path no longer leads to the open file: a
        new connection would open another file)."""
        async with self._reader_slots:
            reader = await self._reader()
            if reader is None:
                async with self._lock:
                    await self.conn.execute("BEGIN")
                    try:
                        yield self.conn
                    finally:
                        await self.conn.execute("COMMIT")
                return
            try:
                await reader.execute("BEGIN")
                yield reader
            finally:
                try:
                    await reader.execute("COMMIT")  # ends the snapshot
                except BaseException:
                    await self._drop(reader)
                    raise
                self._readers.append(reader)

    async def _reader(self) -> aiosqlite.Connection | None:
        """An idle reading connection, opened if none is; None once the file is not the one opened."""
        if self._readers:
            return self._readers.pop()
        if self._closed or self._gone is not None or file_identity(self.path) != self._identity:
            return None
        reader = await connect(self.path, sync=self._sync)
        self._opened.append(reader)
        return reader

    async def _drop(self, reader: aiosqlite.Connection) -> None:
        """Close a reading connection a block failed on (it may be left inside a transaction)."""
        if reader in self._opened:
            self._opened.remove(reader)
        try:
            await reader.close()
        except Exception:
            log.exception("could not close a reading connection")

    async def schema_version(self) -> int:
        async with self._lock:
            return await schema_version(self.conn)

    async def backup(self, dest: str | Path) -> Path:
        """Copy the live database to ``dest`` (SQLite's online backup API)."""
        if Path(dest).resolve() == self.path.resolve():
            raise ValueError("A backup must go to another file than the database itself.")
        async with self._lock:
            return await backup_connection(self.conn, dest)

    async def close(self) -> None:
        self._closed = True
        readers, self._opened, self._readers = self._opened, [], []
        for reader in readers:
            await reader.close()
        await self.conn.close()


async def open_database(path: str | Path, *, migrate: bool = True, sync: str = DEFAULT_SYNC) -> Database:
    """Open (creating if needed) the database at ``path`` and apply pending migrations; ``sync`` is how
    hard commits go to disk (``connection.SYNC_MODES``)."""
    conn = await connect(path, sync=sync)
    try:
        if migrate:
            await apply_migrations(path)
    except BaseException:
        await conn.close()
        raise
    return Database(conn, Path(path), sync=sync)
