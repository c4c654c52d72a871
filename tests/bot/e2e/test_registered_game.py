"""A game registered in ``rules`` alone (the tiny test game) is playable through Discord: the bot syncs a
/game command for it, typed from its spec, and a game of it opens, fills and starts. No line of the bot
names it."""

from __future__ import annotations

from typing import Any

import rules
from tests.bot.e2e.conftest import Arena
from tests.support.fixtures import tiny_game
from tests.support.tinygame import SPEC

__all__ = ["tiny_game"]

INTEGER = 4


def synced_game_group(arena: Arena) -> dict[str, dict[str, Any]]:
    """/game as the bot registered it with Discord: subcommand name -> payload."""
    [game] = [c for c in arena.loopback.world.global_commands if c.name == "game"]
    return {o["name"]: o for o in game.payload["options"]}


async def test_a_game_registered_in_rules_alone_gets_its_command_and_opens(
    arena: Arena, tiny_game: None
) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        group = synced_game_group(arena)
        assert {"gwt", "santafe", "tiny"} <= set(group)
        tiny = group["tiny"]
        assert tiny["description"] == "Open a game of Tiny (2-4 players) here"
        rounds = next(o for o in tiny["options"] if o["name"] == "rounds")
        assert rounds["type"] == INTEGER and not rounds.get("required")
        assert (rounds["min_value"], rounds["max_value"]) == (1, 500)

        overview = await alice.slash("help", arena.channel)  # the overview names the new game too
        assert "/game tiny" in overview.message.embeds[0]["description"]

        opened = await alice.slash("game tiny", arena.channel, rounds=3)
        assert opened.ephemeral and "opened a game of **Tiny**" in opened.public.content
        levels = await alice.autocomplete("game add-ai", arena.channel, level="")
        assert [c["value"] for c in levels] == list(rules.ai.levels("tiny"))
        await bob.slash("game join", arena.channel)
        await alice.slash("game start", arena.channel)
        game = await service.get_game(int(arena.channel.id))
        assert game.rules_id == SPEC.id and game.options == {"rounds": 3} and game.status == "active"
