"""Great Western Trail level 2: the level-1 heuristic's best moves, tried out in sampled games.

Each candidate is played in states dealt from the seat's view (``rules.gwt.sample``); every seat then
plays on with the level-1 heuristic until the searching seat has finished its next turn, and the
position is scored as the game would score it now plus what money, certificates and workers are still
worth (``points``), against the other seats' average. ``rules.core.search`` spends the budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.rng import Rng
from rules.core.search import Game, lead, search
from rules.core.spec import Budget
from rules.gwt import RULES
from rules.gwt.ai import (
    CERT_FADE,
    CERT_WORTH,
    MONEY,
    WORKER_SCALE,
    WORKER_WORTH,
    Table,
    heuristic_player,
    score,
)
from rules.gwt.content import JOB_COSTS
from rules.gwt.sample import sample
from rules.gwt.scoring import score as final_score
from rules.gwt.state import State

WORKERS = ("cowboy", "craftsman", "engineer")  # the order of ``Player.workers``


def rank(view: dict[str, Any], legal: Sequence[str]) -> list[float]:
    """The level-1 score of each legal move."""
    t = Table.from_view(view)
    kind = view["decision"]["kind"] if view.get("decision") else ""
    return [score(t, kind, m) for m in legal]


def points(s: State, seat: int) -> float:
    """The seat's score if the game ended now, plus what its means are worth while the game runs (the
    level-1 player's rates): money, temporary certificates and hired workers, fading as the job market
    fills (the game's clock)."""
    p = s.players[seat]
    now = sum(final_score(s, seat).values())
    if s.over:
        return now
    now -= p.money // 5  # money is counted below at its worth while the game runs
    progress = min(1.0, max(0.0, (s.job_token - 1) / (len(JOB_COSTS) - 2)))
    dollar = MONEY - (MONEY - 0.2) * progress
    cert = 0.0 if s.final_turns is not None else CERT_WORTH * (1 - CERT_FADE * progress)
    workers = sum(
        WORKER_WORTH[kind][k]
        for kind, count in zip(WORKERS, p.workers, strict=True)
        for k in range(1, min(count, 6))
    )
    return now + p.money * dollar + p.cert * cert + workers * WORKER_SCALE * (1 - progress)


def value(s: State, seat: int) -> float:
    return lead([points(s, i) for i in range(s.n)], seat)


def clock(s: State) -> int:
    return s.turn


def horizon(s: State) -> int:
    """A rollout ends when the searching seat's next turn is over: every other seat has had one turn."""
    return s.turn + s.n + 1


GAME = Game(RULES, sample, heuristic_player, rank, value, clock, horizon)


def search_player(view: dict[str, Any], legal: Sequence[str], rng: Rng, budget: Budget) -> str:
    """Level 2: sampled games decide between the heuristic's best moves (one round of turns ahead)."""
    return search(GAME, view, legal, rng, budget)
