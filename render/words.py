"""The words a picture writes around the game's own facts, in the game's language.

The bot passes them in (``words`` of ``render.style.Style``: each key's text from the catalogs,
``picture.<key>``); a picture drawn without them (the samples, the tests) writes the English. A word's
``{placeholders}`` are filled where it is drawn. ``prompt`` and ``end_reason`` are not words but the
position's own sentences, already in the reader's language, which the picture writes instead of the
view's English.

The words every game's pictures share are here (``ENGLISH``); each game brings its own in
``render/<id>/words.py``, keyed ``<id>.…``: ``ENGLISH`` (the English of its ``picture.<id>.…`` messages)
and, optionally, ``FACTS`` (words that are facts of the game's own catalog, ``rules.core.texts``, the same
words its labels use). ``english_words()`` and ``facts()`` gather them over the registry.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

import rules
from render import packages
from rules.core.english import english

Words = Mapping[str, str]

ENGLISH: dict[str, str] = {
    "last": "Last: {text}",
    "last_cut": "Last: … {text}",
    "to_act": "{names} to act",
    "game_over": "{title} · game over",
    "over": "Game over.",
    "your_hand": "Your hand ({name})",
    "hand": "Hand",
}


def _game_words(game: str) -> ModuleType | None:
    """The module ``render.<game>.words``, or None for a game whose pictures write no words of their own."""
    return packages.package(game, "words")


def game_english(game: str) -> dict[str, str]:
    """The English of ``game``'s own picture words (``picture.<game>.…`` in the catalogs)."""
    module = _game_words(game)
    return dict(getattr(module, "ENGLISH", {}))


def game_facts(game: str) -> dict[str, Any]:
    """``game``'s picture words that are facts of its own catalog."""
    module = _game_words(game)
    return dict(getattr(module, "FACTS", {}))


def english_words() -> dict[str, str]:
    """Every picture word's English: the shared ones and every registered game's."""
    words = dict(ENGLISH)
    for game in rules.ids():
        words.update(game_english(game))
    return words


def facts() -> dict[str, Any]:
    """Every registered game's picture words that are facts of its catalog."""
    found: dict[str, Any] = {}
    for game in rules.ids():
        found.update(game_facts(game))
    return found


def layer_key(picture_words: Words | None) -> tuple[tuple[str, str], ...]:
    """A picture's words as the key of its cached static layer: every word but the position's own
    sentences (``prompt``, ``end_reason``), which change every turn and are never drawn on a layer."""
    return tuple(
        sorted((k, v) for k, v in (picture_words or {}).items() if k not in ("prompt", "end_reason"))
    )


def picture_word(picture_words: Words | None, key: str, **params: object) -> str:
    """The picture's word ``key`` in the game's language (English without ``picture_words``), filled in."""
    given = (picture_words or {}).get(key)
    if given is None:
        given = _english(key)
    return given.format(**params) if params else given


def _english(key: str) -> str:
    """A word's English: shared, or of the game its key starts with."""
    if key in ENGLISH:
        return ENGLISH[key]
    game = key.partition(".")[0]
    module = _game_words(game) if game.isidentifier() else None
    own_facts = getattr(module, "FACTS", {})
    if key in own_facts:
        return english(own_facts[key])
    return str(getattr(module, "ENGLISH", {})[key]) if module is not None else ENGLISH[key]
