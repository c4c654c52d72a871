"""One test per building: the 7 neutral buildings and the 20 private building sides."""

from __future__ import annotations

from rules.gwt.state import State
from tests.rules.gwt.scenario import at, clear_trail, game, hand, legal, play, top


def own(code: str, loc: str = "B-2", *, money: int = 20, players: int = 4) -> State:
    """Seat 0 on its own building ``code`` at ``loc`` with $``money``."""
    s = game(players)
    clear_trail(s)
    s.trail[loc] = f"{code}@0"
    s.players[0].money = money
    return at(s, 0, loc)


def neutral(letter: str, *, money: int = 20) -> State:
    s = game(4)
    s.players[0].money = money
    return at(s, 0, letter)


# ------------------------------------------------------------------------------------------ neutral


def test_neutral_a_guernsey_and_two_hires() -> None:
    s = neutral("A")
    s.job_rows = [["cowboy", "craftsman"], ["engineer"]] + [[] for _ in range(10)]
    hand(s, 0, "guernsey", "jersey", "jersey", "jersey")
    s = play(s, "discard guernsey")
    assert s.players[0].money == 22
    s = play(s, "hire craftsman 1")  # the first hire: row cost
    assert s.players[0].money == 16 and s.players[0].workers == [1, 2, 1]
    assert "hire engineer 2" not in legal(s)  # row 2 holds the token
    s = play(s, "hire cowboy 1")  # the second hire: row cost + $2
    assert s.players[0].money == 8 and s.players[0].workers == [2, 2, 1]


def test_neutral_b_dutch_belt_and_build() -> None:
    s = neutral("B")
    hand(s, 0, "dutch-belt", "jersey", "jersey", "jersey")
    s = play(s, "discard dutch-belt", "build 1a B-1")
    assert s.players[0].money == 20
    assert s.trail["B-1"] == "1a@0"


def test_neutral_c_certificate_or_objective_and_engine() -> None:
    s = neutral("C")
    s.players[0].workers = [1, 1, 2]
    moves = legal(s)
    assert "cert" in moves and "objective stack" in moves and "engine 2" in moves and "engine 3" not in moves
    after = play(s, "cert")
    assert after.players[0].cert == 1 and not any(m.startswith("objective") for m in legal(after))
    card = s.objective_display[0]
    after = play(s, f"objective {card}", "engine 2")
    assert card in after.players[0].discard and len(after.objective_display) == 4
    assert after.players[0].engine == "2"


def test_neutral_d_trade_or_paid_engine_and_aux() -> None:
    s = neutral("D")
    clear_trail(s)
    s.trail["TEEPEE-6"] = "teepee-blue"
    s.trail["TEEPEE--2"] = "teepee-green"
    after = play(s, "trade TEEPEE-6")
    assert after.players[0].money == 26 and after.players[0].teepees == ["teepee-blue"]
    assert not any(m.startswith("engine") for m in legal(after))
    after = play(s, "trade TEEPEE--2")
    assert after.players[0].money == 18
    after = play(s, "engine 2")
    assert after.players[0].money == 18 and after.players[0].engine == "2"
    s.players[0].discs["money"] = 0
    assert "aux money x2" in legal(s)
    assert play(s, "aux money x2").players[0].money == 22


def test_neutral_e_black_angus_and_buy() -> None:
    s = neutral("E")
    hand(s, 0, "black-angus", "jersey", "jersey", "jersey")
    s.market = ["holstein", "ayrshire", "highland-4"]
    s.players[0].workers = [3, 1, 1]
    s = play(s, "discard black-angus", "buy")
    moves = legal(s)
    assert {
        "buy holstein for 6",
        "buy holstein for 3",
        "buy holstein ayrshire for 5",
        "buy highland-4 for 12",
        "buy highland-4 for 6",
        "draw 2",
        "done",
    } <= set(moves)
    after = play(s, "buy holstein ayrshire for 5")
    assert after.players[0].money == 17 and {"holstein", "ayrshire"} <= set(after.players[0].discard)
    assert all(d["k"] != "buy" for d in after.stack)  # all three cowboys used
    after = play(s, "buy holstein for 3", "draw 2")
    assert len(after.market) == 4 and after.players[0].money == 19


def test_neutral_f_pair_and_hazard_for_7() -> None:
    s = neutral("F")
    hand(s, 0, "jersey", "jersey", "guernsey", "dutch-belt")
    hazard = next(loc for loc, t in s.trail.items() if t and t.startswith(("flood", "drought", "rockfall")))
    moves = legal(s)
    assert "pair jersey" in moves and "pair guernsey" not in moves
    after = play(s, "pair jersey", f"remove {hazard}")
    assert after.players[0].money == 20 + 4 - 7 and after.trail[hazard] is None
    assert len(after.players[0].hazards) == 1
    s.players[0].money = 6
    assert not any(m.startswith("remove") for m in legal(s))


