"""A write locks what it changes, not the whole database: on PostgreSQL a move of one game commits while
another process is in the middle of a move of another game, and a second write to one game waits for the
first and then finds the game moved on. Each process is a GameService on a Database of its own."""

from __future__ import annotations

import ast
import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from bot.services import Busy, GameService, StaleVersion
from bot.storage import games as store
from bot.storage import locks
from bot.storage.connection import Location
from tests.bot.services.test_shared_database import processes
from tests.support.fixtures import CHANNEL, act, started

ROOT = Path(__file__).resolve().parents[3]


async def lock_waiter(where: Location) -> None:
    """Returns once a transaction on the test's database waits for a lock another one holds."""
    engine = create_async_engine(where.url, poolclass=sa.pool.NullPool)  # type: ignore[arg-type]
    try:
        async with engine.connect() as conn:
            while not await conn.scalar(
                sa.text(
                    "SELECT count(*) FROM pg_locks WHERE NOT granted"
                    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
                )
            ):
                await conn.commit()  # the next look sees the locks as they are then
                await asyncio.sleep(0.01)
    finally:
        await engine.dispose()


@asynccontextmanager
async def move_held_open(monkeypatch: pytest.MonkeyPatch, game_id: int) -> AsyncIterator[Any]:
    """Every move of ``game_id`` stops inside its transaction (its new version written, its move not yet)
    until the block ends; yields an event set once one has stopped there."""
    inside, release = asyncio.Event(), asyncio.Event()
    append = store.append_move

    async def held(conn: Any, move: Any) -> None:
        if move.game_id == game_id:
            inside.set()
            await release.wait()
        await append(conn, move)

    monkeypatch.setattr(store, "append_move", held)
    try:
        yield inside
    finally:
        release.set()


def postgres_only(db_kind: str) -> None:
    if db_kind != "postgresql":
        pytest.skip("SQLite has one writer at a time by design")


async def test_a_move_commits_while_another_process_writes_another_game(
    service: GameService, db_where: Location, db_kind: str, clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    postgres_only(db_kind)
    first = await started(service, channel=CHANNEL)
    second = await started(service, channel=CHANNEL + 1)
    async with processes(db_where, clock, 1) as (other,):
        async with move_held_open(monkeypatch, first.id) as inside:
            held = asyncio.create_task(act(other, channel=CHANNEL))
            await inside.wait()
            move = asyncio.create_task(act(service, channel=CHANNEL + 1))
            waiting = asyncio.create_task(lock_waiter(db_where))
            done, _ = await asyncio.wait({move, waiting}, return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()
            assert move in done, "the move waited for another game's write"
            assert (await move).game.version == second.version + 1
            assert not held.done()  # the other game's move was open the whole time
        # the held move ends before its process closes its connections, as a process finishing its work would
        assert (await held).game.version == first.version + 1


async def test_a_second_write_to_one_game_waits_for_the_first_and_finds_it_moved_on(
    service: GameService, db_where: Location, db_kind: str, clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    postgres_only(db_kind)
    first = await started(service, channel=CHANNEL)
    async with processes(db_where, clock, 1) as (other,):
        async with move_held_open(monkeypatch, first.id) as inside:
            held = asyncio.create_task(act(other, channel=CHANNEL))
            await inside.wait()
            late = asyncio.create_task(act(service, channel=CHANNEL))
            await lock_waiter(db_where)  # the same game's second write waits for the first
            assert not late.done()
        assert (await held).game.version == first.version + 1
        with pytest.raises((Busy, StaleVersion)):
            await late
    assert (await service.get_game(CHANNEL)).version == first.version + 1  # one move, never two


def test_the_lock_keys_are_taken_in_one_order_each_once() -> None:
    keys = locks.keys_of([locks.game(2), locks.user(2), locks.game(1), locks.game(2), locks.CLAIMS])
    assert keys == sorted(keys) and len(keys) == 4
    assert locks.game(7).key == locks.game(7).key != locks.user(7).key
    assert all(-(2**63) <= k < 2**63 for k in keys)  # PostgreSQL's bigint


def test_every_write_of_the_bot_names_what_it_locks() -> None:
    bare = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "transaction"
                and not node.args
                and not node.keywords
            ):
                bare.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert bare == []
