"""Rule details checked one by one against the rulebook: orders of actions, rewards of discs, the railroad."""

from __future__ import annotations

from rules import spec
from rules.gwt import RULES
from rules.gwt.scoring import score
from tests.rules.gwt.scenario import at, clear_trail, game, hand, legal, play, top


def test_building_a_plain_hire_first_then_the_row_action_then_the_dearer_hire() -> None:
    # A's two hires cost the row price and the row price + $2; the job market does not change between
    # them, so hiring the plain one first never costs more. A row's immediate action comes right away.
    s = game(4)
    s.job_rows = [["engineer", "cowboy", "craftsman"]] + [[] for _ in range(11)]
    at(s, 0, "A")
    p = s.players[0]
    p.money, p.workers = 20, [1, 1, 3]
    s = play(s, "hire engineer 1")
    assert s.players[0].money == 14 and top(s) == "bonus"  # 4th engineer: hire at row cost - $2
    s = play(s, "hire cowboy 1")
    assert s.players[0].money == 10 and top(s) == "loc"
    s = play(s, "hire craftsman 1")
    assert s.players[0].money == 2 and s.players[0].workers == [2, 2, 4]
    assert not any(m.startswith("hire") for m in legal(s))


def test_the_local_auxiliary_action_covers_the_single_one_instead() -> None:
    # G: the local "single or double auxiliary action" offers every single one, and the other local
    # action stays available afterwards, which the single auxiliary action instead would not allow.
    s = game(2)
    p = s.players[0]
    p.money, p.workers, p.discs["money"] = 10, [1, 1, 2], 0
    at(s, 0, "G")
    moves = legal(s)
    assert {"aux money", "aux money x2", "aux draw"} <= set(moves)
    s = play(s, "aux money")
    assert s.players[0].money == 11 and "engine 2" in legal(s)


def test_single_auxiliary_action_only_when_no_local_action_was_used() -> None:
    s = game(2)
    s.players[0].money = 10
    at(s, 0, "E")
    hand(s, 0, "black-angus", "jersey", "jersey", "jersey")
    assert "aux money" in legal(s)
    after = play(s, "discard black-angus")
    assert not any(m.startswith("aux") for m in legal(after))
    after = play(s, "aux money")
    assert after.players[0].money == 11 and top(after) == "end_turn"  # nothing else was left: phase C


def test_backward_move_onto_a_turnout_may_upgrade_its_station() -> None:
    s = game(2)
    p = s.players[0]
    p.money, p.engine, p.discs["cert"] = 10, "5", 1
    at(s, 0, "G")
    s = play(s, "aux cert")
    assert legal(s) == ["engine 4", "engine 4.5"]
    s = play(s, "engine 4.5")
    assert s.players[0].cert == 1 and top(s) == "upgrade"
    s = play(s, "upgrade", "disc money")
    assert 0 in s.stations[0] and s.players[0].money == 10 - 1 - 2


def test_extraordinary_delivery_counts_free_numbered_spaces_only() -> None:
    # 9a: spaces taken by other engines and turnout spaces do not count towards the city value.
    s = game(2)
    clear_trail(s)
    s.trail["B-2"] = "9a@0"
    p = s.players[0]
    p.engine = "12"
    s.players[1].engine = "10"
    at(s, 0, "B-2")
    s = play(s, "extra", "engine 7")  # 11, 9, 8, 7: four spaces (10 is taken)
    moves = legal(s)
    assert "deliver wichita" in moves and "deliver colorado-springs" not in moves
    money = s.players[0].money
    s = play(s, "deliver wichita", "disc money")
    assert 0 in s.cities["wichita"] and s.players[0].money == money  # no transport costs


def test_a_worker_hired_again_after_appointing_a_station_master_repeats_the_row_action() -> None:
    s = game(2)
    p = s.players[0]
    p.money, p.workers, p.engine = 30, [1, 1, 2], "3"
    s.job_rows = [["engineer", "engineer"]] + [[] for _ in range(11)]
    at(s, 0, "G")
    s = play(s, "engine 4.5", "upgrade", "disc money", "appoint engineer")
    assert s.players[0].workers == [1, 1, 1]
    s = at(s, 0, "A")
    hand(s, 0, "jersey", "dutch-belt", "black-angus", "jersey")
    s = play(s, "hire engineer 1")
    assert top(s) == "bonus"  # 2nd engineer space: Jersey for a certificate
    s = play(s, "discard jersey")
    assert s.players[0].cert == 1


