"""A stop (SIGTERM) while people are playing: new interactions are turned away, those in flight may finish,
and whoever the bot could not answer in time is told whether their move counted, never left on "thinking…"."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.client import BoardGameBot
from bot.drain import COUNTED, NOT_COUNTED, RESTARTING
from bot.services import GameService
from loopback import SimUser
from tests.bot.e2e.conftest import Arena


async def first_mover(arena: Arena, service: GameService) -> tuple[SimUser, str]:
    for person in arena.people[:2]:
        moves = await service.legal_moves(int(arena.channel.id), int(person.id))
        if moves:
            return person, moves[0][0]
    raise AssertionError("nobody can move")


def hold_submit(
    monkeypatch: pytest.MonkeyPatch, service: GameService, *, after_commit: bool
) -> asyncio.Event:
    """Make the next submission wait for the returned event, before or after the move is saved."""
    release = asyncio.Event()
    submit: Callable[..., Awaitable[Any]] = service.submit

    async def held(*args: Any, **kwargs: Any) -> Any:
        if not after_commit:
            await release.wait()
        outcome = await submit(*args, **kwargs)
        if after_commit:
            await release.wait()
        return outcome

    monkeypatch.setattr(service, "submit", held)
    return release


async def stopping(bot: BoardGameBot) -> asyncio.Task[None]:
    """Ask the bot to stop (as SIGTERM does) and return once it has begun to drain."""
    closing = asyncio.create_task(bot.close())
    while not bot.drain.stopping:
        await asyncio.sleep(0)
    return closing


@pytest.mark.parametrize(("after_commit", "told"), [(True, COUNTED), (False, NOT_COUNTED)])
async def test_a_move_unfinished_at_the_stop_is_told_whether_it_counted(
    arena: Arena, monkeypatch: pytest.MonkeyPatch, after_commit: bool, told: str
) -> None:
    async with arena.running() as (bot, service):
        bot.drain.grace = 0.05
        await arena.start_game("santafe", arena.people[0], arena.people[1])
        mover, move = await first_mover(arena, service)
        revision = (await service.get_game(int(arena.channel.id))).revision
        hold_submit(monkeypatch, service, after_commit=after_commit)
        reply = await mover.slash("move", arena.channel, move=move)
        assert reply.message.loading  # "thinking…" while the move is being made
        closing = await stopping(bot)
        late = await arena.people[2].slash("games", arena.channel)
        await closing
        moved_on = (await service.get_game(int(arena.channel.id))).revision != revision
    assert not reply.message.loading and reply.message.ephemeral
    assert reply.message.content == told
    assert moved_on is after_commit
    assert (late.content, late.ephemeral) == (RESTARTING, True)


async def test_a_move_finishing_within_the_grace_gets_its_own_answer(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with arena.running() as (bot, service):
        bot.drain.grace = 600.0  # only a hang guard: the move's answer never outlasts it, however slow
        await arena.start_game("santafe", arena.people[0], arena.people[1])
        mover, move = await first_mover(arena, service)
        release = hold_submit(monkeypatch, service, after_commit=True)
        reply = await mover.slash("move", arena.channel, move=move)
        closing = await stopping(bot)
        release.set()  # the move finishes well within the grace
        await closing
    assert not reply.message.loading
    assert reply.message.content and "restarting" not in reply.message.content
