"""Ratings through the stand-in: a game ends, /leaderboard lists its people by rating with their games and
the computer's level on its own ladder, /stats shows a person's rating and how it moved."""

from __future__ import annotations

from tests.bot.e2e.conftest import Arena
from tests.support.fixtures import play_to_end, tiny_game

__all__ = ["tiny_game"]


async def test_a_finished_game_shows_on_the_leaderboard_by_rating_and_in_stats(
    arena: Arena, tiny_game: None
) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        empty = await alice.slash("leaderboard", arena.channel)
        assert "No finished games yet" in empty.public.embeds[0]["description"]
        await alice.slash("game tiny", arena.channel, rounds=1)
        await bob.slash("game join", arena.channel)
        await alice.slash("game add-ai", arena.channel, level="0")
        await alice.slash("game start", arena.channel)
        await play_to_end(service, int(arena.channel.id))

        board = (await bob.slash("leaderboard", arena.channel)).public
        lines = board.embeds[0]["description"].splitlines()
        assert [line[:3] for line in lines[:2]] == ["1. ", "2. "]
        assert {f"<@{alice.id}>", f"<@{bob.id}>"} == {line.split(":")[0][3:] for line in lines[:2]}
        assert all(line.endswith("(1 game), provisional") for line in lines[:2])
        assert lines[2].startswith("Computers: level 0 ")
        assert "provisional until 5 games" in board.embeds[0]["footer"]["text"]
        assert not board.pinged_users  # a list, not a call

        stats = await alice.slash("stats", arena.channel)
        assert stats.ephemeral
        text = stats.message.embeds[0]["description"]
        assert "**Rating**" in text and "**Tiny**: " in text and "Latest games: 25.0 → " not in text
        assert "Latest games: 0.0 → " in text and "Computers: level 0 " in text
