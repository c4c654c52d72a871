"""The railroad (stations, turnouts, space 39, backward moves) and the auxiliary actions."""

from __future__ import annotations

from rules.gwt.board import cert_limit, gain_certs, step_limit
from rules.gwt.state import State
from tests.rules.gwt.scenario import at, game, hand, legal, play, top


def on_g(players: int = 2, money: int = 20) -> State:
    s = game(players)
    s.players[0].money = money
    return at(s, 0, "G")


def test_station_upgrade_with_white_disc_and_station_master() -> None:
    s = on_g()
    s.players[0].workers = [1, 1, 3]
    s.players[0].engine = "2"
    s = play(s, "engine 4.5")
    assert top(s) == "upgrade"
    s = play(s, "upgrade")
    assert s.players[0].money == 18
    assert legal(s) == ["disc money", "disc draw", "disc cert", "disc engine", "disc trash", "disc cert4"]
    master = s.masters[0]
    s = play(s, "disc cert", "appoint engineer")
    assert 0 in s.stations[0] and master in s.players[0].masters and s.players[0].workers == [1, 1, 2]
    assert s.masters[0] is None and s.master_workers[0] == "engineer"


def test_each_station_once_and_dark_discs_from_station_5() -> None:
    s = on_g()
    s.players[0].workers = [1, 1, 3]
    s.players[0].engine = "14"
    s = play(s, "engine 16.5", "upgrade")
    assert "disc step-money" in legal(s) and "disc hand" in legal(s)
    s = on_g()
    s.stations[0].append(0)
    s.players[0].discs["money"] = 0
    s.players[0].workers = [1, 1, 3]
    s.players[0].engine = "2"
    s = play(s, "engine 4.5")
    assert top(s) != "upgrade"


def test_space_39_upgrade_then_bounce_back_for_3() -> None:
    s = on_g(money=5)
    s.players[0].workers = [1, 1, 3]
    s.players[0].engine = "37"
    s.players[1].engine = "38"
    s = play(s, "engine 39", "upgrade", "disc money")
    assert 0 in s.stations[9] and s.players[0].money == 2 and top(s) == "bounce"
    assert "engine 38" not in legal(s) and "engine 33.5" in legal(s) and "engine 0" in legal(s)
    s = play(s, "engine 33.5")
    assert s.players[0].money == 5 and top(s) == "upgrade"  # the $3 pays towards station 9
    s = play(s, "upgrade", "disc draw")
    assert 0 in s.stations[8] and s.players[0].money == 0


def test_backward_moves_are_exact_and_skip_engines() -> None:
    s = game(2)
    s.players[0].discs["cert"] = 1
    s.players[0].engine = "6"
    s.players[1].engine = "5"
    s = at(s, 0, "A")
    s.trail["A"] = "A"
    s = play(s, "aux cert")
    assert legal(s) == ["engine 4", "engine 4.5"]  # 5 is taken: skipped and not counted
    s = play(s, "engine 4")
    assert s.players[0].cert == 1 and s.players[0].money == 5
    s2 = game(2)
    s2.players[0].discs["cert"] = 0
    s2.players[0].engine = "1"
    s2 = at(s2, 0, "G")
    assert "aux cert" in legal(s2) and "aux cert x2" not in legal(s2)  # only one space behind


def test_aux_actions_locked_until_a_disc_is_cleared_and_doubled_only_where_allowed() -> None:
    s = game(2)
    s.players[0].engine = "3"
    s.trail["B-1"] = "1a@1"
    s = at(s, 0, "B-1")
    assert [m for m in legal(s) if m.startswith("aux")] == ["aux money", "aux draw"]
    s.players[0].discs.update(cert=0, engine=0, trash=0, money=0, draw=0)
    moves = legal(s)
    assert {"aux cert", "aux engine", "aux trash"} <= set(moves)
    assert not any(m.endswith("x2") for m in moves)  # a single auxiliary action is never doubled
    s = at(s, 0, "G")
    assert {"aux money x2", "aux draw x2", "aux cert x2", "aux engine x2", "aux trash x2"} <= set(legal(s))


def test_aux_trash_removes_cards_from_the_game() -> None:
    s = game(2)
    s.players[0].discs["trash"] = 1
    s.players[0].engine = "2"
    s = at(s, 0, "C")
    hand(s, 0, "jersey", "jersey", "guernsey", "dutch-belt")
    s.trail["D"] = "D"
    s = at(s, 0, "D")
    s = play(s, "aux trash", "engine 1", "trash jersey")
    assert s.players[0].trashed == ["jersey"] and s.players[0].hand.count("jersey") == 1


def test_certificate_track_limits() -> None:
    s = game(2)
    p = s.players[0]
    gain_certs(p, 5)
    assert p.cert == 3 == cert_limit(p)
    p.discs["cert6"] = 0
    assert cert_limit(p) == 3  # 6 needs the 4 disc gone too
    p.discs["cert4"] = 0
    gain_certs(p, 1)
    assert p.cert == 4
    gain_certs(p, 1)
    assert p.cert == 6  # 4 -> 6 is one step


def test_step_limits_by_player_count_and_discs() -> None:
    for players, limits in ((2, (3, 4, 5)), (3, (3, 5, 6)), (4, (4, 6, 7))):
        p = game(players).players[0]
        assert step_limit(players, p) == limits[0]
        p.discs["step-money"] = 0
        assert step_limit(players, p) == limits[1]
        p.discs["step-vp"] = 0
        assert step_limit(players, p) == limits[2]


def test_hand_fees_by_player_count() -> None:
    for players, fee in ((2, 2), (3, 2), (4, 1)):
        s = game(players)
        for loc in list(s.trail):
            if s.trail[loc] and "-" in s.trail[loc]:
                s.trail[loc] = None
        s.trail["FLOOD-1"] = "flood-2g"
        s.current = 0
        s.players[0].location = "A"
        s.stack = [{"k": "end_turn"}, {"k": "turn"}]
        money = s.players[0].money
        assert play(s, "move FLOOD-1").players[0].money == money - fee
