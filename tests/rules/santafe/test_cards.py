"""Branch Line cards, Double Turn cards and drawing back to five cards."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalMoveError
from rules.santafe import board
from tests.rules.santafe.helpers import R, build, choose_all, city, edit, laying, play, route, rr


def drawing(players: int = 2):
    """Round 1, draw phase, first player to draw one card."""
    s = laying(players)
    while s.phase == "lay":
        s, _ = play(s, s.current(), green_piece(s))
    assert s.phase == "draw"
    return s


def green_piece(s) -> str:
    """The first Great Northern piece on offer: keeps the other railroads untouched for the tests."""
    return next(m for m in R.legal_moves(s, s.current()) if m.startswith("lay green"))


def test_a_branch_line_card_costs_1_dollar_and_is_held_face_up() -> None:
    s = drawing()
    money = s.money[0]
    s, _ = play(s, 0, "buy branch red")
    assert s.money[0] == money - 1
    assert s.branch_pool[rr("red")] == 1
    assert s.hand_size(0) == 5  # it counts towards the five cards
    assert R.view(s, 1)["seats"][0]["branch_card"] == "red"  # face up: everybody sees it


def test_only_one_branch_line_card_at_a_time() -> None:
    s = drawing()
    s = edit(s, hand=[s.hand[0][:2], s.hand[1]], branch_held=[rr("red"), -1])
    assert not any(m.startswith("buy branch") for m in R.legal_moves(s, 0))
    with pytest.raises(IllegalMoveError, match="already hold"):
        play(s, 0, "buy branch blue")


def test_a_branch_line_card_needs_the_money() -> None:
    s = edit(drawing(), money=[0, 2])
    assert R.legal_moves(s, 0) == ["draw city", "draw double"]
    with pytest.raises(IllegalMoveError, match="Not enough money"):
        play(s, 0, "buy branch blue")


def test_no_branch_line_card_left_for_a_railroad() -> None:
    s = edit(drawing(), branch_pool=[0, 2, 2, 2, 2])
    assert "buy branch blue" not in R.legal_moves(s, 0)
    with pytest.raises(IllegalMoveError, match="No Santa Fe Branch Line card"):
        play(s, 0, "buy branch blue")


def branch_round():
    """Round 2 laying: player 1 played a city with the Santa Fe Branch Line card bought in round 1."""
    s = drawing()
    s, _ = play(s, 0, "buy branch blue")
    s, _ = play(s, 1, "draw city")
    s, _ = choose_all(s)
    assert s.branch_on == [rr("blue"), -1] and s.branch_held == [-1, -1]
    return s


def test_the_branch_card_is_played_the_round_after_it_was_bought() -> None:
    s = drawing()
    s, _ = play(s, 0, "buy branch blue")
    s, _ = play(s, 1, "draw city")
    assert all(m.endswith("+branch blue") for m in R.legal_moves(s, 0))


def test_a_branch_starts_a_new_route_from_any_city_the_railroad_reaches() -> None:
    s = branch_round()
    s = build(s, "blue", *route("CHI", "KCY", "TOP"))
    seat = s.current()
    s = edit(s, branch_on=[rr("blue") if p == seat else -1 for p in range(2)])
    branches = [m for m in R.legal_moves(s, seat) if m.startswith("branch blue")]
    assert "branch blue chi-stl" in branches  # from the home base
    assert "branch blue kcy-oma" in branches  # from a city on the route
    assert "branch blue top-den" in branches  # from the railhead city itself
    assert "lay blue top-den" in R.legal_moves(s, seat)  # never forced to branch
    s, _ = play(s, seat, "branch blue kcy-oma")
    assert sorted(s.heads[rr("blue")]) == sorted([city("TOP"), board.NODE_INDEX["oma-kcy.1.1"]])
    assert s.branch_on[seat] == -1  # used up


def test_a_branch_never_starts_inside_a_line() -> None:
    s = branch_round()
    seat = s.current()
    s = build(s, "blue", "chi-kcy", "chi-kcy")
    s = edit(s, branch_on=[rr("blue") if p == seat else -1 for p in range(2)])
    starts = {m.split(" ")[2].split("-")[0] for m in R.legal_moves(s, seat) if m.startswith("branch")}
    assert starts == {"chi"}


def test_at_most_three_routes_per_railroad() -> None:
    s = branch_round()
    seat = s.current()
    s = edit(s, branch_on=[rr("blue") if p == seat else -1 for p in range(2)])
    s, _ = play(s, seat, "branch blue chi-kcy")
    s = edit(s, branch_on=[rr("blue")] * 2, laid=0, branch_pool=[0, 2, 2, 2, 2])
    s, _ = play(s, s.current(), "branch blue chi-stl")
    assert len(s.heads[rr("blue")]) == 3  # the original route and two branches
    while s.phase != "draw":
        s, _ = play(s, s.current(), R.legal_moves(s, s.current())[0])
    # both Santa Fe Branch Line cards are gone for good: no fourth route
    assert not any(m == "buy branch blue" for m in R.legal_moves(s, s.current()))


def test_an_unused_branch_card_leaves_the_game_at_the_end_of_the_round() -> None:
    s = branch_round()
    while s.phase == "lay":
        seat = s.current()
        lays = [m for m in R.legal_moves(s, seat) if m.startswith("lay")]
        s, _ = play(s, seat, lays[0])
    assert s.branch_on == [-1, -1]
    assert s.branch_pool[rr("blue")] == 1  # not returned


def test_two_cards_are_drawn_after_playing_two() -> None:
    s = branch_round()
    while s.phase == "lay":
        s, _ = play(s, s.current(), R.legal_moves(s, s.current())[0])
    assert s.current() == 1 or s.phase == "draw"
    seat0_turns = 0
    while s.phase == "draw":
        seat = s.current()
        seat0_turns += seat == 0
        s, _ = play(s, seat, "draw city")
    assert seat0_turns == 2
    assert s.hand_size(0) == 5


def test_any_card_type_may_be_drawn_whatever_was_played() -> None:
    s = drawing()
    assert {"draw city", "draw double", "buy branch blue"} <= set(R.legal_moves(s, 0))


def test_no_city_cards_once_the_deck_is_empty() -> None:
    s = edit(drawing(), deck=[])
    assert "draw city" not in R.legal_moves(s, 0)
    with pytest.raises(IllegalMoveError, match="deck is empty"):
        play(s, 0, "draw city")


def test_a_seat_with_nothing_to_draw_is_skipped() -> None:
    s = edit(drawing(), deck=[], doubles_pool=0, money=[0, 0])
    assert R.legal_moves(s, 0) == []
    assert R.to_act(s) == frozenset({0})  # the state was edited mid-decision; the engine skips on entry
    t = laying(2)
    for _ in range(3):
        t, _ = play(t, t.current(), green_piece(t))
    t = edit(t, deck=[], doubles_pool=0, money=[0, 0])
    t, _ = play(t, t.current(), "lay yellow kcy-chi")  # the last piece of the round, paying nothing
    assert t.phase == "choose" and t.round == 2


def double_turn_round():
    s = drawing()
    s, _ = play(s, 0, "draw city")
    s, _ = play(s, 1, "draw city")
    s, _ = choose_all(s, {1: "play double"})
    return s


def test_double_turn_lays_two_pieces_of_any_railroads_each_laying_turn() -> None:
    s = double_turn_round()
    assert s.current() == 1 and s.double_on[1]
    s, _ = play(s, 1, "lay blue chi-kcy")
    assert R.to_act(s) == frozenset({1})
    assert "done" in R.legal_moves(s, 1)
    s, _ = play(s, 1, "lay white nol-hou")
    assert R.to_act(s) == frozenset({0})


def test_double_turn_may_lay_fewer() -> None:
    s = double_turn_round()
    s, _ = play(s, 1, "lay blue chi-kcy")
    s, _ = play(s, 1, "done")
    assert R.to_act(s) == frozenset({0})


def test_double_turn_exchange_at_the_start_of_the_second_laying_turn() -> None:
    s = double_turn_round()
    s, _ = play(s, 1, "lay blue chi-kcy")
    s, _ = play(s, 1, "done")
    s, _ = play(s, 0, "lay blue chi-kcy")
    assert s.lay_turn == 2 and s.current() == 1 and s.step == "exchange"
    moves = R.legal_moves(s, 1)
    assert moves[0] == "keep"
    assert all(m.startswith(("keep", "exchange ")) for m in moves)
    hand = list(s.hand[1])
    deck = len(s.deck)
    discard = board.CITY_SLUG[hand[0]]
    s, events = play(s, 1, f"exchange {discard}")
    assert len(s.hand[1]) == len(hand) and len(s.deck) == deck - 1
    assert any(e.get("irreversible") for e in events)
    name = board.CITY_NAME[hand[0]]
    assert all(name not in e["text"] for e in events if e.get("private_to") is None)
    assert any(name in e["text"] for e in events if e.get("private_to") == 1)
    assert hand[0] not in s.deck and s.step == "pieces"  # discarded cards leave the game
    assert sum(len(h) for h in s.hand) + len(s.deck) + sum(map(len, s.played)) == 66 - 1


def test_no_exchange_for_players_without_a_double_turn_card() -> None:
    s = double_turn_round()
    s, _ = play(s, 1, "lay blue chi-kcy")
    s, _ = play(s, 1, "done")
    s, _ = play(s, 0, "lay blue chi-kcy")
    s, _ = play(s, 1, "keep")
    s, _ = play(s, 1, "lay blue chi-kcy")
    s, _ = play(s, 1, "done")
    assert s.current() == 0 and s.step == "pieces"
    assert "keep" not in R.legal_moves(s, 0)


def test_exchange_accepts_any_card_order() -> None:
    s = double_turn_round()
    s, _ = play(s, 1, "lay blue chi-kcy")
    s, _ = play(s, 1, "done")
    s, _ = play(s, 0, "lay blue chi-kcy")
    a, b = s.hand[1][0], s.hand[1][1]
    canonical = R.parse_move(s, 1, f"exchange {board.CITY_SLUG[b]} {board.CITY_SLUG[a]}")
    assert canonical == f"exchange {board.CITY_SLUG[a]} {board.CITY_SLUG[b]}"
    named = f"Exchange {board.CITY_NAME[b]}, {board.CITY_NAME[a]}"
    assert R.parse_move(s, 1, named) == canonical
    with pytest.raises(IllegalMoveError):
        play(s, 1, "exchange denver denver denver")


def test_hand_of_played_cards_and_draw_limit() -> None:
    s = drawing()
    s = edit(s, hand=[[city("denver")] * 2, s.hand[1]])
    need = 5 - s.hand_size(0)
    assert need == 2
    s, _ = play(s, 0, "draw city")
    assert R.to_act(s) == frozenset({0})
    s, _ = play(s, 0, "draw city")
    assert s.hand_size(0) == 5 and R.to_act(s) == frozenset({1})


def test_buying_a_branch_line_card_is_never_forced() -> None:
    # Rulebook: a player "can buy" a Branch Line card; with no free card left to draw he may take none.
    s = edit(drawing(), deck=[], doubles_pool=0)
    moves = R.legal_moves(s, 0)
    assert moves == [*(f"buy branch {c}" for c in board.RAILROADS), "pass"]
    assert R.view(s, 0)["decision"]["prompt"].endswith("buy a Branch Line card for $1, or pass.")
    money = s.money[0]
    s, _ = play(s, 0, "pass")
    assert s.money[0] == money and s.branch_held[0] == -1
    assert R.to_act(s) == frozenset({1})


def test_no_passing_while_a_free_card_can_be_drawn() -> None:
    s = drawing()
    assert "pass" not in R.legal_moves(s, 0)
    with pytest.raises(IllegalMoveError):
        play(s, 0, "pass")


def at_second_turn_exchange():
    """Round 2, second laying turn: player 2 (seat 1), who played a Double Turn card, is about to act."""
    s = double_turn_round()
    s, _ = play(s, 1, "lay blue chi-kcy")
    s, _ = play(s, 1, "done")
    return s


def test_no_exchange_offered_when_the_deck_is_empty() -> None:
    s = at_second_turn_exchange()
    s = edit(s, deck=[])
    s, _ = play(s, 0, "lay blue chi-kcy")
    assert s.lay_turn == 2 and s.current() == 1 and s.step == "pieces"
    assert "keep" not in R.legal_moves(s, 1)


def test_an_exchange_draws_no_more_cards_than_the_deck_holds() -> None:
    s = at_second_turn_exchange()
    s = edit(s, deck=s.deck[-1:])
    s, _ = play(s, 0, "lay blue chi-kcy")
    exchanges = [m for m in R.legal_moves(s, 1) if m.startswith("exchange")]
    assert exchanges and all(len(m.split(" ")) == 2 for m in exchanges)


def test_a_double_turn_second_piece_is_skipped_when_none_fits() -> None:
    s = double_turn_round()
    # the last free piece of any railroad; player 1 still holds a bought Union Pacific piece
    s = edit(s, supply=[1, 0, 0, 0, 0], bought=[[0, 0, 0, 1, 0], [0] * 5])
    s, _ = play(s, 1, "lay blue chi-kcy")
    assert not R.is_over(s) and R.to_act(s) == frozenset({0})
