"""The words a picture writes around the game's own facts, in the game's language.

The bot passes them in (``picture_words``: each key's text from the catalogs, ``picture.<key>``); a
picture drawn without them (the samples, the tests) writes the English below. A word's
``{placeholders}`` are filled where it is drawn. ``prompt`` and ``end_reason`` are not words but the
position's own sentences, already in the reader's language, which the picture writes instead of the
view's English.
"""

from __future__ import annotations

from collections.abc import Mapping

Words = Mapping[str, str]

ENGLISH: dict[str, str] = {
    "last": "Last: {text}",
    "last_cut": "Last: … {text}",
    "to_act": "{names} to act",
    "game_over": "{title} · game over",
    "gwt.final_turns": "last turns: {count} left",
    "santafe.round": "Round {round}",
    "santafe.lay_turn": "{phase} (pass {turn})",
    "santafe.phase.choose": "choose cards",
    "santafe.phase.lay": "lay track",
    "santafe.phase.draw": "draw cards",
    "santafe.phase.engineers": "engineers",
    "santafe.phase.buy_track": "buy track",
    "santafe.phase.over": "game over",
    "santafe.win": "{names} wins with {total} points",
    "santafe.win_shared": "{names} win with {total} points",
    "santafe.ended": "Ended: {reason}",
}


def picture_word(picture_words: Words | None, key: str, **params: object) -> str:
    """The picture's word ``key`` in the game's language (English without ``picture_words``), filled in."""
    return (picture_words or {}).get(key, ENGLISH[key]).format(**params)
