"""Great Western Trail level 4: the searching level's sampled games, scored half by a value learned from
self-play and half by level 2's hand-set one.

The same search as level 2 (``rules.gwt.ai_search``: the trip-wise heuristic's best moves, tried out in
states dealt from the seat's view, every seat playing on with that heuristic), but a rollout's position
is scored as much by what self-play games showed such positions to be worth at the game's end
(``rules.gwt.ai_features``: the points banked and the means still to turn into points, each fading as
the game runs) as by level 2's prices. At three and four players each counts half the other seats'
average against its own, as level 2 does; at two, 0.3 of the other seat's, where level 2 counts its own
alone: a margin wins more often than points of its own.

The learned value alone took the railroad (two station masters a seat where level 2 takes under one) and
won 9 of 12 two-player games against level 2, but left the cattle to the others at three players (3 of 12
won against two level 2 seats). Half and half, on fresh seeds from 90000 at 32 playouts: 32 and two ties
of 48 two-player games against level 2 (the same alone, by fewer points), 15 of 24 at three players
against two (8 alone; 20 of 36), 7 of 8 at four against three (2 alone); 81 points a seat against itself
on 8 games (82 alone; 84 on 16). Counting 0.3 of the other's worth at two players: 74 and a tie of 96
two-player games against level 2 (77 %; 64 and two ties without), 38 of the 48 on seeds from 90048 no
one had tuned on (32 without). Refits on its own self-play (``bench/train_gwt.py --level4-games``),
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
from rules.gwt.ai_search import OTHERS, points
from rules.gwt.state import State

# The share of level 2's hand-set value in level 4's: the learned value alone left the cattle to the
# other seats at three and four players; half of each won 15 of 24 three-player games against two level
# 2 (8 alone), 7 of 8 four-player games against three (2 alone), and as many two-player games (32 and two
# ties of 48 either way, by more points; bench/README.md).
HAND_SET = 0.5
# How much the other seats' average worth counts against the seat's own: level 2's shares at three and
# four players; at two, where level 2 counts its own points alone, 0.3 of the other's won 74 and tied 1
# of 96 games against level 2 where its own alone won 64 and tied 2 (bench/README.md).
RIVALS = {**OTHERS, 2: 0.3}


def worth(s: State, seat: int, m: Model | None = None) -> float:
    """The seat's own worth: its expected final score by the model ``m`` (default the shipped one) and
    level 2's reckoning of its points (``rules.gwt.ai_search.points``, a trip's end priced in full),
    ``HAND_SET`` of the latter."""
    m = m or model()
    return (1 - HAND_SET) * m.value(s, seat) + HAND_SET * points(s, seat)


def value(s: State, seat: int, m: Model | None = None) -> float:
    """The seat's ``worth`` less ``RIVALS`` times the other seats' average worth."""
    m = m or model()  # once for every seat's worth
    own = worth(s, seat, m)
    others = [worth(s, i, m) for i in range(s.n) if i != seat]
    return own - RIVALS[s.n] * sum(others) / len(others)


GAME = replace(TRIP_WISE_GAME, value=value)


def game(m: Model) -> Game:
    """Level 4's search with the positions valued by the model ``m`` instead of the shipped one (the
    training script plays level 4 with the weights it learns from)."""
    return replace(TRIP_WISE_GAME, value=partial(value, m=m))


def plan_player(view: dict[str, Any], legal: Sequence[str], rng: Rng, budget: Budget) -> str:
    """Level 4: sampled games decide between the trip-wise heuristic's best moves, each position reached
    valued at what the learned value and level 2's prices say it is worth at the game's end."""
    return search(GAME, view, legal, rng, budget)
