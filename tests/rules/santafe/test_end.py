"""The end of the game and the final score."""

from __future__ import annotations

import pytest

from rules.core.errors import GameOverError
from rules.santafe import board
from tests.rules.santafe.helpers import R, build, city, edit, laying, play, route, rr


def test_the_game_ends_when_all_track_is_laid() -> None:
    s = edit(laying(3), supply=[1, 0, 0, 0, 0])
    s, events = play(s, 0, "lay blue chi-kcy")
    assert R.is_over(s) and R.to_act(s) == frozenset()
    assert events[-1]["type"] == "game_end"
    assert "All track" in s.end_reason
    assert R.view(s, None)["decision"] is None


def green_dead_ended():
    s = laying(3)
    s = build(s, "green", *route("MIL", "MSP", "FAR"))
    return build(s, "red", *route("CHI", "DSM", "OMA", "LBF", "CYS", "BIL", "BIS"), "bis-far")


def test_the_game_ends_when_a_player_cannot_lay_a_piece() -> None:
    s = green_dead_ended()
    s = edit(s, supply=[1, 0, s.supply[rr("green")], 0, 0])
    # a Branch Line card in another player's hand does not matter
    s = edit(s, branch_on=[-1, -1, rr("green")])
    s, _ = play(s, 0, "lay blue chi-kcy")
    assert R.is_over(s)
    assert s.end_reason.startswith("Player 2 cannot lay a piece")
    assert s.supply[rr("green")] > 0


def test_a_dead_ended_railroad_does_not_end_the_game_while_another_can_grow() -> None:
    s = green_dead_ended()
    s, _ = play(s, 0, "lay blue chi-kcy")
    assert not R.is_over(s)
    assert all(not m.startswith("lay green") for m in R.legal_moves(s, 1))


def test_no_move_after_the_end() -> None:
    s = edit(laying(3), supply=[1, 0, 0, 0, 0])
    s, _ = play(s, 0, "lay blue chi-kcy")
    with pytest.raises(GameOverError):
        play(s, 1, "lay blue chi-kcy")
    assert R.legal_moves(s, 1) == []


def test_score_is_money_plus_city_values_times_different_railroads() -> None:
    s = laying(2)
    s = build(s, "green", *route("MIL", "MSP", "FAR", "BIS", "BIL", "HLN", "GEG", "SEA"))
    s = build(s, "white", *route("NOL", "HOU", "SAT", "ELP", "TUS", "PHX", "LAX"))
    s = edit(s, played=[[city("los-angeles"), city("seattle")], [city("denver")]], money=[3, 10])
    # the rulebook's example: Los Angeles (7) reached by white only here is worth 7; Seattle by green 7
    result = R.result(s)
    assert result["players"][0]["points"] == {"money": 3, "cities": 7 + 7}
    assert result["players"][1]["points"] == {"money": 10, "cities": 0}
    s = build(s, "blue", *route("CHI", "KCY", "TOP", "ICT", "DDC", "SAF", "ABQ", "FLG", "LAX"))
    assert R.result(s)["players"][0]["points"]["cities"] == 14 + 7  # two railroads into Los Angeles


def test_a_railroad_counts_once_however_often_it_reaches_a_city() -> None:
    s = laying(2)
    s = build(s, "blue", *route("CHI", "KCY", "STL", "CHI"))
    s = edit(s, played=[[city("st-louis")], []])
    assert R.result(s)["players"][0]["points"]["cities"] == board.CITY_VALUE[city("st-louis")] * 1


def test_ties_go_to_the_most_value_7_city_cards_played() -> None:
    # Rulebook, Scoring & Winning: "If two or more players are tied, the player who played the most City
    # Cards with a value of 7 among them is the winner."
    s = laying(3)
    sevens = [c for c in range(board.CITY_COUNT) if board.CITY_VALUE[c] == 7]
    s = edit(s, money=[5, 5, 4], played=[[city("denver")], [sevens[0]], [sevens[1], sevens[2]]])
    result = R.result(s)
    assert [p["total"] for p in result["players"]] == [5, 5, 4]
    assert result["ranking"] == [[1], [0], [2]]
    assert result["winners"] == [1]


def test_the_players_own_branch_line_card_keeps_the_game_going() -> None:
    # Rulebook: the game ends when a player cannot lay a piece; it does not matter if *another* player
    # could open a route with a Branch Line card. So the player's own card counts: he can still lay.
    s = green_dead_ended()
    s = edit(s, supply=[1, 0, s.supply[rr("green")], 0, 0], branch_on=[-1, rr("green"), -1])
    s, _ = play(s, 0, "lay blue chi-kcy")
    assert not R.is_over(s) and R.to_act(s) == frozenset({1})
    moves = R.legal_moves(s, 1)
    assert "branch green mil-chi" in moves
    assert "pass" in moves  # a branch is never forced
    s, _ = play(s, 1, "branch green mil-chi")
    assert not R.is_over(s) and R.to_act(s) == frozenset({2})


def test_declining_the_only_branch_leaves_the_next_player_unable_to_lay() -> None:
    s = green_dead_ended()
    s = edit(s, supply=[1, 0, s.supply[rr("green")], 0, 0], branch_on=[-1, rr("green"), -1])
    s, _ = play(s, 0, "lay blue chi-kcy")
    s, _ = play(s, 1, "pass")
    assert R.is_over(s) and s.end_reason.startswith("Player 3 cannot lay a piece")


def test_a_tie_on_points_and_on_value_7_cards_is_a_shared_first_place() -> None:
    # The rulebook's only tie-break is the value-7 cards; players equal on those too stay tied.
    s = laying(3)
    sevens = [c for c in range(board.CITY_COUNT) if board.CITY_VALUE[c] == 7]
    s = edit(s, money=[5, 5, 6], played=[[sevens[0]], [sevens[1]], [city("denver")]])
    result = R.result(s)
    assert [p["total"] for p in result["players"]] == [5, 5, 6]
    assert result["ranking"] == [[2], [0, 1]] and result["winners"] == [2]
    s = edit(s, money=[5, 5, 4])
    result = R.result(s)
    assert result["ranking"] == [[0, 1], [2]] and result["winners"] == [0, 1]
    assert [p["rank"] for p in result["players"]] == [1, 1, 3]
