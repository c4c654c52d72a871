"""The database handle the services share: explicit transactions, consistent reads, migrations at open.

The same handle serves a SQLite file and a PostgreSQL server; what differs between them is here:
- SQLite allows one writer at a time: the process's writes share one connection, in turn (an
  ``asyncio.Lock``), each opened with ``BEGIN IMMEDIATE`` so another process's writer waits for it.
- PostgreSQL lets many transactions run at once, from many processes. Every write transaction first
  takes a transaction-scoped advisory lock on each thing it names (``locks``: its game, or the narrow
  thing it checks across games), so writes to one game are applied one at a time across every process
  sharing the database while writes to different games run together: a check made inside a transaction
  on what it locks still holds when it commits.
Reads never wait for writes on either: each ``reading`` block sees one snapshot (WAL on SQLite,
REPEATABLE READ on PostgreSQL).

A transaction (or a reading block) is one named operation over one connection: the block gets a
``sql.Conn`` (aiosqlite or asyncpg, used directly: ``drivers``), hands it to the storage functions it calls,
each of whose statements is awaited and raises its error where it happens, and ends with the commit (the
block's end) or the rollback (an error, which goes on up). How it works on each database: docs/storage.md.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
import weakref
from collections.abc import AsyncIterator, Iterable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from bot.storage import locks as lock_of
from bot.storage.connection import (
    DEFAULT_SYNC,
    POSTGRES_CONNECTIONS,
    Location,
    location,
    open_file,
    postgres_pool,
)
from bot.storage.drivers import PostgresConnection, SqliteConnection
from bot.storage.locks import Lock
from bot.storage.migrate import MigrationError, apply_migrations, schema_version
from bot.storage.sql import Conn

log = logging.getLogger(__name__)

ADVISORY_LOCK = "SELECT pg_advisory_xact_lock({key})"


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
# Write transactions one process runs at once on PostgreSQL: the connections its pool keeps beside the
# readers', so a burst of writes never leaves a read waiting for a connection.
POSTGRES_WRITERS = POSTGRES_CONNECTIONS - READERS


@dataclass
class Writes:
    """What the write transactions have cost so far: how many, the seconds they waited for the writer (on
    PostgreSQL: for their locks, ``queued`` aside) in all, and the seconds they held it (each write holds
    it from its first statement to its commit, so ``held`` over a stretch of time is how busy the writer
    was: near all of it, and writes queue). ``queued``: on PostgreSQL, the seconds they waited for one of
    the process's ``POSTGRES_WRITERS`` connections."""

    count: int = 0
    waited: float = 0.0
    held: float = 0.0
    queued: float = 0.0


