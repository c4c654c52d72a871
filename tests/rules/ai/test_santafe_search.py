"""Santa Fe level 3's rollouts: where they stop and what they see there. Strength is measured in
bench/ai.py, not here."""

from __future__ import annotations

import dataclasses

import pytest

import rules
from rules.core.rng import Rng
from rules.core.search import candidates, playout
from rules.core.spec import Budget
from rules.santafe import ai_search
from rules.santafe.state import CHOOSE, LAY
from tests.rules.ai.test_search import positions

SANTAFE = rules.get("santafe")


def a_decision(players: int, seed: int, phase: str, round_: int):
    """The first decision of ``phase`` in round ``round_`` of a game between level-1 seats: (state, seat)."""
    return next(
        (state, seat)
        for state, seat in positions("santafe", players, seed, {}, every=1)
        if (state.round, state.phase) == (round_, phase)
    )


@pytest.mark.parametrize(("players", "phase"), [(2, CHOOSE), (4, LAY), (5, LAY)])
def test_a_rollout_plays_through_the_next_round(players: int, phase: str) -> None:
    """The position a rollout is valued at is the start of the round after next: the others have
    answered the move and this seat has chosen its next card and laid its next pieces."""
    state, seat = a_decision(players, 7, phase, 2)
    reached = []

    def record(s, _seat):
        reached.append(s)
        return 0.0

    game = dataclasses.replace(ai_search.GAME, value=record)
    move = SANTAFE.legal_moves(state, seat)[0]
    view = SANTAFE.view(state, seat)
    playout(game, ai_search.sample(view, Rng(3)), seat, move, Rng(4))
    end = reached[0]
    assert SANTAFE.is_over(end) or (end.round, end.phase) == (4, CHOOSE)


def test_the_candidates_are_level_2s_best_four() -> None:
    """However large the budget, the search tries level 2's four best moves, its favourite first."""
    state, seat = a_decision(4, 5, LAY, 2)
    view, legal = SANTAFE.view(state, seat), SANTAFE.legal_moves(state, seat)
    assert len(legal) > 4
    picks = candidates(ai_search.GAME, view, legal, Budget(playouts=1000))
    scores = ai_search.rank(view, legal)
    assert len(picks) == 4
    assert sorted((scores[legal.index(m)] for m in picks), reverse=True) == sorted(scores, reverse=True)[:4]
    assert scores[legal.index(picks[0])] == max(scores)
