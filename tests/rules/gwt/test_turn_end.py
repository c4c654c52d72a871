"""The end of a turn waits for the player's "done": phase C draws hidden cards, so it never happens by itself
and every step before the confirmation can be taken back (no event of it is irreversible or starts a turn)."""

from __future__ import annotations

from rules.ai import choose_move
from rules.core.events import is_irreversible, starts_turn
from rules.gwt import RULES
from tests.rules.gwt.scenario import at, clear_trail, game, hand, legal, play, top


def test_the_last_local_action_leaves_the_end_of_the_turn_to_confirm() -> None:
    # Building F: discard a pair, remove a hazard. Removing the last hazard is the last local action.
    s = game(2)
    clear_trail(s)
    s.trail["ROCKFALL-1"], s.trail["ROCKFALL-2"] = "rockfall-2b", "rockfall-4g"
    s.players[0].money = 20
    hand(s, 0, "jersey", "jersey", "guernsey", "black-angus")
    s = at(s, 0, "F")
    s = play(s, "pair jersey")
    before = s.copy()
    after, events = RULES.play(before, 0, "remove ROCKFALL-2")
    assert top(after) == "end_turn" and RULES.legal_moves(after, 0) == ["done"]
    assert RULES.to_act(after) == {0}
    assert RULES.describe_move(after, 0, "done") == "end the turn"
    assert RULES.parse_move(after, 0, "end turn") == "done"
    assert not is_irreversible(events) and not starts_turn(events)
    # nothing is drawn yet: the hand is as the pair left it
    assert len(after.players[0].hand) == 2 and after.players[0].deck == before.players[0].deck
    final, events = RULES.play(after, 0, "done")
    assert final.current == 1 and len(final.players[0].hand) == 4
    assert is_irreversible(events) and starts_turn(events)


def test_ending_phase_b_by_choice_is_the_confirmation() -> None:
    s = game(2)
    hand(s, 0, "jersey", "jersey", "guernsey", "black-angus")
    s = at(s, 0, "A")
    assert RULES.describe_move(s, 0, "done") == "end the turn"
    after, events = RULES.play(s, 0, "done")
    assert after.current == 1 and starts_turn(events)


def test_kansas_city_waits_for_the_confirmation_after_the_delivery() -> None:
    s = game(2)
    s.current = 0
    s.stack = [{"k": "end_turn"}, {"k": "deliver", "value": 10, "extra": False}]
    s.players[0].hand = []
    after, events = RULES.play(s.copy(), 0, "deliver kansas-city")
    while top(after) != "end_turn":
        after, events = RULES.play(after, 0, RULES.legal_moves(after, 0)[0])
    assert not is_irreversible(events) and not starts_turn(events) and after.players[0].hand == []
    final = play(after, "done")
    assert final.current == 1 and len(final.players[0].hand) == 4


def test_the_last_turn_of_the_game_ends_on_the_confirmation() -> None:
    s = game(2)
    s.final_turns = 0
    hand(s, 0, "jersey", "jersey", "guernsey", "black-angus")
    s = at(s, 0, "E")
    s = play(s, "discard black-angus", "buy")
    while top(s) not in ("end_turn", "loc"):
        s = play(s, "done")
    assert not RULES.is_over(s)
    s = play(s, "done")
    assert RULES.is_over(s)


def test_computer_players_confirm_at_once() -> None:
    s = game(2)
    s = at(s, 0, "A")
    s = play(s, "aux money")
    assert legal(s) == ["done"]
    view = RULES.view(s, 0)
    for level in (0, 1):
        assert choose_move("gwt", view, legal(s), level, seed=3) == "done"
