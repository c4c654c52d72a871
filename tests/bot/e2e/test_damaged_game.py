"""A game damaged on disk while the bot was down: the next start finds it, says so once in its channel,
and answers a move in it privately that the game is paused; a game rebuilt from its log plays on. Damage
found while the bot runs (by a move, or a computer's turn) is said in the channel at once, not at the next
reminder round, and once."""

from __future__ import annotations

import asyncio

import pytest

from bot.client import BoardGameBot
from bot.play import controller, damage_lines
from bot.services import GameInfo, GameService
from bot.services.models import MoveOutcome
from bot.services.runner import Stale, TurnBudgets
from bot.storage import open_database
from bot.storage.sql import rows, run
from loopback import SimUser
from tests.bot.e2e.conftest import Arena


async def damage(arena: Arena, *, log_too: bool) -> None:
    """Bytes of the game's stored state changed (its checksum kept); with ``log_too``, its first move lost."""
    db = await open_database(arena.db_where)
    try:
        async with db.transaction() as conn:
            await run(conn, "UPDATE snapshots SET state = '{\"round\": 99}'")
            if log_too:
                await run(conn, "DELETE FROM moves WHERE version = 1")
    finally:
        await db.close()


async def played_then_damaged(arena: Arena, *, log_too: bool) -> tuple[SimUser, SimUser]:
    """Alice and Bob's Santa Fe game after Alice's first move, damaged while no bot runs (see ``damage``)."""
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        await arena.play_first_move(service, alice)
    await damage(arena, log_too=log_too)
    return alice, bob


def damage_lines_of(arena: Arena) -> list[str]:
    return [m.content for m in arena.public() if "is damaged" in m.content]


async def test_a_game_damaged_beyond_its_log_is_paused_with_one_line_at_start(arena: Arena) -> None:
    _, bob = await played_then_damaged(arena, log_too=True)

    async with arena.running() as (_bot, service):
        await arena.loopback.wait_until(lambda: damage_lines_of(arena), "the line about the damaged game")
        (line,) = damage_lines_of(arena)
        assert "python -m bot backup" in line
        refused = await bob.slash("move", arena.channel, move="pass")
        assert refused.ephemeral and "damaged" in refused.text()
        assert (await service.get_game(int(arena.channel.id))).paused
        status = await bob.slash("game status", arena.channel)
        assert "saved data is damaged" in status.text() and "back in this server" not in status.text()

    async with arena.running():  # a later start says nothing more
        pass
    assert len(damage_lines_of(arena)) == 1


async def test_a_damaged_state_is_rebuilt_at_start_and_the_game_plays_on(arena: Arena) -> None:
    alice, bob = await played_then_damaged(arena, log_too=False)

    async with arena.running() as (_bot, service):
        game = await service.get_game(int(arena.channel.id))
        assert not game.paused and await service.check_replay(game.id)
        person = next(p for p in (alice, bob) if int(p.id) in [game.seats[s].user_id for s in game.to_act])
        played = await arena.play_first_move(service, person)
        assert "went wrong" not in played.text()
        assert (await service.get_game(int(arena.channel.id))).version == game.version + 1
    assert damage_lines_of(arena) == []


async def damaged_while_running(arena: Arena, service: GameService) -> None:
    """The game damaged on disk while the bot runs (see ``damage``), its state no longer held in memory
    (the cache keeps the most recent games only): the next read meets what is on disk."""
    game_id = (await service.get_game(int(arena.channel.id))).id
    await damage(arena, log_too=True)
    service.cache.drop(game_id)


async def reminder_round(bot: BoardGameBot) -> None:
    cog = bot.get_cog("Reminders")
    assert cog is not None
    await cog.tick()  # type: ignore[attr-defined]
    await damage_lines.settled()


async def found_by_a_move(arena: Arena, service: GameService, *, refused_post: bool = False) -> None:
    """Alice and Bob's game, damaged while the bot runs after Alice's first move, then found by Bob's
    move, which is refused privately; with ``refused_post`` the bot may no longer post in the channel."""
    alice, bob = arena.people[:2]
    await arena.start_game("santafe", alice, bob)
    await arena.play_first_move(service, alice)
    await damaged_while_running(arena, service)
    if refused_post:
        arena.loopback.set_bot_access(arena.channel, send=False)  # its posts are refused: 403
    refused = await bob.slash("move", arena.channel, move="pass")
    assert refused.ephemeral and "damaged" in refused.text()


