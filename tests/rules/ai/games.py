"""Whole games between computer players, and tables with every hidden thing changed, shared by every
game's computer-player tests."""

from __future__ import annotations

import copy
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


def check_decisions_use_only_the_view(
    game_id: str,
    players: int,
    seed: int,
    decisions: int,
    hide: Callable[[Any, int, Rng], Any],
    noise: Mapping[str, Any],
    level: Callable[[int], int],
    choice_seed: int,
    follow: bool = False,
) -> None:
    """For ``decisions`` decisions of a game (``players``, ``seed``), the computer's move at level
    ``level(n)`` (n from 0) and seed ``choice_seed`` is the same with every hidden thing changed (``hide``)
    and with ``noise`` in the other seats' entries of the view; the game goes on with a random move, or
    (``follow``) half the time with the computer's."""
    engine = rules.get(game_id)
    rng = Rng(seed)
    state = engine.new_game(players, seed)
    compared = 0
    while not engine.is_over(state) and compared < decisions:
        seat = min(engine.to_act(state))
        legal = engine.legal_moves(state, seat)
        view = engine.view(state, seat)
        at = level(compared)
        move = choose_move(game_id, view, legal, at, choice_seed)
        other = hide(state, seat, rng)
        assert engine.view(other, seat) == view
        hidden_legal = engine.legal_moves(other, seat)
        assert choose_move(game_id, engine.view(other, seat), hidden_legal, at, choice_seed) == move
        noisy = copy.deepcopy(view)
        for entry in noisy["seats"]:
            if entry["seat"] != seat:
                entry.update(noise)
        assert choose_move(game_id, noisy, legal, at, choice_seed) == move
        state, _ = engine.play(state, seat, move if follow and rng.randrange(2) else rng.choice(legal))
        compared += 1


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