def test_cleared_disc_spaces_pay_and_cost_on_delivery() -> None:
    # Dark discs go to dark city crests: the step disc with money gives $3, a hand disc costs $5.
    s = game(2)
    p = s.players[0]
    p.engine = "20"
    s.current = 0
    s.stack = [{"k": "end_turn"}, {"k": "deliver", "value": 10, "extra": False}]
    p.money = 5
    after = play(s, "deliver albuquerque", "disc hand", "done")
    assert after.players[0].money == 0 and len(after.players[0].hand) == 5
    p.money = 4
    assert "disc hand" not in legal(play(s, "deliver albuquerque"))
    after = play(s, "deliver albuquerque", "disc step-money")
    assert after.players[0].money == 4 + 3


def test_eight_b_copies_another_players_building_without_its_risk_action_or_a_fee() -> None:
    s = game(2)
    clear_trail(s)
    s.trail["FLOOD-RISK-1"] = "8b@0"
    s.trail["FLOOD-RISK-2"] = "2b@1"
    s.players[0].money = 10
    at(s, 0, "FLOOD-RISK-1")
    hand(s, 0, "dutch-belt", "jersey", "jersey", s.objective_display[0])
    s = play(s, "copy FLOOD-RISK-2")
    moves = legal(s)
    assert "discard dutch-belt" in moves and "discard jersey" in moves
    assert not any(m.startswith(("risk", "play", "aux")) for m in moves)
    s = play(s, "discard dutch-belt")
    assert s.players[0].money == 13 and s.players[1].money == game(2).players[1].money


def test_station_master_scoring_counts_printed_workers_and_every_certificate() -> None:
    s = game(2)
    p = s.players[0]
    p.masters = ["sm-workers", "sm-certificates"]
    p.discs["cert4"] = 0
    p.cert = 3
    s.over = True
    points = RULES.result(s)["players"][0]["points"]
    assert points["station_masters"] == 3 + 3 * ((3 + 1) // 2)


def test_first_turn_starts_on_any_neutral_building_with_phase_b_there() -> None:
    # The first turn places the cattleman on a neutral building (others may stand there) and goes on
    # with phase B at once; nothing is paid on the way.
    s = game(3)
    s = play(s, "move E")
    assert s.players[0].location == "E" and top(s) == "loc" and s.players[0].money == 6
    s = play(s, "aux money", "done")
    assert s.current == 1
    s = play(s, "move E")
    assert s.players[1].location == "E" and s.players[1].money == 7


def test_the_last_turns_still_refill_the_foresight_spaces() -> None:
    s = game(2)
    s.job_rows = [["cowboy"] * 2 for _ in range(11)] + [["cowboy"]]
    s.job_token = 11
    s.foresight[1] = ["engineer", "craftsman"]
    s.current = 0
    s.players[0].location = "G-1"
    s.stack = [{"k": "end_turn"}, {"k": "turn"}]
    s = play(s, "move KANSAS_CITY")
    s = play(s, legal(s)[0], "pick engineer")
    assert s.job_token == 12
    while s.current == 0:
        moves = legal(s)
        s = play(s, moves[0])
    assert all(None not in col for col in s.foresight) and s.final_turns == 0  # workers included


def test_a_tie_is_shared_as_the_rulebook_says() -> None:
    # Rulebook, end of the game: "Whoever has the most victory points in total wins the game. In the case
    # of a tie, the victory is shared." No tie-break: equal totals share first place.
    s = game(3)
    totals = [sum(score(s, seat).values()) for seat in range(3)]
    for seat in range(3):  # $5 is a point: top everyone up to the same total
        s.players[seat].money += 5 * (max(totals) - totals[seat])
    result = RULES.result(s)
    assert {p["total"] for p in result["players"]} == {max(totals)}
    assert result["ranking"] == [[0, 1, 2]] and result["winners"] == [0, 1, 2]
    assert [p["rank"] for p in result["players"]] == [1, 1, 1]
    assert spec("gwt").tiebreak is None
