"""Great Western Trail level 4: the searching level's sampled games, scored by a value learned from self-play.

The same search as level 2 (``rules.gwt.ai_search``: the trip-wise heuristic's best moves, tried out in
states dealt from the seat's view, every seat playing on with that heuristic), but a rollout's position
is scored by what self-play games showed such positions to be worth at the game's end
(``rules.gwt.ai_features``: the points banked and the means still to turn into points, each fading as
the game runs) instead of level 2's hand-set prices. At three and four players it counts half the
other seats' average against its own, as level 2 does.

At one second a turn it won 12 of 18 two-player games against level 2 (82 points a seat against 73),
taking two station masters a seat where level 2 takes under one; rollouts two rounds long bought no more
at the same playouts. On fresh seeds (from 90000, 32 playouts) it wins 9 of 12 two-player games against
level 2 (3 of 12 at three players against two) and scores 82.4 points a seat against itself; refits on its
own self-play (``bench/train_gwt.py --level4-games``), other prices for its playouts' heuristic, and more
candidates were not better there (bench/README.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from rules.core.rng import Rng
from rules.core.search import Game, search
from rules.core.spec import Budget
from rules.gwt.ai_features import Model, model
from rules.gwt.ai_search import GAME as TRIP_WISE_GAME
from rules.gwt.state import State

OTHERS = {2: 0.0, 3: 0.5, 4: 0.5}  # how much the other seats' average counts against its own value


def value(s: State, seat: int, m: Model | None = None) -> float:
    """The seat's expected final score by the model ``m`` (default the shipped one), less ``OTHERS`` times
    the other seats' average."""
    m = m or model()
    own = m.value(s, seat)
    share = OTHERS[s.n]
    if not share:
        return own
    others = [m.value(s, i) for i in range(s.n) if i != seat]
    return own - share * sum(others) / len(others)


GAME = replace(TRIP_WISE_GAME, value=value)


def game(m: Model) -> Game:
    """Level 4's search with the positions valued by the model ``m`` instead of the shipped one (the
    training script plays level 4 with the weights it learns from)."""
    return replace(TRIP_WISE_GAME, value=partial(value, m=m))


def plan_player(view: dict[str, Any], legal: Sequence[str], rng: Rng, budget: Budget) -> str:
    """Level 4: sampled games decide between the trip-wise heuristic's best moves, each position reached
    valued at what it is worth at the game's end."""
    return search(GAME, view, legal, rng, budget)
