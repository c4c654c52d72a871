"""Computer players. A player decides only from its own view and its legal moves, never from the state.

``choose_move(game_id, view, legal, level, seed)`` is the one entry point the service calls; level 0 plays
uniformly random legal moves, level 1 each game's heuristic, level 2 (Santa Fe) a heuristic with a short
search. The players live in ``rules/ai/<game>.py``, which exposes ``PLAYERS``: level -> player. A level a
game lacks falls back to its best level.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from rules.core.rng import Rng

# A player: (view, legal moves, rng) -> one of the legal moves.
Player = Callable[[dict[str, Any], Sequence[str], Rng], str]

LEVELS = {0: "random", 1: "heuristic", 2: "lookahead"}

# game id -> module holding that game's players; imported on first use, like the engines.
_MODULES: dict[str, str] = {"gwt": "rules.ai.gwt", "santafe": "rules.ai.santafe"}


def random_player(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """Level 0: any legal move, uniformly."""
    return rng.choice(legal)


def players_for(game_id: str) -> dict[int, Player]:
    """Every level this game has, random included."""
    players: dict[int, Player] = {0: random_player}
    module = _MODULES.get(game_id.strip().lower())
    if module is not None:
        players.update(importlib.import_module(module).PLAYERS)
    return players


def choose_move(game_id: str, view: dict[str, Any], legal: Sequence[str], level: int, seed: int) -> str:
    """The move a computer player of ``level`` makes; falls back to the best level the game has."""
    if not legal:
        raise ValueError("no legal move to choose from")
    players = players_for(game_id)
    player = players.get(level) or players[max(players)]
    return player(view, legal, Rng(seed))
