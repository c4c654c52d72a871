"""Players' names in pictures: the bot knows them, the engines speak of "Player 2"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.words import Words, picture_word
from rules.core.players import player, replace_players


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """The name of ``seat``, or "Player N" when no names are given."""
    if names and 0 <= seat < len(names):
        return names[seat]
    return player(seat)


def with_names(words: str, names: Sequence[str] | None) -> str:
    """An engine's sentence with "Player 2" written as that player's name."""
    if not names:
        return words
    return replace_players(words, lambda seat: seat_name(names, seat))


def hand_title(view: Mapping[str, Any], names: Sequence[str] | None, said: Words | None) -> str:
    """A hand picture's title: whose hand it is when ``view`` is a player's own, else just "Hand"."""
    seat = view.get("viewer")
    if isinstance(seat, int):
        return picture_word(said, "your_hand", name=seat_name(names, seat))
    return picture_word(said, "hand")
