"""Great Western Trail: what a position is worth to a seat at the end of the game, learned from self-play.

A position is read as a few dozen numbers (``features``): the points the seat would score if the game
ended now, and the means that turn into points later (money, certificates, hired workers, buildings,
the engine's place, the herd's breeding value, the hand it holds for Kansas City, its Kansas City visits
and the share of the trip still ahead), each also times the share of the game still to run (a worker
hired early works longer than one hired late). A linear model (``Model``) maps them to the seat's final
score; its weights are data (``data/value_weights.json``), fitted by ridge regression on self-play
outcomes by ``bench/train_gwt.py``. Cheap enough for the search's inner loop: one pass over the seat's
cards and the trail, and the game's own scoring.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.gwt.ai_hand import breeding_value
from rules.gwt.board import own_buildings, permanent_certs
from rules.gwt.content import CATTLE, JOB_COSTS, NEUTRAL_SLOTS, TRACK_INDEX, TRAIL
from rules.gwt.graph import START
from rules.gwt.scoring import score as final_score
from rules.gwt.scoring import whole_deck
from rules.gwt.state import State

WEIGHTS = Path(__file__).resolve().parent / "data" / "value_weights.json"
TRAIL_ORDER = list(TRAIL)
NEUTRAL_ORDER = sorted(TRAIL_ORDER.index(loc) for loc in NEUTRAL_SLOTS)

# The means that fade as the game runs: each is a feature, and again times the share of the game left.
MEANS = ("money", "cert", "perm_cert", "cowboys", "craftsmen", "engineers", "buildings", "engine", "herd",
         "deck", "hand", "trip_left", "stations", "masters")
NAMES = ("bias", "banked", *MEANS, *(f"{m}*left" for m in MEANS), "visits", "visits*left", "progress",
         "final")


def progress(job_token: int) -> float:
    """How far the game has run, 0 to 1: the job market token's row (the game's clock)."""
    return min(1.0, max(0.0, (job_token - 1) / (len(JOB_COSTS) - 2)))


def trip_left(s: State, seat: int) -> float:
    """Share of the neutral buildings between the seat's cattleman and Kansas City."""
    here = TRAIL_ORDER.index(s.players[seat].location or START)
    return sum(1 for i in NEUTRAL_ORDER if i > here) / len(NEUTRAL_ORDER)


def features(s: State, seat: int) -> list[float]:
    """The position as the model reads it, in the order of ``NAMES``."""
    p = s.players[seat]
    points = final_score(s, seat)
    banked = sum(points.values()) - points["money"]  # money counts at its worth while the game runs
    deck = whole_deck(s, seat)
    cowboys, craftsmen, engineers = p.workers
    means = (
        float(p.money), float(p.cert), float(permanent_certs(p)), float(cowboys), float(craftsmen),
        float(engineers), float(len(own_buildings(s, seat))), float(TRACK_INDEX[p.engine]),
        float(sum(CATTLE[c][1] for c in deck if c in CATTLE)), float(len(deck)),
        float(breeding_value(p.hand)), trip_left(s, seat),
        float(sum(1 for seats in s.stations if seat in seats)), float(len(p.masters)),
    )
    done = 1.0 if s.over else progress(s.job_token)
    left = 1.0 - done
    visits = float(sum(seats.count(seat) for seats in s.cities.values()))
    return [1.0, float(banked), *means, *(m * left for m in means), visits, visits * left, done,
            1.0 if s.final_turns is not None else 0.0]


@dataclass(frozen=True)
class Model:
    """A linear model over ``NAMES``: the seat's final score."""

    names: tuple[str, ...]
    weights: tuple[float, ...]

    def predict(self, x: Sequence[float]) -> float:
        return sum(w * v for w, v in zip(self.weights, x, strict=True))

    def value(self, s: State, seat: int) -> float:
        """The seat's expected final score; at the game's end, its score."""
        if s.over:
            return float(sum(final_score(s, seat).values()))
        return self.predict(features(s, seat))


@cache
def model() -> Model:
    """The shipped model (``data/value_weights.json``)."""
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    names = tuple(data["names"])
    if names != NAMES:
        raise ValueError(f"{WEIGHTS.name} was fitted for other features: refit with bench/train_gwt.py")
    return Model(names, tuple(float(w) for w in data["weights"]))
