"""The Great Western Trail computer player: legal, view-only, deterministic, strong enough, sensible."""

from __future__ import annotations

import pytest

import rules
from rules.ai import choose_move
from rules.core.rng import Rng
from rules.gwt.ai import (
    PLAIN,
    TRIP_END,
    TRIP_WISE,
    Table,
    city_points,
    hurry,
    kansas_city_worth,
    local_move_worth,
    trip_wise_player,
    walk_worth,
)
from rules.gwt.content import CATTLE, CITIES
from tests.rules.ai.games import check_decisions_use_only_the_view, hide_gwt, legal_answers

ENGINE = rules.get("gwt")
OPTIONS = [{}, {"neutral": "random", "building_sides": "random"}]


def play_until(players: int, seed: int, wanted, levels: list[int] | None = None):
    """Play (heuristic for seat 0, random otherwise) until ``wanted(view, legal)`` holds for the seat
    to act; a game that ends first is followed by the next seed's."""
    levels = levels or [1] + [0] * (players - 1)
    for game_seed in range(seed, seed + 10):
        state = ENGINE.new_game(players, game_seed)
        n = 0
        while not ENGINE.is_over(state):
            seat = min(ENGINE.to_act(state))
            view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
            if wanted(view, legal):
                return state, seat
            state, _ = ENGINE.play(state, seat, choose_move("gwt", view, legal, levels[seat], n))
            n += 1
    raise AssertionError("ten games ended before the wanted decision came up")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=["fixed", "random-setup"])
def test_always_a_legal_move(players: int, options: dict[str, str]) -> None:
    """Whatever the decision, with heuristic and random seats mixed, the answer is one of the legal moves."""
    kinds = legal_answers("gwt", players, options, levels=2)
    assert {"turn", "loc", "deliver", "foresight", "disc"} <= kinds


def test_decisions_depend_only_on_the_view() -> None:
    """Other hands, every draw stack and the face-down supplies do not reach the view, so the decision is
    the same whatever they hold; garbage in other seats' entries changes nothing either."""
    noise = {"hand": ["longhorn-7"] * 6, "hand_size": 6}
    check_decisions_use_only_the_view("gwt", 3, 3, 120, hide_gwt, noise, lambda _n: 1, 5, follow=True)


def test_delivers_to_the_farthest_city_it_may() -> None:
    """With its engine past every transport cost and no arrows to complete, it delivers as far as it may."""
    state, seat = play_until(2, 4, lambda v, _legal: v["decision"]["kind"] == "deliver")
    state = state.copy()
    me = state.players[seat]
    me.engine = "19"
    for seats in state.cities.values():
        while seat in seats:
            seats.remove(seat)
    view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
    reachable = [m.split(" ")[1] for m in legal]
    farthest = max(reachable, key=lambda c: CITIES[c][0])
    assert len(reachable) >= 2
    assert choose_move("gwt", view, legal, 1, 0) == f"deliver {farthest}"


def test_transport_costs_and_arrows_count_in_a_delivery() -> None:
    """A city's worth falls with the transport cost from where the engine stands; an arrow adds its points."""
    state, seat = play_until(2, 4, lambda v, _legal: v["decision"]["kind"] == "deliver")
    view = ENGINE.view(state, seat)
    near = Table.from_view(view)
    near.me = {**near.me, "engine": "0"}
    far = Table.from_view(view)
    far.me = {**far.me, "engine": "19"}
    near.cities = far.cities = {c: [] for c in CITIES}
    assert city_points(far, "albuquerque") > city_points(near, "albuquerque")
    far_with_arrow = Table.from_view(view)
    far_with_arrow.me = far.me
    far_with_arrow.cities = {c: ([seat] if c == "albuquerque" else []) for c in CITIES}
    assert city_points(far_with_arrow, "el-paso") == pytest.approx(city_points(far, "el-paso") + 6)


