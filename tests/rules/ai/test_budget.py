"""A computer's thinking time is for a whole turn: ``rules.core.budget`` shares what is left of it across
the turn's decisions, of its CPU time and of its wall-clock cap alike, the searching players take their
share by their game's estimate of the decisions to come and stop at whichever runs out first, and a
decision with one legal move never reaches a player at all."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
import rules.ai
from rules.ai import choose_move
from rules.core import search as search_module
from rules.core.budget import WALL_FACTOR, Turn, per_turn, share
from rules.core.rng import Rng
from rules.core.spec import Budget, Computer
from rules.gwt import ai_plan, ai_race, ai_search
from rules.santafe import ai_search as santafe_search

GWT = rules.get("gwt")
SANTAFE = rules.get("santafe")


def test_a_decision_takes_what_is_left_divided_by_the_decisions_to_come() -> None:
    assert share(Budget(seconds=1.0), 4).seconds == 0.25
    assert share(Budget(seconds=0.6), 1).seconds == 0.6  # the last one foreseen gets all that is left
    assert share(Budget(seconds=0.6), 0.2).seconds == 0.6  # never more than is left
    assert share(Budget(seconds=-0.1), 3).seconds == 0.0  # a turn that overran has nothing left


def test_a_budget_of_playouts_is_per_decision_and_not_shared_out() -> None:
    budget = Budget(playouts=32)
    assert share(budget, 5) == budget
    turn = Turn(budget)
    turn.spend(3.0)
    assert turn.left() == budget


def test_a_turn_counts_down_what_its_decisions_used_and_never_goes_below_nothing() -> None:
    turn = Turn(Budget(seconds=1.0))
    assert turn.left().seconds == 1.0
    turn.spend(0.3)
    turn.spend(0.0)  # a lone legal move costs nothing
    assert turn.left().seconds == pytest.approx(0.7) and turn.decisions == 2
    turn.spend(2.0)  # one decision overran the turn
    assert turn.left().seconds == 0.0
    assert share(turn.left(), 3).seconds == 0.0


@settings(deadline=None)  # arithmetic: how long an example takes says only how busy the machine is
@given(
    seconds=st.floats(0.01, 60),
    estimates=st.lists(st.floats(0.0, 25), min_size=1, max_size=30),
    thrift=st.lists(st.floats(0.0, 1.0), min_size=30, max_size=30),
)
def test_a_turn_of_n_decisions_never_thinks_longer_than_its_budget(
    seconds: float, estimates: list[float], thrift: list[float]
) -> None:
    """Whatever the estimates of the decisions to come (good or bad), decisions that keep to their shares
    never think longer than the turn's budget in all, by CPU time or by the wall clock; when each uses its
    whole share, the shares themselves add up to no more than the budget."""
    spender, whole = Turn(per_turn(seconds)), Turn(per_turn(seconds))
    shares, walls = [], []
    for estimate, used in zip(estimates, thrift, strict=False):
        given = share(spender.left(), estimate)
        spender.spend(given.seconds * used, (given.wall or 0.0) * used)
        given_now = share(whole.left(), estimate)
        shares.append(given_now.seconds)
        walls.append(given_now.wall or 0.0)
        whole.spend(given_now.seconds, given_now.wall)
    assert spender.used <= seconds * (1 + 1e-9)
    assert spender.waited <= seconds * WALL_FACTOR * (1 + 1e-9)
    assert sum(shares) <= seconds * (1 + 1e-9)
    assert sum(walls) <= seconds * WALL_FACTOR * (1 + 1e-9)


def test_a_turn_s_budget_is_capped_by_the_wall_clock_as_well_and_shared_out_alike() -> None:
    budget = per_turn(2.0)
    assert budget == Budget(seconds=2.0, wall=2.0 * WALL_FACTOR)
    assert WALL_FACTOR >= 1  # on a quiet host the CPU time ends the thinking
    assert share(Budget(seconds=1.0, wall=2.0), 4) == Budget(seconds=0.25, wall=0.5)
    assert share(Budget(seconds=1.0, wall=-0.5), 2).wall == 0.0  # a turn that overran the clock
    assert share(Budget(seconds=1.0), 4).wall is None  # no cap given, none made up


def test_a_turn_counts_down_its_wall_clock_too_and_ends_when_either_runs_out() -> None:
    """A busy host stretches a decision's CPU time by the wall clock: the turn's wall-clock cap then runs
    out first, though CPU time is left."""
    turn = Turn(Budget(seconds=1.0, wall=1.25))
    turn.spend(0.2, 0.9)  # a core shared with others: 0.2 s of CPU took 0.9 s
    assert (turn.left().seconds, turn.left().wall) == pytest.approx((0.8, 0.35))
    turn.spend(0.1, 0.5)
    assert turn.left().seconds == pytest.approx(0.7) and turn.left().wall == 0.0
    turn.spend(0.3)  # unmeasured: no less than its CPU time
    assert turn.waited == pytest.approx(1.7) and turn.decisions == 3


class FakeClocks:
    """The search's clocks, on which each playout takes ``cpu`` seconds of CPU and ``wall`` seconds by the
    wall clock: no real time passes."""

    def __init__(self, cpu: float, wall: float) -> None:
        self.cpu, self.wall = cpu, wall
        self.readings = {"cpu": 0.0, "wall": 0.0}
        self.playouts = 0

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        playout = search_module.playout

        def timed(*args: Any) -> float:
            self.playouts += 1
            self.readings["cpu"] += self.cpu
            self.readings["wall"] += self.wall
            return playout(*args)

        monkeypatch.setattr(search_module, "playout", timed)
        monkeypatch.setattr(search_module, "cpu_clock", lambda: self.readings["cpu"])
        monkeypatch.setattr(search_module, "wall_clock", lambda: self.readings["wall"])


@pytest.mark.parametrize(
    ("game_id", "module"),
    [("gwt", ai_search), ("gwt", ai_race), ("gwt", ai_plan), ("santafe", santafe_search)],
)
def test_the_search_stops_at_its_wall_clock_share_though_cpu_time_is_left(
    monkeypatch: pytest.MonkeyPatch, game_id: str, module: Any
) -> None:
    """On a host so busy that a playout's 10 ms of CPU take 100 ms by the wall clock, a decision given
    a minute of CPU but half a second by the wall clock stops within that half second; its move is legal."""
    clocks = FakeClocks(cpu=0.01, wall=0.1)
    clocks.install(monkeypatch)
    view, legal = _position(rules.get(game_id), 2, 3, 0)
    game = replace(module.GAME, decisions=lambda view: 1.0)
    move = search_module.search(game, view, legal, Rng(5), Budget(seconds=60.0, wall=0.5))
    assert move in legal
    assert 0 < clocks.playouts <= 5 and clocks.readings["wall"] <= 0.5
    assert clocks.readings["cpu"] < 0.1  # nowhere near the minute of CPU


def test_the_search_keeps_to_its_cpu_share_when_the_host_is_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """A core to itself: CPU time and the wall clock run alike, and the CPU share (the smaller) ends it."""
    clocks = FakeClocks(cpu=0.1, wall=0.1)
    clocks.install(monkeypatch)
    view, legal = _position(GWT, 2, 3, 0)
    game = replace(ai_search.GAME, decisions=lambda view: 1.0)
    assert search_module.search(game, view, legal, Rng(5), per_turn(0.5)) in legal
    assert clocks.playouts == 4 and clocks.readings["cpu"] <= 0.5  # a fifth would not fit


def test_a_decision_with_no_wall_clock_left_plays_the_heuristic_s_favourite_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clocks = FakeClocks(cpu=0.01, wall=0.1)
    clocks.install(monkeypatch)
    view, legal = _position(GWT, 2, 3, 0)
    spent = Budget(seconds=1.0, wall=0.0)
    move = search_module.search(ai_search.GAME, view, legal, Rng(5), spent)
    assert clocks.playouts == 0
    assert move == search_module.candidates(ai_search.GAME, view, legal, spent)[0]


def _position(engine: Any, players: int, seed: int, decisions: int) -> tuple[dict[str, Any], list[str]]:
    """The view and legal moves of the seat to act after ``decisions`` first legal moves."""
    state = engine.new_game(players, seed, {})
    for _ in range(decisions):
        seat = min(engine.to_act(state))
        state, _ = engine.play(state, seat, engine.legal_moves(state, seat)[0])
    seat = min(engine.to_act(state))
    return engine.view(state, seat), engine.legal_moves(state, seat)


def test_the_search_thinks_within_its_share_of_what_is_left_of_the_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search's meter gets what is left of the turn divided by the decisions its game foresees."""
    given_budgets: list[Budget] = []

    class Meter(search_module._Meter):
        def __init__(self, budget: Budget) -> None:
            given_budgets.append(budget)
            super().__init__(budget)

        def room(self) -> bool:
            return False  # no playout: only the budget given matters here

    monkeypatch.setattr(search_module, "_Meter", Meter)
    view, legal = _position(GWT, 2, 1, 0)
    game = replace(ai_search.GAME, decisions=lambda view: 4.0)
    search_module.search(game, view, legal, Rng(1), Budget(seconds=1.0))
    assert [b.seconds for b in given_budgets] == [0.25]


