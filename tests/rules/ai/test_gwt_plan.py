"""Great Western Trail level 4: the search scored by the value learned from self-play, half and half with
level 2's hand-set one, less a share of the other seats' worth. It plays only legal moves, keeps to its
budget like the other searching levels (tests/rules/ai/test_budget.py), and the training script's steps
are deterministic, so the shipped weights are what ``bench/train_gwt.py`` gives (assertions about values
and moves, never about strength: that is measured in bench/ai.py)."""

from __future__ import annotations

import json

import pytest

import rules
from bench.train_gwt import POLICY, Search, fit, fit_towards, play, play_level_4, train
from rules.ai import choose_move
from rules.core.spec import Budget
from rules.gwt import RULES, ai_plan, ai_search
from rules.gwt.ai_features import NAMES, WEIGHTS, Model, features, model
from rules.gwt.scoring import score as final_score
from rules.gwt.state import State
from tests.rules.ai.test_search import positions


def test_the_shipped_weights_fit_the_features_and_say_how_they_were_trained() -> None:
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    assert tuple(data["names"]) == NAMES and len(data["weights"]) == len(NAMES)
    assert {"games", "first", "ridge"} <= set(data["trained"])
    state, seat = next(positions("gwt", 2, 5, {}, every=40))
    assert len(features(state, seat)) == len(NAMES)


def test_a_finished_game_is_worth_its_score_and_a_running_one_its_prediction() -> None:
    engine = rules.get("gwt")
    state = engine.new_game(2, 4, {})
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        state, _ = engine.play(
            state,
            seat,
            choose_move("gwt", engine.view(state, seat), engine.legal_moves(state, seat), 1, state.turn),
        )
    m = model()
    assert m.value(state, 0) == sum(final_score(state, 0).values())
    running, seat = next(positions("gwt", 2, 4, {}, every=50))
    assert m.value(running, seat) == pytest.approx(m.predict(features(running, seat)))


def position(players: int, seed: int = 5) -> tuple[State, int]:
    """The 61st position of a game of ``players`` (a copy, the seat to act)."""
    return next(
        (st.copy(), se) for n, (st, se) in enumerate(positions("gwt", players, seed, {}, every=1)) if n >= 60
    )


def test_points_banked_raise_the_value() -> None:
    """A hazard tile's points are points the seat keeps: the value rises with them."""
    state, seat = position(2, seed=6)
    richer = state.copy()
    richer.players[seat].hazards.append("flood-4g")
    assert model().value(richer, seat) > model().value(state, seat)


def test_a_seats_worth_is_half_learned_and_half_level_2s_reckoning() -> None:
    state, seat = position(2)
    both = model().value(state, seat), ai_search.points(state, seat)
    assert both[0] != both[1]
    assert ai_plan.worth(state, seat) == pytest.approx(sum(both) / 2)


@pytest.mark.parametrize(("players", "share"), [(2, 0.3), (3, 0.5), (4, 0.5)])
def test_the_others_average_worth_counts_against_the_seats_own(players: int, share: float) -> None:
    """A share of the others' average: 0.3 of the one other at two players, half at three and four (as
    level 2 counts the others there)."""
    state, seat = position(players)
    others = [ai_plan.worth(state, i) for i in range(players) if i != seat]
    expected = ai_plan.worth(state, seat) - share * sum(others) / len(others)
    assert ai_plan.value(state, seat) == pytest.approx(expected)


def test_at_three_players_each_half_counts_the_others_as_level_2_does() -> None:
    """The blend of two values that each count half the others' average is that of the seats' worths."""
    state, seat = position(3)
    m = model()
    learned = m.value(state, seat) - 0.5 * sum(m.value(state, i) for i in range(3) if i != seat) / 2
    assert ai_plan.value(state, seat) == pytest.approx((learned + ai_search.value(state, seat)) / 2)


