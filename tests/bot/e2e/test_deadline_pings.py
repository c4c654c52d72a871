"""A deadline that hands a late person's seat to the computer pings each person once per decision: the
notice of the hand-over and the computer's moves that follow, posted from the reminder round and from
the background runner, never ping the other person twice for the same decision."""

from __future__ import annotations

import asyncio
import random
import sys

import pytest
import sqlalchemy as sa

from bot.client import BoardGameBot
from bot.play import catchup
from bot.services import GameInfo
from tests.bot.e2e.conftest import Arena
from tests.bot.e2e.test_live_board_truth import PingCount, random_moves, until
from tests.support.fixtures import tiny_game  # noqa: F401  (a fixture)


async def deadline_round(arena: Arena, bot: BoardGameBot) -> None:
    """Two hours later, one round of the reminder loop (run here rather than waiting for its timer), and
    the computer's moves it set off."""
    arena.clock.advance(hours=2)
    cog = bot.get_cog("Reminders")
    assert cog is not None
    await cog.tick()  # type: ignore[attr-defined]
    await bot.games.runner.idle()
    await arena.loopback.settle()


@pytest.mark.parametrize("action", ["ai", "skip"])
@pytest.mark.parametrize("style", ["quiet", "every-turn"])
@pytest.mark.parametrize("title", ["santafe", "gwt"])
async def test_a_deadline_handing_a_seat_to_the_computer_pings_the_other_person_once(
    arena: Arena, title: str, style: str, action: str
) -> None:
    alice, bob = arena.people[:2]
    by_id = {int(alice.id): alice, int(bob.id): bob}
    rng = random.Random(5)
    count = PingCount(arena)
    async with arena.running() as (bot, service):
        for someone in (alice, bob):  # their turns come by direct message too
            await someone.slash("notify dm", arena.channel, enabled=True)
        await arena.start_game(title, alice, bob, style=style, deadline_hours=1, deadline_action=action)
        await service.runner.idle()
        await arena.loopback.settle()
        await count.read(service)

        def one_person_late(game: GameInfo) -> bool:  # the other one waits for them
            return len([u for u in game.to_act_users if u in by_id]) == 1 and game.version > 4

        game = await until(arena, service, rng, one_person_late, count)
        await count.read(service)
        late = {str(u) for u in game.to_act_users}
        await deadline_round(arena, bot)  # the late person's seat goes to the computer
        await count.read(service)
        await random_moves(arena, service, 6, rng, count)
        await count.read(service)
    others = {d: n for d, n in count.counts.items() if d[0] not in late}
    assert others, "the other person was never pinged"
    twice = {d: count.said[d] for d, n in others.items() if n > 1 and not ended(count.said[d])}
    assert not twice, twice
    assert count.dms and not {d: n for d, n in count.dms.items() if n > 1}, count.told()


def ended(said: list[str]) -> bool:
    """Whether the last of these pings is the game's results (everyone seated is pinged once more)."""
    return "the game is over" in said[-1]


@pytest.mark.parametrize("style", ["quiet", "every-turn"])
@pytest.mark.usefixtures("tiny_game")
async def test_two_processes_telling_the_same_untold_turn_at_once_ping_once(arena: Arena, style: str) -> None:
    """A move the channel was not told of (its process stopped before its post), told by two processes
    at the same moment (a start-up pass and a catch-up, say): the person to act is pinged once."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (bot, service):
        await arena.start_game("tiny", alice, bob, style=style)
        acting = (await service.get_game(channel_id)).to_act_users
        first = next(p for p in (alice, bob) if int(p.id) in acting)
        await first.slash("move", arena.channel, move="pass")
        await arena.loopback.settle()
        game = await service.get_game(channel_id)
        async with service.db.transaction(game=game.id) as conn:  # as if the post never went out
            behind = {"v": game.version - 1, "g": game.id}
            await conn.execute(sa.text("UPDATE games SET announced_version = :v WHERE id = :g"), behind)
            await conn.execute(sa.text("DELETE FROM turn_pings WHERE game_id = :g"), {"g": game.id})
        arena.loopback.world.nonces.clear()  # nor did Discord see it (the ping's nonce is unknown to it)
        seen = {m.id for m in arena.public()}
        # outside the process's posting lock, as another process's post would be
        tell = sys.modules[catchup.__name__].tell_untold
        await asyncio.gather(tell(bot, game.id), tell(bot, game.id))
        await arena.loopback.settle()
        pings = [m.pinged_users for m in arena.public() if m.id not in seen and m.pinged_users]
        assert pings == [{str(u) for u in game.to_act_users}], pings