def test_neutral_g_engine_and_aux() -> None:
    s = neutral("G")
    s.players[0].discs["engine"] = 0
    assert "engine 1" in legal(s) and "aux engine x2" in legal(s)
    after = play(s, "engine 1", "aux engine x2", "engine 3")
    assert after.players[0].engine == "3" and after.players[0].money == 18


# ------------------------------------------------------------------------------------------ a sides


def test_1a_money_per_building_in_the_woods() -> None:
    s = own("1a", "B-1")
    s.trail["C-1-1"] = "2a@0"
    s.trail["E-1"] = "3a@1"
    assert play(s, "woods").players[0].money == 24


def test_2a_guernsey_for_4_and_buy() -> None:
    s = own("2a")
    hand(s, 0, "guernsey", "jersey", "jersey", "jersey")
    after = play(s, "discard guernsey", "buy")
    assert after.players[0].money == 24 and top(after) == "buy"


def test_3a_pair_for_3_and_one_step() -> None:
    s = own("3a", "B-3")
    hand(s, 0, "black-angus", "black-angus", "jersey", "jersey")
    after = play(s, "pair black-angus", "move C")
    assert after.players[0].money == 23 and after.players[0].location == "C"
    assert top(after) == "loc" and after.stack[-1]["loc"] == "C"  # phase B again at C


def test_4a_hazard_for_5_and_two_steps() -> None:
    s = own("4a", "A-3")
    s.trail["FLOOD-1"] = "flood-4g"
    after = play(s, "remove FLOOD-1")
    assert after.players[0].money == 15
    assert {"move B", "move C"} <= set(legal(after)) and "move D" not in legal(after)


def test_5a_hire_minus_1_and_engine() -> None:
    s = own("5a")
    s.players[0].workers = [1, 1, 2]
    s.job_rows = [["cowboy"], []] + [[] for _ in range(10)]
    assert [m for m in legal(s) if m.startswith("engine")] == ["engine 1", "engine 2"]
    after = play(s, "hire cowboy 1")
    assert after.players[0].money == 15 and after.players[0].workers == [2, 1, 2]


def test_6a_holstein_for_10_and_aux() -> None:
    s = own("6a")
    hand(s, 0, "holstein", "jersey", "jersey", "jersey")
    after = play(s, "discard holstein", "aux money")
    assert after.players[0].money == 31


def test_7a_teepee_pairs() -> None:
    s = own("7a")
    s.players[0].teepees = ["teepee-green", "teepee-blue", "teepee-green", "teepee-blue", "teepee-green"]
    after = play(s, "teepees")
    assert after.players[0].money == 24 and after.players[0].cert == 3  # capped at the limit 3


def test_8a_trade_or_aux_and_engine_2() -> None:
    s = own("8a")
    s.trail["TEEPEE-2"] = "teepee-green"
    after = play(s, "trade TEEPEE-2")
    assert after.players[0].money == 22 and not any(m.startswith("aux") for m in legal(after))
    assert "engine 2" in legal(after) and "engine 3" not in legal(after)


def test_9a_engine_3_and_extraordinary_delivery() -> None:
    s = own("9a")
    s.players[0].engine = "12"
    after = play(s, "extra", "engine 8")
    # 11, 10, 9, 8 are numbered free spaces behind 12: cities up to value 4
    assert [m for m in legal(after) if m.startswith("deliver")] == [
        "deliver kansas-city",
        "deliver topeka",
        "deliver wichita",
    ]
    money = after.players[0].money
    after = play(after, "deliver wichita", "disc money")
    assert after.players[0].money == money and 0 in after.cities["wichita"]
    assert after.players[0].engine == "8"
    assert "engine 11" in legal(after) and "engine 12" not in legal(after)


def test_10a_certificates_to_the_limit_and_five_steps() -> None:
    s = own("10a", "A-1")
    s.players[0].discs["cert4"] = 0
    after = play(s, "certs max")
    assert after.players[0].cert == 4
    assert "move D" in legal(after) or "move E" in legal(after)


# ------------------------------------------------------------------------------------------ b sides


def test_1b_objective_for_certificates_and_engine_back_for_3() -> None:
    s = own("1b")
    card = s.objective_display[0]
    hand(s, 0, card, "jersey", "jersey", "jersey")
    s.players[0].engine = "5"
    assert {"back 4", "back 4.5"} <= set(legal(s))
    after = play(s, f"discard {card}", "back 4.5")
    p = after.players[0]
    assert p.cert == 2 and p.money == 23 and p.engine == "4.5" and top(after) == "upgrade"
    s.players[0].engine = "0"
    assert not any(m.startswith("back") for m in legal(s))


def test_2b_jersey_engine_step_and_dutch_belt_for_3() -> None:
    s = own("2b")
    hand(s, 0, "jersey", "dutch-belt", "jersey", "jersey")
    after = play(s, "discard jersey", "engine 1", "discard dutch-belt")
    assert after.players[0].engine == "1" and after.players[0].money == 23


