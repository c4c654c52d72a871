"""Players' names in pictures: the bot knows them, the engines speak of "Player 2"."""

from __future__ import annotations

import re
from collections.abc import Sequence

_PLAYER = re.compile(r"\bPlayer (\d)\b")


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """The name of ``seat``, or "Player N" when no names are given."""
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def with_names(words: str, names: Sequence[str] | None) -> str:
    """An engine's sentence with "Player 2" written as that player's name."""
    if not names:
        return words
    return _PLAYER.sub(lambda m: seat_name(names, int(m.group(1)) - 1), words)
