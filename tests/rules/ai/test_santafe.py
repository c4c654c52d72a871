"""The Santa Fe computer player: legal, view-only, deterministic, stronger than random, sensible."""

from __future__ import annotations

import pytest

import rules
from rules.ai import choose_move
from rules.core.rng import Rng
from rules.santafe import board
from rules.santafe.ai import DOUBLE_WORTH, Network, Outlook, piece_moves
from tests.rules.ai.games import check_decisions_use_only_the_view, hide_santafe, legal_answers

ENGINE = rules.get("santafe")
OPTIONS = [{}, {"advanced": True}, {"buy_track": True}, {"advanced": True, "buy_track": True}]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS, ids=["basic", "advanced", "buy_track", "both"])
def test_always_a_legal_move(players: int, options: dict[str, bool]) -> None:
    """Whatever the state, with every level's seats mixed, the answer is one of the legal moves."""
    assert {"choose", "lay", "draw"} <= legal_answers("santafe", players, options, levels=3)


def test_the_board_model_matches_the_engine() -> None:
    """The model read from a view offers the pieces the engine offers, and laying one gives the board the
    engine's next view shows."""
    rng = Rng(5)
    state = ENGINE.new_game(3, 5)
    checked = 0
    while not ENGINE.is_over(state) and checked < 150:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_moves(state, seat)
        move = rng.choice(legal)
        before = Network.from_view(ENGINE.view(state, seat))
        if ENGINE.view(state, seat)["decision"]["kind"] == "lay":
            offered = {f"lay {board.RAILROADS[r]} {key}" for r, key in piece_moves(before)}
            assert offered == {m for m in legal if m.startswith("lay ")}
        state, _ = ENGINE.play(state, seat, move)
        if move.startswith(("lay ", "branch ")):
            verb, colour, key = move.split(" ")
            before.lay(board.RAILROAD_INDEX[colour], key, branch=verb == "branch")
            after = Network.from_view(ENGINE.view(state, seat))
            assert (before.occupant, before.connected) == (after.occupant, after.connected)
            assert sorted(before.heads[board.RAILROAD_INDEX[colour]]) == sorted(
                after.heads[board.RAILROAD_INDEX[colour]]
            )
            checked += 1
    assert checked > 50


def test_decisions_depend_only_on_the_view() -> None:
    """Other seats' hidden cards do not reach the view, so the decision is the same whatever they hold;
    garbage in other seats' public entries that the player does not use changes nothing either."""
    noise = {"hand_size": 99, "hand": {"cities": ["LAX"] * 9}}
    check_decisions_use_only_the_view("santafe", 4, 11, 60, hide_santafe, noise, lambda n: 1 + n % 2, 99)


def _round_one(hand0: list[str], play0: str) -> object:
    """A 2-player game after round 1's card play: seat 0 holds ``hand0`` and played ``play0``."""
    state = ENGINE.new_game(2, 3).clone()
    state.hand[0] = sorted(board.CITY_IDS.index(c) for c in hand0)
    state, _ = ENGINE.play(state, 0, f"play {play0}")
    other = ENGINE.legal_moves(state, 1)[0]
    state, _ = ENGINE.play(state, 1, other)
    return state


def test_lays_towards_its_own_city() -> None:
    """With its Topeka card played, the first piece is the one that brings a railroad into Topeka."""
    state = _round_one(["TOP", "SEA", "SAN", "FAR"], "topeka")
    assert ENGINE.to_act(state) == frozenset({0})
    legal = ENGINE.legal_moves(state, 0)
    assert "lay yellow kcy-top" in legal
    assert choose_move("santafe", ENGINE.view(state, 0), legal, 1, 0) == "lay yellow kcy-top"


def _reached_by(view: dict, move: str) -> int:
    """The city a lay move brings its railroad into, or -1."""
    verb, colour, key = move.split(" ")
    return Network.from_view(view).lay(board.RAILROAD_INDEX[colour], key, verb == "branch")[1]


def _two_new_cities() -> tuple[object, int, list[str]]:
    """A laying turn (seed-fixed random play) where two moves would each bring a railroad into a city no
    railroad reaches yet; returns the state, the seat and those two moves."""
    rng = Rng(17)
    state = ENGINE.new_game(3, 17)
    while True:
        seat = min(ENGINE.to_act(state))
        view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
        if view["decision"]["kind"] == "lay" and not view["seats"][seat]["double_turn"]:
            reached = {m: _reached_by(view, m) for m in legal if m.startswith("lay ")}
            fresh = {}
            for m, c in reached.items():
                if c >= 0 and not any(
                    c == board.CITY_IDS.index(x) for r in view["railroads"] for x in r["cities"]
                ):
                    fresh.setdefault(c, m)
            if len(fresh) >= 2:
                return state, seat, list(fresh.values())[:2]
        state, _ = ENGINE.play(state, seat, rng.choice(legal))


