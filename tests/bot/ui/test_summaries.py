"""Turn summaries say each fact once, in the fewest words, over random games of both titles.

A summary is what a turn message lists: the public lines of every move since the previous one (a move
that starts someone's turn closes it). Measured on each:

- no line states a zero amount ("$0", "0 temporary certificates");
- no line restates a move's own "Player N: <label>." line: holds every meaningful word of the label
  (words compared by their first five letters, so "deliver" is "delivered");
- the stand-in of a secret move ("Bob has chosen a card") is not listed beside the reveal that tells it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import rules
from bot.ui import presenters
from rules.core.events import HIDES_MOVE, TURN_START
from rules.core.playout import random_playout
from tests.rules.texts import _FILLER


def meaning(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[\w$'+-]+", text.lower()) if w not in _FILLER and not w.isdigit()}


def restates(head: str, line: str) -> bool:
    """Whether ``line`` says everything the move line ``head`` ("Player N: <label>.") says."""
    label = meaning(head.split(": ", 1)[-1])
    return bool(label) and label <= meaning(line)


ZERO = re.compile(r"\$0(?![\d.])|(?<![\w.+-])0 (?!VP)[a-z]")


def summaries(rules_id: str, players: int, seed: int) -> list[list[list[dict[str, Any]]]]:
    """The summaries of one random game: for each, the events of each of its moves."""
    game = rules.get(rules_id)
    found: list[list[list[dict[str, Any]]]] = [[]]

    def check(_state, _seat, _move, events):  # type: ignore[no-untyped-def]
        found[-1].append(list(events))
        if any(ev["type"] == TURN_START for ev in events):
            found.append([])

    assert random_playout(game, players, seed, {}, check=check).finished
    return [s for s in found if s]


@pytest.mark.parametrize(("rules_id", "players", "seed"), [("gwt", 2, 5), ("gwt", 4, 6), ("santafe", 4, 7)])
def test_a_summary_says_each_fact_once(rules_id: str, players: int, seed: int) -> None:
    for summary in summaries(rules_id, players, seed):
        lines = presenters.event_lines(ev for move in summary for ev in move)
        assert not [line for line in lines if ZERO.search(line)], lines
        for move in summary:
            own = [ev["text"] for ev in move if ev["type"] == "move"]
            others = [line for line in presenters.event_lines(move) if line not in own]
            for head in own:
                assert not [line for line in others if restates(head, line)], (head, others)
        if any(ev.get("reveals") for move in summary for ev in move):
            stand_ins = {ev["text"] for move in summary for ev in move if ev.get(HIDES_MOVE)}
            assert not stand_ins & set(lines), lines


def test_the_mover_reads_their_secret_choice_once() -> None:
    """Santa Fe's card choice: the mover reads what they chose, not also that they chose a card."""
    game = rules.get("santafe")
    state = game.new_game(3, 1, {})
    move = game.legal_moves(state, 0)[0]
    _state, events = game.play(state, 0, move)
    assert [line.startswith("🔒 You chose") for line in presenters.event_lines(events, seat=0)] == [True]
    assert presenters.event_lines(events) == ["Player 1 has chosen a card."]


def kansas_city_lines(players: int, seed: int) -> list[int]:
    """How many lines the summary of each turn that delivered in Kansas City has."""
    return [
        len(presenters.event_lines(ev for move in summary for ev in move))
        for summary in summaries("gwt", players, seed)
        if any(ev["type"] == "delivery" for move in summary for ev in move)
    ]


def test_a_kansas_city_turn_is_told_in_few_lines() -> None:
    """Moving there, three foresight tiles, income, delivery, the disc and the end of the turn: no more
    than one line each (before, each tile and the delivery also had the move's own line: 12 or 13)."""
    counts = kansas_city_lines(3, 1)
    assert counts and max(counts) <= 10, counts
