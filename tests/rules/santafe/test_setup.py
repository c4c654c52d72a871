"""Preparation: money, cards, Double Turn and Branch Line cards, the first player, the track."""

from __future__ import annotations

import pytest

from rules.core.errors import SetupError
from rules.santafe import board
from tests.rules.santafe.helpers import R, new


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_gets_2_dollars_4_city_cards_and_a_double_turn_card(players: int) -> None:
    s = new(players)
    assert s.money == [2] * players
    assert [len(h) for h in s.hand] == [4] * players
    assert s.doubles == [1] * players
    assert all(board.CITY_VALUE[c] > 0 for h in s.hand for c in h)
    assert len(s.deck) == 66 - 4 * players


@pytest.mark.parametrize(("players", "in_play"), [(2, 3), (3, 5), (4, 7), (5, 9)])
def test_double_turn_cards_in_play_depend_on_the_player_count(players: int, in_play: int) -> None:
    s = new(players)
    assert s.doubles_pool + sum(s.doubles) == in_play
    assert R.view(s, None)["double_turn_cards"] == in_play - players  # the rest lie face up


def test_two_branch_line_cards_per_railroad_lie_face_up() -> None:
    view = R.view(new(), None)
    assert {r["id"]: r["branch_cards"] for r in view["railroads"]} == dict.fromkeys(board.RAILROADS, 2)


def test_railroads_start_with_their_track_and_no_piece_on_the_board() -> None:
    s = new()
    assert s.supply == [32, 30, 25, 24, 17]
    assert all(o == -1 for o in s.occupant)


def test_first_player_is_seat_0_and_everybody_chooses_at_once() -> None:
    s = new(4)
    assert s.first == 0
    assert R.to_act(s) == frozenset({0, 1, 2, 3})
    assert R.view(s, None)["round"] == 1


def test_no_engineer_cards_in_the_basic_game() -> None:
    s = new()
    assert s.engineer_pool == 0
    assert all("engineer" not in m for m in R.legal_moves(s, 0))


def test_the_deal_depends_on_the_seed_only() -> None:
    assert R.dump(new(3, 7)) == R.dump(new(3, 7))
    assert R.dump(new(3, 7))["deck"] != R.dump(new(3, 8))["deck"]


@pytest.mark.parametrize("players", [0, 1, 6])
def test_player_count_outside_2_to_5_is_refused(players: int) -> None:
    with pytest.raises(SetupError):
        R.new_game(players, 1)


def test_unknown_option_is_refused() -> None:
    with pytest.raises(SetupError):
        R.new_game(3, 1, {"expansion": True})
    with pytest.raises(SetupError):
        R.new_game(3, 1, {"advanced": "yes"})


def test_rules_object_is_registered() -> None:
    import rules
    from rules.core.protocol import Notation, Rules

    engine = rules.get("santafe")
    assert engine is R
    assert isinstance(engine, Rules) and isinstance(engine, Notation)
    assert (engine.id, engine.title, engine.min_players, engine.max_players) == ("santafe", "Santa Fe", 2, 5)