class Database:
    """Write transactions and reading blocks on the database at ``where``.

    On SQLite the writing connection is shared by every coroutine of the process, so statements of two
    transactions must not interleave on it: ``transaction`` holds a lock for its whole block. ``reading``
    blocks each take a reading connection of their own (at most ``READERS``).
    """

    #: What a refused write raises; the services put their own subclass here, which players are shown.
    unavailable: type[DatabaseUnavailable] = DatabaseUnavailable

    def __init__(self, where: Location, *, sync: str = DEFAULT_SYNC) -> None:
        self.where = where
        self.path = where.path  # None on PostgreSQL
        self._lock = asyncio.Lock()
        self._reader_slots = asyncio.Semaphore(READERS)
        self._gone: str | None = None
        self.writes = Writes()  # for the load bench, which reports how busy the writer was
        if where.path is not None:
            path = where.path
            self._connect = lambda: open_file(path, sync=sync)
            self.writer: SqliteConnection | None = None  # opened by ``_open``
            self._readers: list[SqliteConnection] = []  # idle reading connections
            self._opened: list[SqliteConnection] = []
        else:
            self._pool: asyncpg.Pool | None = None  # opened by ``_open``
            self._writers = asyncio.Semaphore(POSTGRES_WRITERS)
            self._held_here: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    async def _open(self) -> None:
        """Open the writing connection (on PostgreSQL, the pool): a database that cannot be opened is
        reported here, and a SQLite file is created."""
        if self.path is None:
            assert self.where.url is not None
            self._pool = await postgres_pool(self.where.url)
            return
        self.writer = await SqliteConnection.open(self._connect)
        # The connection's file, seen through its path just after it was opened. Never through a second
        # descriptor of our own: closing one would drop SQLite's POSIX locks on the file.
        self._identity = file_identity(self.path)

    @property
    def pool(self) -> asyncpg.Pool:
        assert self._pool is not None, "open the database first"
        return self._pool

    @property
    def _writer(self) -> SqliteConnection:
        assert self.writer is not None, "open the database first"
        return self.writer

    @property
    def postgres(self) -> bool:
        return self.where.postgres

    def _check_file(self) -> None:
        """Refuse to write once the path no longer leads to the open file (one stat, a few microseconds)."""
        if self.path is None:
            return
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
    async def transaction(
        self, *, game: int | None = None, locks: Iterable[Lock] = ()
    ) -> AsyncIterator[Conn]:
        """A write transaction on ``game`` and ``locks`` (``bot.storage.locks``): committed when the block
        ends, rolled back if it raises. On PostgreSQL it holds their locks from its start to its end; on
        SQLite it is the one write at a time. Refused with ``unavailable`` when the database file was
        deleted or replaced; checked again after the commit, so a write that went into a file just taken
        away is never reported as done."""
        asked = time.perf_counter()
        if self.path is None:
            mine = [*locks, *([] if game is None else [lock_of.game(game)])]
            async with self._postgres_write(lock_of.keys_of(mine), asked) as conn:
                yield conn
            return
        async with self._lock, self._holding(asked):
            self._check_file()
            async with _begun(self._writer, "BEGIN IMMEDIATE") as conn:
                yield conn
            self._check_file()

    @asynccontextmanager
    async def _postgres_write(self, keys: list[int], asked: float) -> AsyncIterator[Conn]:
        """A PostgreSQL write transaction holding the advisory lock of each of ``keys`` (sorted), each
        first in this process: a write waiting for another's lock waits here, not on a pooled connection."""
        async with self._locked_here(keys):
            here = time.perf_counter()
            # the BEGIN and the locks in one trip (the keys are numbers of our own making)
            begin = "; ".join(["BEGIN", *(ADVISORY_LOCK.format(key=int(key)) for key in keys)])
            async with self._writers, _postgres_begun(self.pool, begin) as (conn, taken):
                queued = taken - here
                self.writes.queued += queued
                async with self._holding(asked + queued):
                    yield conn

    @asynccontextmanager
    async def _locked_here(self, keys: list[int]) -> AsyncIterator[None]:
        """Hold this process's lock of each key, in the order given (sorted: no two writes wait in a
        circle)."""
        async with AsyncExitStack() as stack:
            for key in keys:
                here = self._held_here.get(key)
                if here is None:
                    here = self._held_here[key] = asyncio.Lock()
                await stack.enter_async_context(here)
            yield

    @asynccontextmanager
    async def _holding(self, asked: float) -> AsyncIterator[None]:
        """Count a write that was asked for at ``asked`` and holds the writer while inside."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.writes.count += 1
            self.writes.waited += start - asked
            self.writes.held += time.perf_counter() - start

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Conn]:
        """Consistent reads: one snapshot of the database for the whole block, on a reading connection
        (on SQLite, on the writing one, in turn with the writes, once the path no longer leads to the
        open file: a new connection would open another file)."""
        async with self._reader_slots:
            if self.path is None:
                async with _postgres_begun(self.pool, "BEGIN ISOLATION LEVEL REPEATABLE READ") as (shared, _):
                    yield shared
                return
            reader = await self._reader()
            if reader is None:
                async with self._lock, _begun(self._writer, "BEGIN") as writer:
                    yield writer
                return
            try:
                reader.begin_reading()
                yield reader
                reader.end_reading()
            except BaseException:
                await self._drop(reader)  # it may be left inside a transaction
                raise
            self._readers.append(reader)

    async def _reader(self) -> SqliteConnection | None:
        """An idle reading connection, opened if none is; None once the file is not the one opened."""
        if self._readers:
            return self._readers.pop()
        if self._gone is not None or file_identity(self.path) != self._identity:  # type: ignore[arg-type]
            return None
        reader = await SqliteConnection.open(self._connect)
        self._opened.append(reader)
        return reader

    async def _drop(self, reader: SqliteConnection) -> None:
        if reader in self._opened:
            self._opened.remove(reader)
        try:
            await reader.close()
        except Exception:
            log.exception("could not close a reading connection")

    async def schema_version(self) -> int:
        async with self.reading() as conn:
            return await schema_version(conn)

    async def backup(self, dest: str | Path) -> Path:
        """Copy the live SQLite database to ``dest`` (SQLite's online backup API)."""
        if self.path is None:
            raise ValueError("PostgreSQL is backed up with its own tools (pg_dump), not by the bot.")
        if Path(dest).resolve() == self.path.resolve():
            raise ValueError("A backup must go to another file than the database itself.")
        target_path = Path(dest)
        if target_path.is_dir():
            raise MigrationError(f"Backup destination {target_path} is a directory.")
        # used on the writer's thread only
        target = await asyncio.to_thread(sqlite3.connect, str(target_path), check_same_thread=False)
        try:
            async with self._lock:
                await self._writer.backup(target)
        finally:
            target.close()
        return target_path

    async def close(self) -> None:
        if self.path is None:
            if self._pool is not None:
                await self._pool.close()
            return
        readers, self._opened, self._readers = self._opened, [], []
        for reader in readers:
            await reader.close()
        if self.writer is not None:
            await self.writer.close()


@asynccontextmanager
async def _begun(conn: SqliteConnection, begin: str) -> AsyncIterator[SqliteConnection]:
    """A SQLite transaction on ``conn``, begun with ``begin``: committed when the block ends, rolled back
    if it raises (or if its commit does). The BEGIN is inside: a block cancelled while its BEGIN is on its
    way still runs it on the connection's thread, and the rollback (queued after it) ends it, so the next
    transaction never finds one open."""
    try:
        await conn.begin(begin)
        yield conn
        await conn.commit()
    except BaseException:
        await conn.rollback()
        raise


@asynccontextmanager
async def _postgres_begun(pool: asyncpg.Pool, begin: str) -> AsyncIterator[tuple[PostgresConnection, float]]:
    """A transaction on a connection of ``pool``, begun with ``begin``: committed when the block ends,
    rolled back if it raises (a connection the server dropped is closed by the pool on its return). The
    block gets the connection and when it was taken (``time.perf_counter``: the write's wait for it).

    asyncpg's pool hands out no connection it knows is closed (``is_closed``, checked at each acquire), but
    one the server ended or the network dropped while it sat idle looks open until it is used: asyncpg
    has not read its end yet (a server restart, ``pg_terminate_backend``, an idle timeout, a firewall that
    forgot it). Its first statement, the BEGIN, then fails with the connection closed, before anything was
    done on it; that connection is ended (the pool opens another in its place) and the transaction begins
    on the next one, up to once for every connection the pool holds (after a restart of the server each may
    be dead), so no block meets a dropped connection. Any other failure of the BEGIN goes on up."""
    async with AsyncExitStack() as stack:
        conn, taken = await _live_begun(pool, stack, begin)
        try:
            yield conn, taken
            await conn.run("COMMIT", [], returns_rows=False)
        except BaseException:
            await _abandon(conn)
            raise


async def _live_begun(
    pool: asyncpg.Pool, stack: AsyncExitStack, begin: str
) -> tuple[PostgresConnection, float]:
    """A connection of ``pool`` held by ``stack`` (released when it closes), its transaction begun with
    ``begin``, and when it was taken; connections found dropped at their BEGIN are passed over."""
    for left in range(pool.get_max_size(), -1, -1):
        async with AsyncExitStack() as held:
            raw = await held.enter_async_context(pool.acquire())
            taken = time.perf_counter()
            conn = PostgresConnection(raw)
            try:
                await conn.run(begin, [], returns_rows=False)
            except Exception:
                if left and _lost(raw):  # nothing was done on it: begin on another
                    log.info("a pooled PostgreSQL connection was found dropped; another is taken")
                    continue  # leaving ``held`` gives the dead one back, and the pool replaces it
                await _abandon(conn)
                raise
            except BaseException:  # cancelled on its way: its BEGIN may have been run or not
                await _abandon(conn)
                raise
            stack.push_async_exit(held.pop_all())
            return conn, taken
    raise AssertionError("the last try raises")  # pragma: no cover


def _lost(raw: asyncpg.Connection) -> bool:
    """Whether the pooled connection ``raw`` is closed (a proxy whose connection closed is already back
    in its pool, and answers nothing more)."""
    try:
        return raw.is_closed()
    except asyncpg.InterfaceError:
        return True


async def _abandon(conn: PostgresConnection) -> None:
    """Roll back the transaction on ``conn`` after an error, or end the connection when that fails too
    (the pool opens another in its place); nothing to do for a connection already closed."""
    if _lost(conn.raw):
        return
    try:
        await conn.raw.execute("ROLLBACK")
    except Exception:
        conn.raw.terminate()


async def open_database(
    where: str | Path | Location, *, migrate: bool = True, sync: str = DEFAULT_SYNC
) -> Database:
    """Open (creating if needed) the database at ``where`` (a SQLite path, or a URL: see
    ``connection.location``) and apply pending migrations; ``sync`` is how hard SQLite's commits go to disk
    (``connection.SYNC_MODES``)."""
    place = where if isinstance(where, Location) else location(where)
    database = Database(place, sync=sync)
    try:
        await database._open()
        if migrate:
            await apply_migrations(place)
    except BaseException:
        await database.close()
        raise
    return database
