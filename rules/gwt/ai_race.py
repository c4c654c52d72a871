"""Great Western Trail level 3: level 1's best moves, tried out in sampled games, for the lead.

The same search as level 2 (``rules.gwt.ai_search``), over level 1's plain heuristic instead of the
trip-wise one, and valuing the seat's lead over the other seats' average instead of its own points: it
races to Kansas City and takes the visits (the game's clock) from players who build along the trail. It
wins more games than level 2 (11 of 16 two-player games between them) but scores fewer points against
itself (about 47 to level 2's 75); bench/ai.py has the figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.core.rng import Rng
from rules.core.search import lead, search
from rules.core.spec import Budget
from rules.gwt.ai import PLAIN, cert_worth, dollar_worth, game_progress, heuristic_player, scores
from rules.gwt.ai_search import GAME as TRIP_WISE_GAME
from rules.gwt.ai_search import hired, score_now
from rules.gwt.state import State


def rank(view: dict[str, Any], legal: Sequence[str]) -> list[float]:
    """Level 1's score of each legal move."""
    return scores(view, legal, PLAIN)


def points(s: State, seat: int) -> float:
    """The seat's score if the game ended now, plus what money, temporary certificates and hired workers
    are worth while the game runs at level 1's rates, the workers fading as the job market fills."""
    now = score_now(s, seat)
    if s.over:
        return now
    p = s.players[seat]
    progress = game_progress(s.job_token)
    workers = sum(PLAIN.worker_worth[kind][k] for kind, k in hired(p))
    cert = cert_worth(PLAIN, progress, s.final_turns is not None)
    means = p.money * dollar_worth(progress) + p.cert * cert
    return now + means + workers * PLAIN.worker_scale * (1 - progress)


def value(s: State, seat: int) -> float:
    return lead([points(s, i) for i in range(s.n)], seat)


GAME = replace(TRIP_WISE_GAME, policy=heuristic_player, rank=rank, value=value)  # the same playouts


def race_player(view: dict[str, Any], legal: Sequence[str], rng: Rng, budget: Budget) -> str:
    """Level 3: sampled games decide between level 1's best moves (one round of turns ahead)."""
    return search(GAME, view, legal, rng, budget)