@pytest.mark.parametrize("where", ["played", "hand"])
def test_prefers_the_piece_that_reaches_its_city(where: str) -> None:
    """Of two pieces that each open a new city (the same bonus), it lays the one into the city it holds
    a card for, played or in hand; and changes its mind when the card is for the other city."""
    state, seat, moves = _two_new_cities()
    cities = [_reached_by(ENGINE.view(state, seat), m) for m in moves]
    for wanted, city in zip(moves, cities, strict=True):
        mine = state.clone()
        mine.played[seat] = [c for c in mine.played[seat] if c not in cities]
        mine.hand[seat] = [c for c in mine.hand[seat] if c not in cities]
        if where == "played":
            mine.played[seat].append(city)
        else:
            mine.hand[seat] = sorted([*mine.hand[seat][:3], city, city])
        view = ENGINE.view(mine, seat)
        assert choose_move("santafe", view, ENGINE.legal_moves(mine, seat), 1, 0) == wanted


def test_plays_the_card_the_board_already_serves() -> None:
    """Of two cards, it plays the city more railroads already reach (or are about to)."""
    state = ENGINE.new_game(2, 8)
    rng = Rng(8)
    while not (state.phase == "choose" and state.round >= 6):
        seat = min(ENGINE.to_act(state))
        state, _ = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    state = state.clone()
    reach = [state.railroads_at(c) for c in range(board.CITY_COUNT)]
    served = max((c for c in range(board.CITY_COUNT) if board.CITY_VALUE[c]), key=lambda c: reach[c])
    far = board.CITY_IDS.index("SAN")
    assert reach[served] >= 1 and reach[far] == 0
    state.hand[0] = sorted([served, far])
    state.doubles[0] = 0
    state.branch_held[0] = -1
    legal = ENGINE.legal_moves(state, 0)
    assert choose_move("santafe", ENGINE.view(state, 0), legal, 1, 0) == f"play {board.CITY_SLUG[served]}"


def _blocked_board(played: list[str]):
    """Seat 0 to draw, on a board where the Union Pacific ran Chicago -> St. Louis and is stuck there and
    the Kansas Pacific is heading into St. Louis too: both are cut off from Des Moines and Omaha."""
    state = ENGINE.new_game(2, 1)
    rng = Rng(1)
    while not (state.phase == "draw" and min(ENGINE.to_act(state)) == 0):
        seat = min(ENGINE.to_act(state))
        state, _ = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    s = state.clone()
    colour = {c: i for i, c in enumerate(board.RAILROADS)}
    city = {c: i for i, c in enumerate(board.CITY_IDS)}
    s.occupant = [-1] * board.SEG_COUNT
    s.line_owner = [-1] * board.LINE_COUNT
    s.heads = [[home] for home in board.HOME]
    s.connected = [1 << home for home in board.HOME]
    for seg_id, r in [
        ("chi-stl.1:1", "red"),
        ("chi-stl.1:2", "red"),
        ("chi-stl.1:3", "red"),
        ("kcy-stl.1:1", "yellow"),
        ("lit-stl.1:3", "white"),
    ]:
        g = board.SEG_ID.index(seg_id)
        s.occupant[g] = s.line_owner[board.SEG_LINE[g]] = colour[r]
    s.heads[colour["red"]] = [city["STL"]]
    s.connected[colour["red"]] |= 1 << city["STL"]
    s.heads[colour["yellow"]] = [board.NODE_INDEX["kcy-stl.1.1"]]
    s.heads[colour["white"]] = [board.NODE_INDEX["lit-stl.1.2"]]
    s.played[0] = [city[c] for c in played]
    s.hand[0] = [c for c in s.hand[0] if board.CITY_IDS[c] not in ("DSM", "OMA", "MSP")]
    s.money[0] = 5
    s.branch_held[0] = -1
    return s


def test_buys_a_branch_line_when_its_railroad_is_blocked() -> None:
    """With its cities next to the home bases of railroads that are stuck elsewhere, it buys a Branch Line
    card of one of them; with no stake there, it draws a card as usual."""
    state = _blocked_board(["DSM", "OMA", "MSP"])
    legal = ENGINE.legal_moves(state, 0)
    assert "buy branch red" in legal and "draw city" in legal
    move = choose_move("santafe", ENGINE.view(state, 0), legal, 1, 0)
    assert move in ("buy branch red", "buy branch yellow")
    calm = _blocked_board([])
    move = choose_move("santafe", ENGINE.view(calm, 0), ENGINE.legal_moves(calm, 0), 1, 0)
    assert not move.startswith("buy")


def test_plays_a_double_turn_when_its_cities_can_wait() -> None:
    """Holding a Double Turn card, it plays it while its city cards promise little, and plays a city
    card the railroads already serve well instead."""
    state = ENGINE.new_game(2, 8)
    rng = Rng(8)
    while not (state.phase == "choose" and state.round >= 6):
        seat = min(ENGINE.to_act(state))
        state, _ = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    outlook = Outlook.from_view(ENGINE.view(state, 0))
    cities = [c for c in range(board.CITY_COUNT) if board.CITY_VALUE[c]]
    served = max(cities, key=outlook.expected_card)
    weak = min(cities, key=outlook.expected_card)
    assert outlook.expected_card(served) > DOUBLE_WORTH > outlook.expected_card(weak)
    for card, wanted in ((weak, "play double"), (served, f"play {board.CITY_SLUG[served]}")):
        s = state.clone()
        s.hand[0], s.doubles[0], s.branch_held[0] = [card], 1, -1
        assert choose_move("santafe", ENGINE.view(s, 0), ENGINE.legal_moves(s, 0), 1, 0) == wanted
