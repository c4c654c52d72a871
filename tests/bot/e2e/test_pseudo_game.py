"""Whole games read in the pseudo-locale, where every catalog sentence is wrapped in markers: any text a
player reads that did not come from a catalog shows up bare, and fails the test."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from bot.i18n import PSEUDO
from loopback import Message
from rules.gwt.words import BREEDS
from tests.bot.e2e.conftest import Arena

WRAPPED = re.compile(r"【[^【】…]*】")
# a label cut short to fit a button or a menu, or to the words a family of moves shares, stops inside its
# catalog sentences: text between a sentence's opening and the "…" is the catalog's, and so (a middle left
# out) is text between the "…" and the end of a sentence whose opening was left out; a sentence around a
# "…" is one of those, never whole
CUT_HEAD = re.compile(r"【[^【】]*…")
CUT_TAIL = re.compile(r"…[^【】]*】")
LETTERS = re.compile(r"[^\W\d_]+")


def texts(message: Message) -> Iterator[str]:
    """Every text of a message a person reads: its content, its embeds' words, its components' labels."""
    yield message.content
    for embed in message.embeds:
        yield embed.get("title") or ""
        yield embed.get("description") or ""
        yield (embed.get("footer") or {}).get("text") or ""
        yield (embed.get("author") or {}).get("name") or ""
        for field in embed.get("fields") or []:
            yield field.get("name") or ""
            yield field.get("value") or ""
    for component in message.flat_components():
        yield component.get("label") or ""
        yield component.get("placeholder") or ""
        for option in component.get("options") or []:
            yield option.get("label") or ""
            yield option.get("description") or ""


def bare(text: str) -> str:
    """What is left once every wrapped (catalog) sentence is taken out."""
    while WRAPPED.search(text) or CUT_HEAD.search(text) or CUT_TAIL.search(text):
        text = CUT_TAIL.sub("…", CUT_HEAD.sub("…", WRAPPED.sub(" ", text)))
    return text.replace("…", " ")


@pytest.mark.parametrize("game", ["santafe", "gwt"])
async def test_a_whole_game_in_the_pseudo_locale_reads_only_catalog_text(arena: Arena, game: str) -> None:
    people = [arena.loopback.add_user(name, guilds=arena.guild, locale=PSEUDO) for name in ("ann", "bo")]
    by_id = {arena.by_id(p): p for p in people}
    rng = random.Random(3)
    channel = int(arena.channel.id)
    arena.guild.locale = PSEUDO  # a new game's language is its server's
    async with arena.running() as (_bot, service):
        await people[0].slash(f"game {game}", arena.channel)
        await people[1].slash("game join", arena.channel)
        await people[0].slash("game start", arena.channel)
        moves = 0
        while (info := await service.get_game(channel)).status == "active" and moves < 3000:
            user = by_id[info.to_act_users[0]]
            choices = await user.autocomplete("move", arena.channel, move="")
            await user.slash("move", arena.channel, move=rng.choice(choices)["value"])
            moves += 1
            if moves == 5:  # a player's own look at the game, midway
                for command in ("hand", "options", "board", "log", "help", "rules", "game status", "games"):
                    await user.slash(command, arena.channel)
        assert info.status == "finished"
        await people[1].slash("log", arena.channel)
        # the only words outside the catalogs: the players' names, the games' titles, the breeds' names as
        # every edition prints them, and the pseudo-locale's own code where the game's language is named (it
        # has no name: players never pick it)
        names = ["Ann", "Bo", "Santa Fe", "Great Western Trail", *BREEDS.values()]
        allowed = re.compile(r"\b(" + "|".join(names) + r")\b|" + re.escape(PSEUDO))
        read = 0
        for message in arena.loopback.messages(arena.channel):
            for text in texts(message):
                read += bool(text)
                left = allowed.sub(" ", bare(text))
                assert not LETTERS.search(left), f"not from a catalog: {LETTERS.findall(left)} in {text!r}"
        assert read > 200