def test_3b_aux_and_one_step() -> None:
    s = own("3b", "B-3")
    after = play(s, "aux money", "move C")
    assert after.players[0].money == 21 and after.players[0].location == "C"


def test_4b_draw_per_cowboy_then_discard_and_three_steps() -> None:
    s = own("4b", "A-1")
    s.players[0].workers = [2, 1, 1]
    assert "draw 2" in legal(s) and "draw 3" not in legal(s)
    after = play(s, "draw 2")
    assert len(after.players[0].hand) == 6 and top(after) == "discard"
    card = after.players[0].hand[0]
    after = play(after, f"discard {card}")
    card = after.players[0].hand[0]
    after = play(after, f"discard {card}")
    assert len(after.players[0].hand) == 4 and top(after) == "loc"
    assert "move B" in legal(after)


def test_5b_black_angus_for_certificates_and_money_per_engineer() -> None:
    s = own("5b")
    hand(s, 0, "black-angus", "jersey", "jersey", "jersey")
    s.players[0].workers = [1, 1, 4]
    after = play(s, "discard black-angus", "engineers")
    assert after.players[0].cert == 2 and after.players[0].money == 24


def test_6b_discard_any_for_3_and_objective_into_the_hand() -> None:
    s = own("6b")
    hand(s, 0, "jersey", "jersey", "guernsey", "dutch-belt")
    card = s.objective_display[1]
    after = play(s, "discard guernsey", f"objective {card}")
    assert after.players[0].money == 23 and card in after.players[0].hand


def test_7b_engine_per_building_in_the_woods() -> None:
    s = own("7b", "B-1")
    s.trail["E-1"] = "1a@0"
    engine = [m for m in legal(s) if m.startswith("engine")]
    assert engine == ["engine 1", "engine 2"]


def test_8b_copies_an_adjacent_building_only() -> None:
    s = own("8b", "B-1")
    s.trail["B-2"] = "2a@1"
    moves = legal(s)
    assert "copy B" in moves and "copy B-2" in moves and "copy C" not in moves
    hand(s, 0, "guernsey", "jersey", "jersey", "jersey")
    after = play(s, "copy B-2", "discard guernsey")
    assert after.players[0].money == 24 and after.players[1].money == s.players[1].money
    # an empty space in between breaks adjacency
    s2 = own("8b", "C-1-1")
    assert [m for m in legal(s2) if m.startswith("copy")] == ["copy C"]


def test_9b_upgrades_a_station_behind_the_engine() -> None:
    s = own("9b")
    s.players[0].engine = "9"
    s.players[0].workers = [2, 1, 1]
    moves = legal(s)
    assert "upgrade 1" in moves and "upgrade 2" in moves and "upgrade 3" not in moves
    after = play(s, "upgrade 2", "disc money")
    assert 0 in after.stations[1] and after.players[0].money == 18 and top(after) == "master"
    master = after.masters[1]
    after = play(after, "appoint cowboy")
    assert after.players[0].masters == [master] and after.master_workers[1] == "cowboy"
    assert after.players[0].workers == [1, 1, 1]


def test_10b_money_engine_4_and_four_steps() -> None:
    s = own("10b", "A-1")
    s.players[0].engine = "1"
    after = play(s, "gain 4", "engine 4.5")
    assert after.players[0].money == 24 and after.players[0].engine == "4.5"
    assert top(after) == "upgrade"


def test_hiring_stops_at_six_and_building_never_replaces_others() -> None:
    s = neutral("A")
    s.job_rows = [["cowboy", "engineer"], []] + [[] for _ in range(10)]
    s.players[0].workers = [6, 1, 1]
    assert [m for m in legal(s) if m.startswith("hire")] == ["hire engineer 1"]
    s = neutral("B")
    s.players[0].workers = [1, 6, 1]
    s.trail["A-1"] = "1a@1"
    s.trail["A-2"] = "1a@0"
    moves = legal(s)
    assert not any(m.endswith(" A-1") for m in moves) and not any(m.endswith(" A") for m in moves)
    assert "build 2a A-2" not in moves  # same craftsmen: nothing to pay for, no upgrade
    assert "build 4a A-2" in moves


def test_9a_turnouts_do_not_count_and_the_station_may_be_upgraded_after_delivery() -> None:
    s = own("9a")
    s.players[0].engine = "12"
    s.players[1].engine = "11"
    after = play(s, "extra", "engine 10.5")  # 11 is taken, 10.5 is a turnout: nothing counts
    assert [m for m in legal(after) if m.startswith("deliver")] == ["deliver kansas-city"]
    after = play(after, "deliver kansas-city", "disc money")
    assert top(after) == "upgrade" and after.stack[-1]["station"] == 2