def test_moves_the_engine_onto_a_station_it_can_upgrade() -> None:
    """Offered engine moves that include the turnout of a station it can afford, it stops there."""
    state, seat = play_until(
        2, 10, lambda v, legal: any(m.startswith("engine ") and m.endswith(".5") for m in legal)
    )
    state = state.copy()
    state.players[seat].money = 30
    view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
    turnouts = [m for m in legal if m.startswith("engine ") and m.endswith(".5")]
    assert choose_move("gwt", view, legal, 1, 0) in turnouts


def test_buys_cattle_when_it_can_afford_them() -> None:
    """At the cattle market with money to spare it buys (rather than stopping), and the better cattle:
    no other offer at the same price for as many cards brings more victory points."""
    state, seat = play_until(2, 6, lambda v, legal: v["decision"]["kind"] == "buy")
    state = state.copy()
    state.players[seat].money = 40
    view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
    move = choose_move("gwt", view, legal, 1, 0)
    assert move.startswith("buy ") and " for " in move

    def offer(m: str) -> tuple[list[str], str]:
        words = m.split(" ")
        return words[1 : words.index("for")], words[-1]

    bought, price = offer(move)
    for other in legal:
        if other.startswith("buy ") and " for " in other:
            cards, other_price = offer(other)
            if other_price == price and len(cards) == len(bought):
                assert sum(CATTLE[c][2] for c in cards) <= sum(CATTLE[c][2] for c in bought)


def _holding(state, seat: int, cities: list[str]) -> None:
    """The seat's discs in exactly ``cities`` (other seats' discs untouched)."""
    for city, seats in state.cities.items():
        while seat in seats:
            seats.remove(seat)
        if city in cities:
            seats.append(seat)


def test_spends_certificates_rather_than_deliver_to_kansas_city() -> None:
    """Its hand alone only reaches Kansas City (the cities it could afford hold its discs); two
    certificates reach Santa Fe, so it spends them and delivers there instead of taking the -6."""
    state, seat = play_until(2, 4, lambda v, _legal: v["decision"]["kind"] == "income")
    state = state.copy()
    me = state.players[seat]
    me.hand, me.cert, me.engine = ["dutch-belt", "black-angus", "guernsey"], 2, "19"
    _holding(state, seat, ["topeka", "wichita", "colorado-springs"])
    view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
    assert {"certs 0", "certs 2"} <= set(legal)
    move = choose_move("gwt", view, legal, 1, 0)
    assert move == "certs 2"
    state, _ = ENGINE.play(state, seat, move)
    view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
    assert "deliver kansas-city" in legal
    assert choose_move("gwt", view, legal, 1, 0) == "deliver santa-fe"


def test_discards_a_duplicate_breed_for_money() -> None:
    """On neutral building A with two Guernseys in hand and no money to hire, it discards one of them
    for $2: the hand keeps its breeding value and draws a fresh card for Kansas City."""
    state, seat = play_until(
        2, 3, lambda v, legal: v["decision"]["kind"] == "loc" and v["seats"][v["viewer"]]["location"] == "A"
    )
    state = state.copy()
    me = state.players[seat]
    me.hand, me.money = ["guernsey", "guernsey", "jersey", "dutch-belt"], 0
    view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
    assert "discard guernsey" in legal and not any(m.startswith("hire") for m in legal)
    assert choose_move("gwt", view, legal, 1, 0) == "discard guernsey"


def test_pairs_off_duplicates_rather_than_breed_value() -> None:
    """Where two cards of one breed may be discarded for money, it pairs off the breed it holds twice
    over (nothing lost at Kansas City), not the one pair that would take a breed out of its hand."""
    state, seat = play_until(2, 4, lambda v, _legal: v["decision"]["kind"] == "loc")
    view = ENGINE.view(state, seat)
    t = Table.from_view(view)
    t.hand = ["jersey", "jersey", "jersey", "holstein", "holstein"]
    t.me = {**t.me, "discard_pile": [], "removed_cards": [], "draw_stack_size": 8}
    spare = local_move_worth(t, "bonus", ["pair", "jersey"])
    costly = local_move_worth(t, "bonus", ["pair", "holstein"])
    assert spare > costly


