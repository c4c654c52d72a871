"""Running the storage modules' SQL on either database: written once (SQLAlchemy's ``text`` form, parameters
``:name``), compiled for the database at hand and sent to its driver, aiosqlite or asyncpg, used directly.

A storage function is a named operation over one connection: the ``Conn`` of the caller's transaction or
reading block (``Database.transaction`` / ``Database.reading``). Each statement is one awaited trip to the
driver and its error is raised there, where it happens, as SQLAlchemy's exception for it
(``IntegrityError``, ``OperationalError``…: what the services and the command line catch). A statement is
compiled once per database and kept (``_compiled``): SQLAlchemy's compiler turns ``:name`` into the driver's
marks (``?`` for sqlite3, ``$1`` for asyncpg) and says which parameter goes where; a list parameter stands
for ``IN :name`` and is written as one mark per value.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import asyncpg as postgres_dialect
from sqlalchemy.dialects.sqlite import pysqlite as sqlite_dialect

#: The error a refused insert raises on both databases (a unique index or a constraint said no).
IntegrityError = sa.exc.IntegrityError

#: What each driver's SQL is compiled for.
SQLITE = sqlite_dialect.dialect()
POSTGRES = postgres_dialect.dialect()
DIALECTS = {"sqlite": SQLITE, "postgresql": POSTGRES}

_ROW_STATEMENTS = ("SELECT", "WITH", "PRAGMA", "VALUES", "EXPLAIN")
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)


class Compiled:
    """One statement as its driver takes it: the SQL with the driver's marks, the parameters' names in the
    order of the marks, and whether it returns rows (read whole) or only changes them (a count)."""

    __slots__ = ("names", "returns_rows", "sql")

    def __init__(self, sql: str, names: tuple[str, ...], returns_rows: bool) -> None:
        self.sql, self.names, self.returns_rows = sql, names, returns_rows

    def arguments(self, params: Mapping[str, Any]) -> list[Any]:
        return [params[name] for name in self.names]


@lru_cache(maxsize=4096)
def _compiled(sql: str, dialect: str, expanded: tuple[tuple[str, int], ...]) -> Compiled:
    # the same few hundred statements run again and again: compile each once per database
    for name, count in expanded:
        marks = ", ".join(f":{name}_{i}" for i in range(count)) or "NULL"
        sql = re.sub(rf":{name}\b", f"({marks})", sql)
    compiled = sa.text(sql).compile(dialect=DIALECTS[dialect])
    text = compiled.string
    head = text.lstrip().split(None, 1)[0].upper() if text.strip() else ""
    returns_rows = head in _ROW_STATEMENTS or _RETURNING.search(text) is not None
    return Compiled(text, tuple(compiled.positiontup or ()), returns_rows)


def compiled(
    statement: str | sa.TextClause, dialect: str, params: Mapping[str, Any]
) -> tuple[Compiled, list[Any]]:
    """``statement`` for the driver of ``dialect`` and its positional arguments from ``params`` (a list or
    tuple value stands for ``IN :name``)."""
    sql = statement.text if isinstance(statement, sa.TextClause) else statement
    lists = sorted(name for name, value in params.items() if isinstance(value, list | tuple))
    if not lists:
        ready = _compiled(sql, dialect, ())
        return ready, ready.arguments(params)
    flat = {name: value for name, value in params.items() if name not in lists}
    for name in lists:
        flat.update((f"{name}_{i}", item) for i, item in enumerate(params[name]))
    ready = _compiled(sql, dialect, tuple((name, len(params[name])) for name in lists))
    return ready, ready.arguments(flat)


class Scalars(list[Any]):
    """The first column of every row (SQLAlchemy's ``ScalarResult`` as far as the callers use it)."""

    def all(self) -> list[Any]:
        return list(self)


class Result:
    """A statement's outcome, read whole: its rows (each by column name or position: ``drivers.Row`` or
    asyncpg's ``Record``) and how many rows it changed (-1 when it returned rows instead)."""

    __slots__ = ("_rows", "rowcount")

    def __init__(self, rows: Sequence[Any], rowcount: int = -1) -> None:
        self._rows = rows
        self.rowcount = rowcount

    def mappings(self) -> Result:
        return self  # the drivers' rows are read by column name already

    def all(self) -> list[Any]:
        return list(self._rows)

    def first(self) -> Any:
        return self._rows[0] if self._rows else None

    def scalar(self) -> Any:
        return self._rows[0][0] if self._rows else None

    def scalar_one(self) -> Any:
        if not self._rows:
            raise sa.exc.NoResultFound("no row was found where one was required")
        if len(self._rows) > 1:
            raise sa.exc.MultipleResultsFound("more than one row was found where one was required")
        return self._rows[0][0]

    def scalars(self) -> Scalars:
        return Scalars(row[0] for row in self._rows)

    def keys(self) -> list[str]:
        return list(self._rows[0].keys()) if self._rows else []

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


Statement = str | sa.TextClause
Parameters = Mapping[str, Any] | None


class Conn:
    """One connection inside a transaction or reading block, whichever the database: what every storage
    function takes. Its drivers' forms are ``drivers.SqliteConnection`` and ``drivers.PostgresConnection``."""

    #: the SQLAlchemy dialect its statements are compiled for (``dialect.name``: "sqlite" or "postgresql")
    dialect: sa.Dialect

    async def execute(self, statement: Statement, parameters: Parameters = None) -> Result:
        """One statement with parameters by name, awaited; its error is raised here."""
        ready, arguments = compiled(statement, self.dialect.name, parameters or {})
        return await self.run(ready.sql, arguments, returns_rows=ready.returns_rows)

    async def scalar(self, statement: Statement, parameters: Parameters = None) -> Any:
        return (await self.execute(statement, parameters)).scalar()

    async def execute_many(self, statement: Statement, rows: Sequence[Mapping[str, Any]]) -> None:
        """One statement for each of ``rows`` (parameter sets by name), in one trip."""
        if not rows:
            return
        ready, _ = compiled(statement, self.dialect.name, rows[0])
        await self.run_many(ready.sql, [ready.arguments(row) for row in rows])

    async def exec_driver_sql(self, sql: str, parameters: Sequence[Any] = ()) -> Result:
        """SQL in the driver's own form (marks ``?`` or ``$1``), as it is."""
        head = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
        returns_rows = head in _ROW_STATEMENTS or _RETURNING.search(sql) is not None
        return await self.run(sql, list(parameters), returns_rows=returns_rows)

    async def run(self, sql: str, arguments: list[Any], *, returns_rows: bool) -> Result:
        raise NotImplementedError

    async def run_many(self, sql: str, arguments: list[list[Any]]) -> None:
        raise NotImplementedError

    def stream(self, sql: str, size: int) -> AsyncIterator[list[Any]]:
        raise NotImplementedError


async def run(conn: Conn, sql: str, **params: Any) -> Result:
    """Execute one statement; the result tells ``rowcount`` and, for a query or ``RETURNING``, has the
    rows (``first()``, ``all()``, ``scalar()``…)."""
    return await conn.execute(sql, params)


async def insert(conn: Conn, table: str, /, **columns: Any) -> Result:
    """Insert one row into ``table``: ``columns`` by name."""
    marks = ", ".join(f":{name}" for name in columns)
    return await run(conn, f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", **columns)


async def upsert(conn: Conn, table: str, key: Sequence[str], /, **columns: Any) -> None:
    """Insert one row into ``table`` (``columns`` by name), or where a row with the same ``key`` columns
    is there already, set its other columns to these."""
    marks = ", ".join(f":{name}" for name in columns)
    others = ", ".join(f"{name} = excluded.{name}" for name in columns if name not in key)
    await run(
        conn,
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
        f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET {others}",
        **columns,
    )


async def run_many(conn: Conn, sql: str, rows: Sequence[Mapping[str, Any]]) -> None:
    """Execute one statement for each of ``rows`` (a batch of parameter sets)."""
    await conn.execute_many(sql, rows)


async def one(conn: Conn, sql: str, **params: Any) -> Any:
    """The first row (by column name), or None."""
    return (await run(conn, sql, **params)).first()


async def rows(conn: Conn, sql: str, **params: Any) -> list[Any]:
    """Every row, by column name."""
    return (await run(conn, sql, **params)).all()


async def value(conn: Conn, sql: str, **params: Any) -> Any:
    """The first column of the first row, or None."""
    return (await run(conn, sql, **params)).scalar()


async def batches(conn: Conn, sql: str, size: int) -> AsyncIterator[list[Any]]:
    """The rows of a query a batch of ``size`` at a time, read as they are wanted (a whole table)."""
    async for batch in conn.stream(sql, size):
        yield batch


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
