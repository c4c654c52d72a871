"""Great Western Trail level 2: the trip-wise heuristic's best moves, tried out in sampled games.

Each candidate is played in states dealt from the seat's view (``rules.gwt.sample``); every seat then
plays on with the trip-wise heuristic (``rules.gwt.ai.TRIP_WISE``) until the searching seat has finished
its next turn, and the position is scored as the game would score it now plus what the seat's means are
still worth at that heuristic's rates (``points``; at three and four players less half the others'). A
trip's end is priced only as far as the heuristic is calm when the search starts: while an opponent is
ahead in Kansas City visits it hurries, and so does the search. ``rules.core.search`` spends the budget.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from rules.core.protocol import plain
from rules.core.rng import Rng
from rules.core.search import Game, search
from rules.core.spec import Budget
from rules.gwt import RULES
from rules.gwt.ai import (
    TRIP_END,
    TRIP_WISE,
    Table,
    building_use,
    cert_worth,
    dollar_worth,
    game_progress,
    hurry,
    scores,
    trip_wise_player,
    worker_use,
)
from rules.gwt.ai_hand import breeding_value
from rules.gwt.board import building_code, own_buildings
from rules.gwt.content import CATTLE, NEUTRAL_SLOTS, TRACK_INDEX, TRAIL
from rules.gwt.graph import START
from rules.gwt.sample import sample
from rules.gwt.scoring import score as final_score
from rules.gwt.scoring import whole_deck
from rules.gwt.state import Player, State
from rules.gwt.view import build_view

WORKERS = ("cowboy", "craftsman", "engineer")  # the order of ``Player.workers``
TRAIL_ORDER = list(TRAIL)  # from the start to Kansas City, branch by branch
W = TRIP_WISE
OTHERS = {2: 0.0, 3: 0.5, 4: 0.5}  # how much the other seats' average counts against its own points


def rank(view: dict[str, Any], legal: Sequence[str]) -> list[float]:
    """The trip-wise heuristic's score of each legal move."""
    return scores(view, legal, W)


def score_now(s: State, seat: int) -> float:
    """The seat's score if the game ended now; while it runs, without the money (the cut-off values count
    money at its worth while the game runs)."""
    now = sum(final_score(s, seat).values())
    return now if s.over else now - s.players[seat].money // 5


def hired(p: Player) -> Iterator[tuple[str, int]]:
    """Each worker hired beyond the first of its type, as (type, how many of it the player had before)."""
    for kind, count in zip(WORKERS, p.workers, strict=True):
        for k in range(1, min(count, 6)):
            yield kind, k


def points(s: State, seat: int, calm: float = 1.0) -> float:
    """The seat's score if the game ended now, plus what its means are worth while the game runs, at the
    trip-wise heuristic's rates: money, temporary certificates, the use left in its hired workers and its
    buildings (fading as the job market fills, the game's clock), its herd's breeding value, the hand it
    holds for Kansas City and its engine's place on the railroad; less the heuristic's price of each trip
    ended at Kansas City (the share of the current trip still ahead not yet spent), in the share ``calm``
    the heuristic would count it (none while hurrying)."""
    now = score_now(s, seat)
    if s.over:
        return now
    p = s.players[seat]
    progress = game_progress(s.job_token)
    workers = sum(worker_use(W, kind, k, progress) for kind, k in hired(p))
    cert = cert_worth(W, progress, s.final_turns is not None)
    codes = [building_code(s.trail[loc]) for loc in own_buildings(s, seat)]
    buildings = sum(building_use(W, code, progress) for code in codes if code)
    herd = W.breed_weight * sum(CATTLE[c][1] for c in whole_deck(s, seat) if c in CATTLE)
    trips = sum(seats.count(seat) for seats in s.cities.values())  # each delivery ended a trip
    hand = W.hand_gain * breeding_value(p.hand) + W.engine_step * TRACK_INDEX[p.engine]
    means = p.money * dollar_worth(progress) + p.cert * cert + workers + buildings + herd + hand
    return now + means - calm * TRIP_END * (trips + 1 - trip_left(s, seat))


def trip_left(s: State, seat: int) -> float:
    """Share of the current trip still ahead: the neutral buildings between the cattleman and Kansas City."""
    where = s.players[seat].location or START
    here = TRAIL_ORDER.index(where)
    return sum(1 for loc in NEUTRAL_SLOTS if TRAIL_ORDER.index(loc) > here) / len(NEUTRAL_SLOTS)


def value(s: State, seat: int, calm: float = 1.0) -> float:
    """The seat's own points, less ``OTHERS`` times the other seats' average. At two players it values
    its own points alone: valuing half the other's too won no more often against level 1 (73% of 48
    games against 72% of 100) and scored less against itself (72 against 75), and valuing its lead
    raced to Kansas City (some 47 to 68 points against itself). At three players, valuing half the
    others' won 70% of 20 games against level 1, its own points alone 55%, its lead 55%."""
    own = points(s, seat, calm)
    if not OTHERS[s.n]:
        return own
    others = [points(s, i, calm) for i in range(s.n) if i != seat]
    return own - OTHERS[s.n] * sum(others) / len(others)


def clock(s: State) -> int:
    return s.turn


def horizon(s: State) -> int:
    """A rollout ends when the searching seat's next turn is over: every other seat has had one turn."""
    return s.turn + s.n + 1


# The decisions each pending step of the view still holds, the one at hand included (see ``decisions``).
STEPS = {"first": 3, "turn": 3, "deliver": 2}
# Kept in reserve for what the pending steps do not show yet (a purchase an action opens, an objective,
# a station master's tile): without it the last decision foreseen took all that was left, and 10 % of a
# level-2 seat's searched decisions had under a tenth of a second, most of them none (bench/README.md).
UNFORESEEN = 1


def decisions(view: dict[str, Any]) -> float:
    """An estimate of the decisions the seat still takes in its turn, by its pending steps (the view's
    stack; the turn's end itself is free): a move is followed by some two at the place it reaches; an
    unused place holds two (an action, then another or ``done``), a used one one; a delivery its city's
    disc too; anything else (a purchase, a bonus, each Kansas City phase) one; and ``UNFORESEEN``. Over
    three games of level 3 the searched decisions of a turn were 2 to 7, some 4 on average. A decision's
    move hardly changes past a third of a second (``bench/agreement.py``), so a smaller share costs less
    than none."""
    steps = [p for p in view.get("pending", []) if p.get("k") != "end_turn"]
    foreseen = sum(2 if p["k"] == "loc" and not p.get("used") else STEPS.get(p["k"], 1) for p in steps)
    return max(1.0, foreseen) + UNFORESEEN


def quick_view(s: State, seat: int) -> dict[str, Any]:
    """The view without its words, as the playouts' players read it."""
    return plain(build_view(s, seat, words=False))


GAME = Game(RULES, sample, trip_wise_player, rank, value, clock, horizon, decisions=decisions,
            step=RULES.advance, look=quick_view)


def search_player(view: dict[str, Any], legal: Sequence[str], rng: Rng, budget: Budget) -> str:
    """Level 2: sampled games decide between the trip-wise heuristic's best moves (one round of turns
    ahead)."""
    calm = 1 - hurry(Table.from_view(view, W))  # as calm as the heuristic is now
    return search(replace(GAME, value=partial(value, calm=calm)), view, legal, rng, budget)
