"""A time bank on the stand-in for Discord, with the fake clock: opened with /game tiny time_bank:3d+1d,
the person to act is warned a day and an hour before their bank runs out, then the deadline's action
(a skipped turn) is taken once and the next person is pinged; a holiday is announced to the table."""

from __future__ import annotations

import pytest

from bot.client import BoardGameBot
from bot.services import GameService
from tests.bot.e2e.conftest import Arena
from tests.support.fixtures import tiny_game  # noqa: F401  (a fixture)


async def later(arena: Arena, bot: BoardGameBot, service: GameService, **delta: float) -> None:
    """The clock moved on, then one round of the reminder loop and what it set off."""
    arena.clock.advance(**delta)
    cog = bot.get_cog("Reminders")
    assert cog is not None
    await cog.tick()  # type: ignore[attr-defined]
    await service.runner.idle()
    await arena.loopback.settle()


@pytest.mark.usefixtures("tiny_game")
async def test_a_time_bank_runs_out_once_and_a_holiday_is_announced(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (bot, service):
        await arena.start_game("tiny", alice, bob, time_bank="3d+1d", reminder_hours=0, seat_order="join")
        await arena.loopback.settle()
        start = len(arena.loopback.messages(arena.channel))
        away = await bob.slash("game away", arena.channel, away=True, days=5)
        assert "on holiday until" in away.content
        for delta in ({"days": 2, "minutes": 1}, {"hours": 23}, {"hours": 1}, {"minutes": 1}):
            await later(arena, bot, service, **delta)
        public = [m for m in arena.loopback.messages(arena.channel)[start:] if m.visible_to is None]
        lines = [m.content for m in public]
        print("\n".join(lines))  # the channel's lines, as the table read them
        assert any(line.startswith("Bob is on holiday until <t:") for line in lines)
        assert sum("About a day left" in line for line in lines) == 1
        assert sum("About an hour left" in line for line in lines) == 1
        assert sum("Time ran out" in line for line in lines) == 1
        game = await service.get_game(int(arena.channel.id))
        assert game.version == 1 and game.to_act == (1,)
        # Bob's turn came during his holiday: his bank counts from its end
        bob_seat = game.seats[1]
        assert bob_seat.holiday_until is not None and bob_seat.bank_out_at is not None
        assert bob_seat.bank_out_at - bob_seat.holiday_until == bob_seat.bank_left


@pytest.mark.usefixtures("tiny_game")
async def test_the_host_adds_changes_and_removes_a_bank_with_game_timing(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("tiny", alice, bob, reminder_hours=0, deadline_hours=24, seat_order="join")
        channel = int(arena.channel.id)
        # bad values are answered privately and change nothing; only the host (or a manager) may do it
        for options in (
            {"time_bank": "custom", "bank_days": 99},
            {"time_bank": "3d+1d", "deadline_hours": 5},
        ):
            refused = await alice.slash("game timing", arena.channel, **options)
            assert refused.ephemeral and all(m.ephemeral for m in refused.posted), refused.content
        refused = await bob.slash("game timing", arena.channel, time_bank="7d+1d")
        assert refused.ephemeral and "Only the player who opened the game" in refused.content
        assert (await service.get_game(channel)).bank_minutes is None
        added = await alice.slash("game timing", arena.channel, time_bank="7d+1d")
        assert added.public.content.startswith("Timing changed:")
        assert "starts afresh now" in added.public.content and "\n" not in added.public.content
        game = await service.get_game(channel)
        assert game.bank_minutes == 7 * 24 * 60 and game.deadline_minutes is None
        changed = await arena.admin.slash("game timing", arena.channel, bank_days=2, increment_hours=12)
        assert "starts afresh now" in changed.public.content
        assert (await service.get_game(channel)).bank_minutes == 2 * 24 * 60
        removed = await alice.slash("game timing", arena.channel, time_bank="off", deadline_hours=48)
        assert "starts afresh now" in removed.public.content and "2 days" in removed.public.content
        game = await service.get_game(channel)
        assert game.bank_minutes is None and game.deadline_minutes == 48 * 60
        await alice.slash("game language", arena.channel, language="de")  # the table reads German now
        german = await alice.slash("game timing", arena.channel, time_bank="3d+1d", deadline_hours=0)
        assert german.public.content.startswith("Zeiten geändert:"), german.public.content
        assert "Alle Zeitkonten beginnen jetzt neu" in german.public.content
        assert german.content == "You changed the timing."  # the host reads their own language
