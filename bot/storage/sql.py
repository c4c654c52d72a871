"""Running the storage modules' SQL on either database (SQLAlchemy Core over sqlite3 or asyncpg).

The SQL is written once, with named parameters (``:game_id``), in the part of the language SQLite and
PostgreSQL share. The few places where they differ are answered here and nowhere else.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import RowMapping
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.threaded import ThreadedConnection

#: What every storage function takes: the connection of the caller's transaction or reading block
#: (SQLAlchemy's own on PostgreSQL; on SQLite one with the same methods, on a thread: ``threaded``).
Conn = AsyncConnection | ThreadedConnection

#: The error a refused insert raises on both databases (a unique index or a constraint said no).
IntegrityError = sa.exc.IntegrityError


@lru_cache(maxsize=1024)
def _statement(sql: str, expanding: tuple[str, ...]) -> sa.TextClause:
    # the same few hundred statements run again and again: build each once
    statement = sa.text(sql)
    if expanding:
        statement = statement.bindparams(*(sa.bindparam(name, expanding=True) for name in expanding))
    return statement


def _prepared(sql: str, params: Mapping[str, Any]) -> sa.TextClause:
    # a list or tuple parameter stands for ``IN :name`` (expanded into one mark per value)
    expanding = tuple(sorted(name for name, value in params.items() if isinstance(value, list | tuple)))
    return _statement(sql, expanding)


async def run(conn: Conn, sql: str, **params: Any) -> Any:
    """Execute one statement; the result (SQLAlchemy's, or ``threaded.Rows``) tells ``rowcount`` and, for
    a query or ``RETURNING``, has the rows (``mappings()``, ``scalar()``…)."""
    return await conn.execute(_prepared(sql, params), params)


async def send(conn: Conn, sql: str, *, unless_one_row: Exception | None = None, **params: Any) -> None:
    """Execute a write whose outcome nobody reads (but for ``unless_one_row``: the error the transaction
    fails with if the statement does not change exactly one row). On SQLite it is sent to the connection's
    thread without waiting for the trip back (``ThreadedConnection.send``: under load each trip waits its
    turn in the event loop, and the write lock is held meanwhile); its error, if any, is raised by the
    transaction's next statement or its commit, and the transaction rolls back. On PostgreSQL it is
    ``run``, and the error is raised at once."""
    if isinstance(conn, ThreadedConnection):
        conn.send(_prepared(sql, params), params, unless_one_row=unless_one_row)
        return
    result = await run(conn, sql, **params)
    if unless_one_row is not None and result.rowcount != 1:
        raise unless_one_row


async def run_many(conn: Conn, sql: str, rows: Sequence[Mapping[str, Any]]) -> None:
    """Execute one statement for each of ``rows`` (a batch of parameter sets)."""
    if rows:
        await conn.execute(_statement(sql, ()), list(rows))


async def one(conn: Conn, sql: str, **params: Any) -> RowMapping | None:
    """The first row, by column name, or None."""
    return (await run(conn, sql, **params)).mappings().first()


async def rows(conn: Conn, sql: str, **params: Any) -> list[RowMapping]:
    """Every row, by column name."""
    return list((await run(conn, sql, **params)).mappings().all())


async def value(conn: Conn, sql: str, **params: Any) -> Any:
    """The first column of the first row, or None."""
    return (await run(conn, sql, **params)).scalar()


async def batches(conn: Conn, sql: str, size: int) -> AsyncIterator[list[RowMapping]]:
    """The rows of a query a batch of ``size`` at a time, read as they are wanted (a whole table)."""
    if isinstance(conn, ThreadedConnection):
        async for batch in conn.partitions(sa.text(sql), size):
            yield batch
        return
    result = await conn.stream(sa.text(sql))
    async for rows in result.mappings().partitions(size):
        yield list(rows)


def chunks(values: Iterable[Any], size: int) -> Iterable[list[Any]]:
    """``values`` in lists of at most ``size`` (SQLite allows at most 999 parameters in a statement)."""
    batch: list[Any] = []
    for item in values:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


# --- where the two databases differ ---------------------------------------------------------------------


def is_postgres(conn: Conn) -> bool:
    return conn.dialect.name == "postgresql"


def indexed_by(conn: Conn, index: str) -> str:
    """SQLite's hint to use ``index`` (its planner would pick a worse one); PostgreSQL plans by itself."""
    return "" if is_postgres(conn) else f"INDEXED BY {index}"


def skip_locked(conn: Conn) -> str:
    """Rows another transaction has locked are passed over rather than waited for (PostgreSQL; SQLite has
    one writer at a time, so no row is ever locked by another)."""
    return "FOR UPDATE SKIP LOCKED" if is_postgres(conn) else ""
