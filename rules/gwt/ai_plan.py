"""Great Western Trail level 4: the searching level's sampled games, scored half by a value learned from
self-play and half by level 2's hand-set one.

The same search as level 2 (``rules.gwt.ai_search``: the trip-wise heuristic's best moves, tried out in
states dealt from the seat's view, every seat playing on with that heuristic), but a rollout's position
is scored as much by what self-play games showed such positions to be worth at the game's end
(``rules.gwt.ai_features``: the points banked and the means still to turn into points, each fading as
the game runs) as by level 2's prices. At three and four players each counts half the other seats'
average against its own, as level 2 does.

The learned value alone took the railroad (two station masters a seat where level 2 takes under one) and
won 9 of 12 two-player games against level 2, but left the cattle to the others at three players (3 of 12
won against two level 2 seats). Half and half, on fresh seeds from 90000 at 32 playouts: 32 and two ties
of 48 two-player games against level 2 (the same alone, by fewer points), 15 of 24 at three players
against two (8 alone; 20 of 36), 7 of 8 at four against three (2 alone); 81 points a seat against itself
on 8 games (82 alone; 84 on 16). Refits on its own self-play (``bench/train_gwt.py --level4-games``),
other prices for its playouts' heuristic, more candidates and a trip's end priced more dearly were not
better (bench/README.md).
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
from rules.gwt.ai_search import OTHERS
from rules.gwt.ai_search import value as hand_set
from rules.gwt.state import State

# The share of level 2's hand-set value in level 4's: the learned value alone left the cattle to the
# other seats at three and four players; half of each won 15 of 24 three-player games against two level
# 2 (8 alone), 7 of 8 four-player games against three (2 alone), and as many two-player games (32 and two
# ties of 48 either way, by more points; bench/README.md).
HAND_SET = 0.5


def learned(s: State, seat: int, m: Model | None = None) -> float:
    """The seat's expected final score by the model ``m`` (default the shipped one), less ``OTHERS`` times
    the other seats' average (level 2's share: both halves of ``value`` count the others alike)."""
    m = m or model()
    own = m.value(s, seat)
    share = OTHERS[s.n]
    if not share:
        return own
    others = [m.value(s, i) for i in range(s.n) if i != seat]
    return own - share * sum(others) / len(others)


def value(s: State, seat: int, m: Model | None = None) -> float:
    """``learned`` and level 2's hand-set value (``rules.gwt.ai_search.value``, calm: a trip's end priced
    in full), ``HAND_SET`` of the latter."""
    return (1 - HAND_SET) * learned(s, seat, m) + HAND_SET * hand_set(s, seat)


GAME = replace(TRIP_WISE_GAME, value=value)


def game(m: Model) -> Game:
    """Level 4's search with the positions valued by the model ``m`` instead of the shipped one (the
    training script plays level 4 with the weights it learns from)."""
    return replace(TRIP_WISE_GAME, value=partial(value, m=m))


def plan_player(view: dict[str, Any], legal: Sequence[str], rng: Rng, budget: Budget) -> str:
    """Level 4: sampled games decide between the trip-wise heuristic's best moves, each position reached
    valued at what the learned value and level 2's prices say it is worth at the game's end."""
    return search(GAME, view, legal, rng, budget)
