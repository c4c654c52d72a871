"""Whole games between computer players, shared by every game's computer-player tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import rules
from rules.ai import choose_move

# check(state, seat, view, legal, move): sees each decision before it is played
Check = Callable[[Any, int, dict[str, Any], list[str], str], None]


def play_game(
    game_id: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    levels: list[int],
    check: Check | None = None,
) -> Any:
    """A full game, each seat at its level; returns the final state."""
    engine = rules.get(game_id)
    state = engine.new_game(players, seed, options)
    n = 0
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
        move = choose_move(game_id, view, legal, levels[seat], seed * 1000 + n)
        if check is not None:
            check(state, seat, view, legal, move)
        state, _ = engine.play(state, seat, move)
        n += 1
    return state
