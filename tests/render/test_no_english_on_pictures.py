"""Every text drawn on a picture of either game in German, Dutch and Japanese comes from the catalogs: no
English word that the language's catalogs translate is drawn, nor a move's notation word (a verb, an
objective card's code), nor one of the pictures' English abbreviations.

Every text goes through ``render.draw.text``, whose ``recording`` sees it. The words looked for are the
English catalogs' own (a word is English here when the English catalogs use it and the language's catalogs
of the same game do not), so the check follows the catalogs rather than a list kept by hand."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache, partial
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import rules
from bot.ui import pictures
from render import Style, render_board, render_hand, render_player_area, render_result, render_turn
from render.draw import recording
from render.layers import clear_layers
from render.theme import DEFAULT
from rules.gwt.words import BREEDS
from tests.render.conftest import sampled_states

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ada", "Brook", "Cyrus", "Dana"]
WORD = re.compile(r"[A-Za-z]{2,}")
# The English short forms the pictures once drew, which no catalog holds as a word.
ABBREVIATIONS = {"Cb", "Cr", "En", "Bl", "VP", "obj", "haz", "tee", "pts"}
# Names that stay as printed in every edition: the games' titles and maps, and the players.
PRINTED = {"Great", "Western", "Trail", "Santa", "Fe", *NAMES}


def catalog_words(path: Path) -> set[str]:
    with path.open("rb") as f:
        catalog = read_po(f)
    words: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
        for string in strings:
            words |= {w.lower() for w in WORD.findall(string or "")}
    return words


@cache
def vocabulary(language: str, game: str) -> frozenset[str]:
    bot = ROOT / "bot" / "locales" / language / "LC_MESSAGES" / "bot.po"
    own = ROOT / "rules" / game / "locales" / language / "LC_MESSAGES" / f"{game}.po"
    return frozenset(catalog_words(bot) | catalog_words(own))


@cache
def notation(game: str) -> frozenset[str]:
    """The words moves are typed with (their verbs and the objective cards' codes): never a picture's."""
    engine = rules.get(game)
    words: set[str] = set()
    for state in sampled_states(game, 4, ()):
        if not state.over:
            for move in engine.legal_moves(state, state.current):
                words.add(move.split(" ")[0])
    if game == "gwt":
        from rules.gwt.content import OBJECTIVES

        words |= {part for code in OBJECTIVES for part in code.split("-")}
    # "start" (placing the cattleman) is also the German and Dutch word for the start
    return frozenset(w.lower() for w in words if WORD.fullmatch(w)) - {"start"}


def printed_names(game: str, language: str) -> set[str]:
    """The cities, and the breeds where the edition prints them in English (the Japanese translates them
    and calls Great Western Trail's Kansas City カンザス市: ``docs/glossary/gwt.md``)."""
    if game == "gwt":
        from render.gwt.layout import layout

        cities = {c["label"] for c in layout()["cities"].values()} | {"S. Francisco"}
        if language == "ja":
            return {name for name in cities if name != "Kansas City"}
        return cities | set(BREEDS.values()) | {"Br. Swiss", "Highland", "Longhorn"}
    from rules.santafe.board import CITY_NAME

    names = CITY_NAME.values() if isinstance(CITY_NAME, dict) else CITY_NAME
    return set(names) | {"Kansas City"}


def english_words(label: str, game: str, language: str) -> list[str]:
    """The words of ``label`` that are English in ``language`` for ``game``."""
    for name in sorted(printed_names(game, language), key=len, reverse=True):
        label = label.replace(name, " ")
    english = vocabulary("en", game) | {w.lower() for w in BREEDS.values() for w in w.split()}
    own = vocabulary(language, game) - notation(game)
    found = []
    for word in WORD.findall(label):
        if word in PRINTED:
            continue
        translated = word.lower() in english and word.lower() not in own
        if word in ABBREVIATIONS or word.lower() in notation(game) or translated:
            found.append(word)
    return found


def ended_in_english(label: str, game: str) -> bool:
    """Santa Fe's view gives why the game ended as an English sentence; the bot draws it in the reader's
    language only on the picture of the move that ended the game (``pictures.words_for``: the end event),
    which these states do not carry."""
    final = rules.get(game).view(sampled_states(game, 4, ())[-1], None).get("end_reason") or ""
    return bool(final) and any(final.replace(f"Player {n}", name) in label for n, name in enumerate(NAMES, 1))


def pictures_of(game: str, language: str) -> Iterator[tuple[str, Callable[[], Any]]]:
    """Every picture of a seeded game: board, turn, each seat's area and hand, and the score sheet."""
    engine, players = rules.get(game), min(4, rules.spec(game).max_players)
    names = NAMES[:players]
    states = sampled_states(game, players, ())
    for state in states[1:]:
        public = engine.view(state, None)
        words = pictures.words_for(language, public, [], names)
        yield "board", partial(render_board, public, Style(names, DEFAULT, words))
        yield "turn", partial(render_turn, public, ["Ada"], [], Style(names, DEFAULT, words))
        for seat in range(players):
            own = engine.view(state, seat)
            mine = pictures.words_for(language, own, [], names)
            yield "player", partial(render_player_area, own, seat, Style(names, DEFAULT, mine))
            if "hand" in own:
                yield "hand", partial(render_hand, own, Style(names, DEFAULT, mine))
    result = engine.result(states[-1])
    sheet = pictures.result_words(result, game, language)
    yield "result", partial(render_result, result, names, game, sheet)


@pytest.mark.parametrize("language", ["de", "nl", "ja"])
@pytest.mark.parametrize("game", rules.ids())
def test_no_english_word_is_drawn_on_a_translated_picture(game: str, language: str) -> None:
    found: dict[str, set[str]] = {}
    for picture, draw in pictures_of(game, language):
        clear_layers()  # the static layers' words are drawn again, and seen
        with recording() as texts:
            draw()
        for t in texts:
            if ended_in_english(t.label, game):
                continue
            if words := english_words(t.label, game, language):
                found.setdefault(t.label, set()).add(f"{picture}: {' '.join(words)}")
    assert not found, "\n".join(f"{label!r} ({', '.join(sorted(where))})" for label, where in found.items())
