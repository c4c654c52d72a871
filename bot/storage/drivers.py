"""The two drivers behind ``sql.Conn``: aiosqlite and asyncpg, used directly.

Every statement is one awaited trip to the driver (aiosqlite's connection thread, or the PostgreSQL
server), read whole: ``execute_fetchall`` / ``fetch`` for a statement that returns rows, ``execute`` (and
the count it reports) for one that only changes them, ``executemany`` for a batch. A driver's error is
raised at that statement, as SQLAlchemy's exception for it (``sa.exc.IntegrityError``…), its ``orig`` the
driver's own.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from typing import Any, NoReturn

import aiosqlite
import asyncpg
import sqlalchemy as sa

from bot.storage.sql import POSTGRES, SQLITE, Conn, Result

# asyncpg's errors, most specific first, as the DB-API's classes SQLAlchemy names them by
_POSTGRES_ERRORS: tuple[tuple[type[BaseException], type[sa.exc.DBAPIError]], ...] = (
    (asyncpg.IntegrityConstraintViolationError, sa.exc.IntegrityError),
    (asyncpg.DataError, sa.exc.DataError),
    (asyncpg.SyntaxOrAccessError, sa.exc.ProgrammingError),
    (asyncpg.TransactionRollbackError, sa.exc.OperationalError),  # serialization failure, deadlock
    (asyncpg.PostgresConnectionError, sa.exc.OperationalError),
    (asyncpg.ConnectionDoesNotExistError, sa.exc.OperationalError),
    (asyncpg.InterfaceError, sa.exc.InterfaceError),
    (asyncpg.PostgresError, sa.exc.DatabaseError),
    (OSError, sa.exc.OperationalError),  # the server went away
)


def _raise(exc: BaseException, sql: str, arguments: Any) -> NoReturn:
    """Raise the driver's error ``exc`` as SQLAlchemy's (parameters not shown: they may be anything)."""
    if isinstance(exc, sqlite3.Error):
        # The traceback holds the frame, on the connection's thread, of the cursor whose fetch failed (a
        # text that is not UTF-8): let go of it now, so the cursor is closed and its statement reset here.
        # An active statement would keep the connection's snapshot after its COMMIT, and every later
        # block on it would read the past.
        exc.with_traceback(None)
        raise sa.exc.DBAPIError.instance(
            sql,
            arguments,
            exc,
            sqlite3.Error,
            hide_parameters=True,  # type: ignore[arg-type]
        ) from exc
    for driver, ours in _POSTGRES_ERRORS:
        if isinstance(exc, driver):
            raise ours(sql, arguments, exc, hide_parameters=True) from exc  # type: ignore[arg-type]
    raise exc


class Row(sqlite3.Row):
    """A SQLite row read as asyncpg's ``Record`` is: by column name or position, and as a mapping
    (``keys``, ``values``, ``items``, ``get``, ``in`` asking for a column), so a row reads the same on both
    databases."""

    def __contains__(self, key: object) -> bool:
        return key in self.keys()

    def values(self) -> tuple[Any, ...]:
        return tuple(self)

    def items(self) -> list[tuple[str, Any]]:
        return list(zip(self.keys(), self, strict=True))

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except IndexError:
            return default


class SqliteConnection(Conn):
    """An aiosqlite connection (its own thread, calls run in the order made) to a file opened by
    ``open`` (WAL, foreign keys, the sync mode: ``connection.open_file``); rows are ``Row``."""

    dialect = SQLITE

    def __init__(self, raw: aiosqlite.Connection, direct: sqlite3.Connection) -> None:
        self.raw = raw
        self._direct = direct  # the same connection, for the reading blocks' begin and end

    @classmethod
    async def open(cls, connect: Callable[[], sqlite3.Connection]) -> SqliteConnection:
        """A connection from ``connect()`` (a sqlite3 connection that any thread may use), opened off the
        event loop. It is opened before aiosqlite's thread starts: a file that cannot be opened raises
        here, and leaves no thread behind (aiosqlite's own would tell a closed event loop later)."""
        direct = await asyncio.to_thread(connect)
        try:
            raw = await aiosqlite.Connection(lambda: direct, 64)
        except BaseException:
            direct.close()
            raise
        raw.row_factory = Row
        return cls(raw, direct)

    async def run(self, sql: str, arguments: list[Any], *, returns_rows: bool) -> Result:
        try:
            if returns_rows:
                return Result(await self.raw.execute_fetchall(sql, arguments))  # type: ignore[arg-type]
            cursor = await self.raw.execute(sql, arguments)
            return Result((), cursor.rowcount)
        except sqlite3.Error as exc:
            _raise(exc, sql, arguments)

    async def run_many(self, sql: str, arguments: list[list[Any]]) -> None:
        try:
            await self.raw.executemany(sql, arguments)
        except sqlite3.Error as exc:
            _raise(exc, sql, arguments)

    async def stream(self, sql: str, size: int) -> AsyncIterator[list[Any]]:  # type: ignore[override]
        try:
            cursor = await self.raw.execute(sql)
            while batch := list(await cursor.fetchmany(size)):
                yield batch
        except sqlite3.Error as exc:
            _raise(exc, sql, ())

    def begin_reading(self) -> None:
        """Begin a reading block's transaction here, on the event loop: a deferred BEGIN takes no lock and
        reads nothing (the snapshot starts at the block's first read), so it costs microseconds, not a trip
        to the connection's thread. Only while no call of the connection is under way."""
        try:
            self._direct.execute("BEGIN")
        except sqlite3.Error as exc:
            _raise(exc, "BEGIN", ())

    def end_reading(self) -> None:
        """End a reading block's transaction here, on the event loop: it wrote nothing, so its commit only
        lets go of its snapshot (no disk work)."""
        try:
            self._direct.commit()
        except sqlite3.Error as exc:
            _raise(exc, "COMMIT", ())

    async def begin(self, how: str) -> None:
        """Begin a transaction: "BEGIN IMMEDIATE" (a writer: SQLite's write lock at once, waiting for
        another process's up to the busy timeout) or "BEGIN" (a reader: its snapshot at its first read)."""
        await self.run(how, [], returns_rows=False)

    async def commit(self) -> None:
        try:
            await self.raw.commit()
        except sqlite3.Error as exc:
            _raise(exc, "COMMIT", ())

    async def rollback(self) -> None:
        try:
            await self.raw.rollback()  # nothing to do when the transaction has ended already
        except sqlite3.Error as exc:
            _raise(exc, "ROLLBACK", ())

    async def backup(self, target: sqlite3.Connection) -> None:
        """SQLite's online backup of this connection's database into ``target`` (on this thread)."""
        await self.raw.backup(target)

    async def close(self) -> None:
        await self.raw.close()


def _changed(status: str) -> int:
    """The rows a command changed, from asyncpg's status ("UPDATE 3", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PostgresConnection(Conn):
    """An asyncpg connection taken from the pool for one transaction or reading block; rows are
    asyncpg's ``Record``."""

    dialect = POSTGRES

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw

    async def run(self, sql: str, arguments: list[Any], *, returns_rows: bool) -> Result:
        try:
            if returns_rows:
                return Result(await self.raw.fetch(sql, *arguments))
            return Result((), _changed(await self.raw.execute(sql, *arguments)))
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            _raise(exc, sql, arguments)

    async def run_many(self, sql: str, arguments: list[list[Any]]) -> None:
        try:
            await self.raw.executemany(sql, arguments)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            _raise(exc, sql, arguments)

    async def stream(self, sql: str, size: int) -> AsyncIterator[list[Any]]:  # type: ignore[override]
        # a server-side cursor: it lives in the block's transaction
        try:
            cursor = await self.raw.cursor(sql)
            while batch := await cursor.fetch(size):
                yield list(batch)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            _raise(exc, sql, ())
