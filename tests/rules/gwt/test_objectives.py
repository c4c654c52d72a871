"""One test per objective card (immediate action and tasks), and when cards may be played."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.gwt.content import OBJECTIVES, STARTING_OBJECTIVES
from rules.gwt.scoring import ITEMS, best_objectives
from tests.rules.gwt.scenario import at, before_move, clear_trail, game, hand, legal, play, top

GENERAL = sorted(c for c in OBJECTIVES if c not in STARTING_OBJECTIVES)


def _items(card: str, missing: int = 0) -> dict[str, int]:
    needed = Counter(OBJECTIVES[card][1])
    items = {i: needed.get(i, 0) for i in ITEMS}
    if missing:
        first = OBJECTIVES[card][1][0]
        items[first] -= 1
    return items


@pytest.mark.parametrize("card", sorted(OBJECTIVES))
def test_tasks_score_points_or_penalty(card: str) -> None:
    _action, _tasks, vp, penalty = OBJECTIVES[card]
    assert best_objectives([card], [], _items(card), False) == (vp, 0)
    assert best_objectives([card], [], _items(card, missing=1), False) == (-penalty, 0)
    # still in the deck: scored only when fulfilled, never a penalty
    assert best_objectives([], [card], _items(card), False) == (vp, 0)
    assert best_objectives([], [card], _items(card, missing=1), False) == (0, 0)


@pytest.mark.parametrize("card", GENERAL)
def test_immediate_action(card: str) -> None:
    s = game(4)
    clear_trail(s)
    hand(s, 0, card, "jersey", "jersey", "guernsey")
    s = before_move(s, 0, "A")
    s.players[0].money = 10
    after = play(s, f"play {card}")
    p = after.players[0]
    assert card in p.objectives and card not in p.hand
    action = OBJECTIVES[card][0]
    if action == "gain2":
        assert p.money == 12 and top(after) == "turn"
    elif action == "aux":
        assert top(after) == "aux" and "aux money" in legal(after)
        assert play(after, "aux money").players[0].money == 11
    elif action == "draw":
        assert legal(after)[:3] == ["draw 1", "draw 2", "draw 3"]
        drawn = play(after, "draw 3")
        assert len(drawn.players[0].hand) == 6 and top(drawn) == "discard"
    elif action.startswith("engine"):
        reach = [m for m in legal(after) if m.startswith("engine")]
        assert reach == [f"engine {i}" for i in range(1, int(action[-1]) + 1)]
    elif action == "move3":
        s2 = after.copy()
        s2.trail["A-1"] = "4a@1"  # a black hand that would cost $2
        moves = legal(s2)
        assert "move B" in moves and all("KANSAS_CITY" not in m for m in moves)
        moved = play(s2, "move B")
        assert moved.players[0].money == 10 and moved.players[0].location == "B" and top(moved) == "turn"


def test_starting_card_lies_in_the_area_and_counts_without_penalty() -> None:
    s = game(2)
    assert all(p.objectives[0] in STARTING_OBJECTIVES for p in s.players)
    assert best_objectives(["start-34b"], [], {i: 0 for i in ITEMS}, False) == (0, 0)


def test_items_serve_one_card_only() -> None:
    items = {i: 0 for i in ITEMS} | {"b": 2, "h": 2}
    # the two buildings serve one card: move-bbhh (5) fulfilled, draw-bbh (-2) not
    assert best_objectives(["draw-bbh", "move-bbhh"], [], items, False) == (5 - 2, 0)
    assert best_objectives(["draw-bbh", "move-bbhh"], [], items | {"b": 4, "h": 3}, False) == (8, 0)
    assert best_objectives(["move-bbhh"], ["draw-bbh"], items, False) == (5, 0)


def test_objective_cards_when_playable() -> None:
    s = game(4)
    card = s.objective_display[0]
    hand(s, 0, card, "jersey", "jersey", "guernsey")
    s.players[0].money = 10
    assert f"play {card}" in legal(before_move(s, 0, "A"))
    assert f"play {card}" in legal(at(s, 0, "A"))  # before or after a local action
    after = play(at(s, 0, "A"), "discard guernsey")
    assert f"play {card}" in legal(after)
    s.trail["B-1"] = "3a@1"
    assert f"play {card}" in legal(at(s, 0, "B-1"))  # beside a single auxiliary action
    buying = play(at(s, 0, "E"), "buy")
    assert top(buying) == "buy" and not any(m.startswith("play") for m in legal(buying))
    s.stack = [{"k": "end_turn"}, {"k": "deliver", "value": 0, "extra": False}, {"k": "income"}]
    s.players[0].cert = 1
    assert not any(m.startswith("play") for m in legal(s))  # never in Kansas City


def test_free_move_after_phase_b_goes_straight_to_phase_c() -> None:
    s = game(4)
    clear_trail(s)
    hand(s, 0, "move-345", "jersey", "jersey", "guernsey")
    s = at(s, 0, "A")
    after = play(s, "discard guernsey", "play move-345", "move B")
    assert after.players[0].location == "B" and top(after) == "end_turn" and legal(after) == ["done"]
    assert play(after, "done").current == 1


def test_station_master_counts_every_card_of_the_area() -> None:
    items = {i: 0 for i in ITEMS}
    assert best_objectives(["start-34b", "aux-sf"], [], items, True) == (-3, 3)
