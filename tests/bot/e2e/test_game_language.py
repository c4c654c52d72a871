"""A game has a language of its own: the server's when it is opened, or the one the host picks with the
/game option or /game language. Its public posts are written in it; private replies stay in each reader's."""

from __future__ import annotations

from bot.i18n import translate
from bot.loopback import Reply
from tests.bot.e2e.conftest import Arena


def private(reply: Reply) -> str:
    """What only the user who acted reads of the bot's answer."""
    return next(m.content for m in [reply.original, *reply.followups] if m is not None and m.ephemeral)


async def test_a_game_opened_on_a_german_server_posts_in_german(arena: Arena) -> None:
    alice, bob = arena.people[:2]  # both read Discord in English
    arena.guild.locale = "de"
    async with arena.running() as (_bot, service):
        opened = await alice.slash("game santafe", arena.channel)
        title = (await service.get_game(int(arena.channel.id))).title
        assert opened.public.content == translate("de", "message.lobby.opened", host="Alice", title=title)
        assert private(opened) == translate("en", "message.lobby.opened_private", title=title)
        joined = await bob.slash("game join", arena.channel)
        assert joined.public.content == "Bob ist dabei."
        assert private(joined) == "You joined."
        fields = joined.public.embeds[0]["fields"]
        assert {"name": "Language", "value": "Deutsch", "inline": False} in fields
        await alice.slash("game start", arena.channel)
        turn = arena.public()[-1]
        assert "du bist dran" in turn.content
        assert turn.embeds[0]["title"].endswith("am Zug")


async def test_the_host_picks_the_language_and_changes_it(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        opened = await alice.slash("game gwt", arena.channel, language="ja")
        assert "のゲームを開きました" in opened.public.content
        refused = await bob.slash("game language", arena.channel, language="nl")
        assert refused.message.ephemeral
        assert (await service.get_game(int(arena.channel.id))).language == "ja"
        changed = await alice.slash("game language", arena.channel, language="nl")
        assert changed.public.content == translate("nl", "message.language_set")
        assert private(changed) == translate("en", "message.language_changed")
        assert (await service.get_game(int(arena.channel.id))).language == "nl"
        joined = await bob.slash("game join", arena.channel)
        assert joined.public.content == "Bob doet mee."


async def test_an_english_server_reads_english(arena: Arena) -> None:
    alice = arena.people[0]
    async with arena.running() as (_bot, service):
        await alice.slash("game santafe", arena.channel)
        assert (await service.get_game(int(arena.channel.id))).language == "en"
