"""Views: the common keys, JSON, and hidden information kept hidden."""

from __future__ import annotations

import json

from rules.core.playout import random_playout
from rules.core.protocol import VIEW_KEYS
from rules.santafe.state import DRAWN_ENGINEER, NO_ENGINEER
from tests.rules.santafe.helpers import R, city, edit, laying, new, play, rr
from tests.rules.santafe.test_playouts import games


def test_views_have_the_common_keys_and_are_json_along_whole_games() -> None:
    for seed, players, options in games(8):
        state = R.new_game(players, seed, options)
        for i, (seat, move) in enumerate(random_playout(R, players, seed, options).moves):
            state, _ = R.play(state, seat, move)
            if i % 5:
                continue
            for viewer in [None, *range(players)]:
                view = R.view(state, viewer)
                assert set(view) >= VIEW_KEYS
                assert json.loads(json.dumps(view)) == view
                assert view["to_act"] == sorted(R.to_act(state))
                assert view["viewer"] == viewer and view["players"] == players
                if not view["over"]:
                    assert view["decision"]["seats"] == view["to_act"] and view["decision"]["prompt"]


def test_a_player_sees_their_own_hand_and_nobody_elses() -> None:
    s = new(3)
    view = R.view(s, 1)
    assert view["hand"]["cities"] and view["hand"]["double_turn"] == 1
    others = edit(s, hand=[s.hand[0], s.deck[:4], s.hand[2]])  # seat 1 holds other cards
    assert R.view(others, 0) == R.view(s, 0)
    assert R.view(others, 2) == R.view(s, 2)
    assert R.view(others, None) == R.view(s, None)
    assert R.view(others, 1) != R.view(s, 1)


def test_the_spectator_sees_no_hand_and_no_choice() -> None:
    s = new(3)
    s, _ = play(s, 0, R.legal_moves(s, 0)[0])
    view = R.view(s, None)
    assert "hand" not in view and "choice" not in view
    assert view["seats"][0]["chosen"] is True and view["seats"][0]["play"] is None


def test_a_choice_is_hidden_until_everybody_has_chosen() -> None:
    s = new(3)
    first, second = R.legal_moves(s, 1)[:2]
    a, _ = play(s, 1, first)
    b, _ = play(s, 1, second)
    for viewer in (0, 2, None):
        assert R.view(a, viewer) == R.view(b, viewer)
    assert R.view(a, 1)["choice"] != R.view(b, 1)["choice"]


def test_the_board_is_public() -> None:
    s = laying(3)
    s, _ = play(s, 0, "lay yellow kcy-top")
    for viewer in (None, 0, 1):
        view = R.view(s, viewer)
        assert view["track"] == {"kcy-top.1:1": "yellow"}
        yellow = next(r for r in view["railroads"] if r["id"] == "yellow")
        assert yellow["railheads"] == ["TOP"] and yellow["cities"] == ["KCY", "TOP"]
        assert view["seats"][0]["money"] == 4


def test_final_view_carries_the_result() -> None:
    s = edit(laying(3), supply=[1, 0, 0, 0, 0])
    s, _ = play(s, 0, "lay blue chi-kcy")
    view = R.view(s, None)
    assert view["over"] and view["decision"] is None and view["result"] == R.result(s)


def test_events_mark_turn_starts_and_keep_secrets() -> None:
    from rules.santafe import board

    names = [n for c, n in enumerate(board.CITY_NAME) if board.CITY_VALUE[c]]
    for seed, players, options in games(8):
        state = R.new_game(players, seed, options)
        for seat, move in random_playout(R, players, seed, options).moves:
            before = R.to_act(state)
            state, events = R.play(state, seat, move)
            json.dumps(events)
            starts = {e["seat"] for e in events if e["type"] == "turn_start"}
            after = R.to_act(state)
            if state.phase != "choose" and after and after != before:
                assert after <= starts, (move, events)
            if state.phase == "choose" and state.choice == [None] * players:
                assert starts == set(range(players))  # a new round: everybody chooses
            for e in events:
                secret = e["type"] in ("chosen", "exchange") or e.get("card") == "city"
                if secret and e.get("private_to") is None:
                    assert not any(n in e["text"] for n in names), e


def test_the_hand_in_words_names_every_card_the_picture_shows() -> None:
    """Cities by name, each Double Turn card, the branch line and the engineer: as many lines as cards."""
    s = edit(
        new(),
        hand=[[city("denver"), city("denver")], [], []],
        doubles=[1, 0, 0],
        branch_held=[rr("blue"), -1, -1],
        engineer=[DRAWN_ENGINEER, NO_ENGINEER, NO_ENGINEER],
    )
    lines = R.describe_hand(R.view(s, 0))
    assert lines == [
        "City: Denver",
        "City: Denver",
        "Double Turn",
        "Branch Line: Santa Fe (blue)",
        "Engineer",
    ]
    assert R.describe_hand(R.view(s, 1)) == []
