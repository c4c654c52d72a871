"""The closed sets the engines name by a ``Literal``: every member has what it needs, and a game played
at random meets no value outside them."""

from __future__ import annotations

from typing import get_args

import pytest

import rules
from rules.core.rng import Rng
from rules.core.spec import OptionKind
from rules.gwt.options import GENERATORS, Kind
from rules.gwt.view import PROMPTS
from rules.santafe.state import Phase, Step
from rules.santafe.view import DecisionKind


def test_every_gwt_decision_kind_offers_moves_and_has_a_prompt() -> None:
    assert set(GENERATORS) == set(get_args(Kind))
    assert set(get_args(Kind)) <= set(PROMPTS)


def test_every_option_of_every_game_is_of_a_known_kind() -> None:
    assert {o.kind for spec in rules.specs() for o in spec.options} <= set(get_args(OptionKind))


def decisions_of_a_random_game(game_id: str, seed: int) -> list[tuple[object, ...]]:
    """(decision kind, and for Santa Fe the state's phase and step) at each step of a random game."""
    engine, rng = rules.get(game_id), Rng(seed)
    state = engine.new_game(3, seed, {"advanced": True, "buy_track": True} if game_id == "santafe" else {})
    seen: list[tuple[object, ...]] = []
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        kind = engine.view(state, seat)["decision"]["kind"]
        seen.append((kind, state.phase, state.step) if game_id == "santafe" else (kind,))
        state, _ = engine.play(state, seat, rng.choice(engine.legal_moves(state, seat)))
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_santa_fe_game_stays_within_its_phases_steps_and_decisions(seed: int) -> None:
    seen = decisions_of_a_random_game("santafe", seed)
    assert {kind for kind, _, _ in seen} == set(get_args(DecisionKind))
    assert {phase for _, phase, _ in seen} <= set(get_args(Phase))
    assert {step for _, _, step in seen} <= set(get_args(Step))


def test_a_random_gwt_game_stays_within_its_decision_kinds() -> None:
    assert {kind for (kind,) in decisions_of_a_random_game("gwt", 3)} <= set(get_args(Kind))
