"""Random playouts: the helper every game's tests (and benchmarks) use to play games to the end."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.events import Event
from rules.core.protocol import Rules, State
from rules.core.rng import Rng


@dataclass
class Playout:
    """A finished (or cut-off) random game: where it started, every move, where it ended."""

    seed: int
    players: int
    options: dict[str, Any]
    moves: list[tuple[int, str]] = field(default_factory=list)
    final: State = None
    finished: bool = False


Check = Callable[[State, int, str, list[Event]], None]


def random_playout(
    rules: Rules,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    choose: Rng | None = None,
    max_moves: int = 100_000,
    check: Check | None = None,
) -> Playout:
    """Play uniformly random legal moves until the game ends or ``max_moves`` is reached.

    ``choose`` picks moves (seeded from ``seed`` when not given) so a playout is reproducible.
    ``check(state, seat, move, events)`` runs after every move, for invariants.
    """
    picker = choose if choose is not None else Rng(seed ^ 0x5EED)
    state = rules.new_game(players, seed, options)
    record = Playout(seed=seed, players=players, options=dict(options or {}))
    for _ in range(max_moves):
        if rules.is_over(state):
            record.finished = True
            break
        seats = sorted(rules.to_act(state))
        if not seats:
            raise AssertionError("game not over but nobody is to act")
        seat = picker.choice(seats)
        moves = rules.legal_moves(state, seat)
        if not moves:
            raise AssertionError(f"seat {seat} must act but has no legal move")
        move = picker.choice(moves)
        state, events = rules.play(state, seat, move)
        record.moves.append((seat, move))
        if check is not None:
            check(state, seat, move, events)
    else:
        record.finished = rules.is_over(state)
    record.final = state
    return record


def replay(
    rules: Rules,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    moves: list[tuple[int, str]],
) -> State:
    """The state reached by playing ``moves`` from a new game: a game is its seed plus its moves."""
    state = rules.new_game(players, seed, options)
    for seat, move in moves:
        state, _ = rules.play(state, seat, move)
    return state
