"""Santa Fe level 3: the lookahead's (level 2's) best moves, tried out in sampled games.

Each candidate is played in states dealt from the seat's view (``rules.santafe.sample``); every seat
then plays on with the level-1 heuristic to the end of the next round, and the position is scored for each
seat as its money plus its played city cards times the railroads likely to reach them by the end (the
level-1 player's hope for each railroad and city), against the other seats' average. ``rules.core.search``
spends the budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.rng import Rng
from rules.core.search import Game, lead, search
from rules.core.spec import Budget
from rules.santafe import RULES
from rules.santafe import board as B
from rules.santafe.ai import Network, heuristic_player, lookahead_scores
from rules.santafe.sample import sample
from rules.santafe.state import SantaFeState
from rules.santafe.view import city_points

# A rollout ends when the round after the searching decision's ends: a piece laid now mostly pays off
# once the others have answered it and this seat's next card is down (at 3-5 players a cut-off at the end
# of the same round left the search a few points ahead of level 2, this one clearly ahead).
ROUNDS_AHEAD = 1


def rank(view: dict[str, Any], legal: Sequence[str]) -> list[float]:
    """The level-2 score of each legal move: its favourite is what level 3 plays unless the search
    clearly finds better."""
    return lookahead_scores(view, legal)


def value(s: SantaFeState, seat: int) -> float:
    if s.over:
        return lead([s.money[p] + city_points(s, p) for p in range(s.players)], seat)
    net = Network(s.occupant, s.line_owner, s.heads, s.connected, s.supply)
    railroads = [0.0] * B.CITY_COUNT  # how many railroads each city may expect
    for r in range(len(B.RAILROADS)):
        for c, hope in enumerate(net.reach(r)):
            railroads[c] += hope
    return lead(
        [s.money[p] + sum(B.CITY_VALUE[c] * railroads[c] for c in s.played[p]) for p in range(s.players)],
        seat,
    )


def clock(s: SantaFeState) -> int:
    return s.round


def horizon(s: SantaFeState) -> int:
    return s.round + ROUNDS_AHEAD + 1


def decisions(view: dict[str, Any]) -> float:
    """The decisions the seat still takes in its turn: while it lays track, the pieces it may still lay
    (two with a Double Turn card in play); otherwise one (a card choice is a turn of its own)."""
    if view.get("phase") != "lay":
        return 1.0
    mine = view["seats"][view["viewer"]]
    laid: int = view.get("pieces_laid", 0)
    return max(1.0, (2 if mine.get("double_turn") else 1) - laid)


# Four candidates, not eight: level 2's best few hold the moves worth trying, and at a small budget each
# gets more sampled worlds (4 players, 32 playouts: 60% wins against 50%, 40 games).
GAME = Game(RULES, sample, heuristic_player, rank, value, clock, horizon, width=4, decisions=decisions)


def search_player(view: dict[str, Any], legal: Sequence[str], rng: Rng, budget: Budget) -> str:
    """Level 3: sampled games decide between level 2's best moves (to the end of the next round)."""
    return search(GAME, view, legal, rng, budget)
