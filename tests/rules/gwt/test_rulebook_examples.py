"""The worked examples of the rulebook, replayed as scenarios."""

from __future__ import annotations

from rules.gwt import RULES
from rules.gwt.scoring import best_objectives, score
from tests.rules.gwt.scenario import at, before_move, clear_trail, game, hand, legal, play, top


def test_movement_counts_locations_only() -> None:
    """Mary reaches B in 2 steps past a red building or in 3 steps past two floods."""
    s = game(3)
    clear_trail(s)
    s.trail["A-2"] = "1a@1"
    s.trail["FLOOD-1"], s.trail["FLOOD-2"] = "flood-2g", "flood-2b"
    before_move(s, 0, "A")
    moves = legal(s)
    assert "move B via A-2" in moves and "move B via FLOOD-1 FLOOD-2" in moves
    # with step limit 3, C (one location beyond B) is reachable only through the building
    assert "move C" in moves and not any(m.startswith("move C via") for m in moves)
    # empty spaces are free: the first location after the start is A
    before_move(s, 0, "START")
    assert legal(s)[0] == "move A"


def test_fees_four_players_both_paths() -> None:
    """Mary has $2: the upper path pays Mike's black hand; the lower path pays the bank for two floods."""
    s = game(4)
    clear_trail(s)
    s.trail["A-1"], s.trail["A-2"] = "4a@1", "1a@2"
    s.trail["FLOOD-1"], s.trail["FLOOD-2"] = "flood-2g", "flood-2b"
    before_move(s, 0, "A")
    s.players[0].money = 2
    mike, peter = s.players[1].money, s.players[2].money
    upper = play(s, "move B via A-1 A-2")
    assert upper.players[0].money == 0
    assert upper.players[1].money == mike + 2 and upper.players[2].money == peter
    lower = play(s, "move B via FLOOD-1 FLOOD-2")
    assert lower.players[0].money == 0
    assert lower.players[1].money == mike and lower.players[2].money == peter
    # never retroactively, and an own building costs nothing
    s.trail["A-1"] = "4a@0"
    s.players[0].money = 0
    assert play(s, "move B via A-1 A-2").players[0].money == 0


def test_own_building_local_actions_and_risk_action() -> None:
    """Mary's 2a on a risk space: discard a Guernsey, buy cattle, or the risk action; aux only instead."""
    s = game(4)
    s.trail["DROUGHT-RISK-1"] = "2a@0"
    at(s, 0, "DROUGHT-RISK-1")
    hand(s, 0, "guernsey", "jersey", "jersey", "black-angus")
    moves = legal(s)
    assert {"discard guernsey", "buy", "risk guernsey", "risk jersey", "aux money", "done"} <= set(moves)
    money = s.players[0].money
    s2 = play(s, "discard guernsey")
    assert s2.players[0].money == money + 4
    assert "aux money" not in legal(s2) and "discard guernsey" not in legal(s2)
    s3 = play(s2, "risk jersey")
    assert s3.players[0].cert == 1
    # another player's building offers only auxiliary actions
    at(s, 1, "DROUGHT-RISK-1")
    assert all(m.startswith(("aux", "play")) or m == "done" for m in legal(s))


def test_two_hires_at_building_a() -> None:
    """An engineer for $7 with the Jersey bonus, then a cowboy for $6 + $2."""
    s = game(4)
    s.job_rows = [["cowboy"], ["craftsman"], ["engineer"], ["engineer"]] + [[] for _ in range(8)]
    s.job_token = 3
    at(s, 0, "A")
    hand(s, 0, "jersey", "dutch-belt", "black-angus", "jersey")
    p = s.players[0]
    p.money, p.workers = 20, [1, 1, 2]
    assert "hire engineer 4" not in legal(s)  # the token's row is closed
    assert "discard guernsey" not in legal(s)
    s = play(s, "hire engineer 3")
    assert s.players[0].money == 13 and top(s) == "bonus"
    s = play(s, "discard jersey")
    assert s.players[0].money == 15 and s.players[0].workers == [1, 1, 3]
    s = play(s, "hire cowboy 1")
    assert s.players[0].money == 7 and s.players[0].workers == [2, 1, 3]


