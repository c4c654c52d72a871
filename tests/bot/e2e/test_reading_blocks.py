"""What one move costs the database: the reading blocks and write transactions (``db.reading()`` and
``db.transaction()`` entries) from a person's /move until everything it causes was told. The announcer
posts from the report the move brought back (built under the game's lock with the move), so it does not
ask the service again."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import pytest

from bot.services import GameService
from tests.bot.e2e.conftest import Arena, quick_computers

# Reading blocks at most, from a person's /move in a quiet GWT channel until all it causes was told: alone,
# and answered at once by a computer (whose turn takes several moves).
PERSON_READS = 6
ANSWERED_READS = 21


class Blocks:
    """Counts the database blocks entered while ``counting``, each under the service function that
    entered it (for the failure's message)."""

    def __init__(self, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on = False
        self.reads: Counter[str] = Counter()
        self.writes: Counter[str] = Counter()
        db = service.db
        reading, transaction = db.reading, db.transaction

        def counted(
            opened: Callable[..., AbstractAsyncContextManager[Any]], into: Counter[str]
        ) -> Callable[..., AbstractAsyncContextManager[Any]]:
            @asynccontextmanager
            async def block(**how: Any) -> AsyncIterator[Any]:
                if self.on:
                    into[_caller()] += 1
                async with opened(**how) as conn:
                    yield conn

            return block

        monkeypatch.setattr(db, "reading", counted(reading, self.reads))
        monkeypatch.setattr(db, "transaction", counted(transaction, self.writes))

    def start(self) -> None:
        self.reads.clear()
        self.writes.clear()
        self.on = True


def _caller() -> str:
    """The innermost frame outside this module and contextlib: who opened the block."""
    frame = sys._getframe(2)
    names = []
    while frame is not None and len(names) < 3:
        where = frame.f_code.co_filename
        if "contextlib" not in where and __file__ != where:
            names.append(frame.f_code.co_name)
        frame = frame.f_back  # type: ignore[assignment]
    return "<".join(names)


async def _counted_move(arena: Arena, service: GameService, blocks: Blocks) -> tuple[int, int]:
    """The person who must act plays their first legal move with /move; the blocks it cost, counted until
    the channel was told and the computers it woke have moved."""
    channel_id = int(arena.channel.id)
    game = await service.get_game(channel_id)
    user = next(p for p in arena.people if int(p.id) in game.to_act_users)
    move = (await service.legal_moves(channel_id, int(user.id)))[0][0]
    arena.clock.advance(seconds=1)
    blocks.start()
    await user.slash("move", arena.channel, move=move)
    await service.runner.idle()
    await arena.loopback.settle()
    blocks.on = False
    return sum(blocks.reads.values()), sum(blocks.writes.values())


@pytest.mark.parametrize("db_where", ["sqlite"], indirect=True)
async def test_a_persons_move_reads_the_database_a_few_times(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob)
        blocks = Blocks(service, monkeypatch)
        for _ in range(2):  # the first moves post the live board; count a move that edits it
            await _counted_move(arena, service, blocks)
        reads, writes = await _counted_move(arena, service, blocks)
    print(f"\na person's move: {reads} reading blocks, {writes} transactions")
    assert reads <= PERSON_READS, dict(blocks.reads)
    assert writes <= 3, dict(blocks.writes)  # the move, the ping noted before its post, the moves told


@pytest.mark.parametrize("db_where", ["sqlite"], indirect=True)
async def test_a_move_a_computer_answers_reads_the_database_a_few_times(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = arena.people[0]
    async with arena.running() as (_bot, service):
        quick_computers(monkeypatch, service)
        await arena.start_game("gwt", alice, computers=1)
        await service.runner.idle()
        await arena.loopback.settle()
        blocks = Blocks(service, monkeypatch)
        for _ in range(2):
            await _counted_move(arena, service, blocks)
        reads, writes = await _counted_move(arena, service, blocks)
    print(f"\nanswered by a computer: {reads} reading blocks, {writes} transactions")
    assert reads <= ANSWERED_READS, dict(blocks.reads)
