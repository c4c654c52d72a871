"""A move of 6,000 characters (the most Discord lets a person type into an option) gets a clear, private
refusal in both games: the echo of the input is cut, so the answer fits a message."""

from __future__ import annotations

import pytest

from tests.bot.e2e.conftest import Arena

LONG = 6000


@pytest.mark.parametrize("game", ["santafe", "gwt"])
@pytest.mark.parametrize("typed", ["x" * LONG, "play " + "y" * (LONG - 5)], ids=["nonsense", "a-long-card"])
async def test_a_very_long_move_is_refused_in_a_short_private_answer(
    arena: Arena, game: str, typed: str
) -> None:
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await alice.slash(f"game {game}", arena.channel)
        await bob.slash("game join", arena.channel)
        await alice.slash("game start", arena.channel)
        version = (await service.get_game(channel_id)).version
        user = {arena.by_id(p): p for p in (alice, bob)}[(await service.get_game(channel_id)).to_act_users[0]]
        reply = await user.slash("move", arena.channel, move=typed)
        assert reply.ephemeral and not reply.message.loading
        assert (
            0 < len(reply.content) <= 2000
            and typed.split()[-1][:40] in reply.content
            and "…'" in reply.content
        )
        assert (await service.get_game(channel_id)).version == version