def test_great_western_trail_foresees_the_decisions_left_in_the_turn_from_the_pending_steps() -> None:
    """The pending steps' decisions, and one more kept in reserve for what they do not show yet."""
    start, _ = _position(GWT, 2, 1, 0)  # the first move: then some two at the place reached
    assert ai_search.decisions(start) == 3 + ai_search.UNFORESEEN
    at_place, _ = _position(GWT, 2, 1, 1)  # an unused place: an action, then another or done
    assert at_place["pending"][-1]["k"] == "loc" and ai_search.decisions(at_place) == 2 + ai_search.UNFORESEEN
    # never less than the one at hand
    assert ai_search.decisions({"pending": [{"k": "end_turn"}]}) == 1 + ai_search.UNFORESEEN
    kansas_city = [{"k": "end_turn"}, {"k": "deliver"}, {"k": "income"}, {"k": "foresight"}]
    assert ai_search.decisions({"pending": kansas_city}) == 4 + ai_search.UNFORESEEN
    assert ai_race.GAME.decisions is ai_search.decisions
    assert ai_plan.GAME.decisions is ai_search.decisions


def test_no_great_western_trail_decision_takes_all_that_is_left_of_the_turn() -> None:
    """A purchase an action opens, an objective, a station master's tile: the pending steps do not show
    them yet, so every decision leaves some of the turn for them."""
    for decisions in range(40):
        view, _ = _position(GWT, 2, 3, decisions)
        assert share(Budget(seconds=1.0), ai_search.decisions(view)).seconds <= 0.5, view["pending"]