async def test_damage_a_move_finds_is_said_in_the_channel_at_once_and_once(arena: Arena) -> None:
    async with arena.running() as (bot, service):
        await found_by_a_move(arena, service)
        await damage_lines.settled()  # the post after the answer; no reminder round has run
        (line,) = damage_lines_of(arena)
        assert "python -m bot backup" in line
        refused = await arena.people[0].slash("move", arena.channel, move="pass")  # paused: nothing new
        assert refused.ephemeral and "damaged" in refused.text()
        await reminder_round(bot)
        assert len(damage_lines_of(arena)) == 1


async def test_a_line_whose_post_failed_is_said_by_the_next_round(arena: Arena) -> None:
    async with arena.running() as (bot, service):
        await found_by_a_move(arena, service, refused_post=True)
        await damage_lines.settled()
        assert damage_lines_of(arena) == []
        await reminder_round(bot)  # still refused: kept again
        assert damage_lines_of(arena) == []

        arena.loopback.set_bot_access(arena.channel)
        await reminder_round(bot)
        assert len(damage_lines_of(arena)) == 1
        await reminder_round(bot)
        assert len(damage_lines_of(arena)) == 1


def computer_to_act(game: GameInfo) -> bool:
    return any(game.seats[seat].is_ai for seat in game.to_act)


class HeldComputers(GameService):
    """Its computers take their turn only once ``go`` is set (before reading the game)."""

    go: asyncio.Event

    async def _computer_move(
        self, game_id: int, budgets: TurnBudgets | None = None
    ) -> MoveOutcome | Stale | None:
        await self.go.wait()
        return await super()._computer_move(game_id, budgets)


async def test_damage_a_computer_turn_finds_is_said_in_the_channel_at_once(
    arena: Arena, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    alice = arena.people[0]
    monkeypatch.setattr(controller, "COMPUTER_GRACE", 0.05)  # the mover's news waits a moment only
    HeldComputers.go = asyncio.Event()
    HeldComputers.go.set()
    async with arena.running(service_class=HeldComputers) as (bot, service):
        await arena.start_game("santafe", alice, computers=1)
        await service.runner.idle()
        HeldComputers.go.clear()
        while not computer_to_act(await service.get_game(int(arena.channel.id))):
            await arena.play_first_move(service, alice)  # until the computer's turn, which waits
        await damaged_while_running(arena, service)

        HeldComputers.go.set()
        await service.runner.idle()
        await damage_lines.settled()  # no reminder round has run
        assert len(damage_lines_of(arena)) == 1
        # the run says in one line why its computers wait; the damage check logged what it found
        assert not [r for r in caplog.records if r.name == "bot.services.runner" and r.exc_info]
        assert any("damaged and paused" in r.getMessage() for r in caplog.records)
        assert (await service.get_game(int(arena.channel.id))).paused
        await reminder_round(bot)
        assert len(damage_lines_of(arena)) == 1


async def paused_by_a_dead_process(arena: Arena) -> None:
    """Alice and Bob's game paused as damaged by a process that died before posting its line: only the
    pause reached the store."""
    await played_then_damaged(arena, log_too=False)  # the state is rebuilt: only the pause is damage here
    db = await open_database(arena.db_where)
    try:
        async with db.transaction() as conn:
            await run(conn, "UPDATE games SET damaged = 'broken', paused_at = '2026-01-01T00:00:00+00:00'")
    finally:
        await db.close()


async def marked_said(service: GameService) -> list[bool]:
    async with service.db.reading() as conn:
        return [r["damage_told_at"] is not None for r in await rows(conn, "SELECT damage_told_at FROM games")]


async def test_a_pause_whose_line_was_never_posted_is_said_at_the_next_start_once(arena: Arena) -> None:
    """The next start says the owed line as the bot connects, and a third start says nothing."""
    await paused_by_a_dead_process(arena)

    async with arena.running():
        await arena.loopback.wait_until(lambda: damage_lines_of(arena), "the line owed by the dead process")
    assert len(damage_lines_of(arena)) == 1
    async with arena.running():  # said and marked: a third start says nothing
        pass
    assert len(damage_lines_of(arena)) == 1


async def test_an_owed_line_whose_channel_is_gone_counts_as_said(arena: Arena) -> None:
    await paused_by_a_dead_process(arena)
    arena.loopback.delete_channel(arena.channel)  # while no bot runs

    async with arena.running() as (bot, service):
        for _ in range(10):  # until on_ready's post (or a round's) has met the gone channel
            if await marked_said(service) == [True]:
                break
            await reminder_round(bot)
        assert await marked_said(service) == [True]
        assert damage_lines_of(arena) == []
