"""Laying track: home bases, railheads, claimed and doubled lines, dead ends, bonuses."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalMoveError
from rules.santafe import board
from tests.rules.santafe.helpers import R, build, city, edit, laying, play, route, rr


def lay_moves(s, seat: int, colour: str) -> list[str]:
    return [m for m in R.legal_moves(s, seat) if m.startswith(f"lay {colour} ")]


def test_the_first_piece_of_each_railroad_starts_at_its_home_base() -> None:
    s = laying(3)
    homes = {"green": "mil", "blue": "chi", "red": "chi", "yellow": "kcy", "white": "nol"}
    for colour, home in homes.items():
        moves = lay_moves(s, 0, colour)
        assert moves and all(m.split(" ")[2].startswith(home + "-") for m in moves), colour


def test_each_piece_extends_the_railhead_of_the_previous_one() -> None:
    s = laying(3)
    s, _ = play(s, 0, "lay blue chi-kcy")
    assert lay_moves(s, 1, "blue") == ["lay blue chi-kcy"]  # only the one railhead, inside the line
    s = build(s, "blue", "chi-kcy", "chi-kcy", "chi-kcy")
    assert s.heads[rr("blue")] == [city("KCY")]
    assert "lay blue kcy-top" in lay_moves(s, 1, "blue")
    assert not any(m.startswith("lay blue chi-") for m in R.legal_moves(s, 1))


def test_a_line_is_claimed_by_the_first_railroad_on_it() -> None:
    s = laying(3)
    s = build(s, "red", "chi-stl")  # red starts Chicago - St. Louis (3 pieces)
    s = build(s, "yellow", "kcy-stl", "kcy-stl")  # yellow reaches St. Louis
    assert "lay yellow stl-chi" not in R.legal_moves(s, 0)
    with pytest.raises(IllegalMoveError, match="taken by the Union Pacific"):
        play(s, 0, "lay yellow stl-chi")
    assert lay_moves(s, 0, "red") == ["lay red chi-stl"]


def test_doubled_lines_take_two_railroads_but_never_one_twice() -> None:
    s = laying(3)
    s = build(s, "blue", "chi-kcy")
    assert "lay red chi-kcy" in R.legal_moves(s, 0)  # the parallel line is free for another railroad
    s = build(s, "blue", "chi-kcy", "chi-kcy", "chi-kcy")
    s = edit(s, branch_on=[rr("blue"), -1, -1])
    assert "branch blue chi-stl" in R.legal_moves(s, 0)
    assert "branch blue chi-kcy" not in R.legal_moves(s, 0)
    assert "lay blue kcy-chi" not in R.legal_moves(s, 0)
    with pytest.raises(IllegalMoveError, match="already runs on the other line"):
        play(s, 0, "branch blue chi-kcy")
    s = build(s, "red", "chi-kcy")
    assert "lay yellow kcy-chi" not in R.legal_moves(s, 0)  # both lines taken


def test_a_railroad_can_be_dead_ended() -> None:
    s = laying(3)
    s = build(s, "green", *route("MIL", "MSP", "FAR"))
    s = build(s, "red", *route("CHI", "DSM", "OMA", "LBF", "CYS", "BIL", "BIS"), "bis-far")
    assert lay_moves(s, 0, "green") == []
    assert s.supply[rr("green")] > 0


def test_reaching_a_city_the_railroad_already_reaches_adds_nothing() -> None:
    s = laying(3)
    s = build(s, "blue", *route("CHI", "KCY", "STL"), "stl-chi", "stl-chi")
    money = list(s.money)
    s, events = play(s, 0, "lay blue stl-chi")  # back into Chicago, its home base
    assert s.money == money
    assert not [e for e in events if e["type"] == "connect"]
    assert s.railroads_at(city("CHI")) == 2  # blue and red, counted once each


def test_a_player_must_lay_a_piece_when_one_fits() -> None:
    s = laying(3)
    assert "pass" not in R.legal_moves(s, 0)
    with pytest.raises(IllegalMoveError, match="must lay"):
        play(s, 0, "pass")


def test_first_connection_to_a_city_pays_2_dollars() -> None:
    s = laying(3)
    s, events = play(s, 0, "lay yellow kcy-top")
    assert s.money[0] == 4
    assert [e["bonus"] for e in events if e["type"] == "connect"] == [2]
    s, _ = play(s, 1, "lay blue chi-kcy")
    s = build(s, "blue", "chi-kcy", "chi-kcy", "chi-kcy")
    s, events = play(s, 2, "lay blue kcy-top")  # the second railroad into Topeka: no bonus
    assert s.money[2] == 2
    assert [e["bonus"] for e in events if e["type"] == "connect"] == [0]


def test_home_bases_pay_no_city_bonus() -> None:
    s = laying(3)
    s, _ = play(s, 0, "lay green mil-chi")
    assert s.money[0] == 2
    assert s.connected[rr("green")] >> city("CHI") & 1


def houston_ready(double: bool = False):
    """Player 1 to lay; the Santa Fe is one piece short of Houston, which nobody reaches yet."""
    s = laying(3)
    s = build(s, "blue", *route("CHI", "KCY", "TOP", "ICT", "DAL"), "dal-hou")
    return edit(s, double_on=[double, False, False])


def test_houston_example_santa_fe_first_into_houston_earns_6_dollars() -> None:
    s, events = play(houston_ready(), 0, "lay blue dal-hou")
    assert s.money[0] == 2 + 6
    assert "earns $6" in next(e["text"] for e in events if e["type"] == "connect")


def test_double_turn_doubles_the_bonuses_up_to_12_dollars() -> None:
    s, _ = play(houston_ready(double=True), 0, "lay blue dal-hou")
    assert s.money[0] == 2 + 12


def test_square_bonus_alone_when_the_city_is_already_reached() -> None:
    s = build(houston_ready(), "blue", "dal-hou")
    s = build(s, "white", *route("NOL", "HOU")[:-1])
    s, _ = play(s, 0, "lay white nol-hou")
    assert s.money[0] == 2 + 4


def test_no_square_bonus_for_another_railroad() -> None:
    s = laying(3)
    s = build(s, "yellow", *route("KCY", "TOP", "ICT", "DAL"), "dal-hou")
    s, _ = play(s, 0, "lay yellow dal-hou")
    assert board.CITY_SQUARES[city("HOU")] >> rr("yellow") & 1 == 0
    assert s.money[0] == 2 + 2


def test_waypoints_inside_a_line_connect_nothing() -> None:
    s = laying(3)
    s, events = play(s, 0, "lay blue chi-kcy")
    assert s.connected[rr("blue")] == 1 << city("CHI")
    assert not [e for e in events if e["type"] == "connect"]


def test_lay_event_names_the_segment() -> None:
    s = laying(3)
    _, events = play(s, 0, "lay blue chi-kcy")
    lay = next(e for e in events if e["type"] == "lay")
    assert lay["segment"] == "chi-kcy.1:1" and lay["railroad"] == "blue"
