"""The advanced rules (rivers, mountains, Engineer cards, passing) and the optional track purchase."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalMoveError
from rules.santafe import board, track
from rules.santafe.state import BOUGHT_ENGINEER, DRAWN_ENGINEER
from tests.rules.santafe.helpers import R, build, edit, laying, new, play, route, rr


def test_advanced_game_starts_with_5_dollars_and_offers_engineers_before_round_1() -> None:
    s = new(3, advanced=True)
    assert s.money == [5, 5, 5]
    assert s.phase == "engineers" and R.to_act(s) == frozenset({0})
    assert R.legal_moves(s, 0) == ["buy engineer", "pass"]
    s, _ = play(s, 0, "buy engineer")
    assert s.money[0] == 1 and s.engineer[0] == BOUGHT_ENGINEER and s.engineer_pool == 4
    s, _ = play(s, 1, "pass")
    s, _ = play(s, 2, "buy engineer")
    assert s.phase == "choose" and s.round == 1
    assert s.hand_size(0) == 5  # a bought Engineer card is not one of the five cards


def drawing_advanced():
    """Round 1 of the advanced game, draw phase: every seat laid its first offered piece."""
    s = laying(2, advanced=True)
    while s.phase == "lay":
        s, _ = play(s, s.current(), next(m for m in R.legal_moves(s, s.current()) if m.startswith("lay")))
    assert s.phase == "draw"
    return s


def test_branch_line_cards_cost_2_dollars_in_the_advanced_game() -> None:
    s = drawing_advanced()
    s, events = play(s, s.current(), "buy branch red")
    assert "for $2" in events[0]["text"]


def segment_with(river: bool, mountain: bool) -> int:
    return next(
        g for g in range(board.SEG_COUNT) if board.SEG_RIVER[g] == river and board.SEG_MOUNTAIN[g] == mountain
    )


def test_terrain_costs_river_1_mountain_1_both_2_and_engineers_cross_rivers_free() -> None:
    s = laying(2, advanced=True)
    river, mountain, both = segment_with(True, False), segment_with(False, True), segment_with(True, True)
    assert [track.piece_cost(s, 0, g) for g in (river, mountain, both)] == [1, 1, 2]
    s = edit(s, engineer=[DRAWN_ENGINEER, 0])
    assert [track.piece_cost(s, 0, g) for g in (river, mountain, both)] == [0, 1, 1]
    basic = laying(2)
    assert [track.piece_cost(basic, 0, g) for g in (river, mountain, both)] == [0, 0, 0]


def test_laying_across_a_river_is_paid_for() -> None:
    s = laying(2, advanced=True)
    assert R.describe_move(s, 0, "lay yellow kcy-dsm").endswith("piece 1/2 (river, $1)")
    s, events = play(s, 0, "lay yellow kcy-dsm")  # the Missouri at Kansas City
    assert s.money[0] == 4 and events[0]["cost"] == 1
    t = edit(laying(2, advanced=True), engineer=[BOUGHT_ENGINEER, 0])
    t, _ = play(t, 0, "lay yellow kcy-dsm")
    assert t.money[0] == 5


def test_a_piece_that_cannot_be_paid_for_is_not_offered() -> None:
    s = edit(laying(2, advanced=True), money=[0, 5])
    assert "lay yellow kcy-dsm" not in R.legal_moves(s, 0)
    assert "lay yellow kcy-top" in R.legal_moves(s, 0)
    with pytest.raises(IllegalMoveError, match="Not enough money"):
        play(s, 0, "lay yellow kcy-dsm")


def test_advanced_players_may_pass_and_all_passing_ends_the_game() -> None:
    s = laying(3, advanced=True)
    assert "pass" in R.legal_moves(s, 0)
    s, _ = play(s, 0, "pass")
    s, _ = play(s, 1, "pass")
    assert not R.is_over(s)
    s, _ = play(s, 2, "pass")
    assert R.is_over(s) and "passed" in s.end_reason


def test_one_piece_in_a_laying_turn_keeps_the_game_going() -> None:
    s = laying(3, advanced=True)
    s, _ = play(s, 0, "pass")
    s, _ = play(s, 1, "lay yellow kcy-top")
    s, _ = play(s, 2, "pass")
    assert not R.is_over(s) and s.lay_turn == 2


def test_an_engineer_can_be_drawn_for_free_and_the_hand_then_holds_four_cards() -> None:
    s = drawing_advanced()
    assert "draw engineer" in R.legal_moves(s, 0)
    money = s.money[0]
    s, _ = play(s, 0, "draw engineer")
    assert s.money[0] == money and s.engineer[0] == DRAWN_ENGINEER
    assert len(s.hand[0]) + s.doubles[0] == 4 and s.hand_size(0) == 5
    assert R.view(s, 1)["seats"][0]["engineer"] is True


def test_only_one_engineer_per_player() -> None:
    s = edit(drawing_advanced(), engineer=[BOUGHT_ENGINEER, 0])
    assert "draw engineer" not in R.legal_moves(s, 0)
    with pytest.raises(IllegalMoveError, match="already have an Engineer"):
        play(s, 0, "draw engineer")


def test_engineers_exist_only_in_the_advanced_game() -> None:
    s = laying(2)
    while s.phase == "lay":
        s, _ = play(s, s.current(), R.legal_moves(s, s.current())[0])
    with pytest.raises(IllegalMoveError, match="advanced game"):
        play(s, s.current(), "draw engineer")


def buy_phase():
    s = laying(2, buy_track=True)
    while s.phase != "buy_track":
        seat = s.current()
        s, _ = play(s, seat, R.legal_moves(s, seat)[0])
    return s


def test_optional_rule_each_player_may_buy_one_piece_after_drawing() -> None:
    s = buy_phase()
    assert s.current() == 0
    moves = R.legal_moves(s, 0)
    assert moves == [f"buy track {c}" for c in board.RAILROADS] + ["pass"]
    money = s.money[0]
    s, _ = play(s, 0, "buy track red")
    assert s.money[0] == money - 1 and s.bought[0][rr("red")] == 1 and s.supply[rr("red")] == 23
    assert R.to_act(s) == frozenset({1})
    s, _ = play(s, 1, "pass")
    assert s.phase == "choose" and s.first == 1


def test_bought_pieces_are_laid_only_once_the_free_ones_are_gone() -> None:
    s = laying(2, buy_track=True)
    s = edit(s, bought=[[0, 0, 0, 2, 0], [0, 0, 0, 0, 0]])
    assert track.piece_source(s, 0, rr("red")) == track.FREE
    s1, _ = play(s, 0, "lay red chi-kcy")
    assert s1.bought[0][rr("red")] == 2 and s1.supply[rr("red")] == 23
    s = edit(s, supply=[5, 5, 5, 0, 5])
    assert "lay red chi-kcy" in R.legal_moves(s, 0)
    s2, _ = play(s, 0, "lay red chi-kcy")
    assert s2.bought[0][rr("red")] == 1 and s2.supply[rr("red")] == 0


def test_bought_pieces_never_have_to_be_used() -> None:
    s = laying(2, buy_track=True)
    s = edit(s, supply=[0, 0, 0, 0, 0], bought=[[0, 0, 0, 1, 0], [0, 0, 0, 1, 0]])
    assert R.legal_moves(s, 0)[-1] == "pass"
    s, _ = play(s, 0, "pass")
    assert not R.is_over(s)


def test_a_player_without_pieces_cannot_lay_once_the_supply_is_gone() -> None:
    s = laying(2, buy_track=True)
    s = edit(s, supply=[1, 0, 0, 0, 0], bought=[[0, 0, 0, 0, 0], [0, 0, 0, 1, 0]])
    s, _ = play(s, 0, "lay blue chi-kcy")  # seat 1 still holds a red piece
    assert not R.is_over(s) and R.to_act(s) == frozenset({1})
    s, _ = play(s, 1, "lay red chi-dsm")
    assert R.is_over(s) and "All track" in s.end_reason


def test_build_helper_respects_the_supply() -> None:
    s = build(laying(2), "yellow", "kcy-top")
    assert s.supply[rr("yellow")] == 16


def test_a_player_without_bought_pieces_passes_while_another_still_holds_some() -> None:
    # Optional rule: once the free pieces are gone only the buyers lay theirs. A player who holds none
    # cannot lay, but not because every railroad is dead-ended, so the game goes on (he passes).
    s = laying(3, buy_track=True)
    s = edit(s, supply=[1, 0, 0, 0, 0], bought=[[0] * 5, [0] * 5, [0, 0, 0, 1, 0]])
    s, events = play(s, 0, "lay blue chi-kcy")
    assert not R.is_over(s) and R.to_act(s) == frozenset({2})
    assert any(e["type"] == "pass" and e["seat"] == 1 for e in events)
    s, _ = play(s, 2, "lay red chi-dsm")
    assert R.is_over(s) and "All track" in s.end_reason


def test_bought_pieces_that_cannot_grow_end_the_game() -> None:
    # Every railroad with unplayed track (here: green, in a player's hand) is dead-ended: the game ends.
    s = laying(3, buy_track=True)
    s = build(s, "green", *route("MIL", "MSP", "FAR"))
    s = build(s, "red", *route("CHI", "DSM", "OMA", "LBF", "CYS", "BIL", "BIS"), "bis-far")
    s = edit(s, supply=[1, 0, 0, 0, 0], bought=[[0] * 5, [0] * 5, [0, 0, 1, 0, 0]])
    s, _ = play(s, 0, "lay blue chi-kcy")
    assert R.is_over(s) and s.end_reason.startswith("Player 2 cannot lay a piece")


def test_in_the_basic_game_too_the_game_ends_when_everybody_passes() -> None:
    # Only bought pieces are left and nobody wants to lay them: the game could not go on.
    s = laying(2, buy_track=True)
    s = edit(s, supply=[0, 0, 0, 0, 0], bought=[[0, 0, 0, 1, 0], [0, 0, 0, 1, 0]])
    s, _ = play(s, 0, "pass")
    s, _ = play(s, 1, "pass")
    assert R.is_over(s) and "passed" in s.end_reason
