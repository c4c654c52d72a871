"""The databases the storage, service and end-to-end tests run on: a SQLite file always, and PostgreSQL
too when ``TEST_DATABASE_URL`` names a server (``.ci/run`` sets it; without it those runs are left out
and one test says why).

Each test process gets a database of its own on that server, created and migrated once, and emptied
before every test that uses it.
"""

from __future__ import annotations

import asyncio
import atexit
import os
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from bot.storage import open_database
from bot.storage.connection import Location, location
from bot.storage.copy import NOT_COPIED, TABLES, _tables
from bot.storage.migrate import apply_migrations

URL = os.environ.get("TEST_DATABASE_URL", "").strip()


def _why_not() -> str | None:
    """Why the tests cannot use PostgreSQL (None: they can)."""
    if not URL:
        return "no PostgreSQL server to test on: set TEST_DATABASE_URL=postgresql://user@host:port/database"
    try:
        asyncio.run(_admin("SELECT 1"))
    except Exception as exc:  # any failure to reach it: the tests run on SQLite alone, and say why
        return f"no PostgreSQL server answered at TEST_DATABASE_URL: {exc}"
    return None


async def _admin(sql: str) -> None:
    """Run ``sql`` outside any transaction (CREATE DATABASE cannot be in one) on the server's own database."""
    server = location(URL).url
    assert server is not None
    engine = create_async_engine(server, poolclass=sa.pool.NullPool, connect_args={"timeout": 5})
    try:
        async with engine.connect() as conn:
            conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.exec_driver_sql(sql)
    finally:
        await engine.dispose()


WHY_NOT = _why_not()
#: The kinds of database a test of the store runs on (pytest parameter ids).
KINDS = ("sqlite",) if WHY_NOT else ("sqlite", "postgresql")

_created: dict[str, str] = {}  # the server's URL -> this process's database on it


async def _own_database() -> str:
    """This test process's database on the server (named for the process), created and migrated once."""
    if URL not in _created:
        name = f"bgtest_{os.getpid()}_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
        await _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await _admin(f'CREATE DATABASE "{name}"')
        server = sa.make_url(location(URL).url)  # type: ignore[arg-type]
        url = server.set(database=name).render_as_string(hide_password=False)
        await apply_migrations(Location(url=url))
        _created[URL] = url
        atexit.register(lambda: asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')))
    return _created[URL]


async def empty(where: Location) -> None:
    """Every table emptied and the id counters started again, as in a new database; tables a test made
    for itself are dropped."""
    engine = create_async_engine(where.url, poolclass=sa.pool.NullPool)  # type: ignore[arg-type]
    try:
        async with engine.begin() as conn:
            await conn.exec_driver_sql(f"TRUNCATE {', '.join(TABLES + NOT_COPIED)} RESTART IDENTITY CASCADE")
            made = await conn.exec_driver_sql(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )
            for (table,) in made.all():
                if table not in (*TABLES, *NOT_COPIED, "alembic_version"):
                    await conn.exec_driver_sql(f'DROP TABLE "{table}"')
    finally:
        await engine.dispose()


async def fresh(kind: str, tmp_path: Path) -> Location:
    """A new, empty database of ``kind`` for one test."""
    if kind == "sqlite":
        return Location(path=tmp_path / "games.db")
    where = Location(url=await _own_database())
    await empty(where)
    return where


async def table_rows(where: Location | Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, for 'nothing changed' checks (connections of their own: what is stored)."""
    db = await open_database(where if isinstance(where, Location) else Location(path=where), migrate=False)
    try:
        async with db.reading() as conn:
            rows: dict[str, list[tuple[Any, ...]]] = {}
            present = await _tables(conn)  # a database at an older schema lacks the newer tables
            for table in (t for t in TABLES if t in present):
                # a row's width (a result knows its columns from its rows: none, an empty table)
                width = len((await conn.exec_driver_sql(f"SELECT * FROM {table} LIMIT 1")).keys())
                if not width:
                    rows[table] = []
                    continue
                order = ", ".join(str(n) for n in range(1, width + 1))
                result = await conn.exec_driver_sql(f"SELECT * FROM {table} ORDER BY {order}")
                rows[table] = [tuple(r) for r in result]
    finally:
        await db.close()
    return rows
