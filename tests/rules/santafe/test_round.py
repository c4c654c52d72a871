"""A round: secret simultaneous card play, two laying turns, drawing, the train passing left."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalMoveError, NotYourTurnError
from rules.santafe import board
from rules.santafe.state import SantaFeState
from tests.rules.santafe.helpers import R, choose_all, city, edit, laying, new, play, rr


def test_first_round_allows_city_cards_only() -> None:
    s = new(3)
    moves = R.legal_moves(s, 0)
    assert moves == [f"play {board.CITY_SLUG[c]}" for c in dict.fromkeys(s.hand[0])]
    with pytest.raises(IllegalMoveError, match="first round"):
        play(s, 0, "play double")


def test_cards_are_chosen_secretly_and_revealed_together() -> None:
    s = new(3)
    card = board.CITY_SLUG[s.hand[1][0]]
    s, events = play(s, 1, f"play {card}")
    assert R.to_act(s) == frozenset({0, 2})
    assert [e for e in events if e.get("private_to") is None and card in e["text"].lower()] == []
    assert R.view(s, 1)["choice"]["city"] == board.CITY_IDS[board.SLUG_INDEX[card]]
    for viewer in (0, 2, None):
        view = R.view(s, viewer)
        assert view["seats"][1]["chosen"] is True
        assert view["seats"][1]["play"] is None
        assert view.get("choice") is None
        assert view["seats"][1]["played"] == []
    with pytest.raises(NotYourTurnError):
        play(s, 1, R.legal_moves(new(3), 1)[0])
    s, events = choose_all(s)
    reveal = [e for e in events if e["type"] == "reveal"]
    assert len(reveal) == 1 and reveal[0]["irreversible"]
    assert all(len(p) == 1 for p in s.played)
    assert R.view(s, 0)["seats"][1]["play"]["city"] == board.CITY_IDS[board.SLUG_INDEX[card]]


def second_round(players: int = 3) -> SantaFeState:
    """Round 2, phase 1, after a round where everybody laid one piece and drew one city card."""
    s = laying(players)
    while s.round == 1:
        seat = s.current() if s.phase != "choose" else min(R.to_act(s))
        moves = R.legal_moves(s, seat)
        move = "draw city" if "draw city" in moves else moves[0]
        s, _ = play(s, seat, move)
    return s


def test_later_rounds_allow_city_or_double_turn_and_branch_combinations() -> None:
    s = second_round()
    hand = dict.fromkeys(board.CITY_SLUG[c] for c in s.hand[0])
    assert R.legal_moves(s, 0) == [f"play {c}" for c in hand] + ["play double"]
    s = edit(s, branch_held=[rr("red"), -1, -1])
    assert R.legal_moves(s, 0) == [f"play {c}+branch red" for c in hand] + ["play double+branch red"]
    # the Branch Line card must be played: naming the city alone plays both
    s, _ = play(s, 0, f"play {next(iter(hand))}")
    assert s.choice[0] is not None and s.choice[0][2] == rr("red")


def test_two_laying_turns_in_seat_order_from_the_first_player() -> None:
    s = second_round(3)
    assert s.first == 1  # the train passed left after round 1
    s, _ = choose_all(s)
    order = []
    while s.phase == "lay":
        seat = s.current()
        order.append((s.lay_turn, seat))
        s, _ = play(s, seat, R.legal_moves(s, seat)[0])
    assert order == [(1, 1), (1, 2), (1, 0), (2, 1), (2, 2), (2, 0)]
    assert s.phase == "draw" and s.current() == 1


def test_one_piece_per_laying_turn_without_a_double_turn_card() -> None:
    s = laying(3)
    s, events = play(s, 0, "lay blue chi-kcy")
    assert R.to_act(s) == frozenset({1})
    assert [e["seat"] for e in events if e["type"] == "turn_start"] == [1]


def test_drawing_refills_to_five_in_seat_order_then_the_train_passes() -> None:
    s = laying(2)
    for _ in range(4):
        s, _ = play(s, s.current(), R.legal_moves(s, s.current())[0])
    assert s.phase == "draw" and s.current() == 0
    assert R.legal_moves(s, 0) == ["draw city", "draw double", *[f"buy branch {c}" for c in board.RAILROADS]]
    s, events = play(s, 0, "draw city")
    assert len(s.hand[0]) == 4 and s.hand_size(0) == 5
    assert any(e["type"] == "draw" and e.get("private_to") == 0 for e in events)
    assert any(e.get("irreversible") for e in events)
    s, _ = play(s, 1, "draw double")
    assert s.doubles[1] == 2 and s.phase == "choose"
    assert s.first == 1 and s.round == 2


def test_played_double_turn_cards_return_to_the_pile_after_the_second_laying_turn() -> None:
    s = second_round(3)
    pool = s.doubles_pool
    s, _ = choose_all(s, {0: "play double"})
    assert s.double_on[0] and s.doubles[0] == 0
    while s.phase == "lay":
        seat = s.current()
        moves = R.legal_moves(s, seat)
        s, _ = play(s, seat, "keep" if "keep" in moves else moves[0])
    assert s.doubles_pool == pool + 1 and not any(s.double_on)


def test_a_city_card_played_stays_face_up_for_the_rest_of_the_game() -> None:
    s = new(2)
    denver_free = s.hand[0][0]
    s, _ = choose_all(s)
    assert s.played[0] == [denver_free]
    assert R.view(s, 1)["seats"][0]["played"] == [board.CITY_IDS[denver_free]]


def test_play_none_only_when_no_city_or_double_turn_card_is_in_hand() -> None:
    s = second_round(2)
    s = edit(s, hand=[[], s.hand[1]], doubles=[0, 1])
    assert R.legal_moves(s, 0) == ["play none"]
    s = edit(s, hand=[[city("denver")], s.hand[1]])
    assert "play none" not in R.legal_moves(s, 0)


def test_a_branch_line_card_without_a_card_to_go_with_is_lost() -> None:
    # The card is only ever played with a city or Double Turn card; with neither in hand it goes unused.
    s = second_round(2)
    s = edit(s, hand=[[], s.hand[1]], doubles=[0, 1], branch_held=[rr("red"), -1])
    assert R.legal_moves(s, 0) == ["play none"]
    played = list(s.played[0])
    s, _ = choose_all(s)
    assert s.branch_held == [-1, -1] and s.branch_on == [-1, -1]
    assert s.played[0] == played