def test_placing_and_replacing_a_building() -> None:
    s = game(4)
    at(s, 0, "B")
    p = s.players[0]
    p.money, p.workers = 20, [1, 2, 1]
    assert "build 5a A-1" not in legal(s)  # three craftsmen needed
    s = play(s, "build 4a A-1")
    assert s.trail["A-1"] == "4a@0" and s.players[0].money == 16
    at(s, 0, "B")
    s.players[0].workers = [1, 3, 1]
    s = play(s, "build 7a A-1")  # 5 - 2 = 3 craftsmen, $6
    assert s.trail["A-1"] == "7a@0" and s.players[0].money == 10
    assert s.players[0].boxed_buildings == ["4a"]


def _at_kansas_city(s, seat: int):  # type: ignore[no-untyped-def]
    s.current = seat
    s.players[seat].location = "KANSAS_CITY"
    s.stack = [{"k": "end_turn"}, {"k": "deliver", "value": 0, "extra": False}, {"k": "income"}]
    return s


def test_income_8_to_10_with_certificates_and_delivery_options() -> None:
    s = _at_kansas_city(game(4), 0)
    hand(s, 0, "dutch-belt", "dutch-belt", "brown-swiss", "holstein")
    p = s.players[0]
    p.cert, p.money, p.engine = 3, 0, "5"
    s.cities["colorado-springs"].append(0)
    s.cities["topeka"].append(0)
    p.discs["cert"] -= 1
    p.discs["engine"] -= 1
    assert legal(s) == ["certs 0", "certs 1", "certs 2", "certs 3"]
    s = play(s, "certs 2")
    assert s.players[0].money == 10 and s.players[0].cert == 1 and s.players[0].hand == []
    assert legal(s) == ["deliver kansas-city", "deliver wichita", "deliver santa-fe", "deliver albuquerque"]
    alb = play(s, "deliver albuquerque")
    assert alb.players[0].money == 7  # three crosses
    assert "disc step-money" in legal(alb)  # a dark disc may go to Albuquerque
    santa_fe = play(s, "deliver santa-fe")
    assert santa_fe.players[0].money == 8
    assert all(not m.startswith(("disc step", "disc hand", "disc cert6")) for m in legal(santa_fe))
    wichita = play(s, "deliver wichita")
    assert wichita.players[0].money == 10


def test_phase_c_draws_without_reshuffling() -> None:
    s = game(4)
    at(s, 0, "A")
    p = s.players[0]
    p.discs["hand"] = 1  # hand limit 5
    p.hand, p.deck, p.discard = ["jersey"] * 3, ["guernsey", "dutch-belt"], p.deck[:5]
    s = play(s, "done")
    p = s.players[0]
    assert sorted(p.hand) == ["dutch-belt", "guernsey", "jersey", "jersey", "jersey"]
    assert p.deck == [] and len(p.discard) == 5
    assert s.current == 1


def test_engine_move_skips_an_occupied_space() -> None:
    s = game(4)
    at(s, 0, "G")
    s.players[0].workers = [1, 1, 3]
    s.players[0].engine = "1"
    s.players[1].engine = "3"
    engine = [m for m in legal(s) if m.startswith("engine")]
    assert engine == ["engine 2", "engine 4", "engine 4.5", "engine 5"]


def test_objective_example_18_or_10_points() -> None:
    area = ["start-bbh", "engine-bblhh", "aux-sf", "aux-sf"]
    items = {"b": 3, "s": 0, "h": 3, "g": 0, "bl": 1, "3": 0, "4": 0, "5": 0, "sf": 2}
    assert best_objectives(area, [], items, False) == (18, 0)
    assert best_objectives(area, [], {**items, "sf": 1}, False) == (10, 0)


def test_sacramento_and_san_diego_scoring() -> None:
    s = game(2)
    s.cities["sacramento"].append(0)
    s.cities["san-diego"].append(0)
    s.players[0].discs["cert"] = 0
    assert score(s, 0)["cities"] == 10
    s.cities["el-paso"].append(0)
    s.players[0].discs["engine"] = 1
    assert score(s, 0)["cities"] == 18


def test_result_shares_ties() -> None:
    s = game(2)
    result = RULES.result(s)
    assert result["players"][0]["total"] == result["players"][1]["total"] - (
        result["players"][1]["points"]["money"] - result["players"][0]["points"]["money"]
    )
    assert len(result["categories"]) == 11
