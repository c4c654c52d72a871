"""A game has a language of its own: the server's when it is opened, or the one the host picks with the
/game option or /game language. Its public posts are written in it; private replies stay in each reader's."""

from __future__ import annotations

import random

from bot.i18n import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN, translate
from loopback import Message, Reply
from tests.bot.e2e.conftest import Arena
from tests.bot.e2e.test_santafe_game import act_by_autocomplete


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
        lobby = opened.public  # the lobby's one message, edited in place
        assert lobby.content.endswith("\nBob ist dabei.") and lobby.content.startswith("Hier wartet")
        assert private(joined) == "You joined."
        fields = lobby.embeds[0]["fields"]
        assert {"name": "Sprache", "value": "Deutsch", "inline": False} in fields
        await alice.slash("game start", arena.channel)
        board = arena.public()[-1]  # a new game's live board
        assert "du bist dran" in board.content and "Zug 0" in board.content
        assert board.embeds[0]["title"] == translate("de", "message.live.board_after", title=title, number=0)


async def test_the_host_picks_the_language_and_changes_it(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        opened = await alice.slash("game gwt", arena.channel, language="ja")
        assert "のゲームを開きました" in opened.public.content
        refused = await bob.slash("game language", arena.channel, language="nl")
        assert refused.message.ephemeral
        assert (await service.get_game(int(arena.channel.id))).language == "ja"
        changed = await alice.slash("game language", arena.channel, language="nl")
        lobby = opened.public  # the lobby's one message, edited in place, now in Dutch
        assert lobby.content.endswith("\n" + translate("nl", "message.language_set"))
        assert private(changed) == translate("en", "message.language_changed")
        assert (await service.get_game(int(arena.channel.id))).language == "nl"
        await bob.slash("game join", arena.channel)
        assert lobby.content.startswith("Hier wacht") and lobby.content.endswith("\nBob doet mee.")


async def test_an_english_server_reads_english(arena: Arena) -> None:
    alice = arena.people[0]
    async with arena.running() as (_bot, service):
        await alice.slash("game santafe", arena.channel)
        assert (await service.get_game(int(arena.channel.id))).language == "en"


# the Play button is labelled in the game's language
PLAY = {translate(language, "button.play") for language in ("en", "de", "nl", "ja", "qps-ploc")}


def turn_messages(arena: Arena) -> list[Message]:
    return [
        m for m in arena.public() if m.embeds and any(c.get("label") in PLAY for c in m.flat_components())
    ]


async def test_a_german_game_of_santa_fe_read_by_a_japanese_player_to_the_end(arena: Arena) -> None:
    """Every turn message's frame is German; Yuki, whose Discord is Japanese, reads her private answers in
    Japanese from the first seat to the results."""
    alice, bob = arena.people[:2]
    yuki = arena.loopback.add_user("yuki", guilds=arena.guild, locale="ja")
    rng = random.Random(11)
    async with arena.running() as (_bot, service):
        opened = await alice.slash("game santafe", arena.channel, language="de")
        joined = await yuki.slash("game join", arena.channel)
        assert private(joined) == translate("ja", "message.lobby.you_joined")
        assert opened.public.content.endswith("\nYuki ist dabei.")
        await bob.slash("game join", arena.channel)
        await alice.slash("game start", arena.channel)
        refused = await yuki.slash("move", arena.channel, move="no such move at all")
        assert refused.message.ephemeral
        # the hint in Japanese, its /move a command mention her client names in Japanese
        hint = translate("ja", "hint.cannot_parse").split("/手", 1)[1]
        assert refused.message.content.endswith(hint) and "</move:" in refused.message.content
        moves = 0
        turns: dict[str, Message] = {}
        while (game := await service.get_game(int(arena.channel.id))).status == "active":
            turns |= {m.id: m for m in turn_messages(arena)}
            user = arena.person(game.to_act_users[0])
            _move, reply = await act_by_autocomplete(arena, user, rng)
            assert reply.acknowledged
            moves += 1
            assert moves < 2000
        assert len(turns) > 3
        for turn in turns.values():  # live boards (a new game's channel is quiet) and the results
            title = turn.embeds[0]["title"]
            assert title.endswith(" am Zug") or ": der Spielplan nach Zug " in title, title
            # a board scrolled away says so; the live board, once the game has ended, says that
            over = translate("de", "message.game_over_live", url="")
            german = ("du bist dran", "Warten auf", "ein früherer Spielplan", over)
            assert any(words in turn.content for words in german), turn.content
            assert "your turn" not in turn.content and "to act" not in title
        pings = [m.content for m in arena.public() if "Spielplan: https://" in m.content]
        assert pings and all("du bist dran in Santa Fe" in text for text in pings), pings
        assert not [m.content for m in arena.public() if "your turn" in m.content]
        status = await yuki.slash("game status", arena.channel)
        assert status.message.ephemeral
        assert {
            "name": translate("ja", "message.status_field.language"),
            "value": "Deutsch",
            "inline": False,
        } in status.message.embeds[0]["fields"]
        arena.loopback.assert_prompt_responses()


async def test_a_game_in_the_pseudo_locale_posts_only_catalog_sentences(arena: Arena) -> None:
    """With the game's language the pseudo-locale, each fixed public sentence is wrapped in its markers: the
    lobby's news, the language note, and the turn message's frame."""
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        opened = await alice.slash("game santafe", arena.channel)
        await service.set_language(int(arena.channel.id), arena.by_id(alice), PSEUDO)
        await bob.slash("game join", arena.channel)
        frame, news = opened.public.content.split("\n")  # the lobby's one message, edited in place
        assert news == translate(PSEUDO, "message.lobby.joined", name="Bob")
        for said in (frame, news):
            assert said.startswith(PSEUDO_OPEN) and said.endswith(PSEUDO_CLOSE)
        await alice.slash("game start", arena.channel)
        [turn] = turn_messages(arena)
        title = turn.embeds[0]["title"]
        assert title.startswith(PSEUDO_OPEN) and title.endswith(PSEUDO_CLOSE)
        frame = turn.content.split(":")[0]  # what follows is the engine's own prompt
        assert PSEUDO_OPEN in frame and PSEUDO_CLOSE in frame
        left = await alice.slash("game leave", arena.channel)  # refused: private, in Alice's own language
        assert left.message.ephemeral and PSEUDO_OPEN not in left.message.content
