"""Kansas City: foresight tiles, the job market token, income, delivery, discs and the end of the game."""

from __future__ import annotations

from rules.gwt import RULES
from rules.gwt.graph import transport_cost
from rules.gwt.state import State
from tests.rules.gwt.scenario import before_move, game, hand, legal, play, top


def arrive(s: State, seat: int = 0) -> State:
    """Seat ``seat`` moves from G-1 into Kansas City."""
    before_move(s, seat, "G-1")
    return play(s, "move KANSAS_CITY")


def test_foresight_tiles_go_to_their_sections() -> None:
    s = game(3)
    s.foresight = [["flood-4g", "teepee-blue"], ["cowboy", "engineer"], ["craftsman", "teepee-green"]]
    for sp in ("FLOOD-1", "FLOOD-2"):
        s.trail[sp] = s.trail[sp] or "flood-2b"
    s.trail["FLOOD-3"] = None
    s = arrive(s)
    assert legal(s) == ["pick flood-4g", "pick teepee-blue"]
    s = play(s, "pick flood-4g")
    assert s.trail["FLOOD-3"] == "flood-4g"
    row = s.job_token
    s = play(s, "pick engineer")
    assert s.job_rows[row][-1] == "engineer" or s.job_token == row + 1
    s = play(s, "pick teepee-green")
    assert top(s) == "income" or top(s) == "deliver"
    assert s.foresight[0].count(None) == 1 and s.foresight[1].count(None) == 1


def test_job_market_token_yellow_and_red_arrows() -> None:
    s = game(2)
    s.job_rows = [["cowboy"] * 2 for _ in range(5)] + [["cowboy"]] + [[] for _ in range(6)]
    s.job_token = 5
    s.market = s.market[:3]
    s.foresight[1] = ["engineer", "engineer"]
    s = arrive(s)
    s = play(s, legal(s)[0], "pick engineer")
    assert s.job_token == 6 and len(s.market) == 7  # yellow arrow: market refilled to 7
    # the red arrow: the last space filled ends the game after one more turn for each other player
    s = game(2)
    s.job_rows = [["cowboy"] * 2 for _ in range(11)] + [["cowboy"]]
    s.job_token = 11
    s.foresight[1] = ["engineer", "engineer"]
    s.foresight[2] = ["craftsman", "teepee-blue"]
    s = arrive(s)
    s = play(s, legal(s)[0], "pick engineer")
    assert s.job_token == 12 and s.players[0].job_token and s.final_turns == 1
    assert legal(s) == ["pick teepee-blue"]  # no more workers from the foresight
    s = play(s, "pick teepee-blue")
    while s.current == 0:
        s = play(s, legal(s)[0])
    assert not s.over and s.current == 1
    while not s.over:
        assert s.current == 1
        s = play(s, legal(s)[-1] if legal(s)[-1] in ("done", "skip") else legal(s)[0])
    result = RULES.result(s)
    assert result["players"][0]["points"]["job_token"] == 2


def test_delivery_only_to_new_cities_except_kansas_city_and_san_francisco() -> None:
    s = game(2)
    s.cities["kansas-city"].append(0)
    s.cities["san-francisco"].append(0)
    s.cities["topeka"].append(0)
    s.players[0].discs["money"] = 0
    s.players[0].discs["draw"] = 0
    s.players[0].discs["cert"] = 1
    s.current = 0
    s.stack = [{"k": "end_turn"}, {"k": "deliver", "value": 20, "extra": False}]
    moves = legal(s)
    assert {"deliver kansas-city", "deliver san-francisco"} <= set(moves)
    assert "deliver topeka" not in moves
    money = s.players[0].money
    after = play(s, "deliver kansas-city", "disc cert")
    assert after.players[0].money == money + 6 and after.cities["kansas-city"] == [0, 0]


def test_transport_costs_count_crosses_below_the_city() -> None:
    assert transport_cost("5", 10) == 3 and transport_cost("5", 8) == 2 and transport_cost("5", 4) == 0
    assert transport_cost("0", 18) == 11 and transport_cost("18", 18) == 0
    assert transport_cost("4.5", 10) == 3


def test_green_arrows_give_objective_cards_twice() -> None:
    s = game(2)
    s.cities["colorado-springs"].append(0)
    s.cities["albuquerque"].append(0)
    s.players[0].discs["cert"] = 0
    s.current = 0
    s.stack = [{"k": "end_turn"}, {"k": "deliver", "value": 8, "extra": False}]
    s.players[0].engine = "20"
    s = play(s, "deliver santa-fe", "disc money")
    assert top(s) == "objective" and [d["k"] for d in s.stack[-2:]] == ["objective", "objective"]
    assert "skip" not in legal(s)
    first = s.objective_display[0]
    s = play(s, f"objective {first}")
    assert top(s) == "objective" and len(s.objective_display) == 4
    s = play(s, "objective stack")
    assert first in s.players[0].discard or first in s.players[0].hand


def test_disc_fallbacks_dark_discs_then_stations() -> None:
    s = game(2)
    p = s.players[0]
    for d in ("money", "draw", "cert", "engine", "trash", "cert4"):
        p.discs[d] = 0
    s.stations[0].append(0)
    s.cities["topeka"].extend([0] * 8)  # keep the disc total at 14
    s.current = 0
    s.stack = [{"k": "end_turn"}, {"k": "disc", "city": "wichita"}]
    p.money = 4
    assert legal(s) == ["disc step-money", "disc step-vp", "disc cert6"]  # no $5 for a hand disc
    for d in ("step-money", "step-vp", "cert6"):
        p.discs[d] = 0
    assert legal(s) == ["disc station 1"]
    after = play(s, "disc station 1")
    assert 0 not in after.stations[0] and 0 in after.cities["wichita"]


def test_income_uses_distinct_breeds_and_permanent_certificates() -> None:
    s = game(2)
    s.players[0].masters = ["sm-hazards"]
    s.players[0].cert = 6
    s.players[0].discs["cert4"] = s.players[0].discs["cert6"] = 0
    s.current = 0
    s.stack = [{"k": "end_turn"}, {"k": "deliver", "value": 0, "extra": False}, {"k": "income"}]
    hand(s, 0, "jersey", "jersey", "guernsey", s.objective_display[0])
    assert legal(s) == ["certs 0", "certs 2", "certs 3", "certs 4", "certs 5", "certs 6"]
    money = s.players[0].money
    after = play(s, "certs 2")
    assert after.players[0].money == money + 1 + 2 + 1 + 2 and after.players[0].cert == 4
    assert after.stack[-1]["value"] == 6


def test_cattleman_returns_to_start_and_foresight_is_refilled() -> None:
    s = game(2)
    s = arrive(s)
    while s.current == 0:
        s = play(s, legal(s)[0])
    assert s.players[0].location == "START"
    assert all(None not in col for col in s.foresight)
    assert len(s.players[0].hand) == 4
