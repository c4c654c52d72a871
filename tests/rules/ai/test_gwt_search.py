"""The Great Western Trail search's value of a position at the cut-off: the searcher's own points, with
its means counted at the trip-wise heuristic's rates, a trip's end counted as far as that heuristic is calm
(assertions about values, never about strength)."""

from __future__ import annotations

import pytest

from rules.core.rng import Rng
from rules.gwt import RULES
from rules.gwt.ai import TRIP_END, TRIP_WISE, building_use, game_progress, trip_wise_player
from rules.gwt.ai_search import OTHERS, points, trip_left, value
from rules.gwt.content import BUILDINGS
from rules.gwt.view import build_view
from tests.rules.ai.test_search import positions


def mid_game():
    """A position some way into a two-player game between level-1 players, with no one's building on
    space B-2 yet."""
    for n, (state, seat) in enumerate(positions("gwt", 2, 5, {}, every=1)):
        if n >= 60 and state.trail["B-2"] is None and state.players[seat].location not in (None, "G"):
            return state.copy(), seat
    raise AssertionError("no such position")


def test_values_its_own_points_only() -> None:
    """Another seat's gain leaves the searcher's value as it was; its own gain raises it point for point."""
    state, seat = mid_game()
    richer = state.copy()
    other = richer.players[1 - seat]
    other.money += 20
    other.hazards.append("flood-4g")
    assert points(richer, 1 - seat) > points(state, 1 - seat)
    assert value(richer, seat) == pytest.approx(value(state, seat))
    mine = state.copy()
    mine.players[seat].hazards.append("flood-4g")
    assert value(mine, seat) - value(state, seat) == pytest.approx(points(mine, seat) - points(state, seat))
    assert value(mine, seat) > value(state, seat)


def test_a_building_counts_its_use_beside_its_points() -> None:
    """An own building on the trail is worth its printed points and the use of its actions still to come."""
    state, seat = mid_game()
    built = state.copy()
    built.trail["B-2"] = f"3a@{seat}"
    gain = BUILDINGS["3a"][1] + building_use(TRIP_WISE, "3a", game_progress(state.job_token))
    assert gain > BUILDINGS["3a"][1]
    assert points(built, seat) - points(state, seat) == pytest.approx(gain)


def test_the_trail_still_ahead_is_worth_something() -> None:
    """The same position with the cattleman further back on the trail (more of the trip still ahead) is
    worth more: a walk that rushes to Kansas City gives up stops the game will not give back."""
    state, seat = mid_game()
    early, late = state.copy(), state.copy()
    early.players[seat].location = "A"
    late.players[seat].location = "G"
    assert points(early, seat) > points(late, seat)


def test_a_hurrying_searcher_does_not_count_its_trips() -> None:
    """Calm, each trip ended (and the share of the current one walked) costs ``TRIP_END``; hurrying, the
    value counts no such price, as the heuristic does not, and half calm counts half of it."""
    state, seat = mid_game()
    trips = sum(seats.count(seat) for seats in state.cities.values())
    price = TRIP_END * (trips + 1 - trip_left(state, seat))
    assert price > 0
    assert value(state, seat, calm=0.0) - value(state, seat) == pytest.approx(price)
    assert value(state, seat, calm=0.5) - value(state, seat) == pytest.approx(price / 2)


def test_at_three_players_the_others_count_at_half() -> None:
    """At three players another seat's gain lowers the searcher's value by half its share of the others'
    average; at two players it does not count at all."""
    state, seat = next(
        (st.copy(), se) for n, (st, se) in enumerate(positions("gwt", 3, 5, {}, every=1)) if n >= 60
    )
    other = (seat + 1) % 3
    richer = state.copy()
    richer.players[other].money += 20
    gain = points(richer, other) - points(state, other)
    assert gain > 0 and OTHERS[3] == 0.5 and OTHERS[2] == 0.0
    assert value(state, seat) - value(richer, seat) == pytest.approx(0.5 * gain / 2)


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (4, {"neutral": "random", "building_sides": "random"})]
)
def test_the_playouts_quick_step_reaches_the_state_play_reaches(players: int, options: dict) -> None:
    """``advance`` (a playout's move, without the words of its events) leaves every legal move's state
    exactly as ``play`` does, the random draws it makes included."""
    for state, seat in positions("gwt", players, 11, options, every=7):
        for move in RULES.legal_moves(state, seat):
            played, _ = RULES.play(state, seat, move)
            assert RULES.dump(RULES.advance(state, seat, move)) == RULES.dump(played), move


def test_the_playouts_view_is_the_view_without_its_words() -> None:
    """The view a playout's players read differs from the seat's view only in the pending decision's
    words, and the trip-wise player chooses the same move from either."""
    for n, (state, seat) in enumerate(positions("gwt", 3, 12, {}, every=3)):
        full, quick = build_view(state, seat), build_view(state, seat, words=False)
        legal = RULES.legal_moves(state, seat)
        assert trip_wise_player(quick, legal, Rng(n)) == trip_wise_player(full, legal, Rng(n))
        decision = full.pop("decision")
        assert quick.pop("decision") == (decision and {"seats": decision["seats"], "kind": decision["kind"]})
        assert quick == full