@pytest.mark.parametrize("players", [2, 3])
def test_level_4_plays_whole_games_with_legal_moves_only(players: int) -> None:
    """Level 4 in every seat, a few playouts a decision, a whole game: every move it makes is legal."""
    state = RULES.new_game(players, 21 + players, {})
    decisions = 0
    while not RULES.is_over(state) and decisions < 5000:
        seat = min(RULES.to_act(state))
        legal = RULES.legal_moves(state, seat)
        move = choose_move("gwt", RULES.view(state, seat), legal, 4, decisions, Budget(playouts=3))
        assert move in legal
        state, _ = RULES.play(state, seat, move)
        decisions += 1
    assert RULES.is_over(state)


def test_the_fit_recovers_a_linear_rule_exactly() -> None:
    """Rows made by a known linear rule: a fit with a tiny penalty gives back its weights."""
    rows = [
        ([1.0, float(a), float(b), float(a * b % 7)], 3.0 + 2.0 * a - 0.5 * b + 0.25 * (a * b % 7))
        for a in range(9)
        for b in range(11)
    ]
    weights = fit(rows, ridge=1e-9)
    assert weights == pytest.approx([3.0, 2.0, -0.5, 0.25], abs=1e-4)


def test_a_fit_towards_prior_weights_keeps_to_them_as_far_as_its_penalty_says() -> None:
    """A tiny penalty gives the plain fit whatever the prior; a huge one keeps the prior's weights and
    moves only the bias (unpenalised) to where the rows are."""
    rows = [
        ([1.0, float(a), float(b)], 10.0 + 2.0 * a - 0.5 * b + (a * b % 3))
        for a in range(9)
        for b in range(11)
    ]
    prior = [0.0, 1.0, 1.0]
    assert fit_towards(rows, 1e-9, prior) == pytest.approx(fit(rows, 1e-9), abs=1e-4)
    far = fit_towards(rows, 1e12, prior)
    assert far[1:] == pytest.approx(prior[1:], abs=1e-4)
    assert far[0] == pytest.approx(sum(y - x[1] - x[2] for x, y in rows) / len(rows), abs=1e-3)


def test_training_is_deterministic() -> None:
    """The same seeds give the same games and the same weights, in one process or two."""
    assert play(3) == play(3) and play(3)
    once, _ = train(0, 6, 1.0, jobs=1)
    again, _ = train(0, 6, 1.0, jobs=2)
    assert once == again and len(once) == len(NAMES)
    assert Model(NAMES, tuple(once)).predict(play(3)[0][0]) == pytest.approx(
        sum(w * x for w, x in zip(once, play(3)[0][0], strict=True))
    )


def test_level_4_self_play_is_recorded_reproducibly_with_the_final_scores() -> None:
    """The value-iteration games: level 4 against itself at a fixed number of playouts gives the same game
    each time, one row per seat per turn, each paired with that seat's final score."""
    policy = Search(1, 7, POLICY, playouts=2).weights()
    rows = play_level_4(7, policy, 2)
    assert rows and rows == play_level_4(7, policy, 2)
    assert all(len(x) == len(NAMES) and x[0] == 1.0 for x, _ in rows)
    assert len({y for _, y in rows}) <= 2  # two seats, two final scores


def test_training_on_level_4_games_as_well_is_deterministic_and_says_so() -> None:
    search = Search(2, 7, POLICY, playouts=2, weight=2)
    once, figures = train(0, 0, 1.0, jobs=1, level4=search)
    again, _ = train(0, 0, 1.0, jobs=2, level4=search)
    assert once == again and len(once) == len(NAMES)
    assert figures["rows"] == 2 * len(play_level_4(7, search.weights(), 2)) and figures["held_rows"]
    assert search.describe() == {"games": 2, "first": 7, "policy": POLICY.name, "playouts": 2, "weight": 2}


def test_level_4_can_search_with_another_model() -> None:
    """The training plays level 4 with the weights it learns from: the search's value is that model's."""
    state, seat = position(2, seed=6)
    flat = Model(NAMES, (5.0,) + (0.0,) * (len(NAMES) - 1))
    own, other = ai_search.points(state, seat), ai_search.points(state, 1 - seat)
    assert ai_plan.game(flat).value(state, seat) == pytest.approx((5.0 + own) / 2 - 0.3 * (5.0 + other) / 2)
    assert ai_plan.GAME.value(state, seat) == pytest.approx(ai_plan.value(state, seat, model()))
