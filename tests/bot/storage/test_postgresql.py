"""PostgreSQL's schema is SQLite's: the same tables, columns, unique indexes and the same triggers at work.

The suites of the store, the service and the end-to-end games run on both databases (their tests'
``[postgresql]`` runs); these tests compare the two schemas themselves. Without a server they are skipped,
saying why.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import asyncpg
import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from bot.storage import open_database
from bot.storage.connection import Location, postgres_dsn, sqlite_engine
from bot.storage.copy import NOT_COPIED, TABLES
from bot.storage.db import Database
from bot.storage.migrate import LATEST
from bot.storage.sql import Conn, value
from tests.support.databases import WHY_NOT, fresh

pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")


def _shape(conn: sa.Connection) -> dict[str, tuple[list[str], list[tuple[str, ...]]]]:
    """Per table: its columns (sorted: SQLite adds new ones at the end, as PostgreSQL does) and its unique
    column sets (primary key, UNIQUE, unique indexes)."""
    inspector = sa.inspect(conn)
    shape = {}
    for table in inspector.get_table_names():
        columns = sorted(c["name"] for c in inspector.get_columns(table))
        unique = [tuple(inspector.get_pk_constraint(table)["constrained_columns"])]
        unique += [tuple(u["column_names"]) for u in inspector.get_unique_constraints(table)]
        unique += [tuple(i["column_names"]) for i in inspector.get_indexes(table) if i["unique"]]
        shape[table] = (columns, sorted(set(unique)))
    return shape


async def shape_of(where: Location) -> dict[str, tuple[list[str], list[tuple[str, ...]]]]:
    """The schema the bot's migrations make at ``where``, read by SQLAlchemy's inspector."""
    await (await open_database(where)).close()
    if where.path is not None:
        engine = sqlite_engine(where.path, begin="BEGIN")
        try:
            with engine.connect() as conn:
                return _shape(conn)
        finally:
            engine.dispose()
    assert where.url is not None
    postgres = create_async_engine(where.url, poolclass=sa.pool.NullPool)
    try:
        async with postgres.connect() as conn:
            return await conn.run_sync(_shape)
    finally:
        await postgres.dispose()


async def test_both_databases_have_the_same_tables_columns_and_unique_keys(tmp_path: Path) -> None:
    sqlite = await shape_of(Location(path=tmp_path / "g.db"))
    postgres = await shape_of(await fresh("postgresql", tmp_path))
    assert set(sqlite) == set(postgres) == {*TABLES, *NOT_COPIED, "alembic_version"}
    assert sqlite == postgres


async def test_postgresql_is_at_the_newest_migration_and_its_triggers_work(tmp_path: Path) -> None:
    db = await open_database(await fresh("postgresql", tmp_path))
    try:
        assert await db.schema_version() == LATEST
        async with db.transaction() as conn:
            game = await conn.scalar(
                sa.text(
                    "INSERT INTO games (channel_id, host_id, rules_id, seed, status, created_at, updated_at)"
                    " VALUES (1, 2, 'tiny', 3, 'active', 'now', 'now') RETURNING id"
                )
            )
            await conn.execute(sa.text("UPDATE games SET due_stale = 0"))
            await conn.execute(
                sa.text("INSERT INTO seats (game_id, seat, name, joined_at) VALUES (:g, 0, 'Ann', 'now')"),
                {"g": game},
            )
            assert await conn.scalar(sa.text("SELECT due_stale FROM games")) == 1  # a seat moved its times
            await conn.execute(sa.text("UPDATE games SET due_stale = 0"))
            await conn.execute(sa.text("UPDATE games SET to_act = '[0]'"))
            assert await conn.scalar(sa.text("SELECT due_stale FROM games")) == 1  # so did whose turn it is
        with pytest.raises(sa.exc.IntegrityError, match="append-only"):
            async with db.transaction() as conn:
                await conn.execute(
                    sa.text(
                        "INSERT INTO moves (game_id, version, seat, move, played_at)"
                        " VALUES (:g, 1, 0, 'x', 'now')"
                    ),
                    {"g": game},
                )
                await conn.execute(sa.text("UPDATE moves SET move = 'y'"))
    finally:
        await db.close()


def end_backends(url: str, pids: list[int]) -> None:
    """End the server's backends ``pids`` (``pg_terminate_backend``, waiting until each is gone) from a
    thread of its own, holding up the caller's event loop meanwhile: its pool cannot see those connections
    close before it next hands one out, as with a connection dropped without a word (a restarted server, a
    firewall that forgot it)."""

    async def end() -> None:
        admin = await asyncpg.connect(postgres_dsn(url))
        try:
            for pid in pids:
                assert await admin.fetchval("SELECT pg_terminate_backend($1, 10000)", pid)
        finally:
            await admin.close()

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, end()).result()


async def backend(block: Callable[[], AbstractAsyncContextManager[Conn]]) -> int:
    """The server process of the connection a block of ``block`` runs on, asked as its first statement."""
    async with block() as conn:
        return int(await value(conn, "SELECT pg_backend_pid()"))


@pytest.mark.parametrize("kind", ["reading", "writing"])
async def test_a_pooled_connection_the_server_ended_is_not_the_next_block_s_first_statement_s(
    tmp_path: Path, kind: str
) -> None:
    where = await fresh("postgresql", tmp_path)
    db = await open_database(where)
    assert where.url is not None
    try:

        def block() -> AbstractAsyncContextManager[Conn]:
            return db.reading() if kind == "reading" else db.transaction(game=1)

        first = await backend(block)
        assert await backend(block) == first  # the pool hands the same connection out again
        end_backends(where.url, [first])
        again = await backend(block)  # its first statement works, on another connection
        assert again != first
        assert await backend(block) == again
    finally:
        await db.close()


async def test_after_every_pooled_connection_was_ended_the_next_blocks_work(tmp_path: Path) -> None:
    where = await fresh("postgresql", tmp_path)
    db: Database = await open_database(where)
    assert where.url is not None
    try:
        held = asyncio.Event()
        pids: list[int] = []

        async def reader() -> None:
            async with db.reading() as conn:
                pids.append(int(await value(conn, "SELECT pg_backend_pid()")))
                if len(pids) == 3:
                    held.set()
                await held.wait()  # three readings at once: three connections in the pool

        await asyncio.gather(reader(), reader(), reader())
        assert len(set(pids)) == 3
        end_backends(where.url, pids)  # as a restarted server leaves them
        async with db.transaction(game=1) as conn:
            assert await value(conn, "SELECT pg_backend_pid()") not in pids
        found = await asyncio.gather(*(backend(db.reading) for _ in range(3)))
        assert not set(found) & set(pids)
    finally:
        await db.close()
