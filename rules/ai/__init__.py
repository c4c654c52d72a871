"""Computer players. A player decides only from its own view and its legal moves, never from the state.

``choose_move(game_id, view, legal, level, seed)`` is the one entry point the service calls. Level 0 plays
uniformly random legal moves in every game; the higher levels are each game's own, listed in its spec
(``rules.spec(id).computers``, players in ``rules/<game>/``). A level a game lacks falls back to its best.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import rules
from rules.core.rng import Rng
from rules.core.spec import Budget, Computer

RANDOM = "plays any legal move at random"


def random_player(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """Level 0: any legal move, uniformly."""
    return rng.choice(legal)


RANDOM_PLAYER = Computer(RANDOM, random_player)


def players_for(game_id: str) -> dict[int, Computer]:
    """Every level this game has, random included."""
    return {0: RANDOM_PLAYER, **rules.spec(game_id).computers}


def levels(game_id: str) -> dict[int, str]:
    """Every level this game has -> its one-line description, random included."""
    return {level: c.description for level, c in players_for(game_id).items()}


def choose_move(
    game_id: str,
    view: dict[str, Any],
    legal: Sequence[str],
    level: int,
    seed: int,
    budget: Budget | None = None,
) -> str:
    """The move a computer player of ``level`` makes; falls back to the best level the game has. A
    thinking level thinks within ``budget``: what is left of its turn (default: a whole turn, the game's
    ``think_seconds``), of which it takes this decision's share. A decision with one legal move (``done``
    alone, say) is answered at once, without asking the player: it costs the turn nothing."""
    if not legal:
        raise ValueError("no legal move to choose from")
    if len(legal) == 1:
        return legal[0]
    players = players_for(game_id)
    player = players.get(level) or players[max(players)]
    if player.thinks:
        return player.play(view, legal, Rng(seed), budget or Budget(rules.spec(game_id).think_seconds))
    return player.play(view, legal, Rng(seed))