def test_a_santa_fe_card_choice_is_a_turn_of_its_own() -> None:
    view, _ = _position(SANTAFE, 3, 1, 0)
    assert view["phase"] == "choose" and santafe_search.decisions(view) == 1
    laying = {**view, "phase": "lay", "pieces_laid": 0}
    laying["seats"] = [dict(s, double_turn=True) for s in view["seats"]]
    assert santafe_search.decisions(laying) == 2  # a Double Turn card in play: two pieces to lay
    assert santafe_search.decisions({**laying, "pieces_laid": 1}) == 1


def test_a_lone_legal_move_never_reaches_the_player(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []

    def counting(view: dict[str, Any], legal: list[str], rng: Rng, budget: Budget) -> str:
        calls.append(list(legal))
        return legal[-1]

    thinker = Computer("counts its calls", counting, thinks=True)
    monkeypatch.setattr(rules.ai, "players_for", lambda game_id: {0: rules.ai.RANDOM_PLAYER, 1: thinker})
    assert choose_move("gwt", {}, ["done"], 1, 7) == "done"
    assert calls == []
    assert choose_move("gwt", {}, ["buy", "done"], 1, 7) == "done"
    assert calls == [["buy", "done"]]


@pytest.mark.parametrize(
    ("game_id", "level", "module"),
    [
        ("gwt", 2, ai_search),
        ("gwt", 3, ai_race),
        ("gwt", 4, ai_plan),
        ("santafe", 3, santafe_search),
    ],
)
def test_a_lone_legal_move_never_reaches_the_search(
    monkeypatch: pytest.MonkeyPatch, game_id: str, level: int, module: Any
) -> None:
    """Every searching level answers a decision of one legal move (``done`` alone, say) without searching."""
    searched: list[list[str]] = []

    def counting(game: Any, view: dict[str, Any], legal: list[str], rng: Rng, budget: Budget) -> str:
        searched.append(list(legal))
        return legal[0]

    monkeypatch.setattr(module, "search", counting)
    view, legal = _position(rules.get(game_id), 2, 3, 0)
    assert choose_move(game_id, view, legal[:1], level, 5, Budget(seconds=1.0)) == legal[0]
    assert searched == []
    choose_move(game_id, view, legal[:2], level, 5, Budget(seconds=1.0))
    assert searched == [legal[:2]]  # the counting stand-in is the one a real choice reaches
