"""Whole games between computer players, and tables with every hidden thing changed, shared by every
game's computer-player tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import rules
from rules.ai import choose_move
from rules.core.rng import Rng
from rules.gwt.content import CATTLE
from rules.santafe import board

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


def legal_answers(game_id: str, players: int, options: Mapping[str, Any], levels: int) -> set[str]:
    """Two whole games (seeds 0 and 1), the seats' levels mixed (``levels`` of them, from 0): asserts that
    every answer is one of the legal moves; the kinds of decision that came up."""
    engine = rules.get(game_id)
    kinds: set[str] = set()

    def check(state: Any, seat: int, view: dict[str, Any], legal: list[str], move: str) -> None:
        assert move in legal
        kinds.add(view["decision"]["kind"])

    for seed in range(2):
        seat_levels = [(seat + seed) % levels for seat in range(players)]
        assert engine.is_over(play_game(game_id, players, seed, options, seat_levels, check))
    return kinds


def hide_gwt(state, seat: int, rng: Rng):
    """The same table with every hidden thing changed: other hands, every draw stack, the stacks."""
    other = state.copy()
    cattle = sorted(CATTLE)
    for i, p in enumerate(other.players):
        if i != seat:
            p.hand = [rng.choice(cattle) for _ in p.hand]
        rng.shuffle(p.deck)
    rng.shuffle(other.market_stack)
    rng.shuffle(other.objective_stack)
    for pile in other.piles:
        rng.shuffle(pile)
    other.rng ^= 0xABCDEF
    return other


def hide_santafe(state, seat: int, rng: Rng):
    """The same table with every hidden thing changed: other hands and the deck."""
    other = state.clone()
    for p in range(other.players):
        if p != seat:
            other.hand[p] = sorted(rng.randrange(board.CITY_COUNT) for _ in other.hand[p])
    rng.shuffle(other.deck)
    other.rng ^= 0xABCDEF
    return other
