"""How engines write a seat in their texts, "Player 3" (seats numbered from 1), and how a reader's names
take its place; any number of seats, so "Player 10" is never read as "Player 1" and a "0"."""

from __future__ import annotations

import re
from collections.abc import Callable

# One seat as engines write it, for patterns that match whole sentences around it.
PLAYER_WORDS = r"[Pp]layer [1-9][0-9]*"
PLAYER = re.compile(r"\b[Pp]layer ([1-9][0-9]*)\b")


def player(seat: int) -> str:
    """How an engine writes ``seat`` (from 0): "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def replace_players(text: str, name_of: Callable[[int], str | None]) -> str:
    """``text`` with each "Player N" written as ``name_of(N - 1)``, kept where that gives None."""

    def named(match: re.Match[str]) -> str:
        name = name_of(int(match.group(1)) - 1)
        return match.group(0) if name is None else name

    return PLAYER.sub(named, text)