def test_trip_wise_stops_on_the_trail_before_ending_its_trip() -> None:
    """Two buildings short of Kansas City with a hand that only reaches Santa Fe (no points there), the
    searching level's heuristic stops at the next building rather than walk on: the Kansas City visits
    set the game's length, so a trip's stops are what the game has to offer. Level 1 walks on."""
    state, seat = play_until(
        2,
        4,
        lambda v, legal: (
            v["decision"]["kind"] == "turn"
            and v["seats"][v["viewer"]]["location"] == "E"
            and "move KANSAS_CITY" in legal
        ),
    )
    state = state.copy()
    me = state.players[seat]
    me.hand, me.money, me.cert = ["guernsey", "dutch-belt", "black-angus", "holstein"], 5, 0
    state.cities = {city: [] for city in state.cities}  # no one ahead in visits: no hurry
    view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
    assert "move KANSAS_CITY" in legal and any(m.startswith("move F") for m in legal)
    assert not trip_wise_player(view, legal, Rng(0)).startswith("move KANSAS_CITY")
    assert choose_move("gwt", view, legal, 1, 0).startswith("move KANSAS_CITY")


def _tables(view, **changes):
    """The view's table at the trip-wise and the plain weights, with ``changes`` made to both."""
    tables = []
    for w in (TRIP_WISE, PLAIN):
        t = Table.from_view(view, w)
        t.hand = ["guernsey", "guernsey", "jersey", "dutch-belt"]
        t.me = {**t.me, "money": 20}
        for name, value in changes.items():
            setattr(t, name, value)
        tables.append(t)
    return tables


def test_trip_wise_counts_the_buildings_it_would_walk_past() -> None:
    """At the trip-wise weights a walk past a building whose actions it wants is worth less than the same
    walk past an empty space; at the plain weights the two are worth the same."""
    state, seat = play_until(2, 4, lambda v, _legal: v["decision"]["kind"] == "turn")
    view = ENGINE.view(state, seat)
    wise, plain = _tables(view)
    bare_wise, bare_plain = _tables(view, trail={**wise.trail, "A": None})
    assert walk_worth(wise, "move B via A") < walk_worth(bare_wise, "move B via A")
    assert walk_worth(plain, "move B via A") == pytest.approx(walk_worth(bare_plain, "move B via A"))


def test_trip_wise_hurries_while_an_opponent_is_ahead_in_visits() -> None:
    """Two Kansas City visits behind, ending a trip costs nothing and walking past buildings loses nothing:
    a calm player would only leave the game's remaining visits to the one who hurries. At the plain
    weights it always walks on as if hurrying."""
    state, seat = play_until(2, 4, lambda v, _legal: v["decision"]["kind"] == "turn")
    view = ENGINE.view(state, seat)
    empty = {c: [] for c in view["board"]["cities"]}
    calm, plain = _tables(view, cities=empty)
    one, _ = _tables(view, cities={**empty, "kansas-city": [1 - seat]})
    behind, _ = _tables(view, cities={**empty, "kansas-city": [1 - seat, 1 - seat]})
    assert (hurry(calm), hurry(one), hurry(behind), hurry(plain)) == (0.0, 0.5, 1.0, 1.0)
    assert kansas_city_worth(behind) - kansas_city_worth(calm) == pytest.approx(TRIP_END)
    assert kansas_city_worth(plain) == pytest.approx(kansas_city_worth(behind))
    bare, _ = _tables(view, cities=behind.cities, trail={**calm.trail, "A": None})
    assert walk_worth(calm, "move B via A") < walk_worth(bare, "move B via A")
    assert walk_worth(behind, "move B via A") == pytest.approx(walk_worth(bare, "move B via A"))
