"""A game registered in ``rules`` alone (the tiny test game) is playable through Discord: the bot syncs a
/game command for it, typed from its spec, and a game of it opens, fills and starts. No line of the bot
names it."""

from __future__ import annotations

import logging
from typing import Any

import pytest

import rules
from tests.bot.e2e.conftest import Arena
from tests.support.fixtures import higher_game, tiny_game
from tests.support.tinygame import SPEC

__all__ = ["higher_game", "tiny_game"]

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


async def test_a_hidden_hand_game_written_from_the_docs_plays_to_its_end(
    arena: Arena, higher_game: None, caplog: pytest.LogCaptureFixture
) -> None:
    """Higher (docs/adding-a-game.md's toy game, registered alone) opens, plays to its end with /move in a
    quiet channel with auto-play on, and posts its pictures and result; no forced step is made for a
    hand, so nothing public says a move was the only one."""
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("higher", alice, bob)
        channel = int(arena.channel.id)
        game = await service.get_game(channel)
        for _ in range(50):
            if game.status != "active":
                break
            [user] = game.to_act_users
            person = next(p for p in (alice, bob) if int(p.id) == user)
            await arena.play_first_move(service, person)
            game = await service.get_game(channel)
        assert game.status == "finished"
        public = arena.public()
        assert any(m.attachments for m in public)
        assert not any("the only move" in f"{m.content} {m.embeds}" for m in public)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []  # every picture drawn
