"""Each reader in their own language: a private answer about a game (/log, /game status) reads in the
language of whoever asked, whatever the game's own language."""

from __future__ import annotations

import random
import re

from tests.bot.e2e.conftest import Arena
from tests.bot.e2e.test_santafe_game import act_by_autocomplete

# kana and kanji: what a Japanese sentence cannot do without
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


async def test_a_german_reader_of_a_japanese_game_reads_log_and_status_in_german(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    hans = arena.loopback.add_user("hans", guilds=arena.guild, locale="de")
    rng = random.Random(5)
    async with arena.running() as (_bot, service):
        await alice.slash("game santafe", arena.channel, language="ja")
        await bob.slash("game join", arena.channel)
        await alice.slash("game start", arena.channel)
        for _ in range(3):
            game = await service.get_game(int(arena.channel.id))
            await act_by_autocomplete(arena, arena.person(game.to_act_users[0]), rng)
        log = await hans.slash("log", arena.channel)
        assert log.message.ephemeral
        told = log.message.content + "".join(str(e) for e in log.message.embeds)
        assert not JAPANESE.search(told), told
        assert told.strip()
        status = await hans.slash("game status", arena.channel)
        fields = {f["name"]: f["value"] for f in status.message.embeds[0]["fields"]}
        to_act = fields["Am Zug"]
        assert not JAPANESE.search(to_act), to_act
        assert "\n" in to_act  # the decision itself, not only who is waited for


async def test_help_mentions_commands_so_each_client_names_them_in_its_language(arena: Arena) -> None:
    """A command mention (</game join:id>) is shown by each client in its own language; a German reader's
    /help carries mentions, and no English command path."""
    hans = arena.loopback.add_user("hans", guilds=arena.guild, locale="de")
    async with arena.running():
        [game] = [c for c in arena.loopback.world.global_commands if c.name == "game"]
        helped = await hans.slash("help", arena.channel, topic="start")
        text = helped.message.embeds[0]["description"]
        assert f"</game join:{game.id}>" in text and f"</game start:{game.id}>" in text, text
        assert "/spiel beitreten" not in text and "**/game" not in text
        overview = await hans.slash("help", arena.channel)
        assert f"</game gwt:{game.id}>" in overview.message.embeds[0]["description"]


async def test_a_refusal_mentions_the_command_it_points_to(arena: Arena) -> None:
    """A move typed wrong: the hint names /move as a mention, which the reader's client shows as its
    own word for the command."""
    alice, bob = arena.people[:2]
    async with arena.running():
        [move] = [c for c in arena.loopback.world.global_commands if c.name == "move"]
        await alice.slash("game santafe", arena.channel)
        await bob.slash("game join", arena.channel)
        await alice.slash("game start", arena.channel)
        refused = await alice.slash("move", arena.channel, move="no such move at all")
        assert refused.message.ephemeral
        assert f"</move:{move.id}>" in refused.message.content, refused.message.content


async def test_muting_everywhere_mentions_the_command_that_undoes_it(arena: Arena) -> None:
    hans = arena.loopback.add_user("hans", guilds=arena.guild, locale="de")
    async with arena.running():
        [notify] = [c for c in arena.loopback.world.global_commands if c.name == "notify"]
        muted = await hans.slash("notify mute", arena.channel, scope="everywhere")
        assert muted.message.ephemeral
        assert f"</notify unmute:{notify.id}>" in muted.message.content, muted.message.content
        assert muted.message.content.startswith("Erinnerungen sind in all deinen Spielen aus.")
