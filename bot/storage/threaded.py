"""SQLite connections for the event loop: a SQLAlchemy connection (Python's sqlite3 driver) on a thread of
its own, each call one trip to that thread.

SQLAlchemy's asyncio form over aiosqlite takes four trips to aiosqlite's thread for every statement
(cursor, execute, fetch, close), and those trips were most of what a move cost: a move took twice as long
as with one trip a statement. Here a statement is executed and its rows read in one trip, and the caller
gets them all at once (``Rows``). A ``ThreadedConnection`` offers the part of SQLAlchemy's
``AsyncConnection`` the storage modules use, so the SQL and the code around it are the same on PostgreSQL.

Every trip costs the event loop a hand-off each way, and under load each hand-off waits its turn behind
the loop's other work, so a transaction makes as few as it can: it begins on its first statement's trip
(SQLAlchemy's autobegin runs the engine's BEGIN there), the writes whose outcome nobody reads, but for
failing the transaction, are sent without waiting (``send``), and a reading block's end is not waited for.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Dialect, FrozenResult, Result, RowMapping

log = logging.getLogger(__name__)

T = TypeVar("T")


class Rows:
    """A statement's outcome, read whole on the connection's thread: its rows (if it returns any) and
    how many rows it changed."""

    def __init__(self, frozen: FrozenResult[Any] | None, rowcount: int) -> None:
        self._frozen = frozen
        self.rowcount = rowcount

    def _result(self) -> Result[Any]:
        if self._frozen is None:
            raise sa.exc.ResourceClosedError("This statement returns no rows.")
        return self._frozen()

    def mappings(self) -> Any:
        return self._result().mappings()

    def scalars(self) -> Any:
        return self._result().scalars()

    def all(self) -> Sequence[Any]:
        return self._result().all()

    def first(self) -> Any:
        return self._result().first()

    def scalar(self) -> Any:
        return self._result().scalar()

    def scalar_one(self) -> Any:
        return self._result().scalar_one()

    def keys(self) -> Any:
        return self._result().keys()

    def __iter__(self) -> Any:
        return iter(self._result())


def _read(result: sa.CursorResult[Any]) -> Rows:
    return Rows(result.freeze() if result.returns_rows else None, result.rowcount)


class ThreadedConnection:
    """One SQLAlchemy connection and the one thread every call on it runs in, in the order called."""

    def __init__(self, connect: Callable[[], sa.Connection]) -> None:
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._connect = connect
        self._conn: sa.Connection | None = None
        # the error of a statement sent without waiting, raised by the transaction's next awaited call
        self._failure: Exception | None = None

    def _checked(self, fn: Callable[[], T]) -> T:
        """On the thread: ``fn()``, unless a statement sent before it failed: then that error, once."""
        if self._failure is not None:
            failure, self._failure = self._failure, None
            raise failure
        return fn()

    async def _call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, functools.partial(fn, *args, **kwargs))

    async def open(self) -> ThreadedConnection:
        self._conn = await self._call(self._connect)
        return self

    @property
    def sync(self) -> sa.Connection:
        assert self._conn is not None, "open() first"
        return self._conn

    @property
    def dialect(self) -> Dialect:
        return self.sync.dialect

    async def commit(self) -> None:
        await self._call(self._checked, self.sync.commit)

    def commit_soon(self) -> None:
        """End a reading transaction without waiting for it: calls on a connection run in the order made,
        so whoever uses the connection next starts after this commit. One that fails is rolled back (and
        logged), so the next user never finds a transaction left open."""

        def commit() -> None:
            try:
                self.sync.commit()
            except Exception:
                log.exception("could not end a reading transaction; rolling it back")
                try:
                    self.sync.rollback()
                except Exception:
                    log.exception("could not roll a reading transaction back")

        self._thread.submit(commit)

    async def rollback(self) -> None:
        def rollback() -> None:
            self._failure = None  # the transaction it failed is gone
            self.sync.rollback()

        await self._call(rollback)

    async def execute(self, statement: sa.Executable, parameters: Any = None) -> Rows:
        return await self._call(self._checked, lambda: _read(self.sync.execute(statement, parameters)))

    def send(
        self, statement: sa.Executable, parameters: Any = None, *, unless_one_row: Exception | None = None
    ) -> None:
        """Execute a write whose outcome nobody reads, without waiting for it. Calls run in the order made,
        so the transaction's later statements see it; if it fails (or, given ``unless_one_row``, changes
        another number of rows than one: then with that error), no later statement of the transaction runs
        and its next awaited call (at the latest, its commit) raises the error instead."""

        def step() -> None:
            if self._failure is None:
                try:
                    changed = self.sync.execute(statement, parameters).rowcount
                except Exception as exc:
                    self._failure = exc
                    return
                if unless_one_row is not None and changed != 1:
                    self._failure = unless_one_row

        self._thread.submit(step)

    async def exec_driver_sql(self, statement: str, parameters: Any = None) -> Rows:
        return await self._call(
            self._checked, lambda: _read(self.sync.exec_driver_sql(statement, parameters))
        )

    async def scalar(self, statement: sa.Executable, parameters: Any = None) -> Any:
        return (await self.execute(statement, parameters)).scalar()

    async def run_sync(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(connection, *args)`` on the connection's thread (SQLAlchemy's inspector, a backup)."""
        return await self._call(fn, self.sync, *args)

    async def partitions(self, statement: sa.Executable, size: int) -> AsyncIterator[list[RowMapping]]:
        """The rows of ``statement`` a batch at a time, read on the thread as they are wanted."""
        batches = iter(await self._call(lambda: self.sync.execute(statement).mappings().partitions(size)))
        while batch := await self._call(next, batches, None):
            yield batch

    async def close(self) -> None:
        try:
            if self._conn is not None:
                await self._call(self._conn.close)
        finally:
            self._thread.shutdown(wait=True)
