"""Computer players. A player decides only from its own view and its legal moves, never from the state.

``answer(Question(game_id, view, legal, level, seed, budget))`` is the one entry point the service calls
(in a worker process: a ``Question`` holds only plain values, so it travels there pickled); ``choose_move``
asks the same with the question's values as arguments. Level 0 plays uniformly random legal moves in every
game; the higher levels are each game's own, listed in its spec (``rules.spec(id).computers``, players in
``rules/<game>/``). A level a game lacks falls back to its best.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Question:
    """What a computer player is asked: a move of ``legal`` in ``game_id``, seen from its seat's ``view``,
    played at ``level`` with its randomness drawn from ``seed``, thinking within ``budget`` (what is left
    of its turn; None: a whole turn)."""

    game_id: str
    view: dict[str, Any]
    legal: Sequence[str]
    level: int
    seed: int
    budget: Budget | None = None


def choose_move(
    game_id: str,
    view: dict[str, Any],
    legal: Sequence[str],
    level: int,
    seed: int,
    budget: Budget | None = None,
) -> str:
    """The move a computer player of ``level`` makes: ``answer`` to the question these values make up
    (the form the rules' tests and the benches ask in)."""
    return answer(Question(game_id, view, legal, level, seed, budget))


def answer(question: Question) -> str:
    """The move a computer player of the asked level makes; falls back to the best level the game has. A
    thinking level thinks within the question's budget: what is left of its turn (default: a whole turn,
    the game's ``think_seconds``), of which it takes this decision's share. A decision with one legal move
    (``done`` alone, say) is answered at once, without asking the player: it costs the turn nothing."""
    game_id, view, legal = question.game_id, question.view, question.legal
    if not legal:
        raise ValueError("no legal move to choose from")
    if len(legal) == 1:
        return legal[0]
    players = players_for(game_id)
    player = players.get(question.level) or players[max(players)]
    rng = Rng(question.seed)
    if player.thinks:
        return player.play(view, legal, rng, question.budget or Budget(rules.spec(game_id).think_seconds))
    return player.play(view, legal, rng)
