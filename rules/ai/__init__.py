"""Computer players. A player decides only from its own view and its legal moves, never from the state.

``choose_move(game_id, view, legal, level, seed)`` is the one entry point the service calls; level 0 plays
uniformly random legal moves, higher levels use each game's heuristic player when it has one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core.rng import Rng

# A player: (view, legal moves, rng) -> one of the legal moves.
Player = Callable[[dict[str, Any], Sequence[str], Rng], str]

LEVELS = {0: "random", 1: "heuristic"}


def random_player(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """Level 0: any legal move, uniformly."""
    return rng.choice(legal)


def _players(game_id: str) -> dict[int, Player]:
    players: dict[int, Player] = {0: random_player}
    heuristic = _HEURISTICS.get(game_id)
    if heuristic is not None:
        players[1] = heuristic
    return players


# game id -> heuristic player; each game's module registers itself here when it exists.
_HEURISTICS: dict[str, Player] = {}


def choose_move(game_id: str, view: dict[str, Any], legal: Sequence[str], level: int, seed: int) -> str:
    """The move a computer player of ``level`` makes; falls back to the best level the game has."""
    if not legal:
        raise ValueError("no legal move to choose from")
    players = _players(game_id)
    player = players.get(level) or players[max(players)]
    return player(view, legal, Rng(seed))
