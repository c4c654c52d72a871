"""Every choice says its price and gain: fees on the way, transport cost and points of a delivery, the
cowboys of a purchase, the craftsmen of a building; the detail beside a menu option says it too."""

from __future__ import annotations

from rules.core.rng import Rng
from rules.gwt import RULES
from rules.gwt.state import State
from tests.rules.gwt.scenario import at, before_move, clear_trail, game, hand


def labels(s: State) -> dict[str, str]:
    return {m: RULES.describe_move(s, s.current, m) for m in RULES.legal_moves(s, s.current)}


def details(s: State) -> dict[str, str]:
    return {m: RULES.detail_move(s, s.current, m) for m in RULES.legal_moves(s, s.current)}


def test_a_move_onto_another_players_building_says_the_fee_before_it_is_paid() -> None:
    s = game(2)
    clear_trail(s)
    s.trail["A-1"] = "1a@1"  # a green-hand building of the second player: $2 with 2 players
    before_move(s, 0, "A")
    s.players[0].money = 10
    said = "move the cattleman to spot 1 (building 1a of Player 2) · fee $2 to Player 2"
    assert labels(s)["move A-1"] == said
    assert details(s)["move A-1"] == "fee $2 to Player 2 · an auxiliary action there"
    # the log says what was done; the fee paid is its own line
    _, events = RULES.play(s, 0, "move A-1")
    assert events[0]["text"] == "Player 1 moved the cattleman to spot 1 (building 1a of Player 2)."


def test_a_route_through_hazards_says_the_bank_fee_and_a_free_route_says_none() -> None:
    s = game(2)
    clear_trail(s)
    s.trail["FLOOD-1"] = "flood-2b"
    before_move(s, 0, "A")
    found = labels(s)
    assert found["move FLOOD-1"] == "move the cattleman to Flood 1 (flood hazard) · fee $2 to the bank"
    assert found["move B via FLOOD-1"].endswith("via Flood 1 · fee $2 to the bank")
    assert "fee" not in found["move B direct"]
    own = game(2)
    clear_trail(own)
    own.trail["A-1"] = "1a@0"
    before_move(own, 0, "A")
    assert details(own)["move A-1"] == "1a: $2 per building in the woods"


def test_delivery_choices_say_transport_cost_and_points() -> None:
    s = game(2)
    s.current = 0
    s.players[0].engine = "5"
    s.cities["san-diego"].append(0)
    s.stack = [{"k": "end_turn"}, {"k": "deliver", "value": 18, "extra": False}]
    found = labels(s)
    assert found["deliver san-francisco"] == "deliver to San Francisco · transport $9 · +9 VP"
    # Sacramento's own 6 and the San Diego arrow's 4
    assert found["deliver sacramento"] == "deliver to Sacramento · transport $7 · +10 VP"
    assert found["deliver kansas-city"] == "deliver to Kansas City · transport $0 · -6 VP"
    assert details(s)["deliver santa-fe"] == "transport $2 · 0 VP"


def test_purchases_say_price_and_cowboys_and_buildings_say_craftsmen_and_dollars() -> None:
    s = at(game(2), 0, "B")
    s.players[0].money = 30
    s.players[0].workers[1] = 2
    hand(s, 0, "jersey")
    found, said = labels(s), details(s)
    assert found["build 4a A-1"] == (
        "build 4a (remove a hazard for $5, move 2 steps) on spot 1 for $4 · 2 craftsmen"
    )
    assert said["build 4a A-1"].startswith("2 craftsmen · $4 · 3 VP · black hand · remove a hazard for $5")
    s = at(game(2), 0, "E")
    s.players[0].money = 30
    s.players[0].workers[0] = 3
    s.market = ["holstein"]
    s = RULES.play(s, 0, "buy")[0]
    found = labels(s)
    assert found["buy holstein for 6"] == "buy Holstein for $6 · 1 cowboy"
    assert found["buy holstein for 3"] == "buy Holstein for $3 · 2 cowboys"
    assert details(s)["buy holstein for 3"] == "$3 · 2 cowboys · breeding value 3 · 1 VP"


def test_every_detail_of_random_games_fits_a_menu_option() -> None:
    for seed in range(3):
        pick, s = Rng(seed), game(3, seed)
        for _ in range(300):
            if RULES.is_over(s):
                break
            for move, text in details(s).items():
                assert len(text) <= 100, (move, text)
            s, _ = RULES.play(s, s.current, pick.choice(RULES.legal_moves(s, s.current)))
