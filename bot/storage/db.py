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


class Database:
    """One aiosqlite connection to a SQLite file.

    The connection is shared by every coroutine of the process, so statements of two transactions must not
    interleave on it: ``transaction`` and ``reading`` hold a lock for their whole block. Across processes
    SQLite's own locking (``BEGIN IMMEDIATE`` plus the busy timeout) serialises writers.
    """

    #: What a refused write raises; the services put their own subclass here, which players are shown.
    unavailable: type[DatabaseUnavailable] = DatabaseUnavailable

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self._lock = asyncio.Lock()
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
        """Consistent reads: one snapshot of the database for the whole block."""
        async with self._lock:
            await self.conn.execute("BEGIN")
            try:
                yield self.conn
            finally:
                await self.conn.execute("COMMIT")

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
    return Database(conn, Path(path))
