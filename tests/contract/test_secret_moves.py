"""A move's own text never tells the others more than they may know.

Seeded random games of every registered game: at every step the move played and some other legal moves
of the same seat are tried. A move whose text the others read at once (no ``hides_move`` event, or one
revealed by the same move) must be told apart from each other such move by what a spectator sees after
it: otherwise its text names something hidden (a card chosen in secret, cards discarded unseen).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules
from rules.core.english import english
from rules.core.events import FOR_GOOD, HIDES_MOVE, REVEALS, Event, hidden_move, is_public, shown_moves
from rules.core.playout import random_playout
from rules.core.protocol import State
from tests.contract.conftest import GAMES, spec_of

TRIED = 10  # other legal moves tried at each step, spread over the list


def public_outcome(engine: Any, state: State, seat: int, move: str) -> str:
    """What a spectator learns from ``move``: the view after it and the public events."""
    after, events = engine.play(state, seat, move)
    public = [{k: v for k, v in ev.items()} for ev in events if is_public(ev)]
    return json.dumps([engine.view(after, None), public], sort_keys=True)


def told_at_once(events: list[Event]) -> bool:
    return hidden_move(events) is None or any(ev.get(REVEALS) for ev in events if is_public(ev))


def check_markers(move: str, events: list[Event]) -> None:
    for ev in events:
        if HIDES_MOVE in ev or REVEALS in ev:
            assert is_public(ev), f"{ev}: hiding or revealing a move is said in public"
        if HIDES_MOVE in ev:
            stand_in = english(ev[HIDES_MOVE])  # English, or facts of the game's catalog
            assert stand_in.strip(), ev
            assert move not in stand_in, f"the stand-in {stand_in!r} names the move {move!r}"
        assert FOR_GOOD not in ev or HIDES_MOVE in ev, ev
    assert sum(HIDES_MOVE in ev for ev in events) <= 1, "one event hides a move"


class SecretCheck:
    def __init__(self, engine: Any, start: State) -> None:
        self.engine, self.before = engine, start
        self.hidden = 0

    def __call__(self, state: State, seat: int, move: str, events: list[Event]) -> None:
        engine, before = self.engine, self.before
        self.before = state
        check_markers(move, events)
        if not told_at_once(events):
            self.hidden += 1
            return
        legal = engine.legal_moves(before, seat)
        step = max(1, len(legal) // TRIED)
        others = [m for m in legal[::step] if m != move]
        mine = public_outcome(engine, before, seat, move)
        for other in others:
            if not told_at_once(engine.play(before, seat, other)[1]):
                continue
            assert public_outcome(engine, before, seat, other) != mine, (
                f"{move!r} and {other!r} look the same to the others, yet the log would print either: "
                "the move's text tells a secret (mark it with hides_move)"
            )


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_text_tells_no_more_than_the_table_sees(game_id: str) -> None:
    engine = rules.get(game_id)
    spec = spec_of(game_id)
    players = spec.min_players + 1 if spec.max_players > spec.min_players else spec.min_players
    options = spec.defaults()
    check = SecretCheck(engine, engine.new_game(players, 3, options))
    played = random_playout(engine, players, 3, options, max_moves=20_000, check=check)
    assert played.finished


def test_a_hidden_move_shows_only_its_stand_in_until_the_reveal() -> None:
    hide = [{"type": "chosen", "text": "P1 has chosen.", "private_to": None, HIDES_MOVE: "chose a card"}]
    reveal = [{"type": "reveal", "text": "Revealed.", "private_to": None, REVEALS: True}]
    gone = [{"type": "x", "text": "P1 swaps 2.", "private_to": None, HIDES_MOVE: "swap 2", FOR_GOOD: True}]
    moves = [(0, "play boise", hide), (1, "play denver", hide)]
    assert shown_moves(moves, None) == ["chose a card", "chose a card"]
    assert shown_moves(moves, 0) == ["play boise", "chose a card"]
    assert shown_moves(moves, 1) == ["chose a card", "play denver"]
    moves[1] = (1, "play denver", hide + reveal)  # the last choice reveals every card at once
    assert shown_moves(moves, None) == ["play boise", "play denver"]
    assert shown_moves([(0, "swap a b", gone), (1, "x", reveal)], 1) == ["swap 2", "x"]
    assert shown_moves([(0, "swap a b", gone), (1, "x", reveal)], 0) == ["swap a b", "x"]


@pytest.mark.parametrize("game_id", ["santafe", "tiny"])
def test_games_with_secret_choices_hide_them(game_id: str) -> None:
    """The games that choose in secret say so: the random games above would pass without any marker."""
    engine = rules.get(game_id)
    spec = spec_of(game_id)
    check = SecretCheck(engine, engine.new_game(3, 3, spec.defaults()))
    random_playout(engine, 3, 3, spec.defaults(), max_moves=20_000, check=check)
    assert check.hidden > 0
