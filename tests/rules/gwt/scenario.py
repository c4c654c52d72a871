"""Building blocks for scenario tests: a fresh game arranged by hand, then played through ``RULES``."""

from __future__ import annotations

from typing import Any

from rules.gwt import RULES
from rules.gwt.state import State


def game(players: int = 4, seed: int = 1, **options: Any) -> State:
    return RULES.new_game(players, seed, options or None)


def clear_trail(s: State) -> None:
    """Remove every hazard and teepee so walks are predictable."""
    for loc, tile in list(s.trail.items()):
        if tile and not tile.startswith(("A", "B", "C", "D", "E", "F", "G")) and "@" not in tile:
            s.boxed_tiles.append(tile)
            s.trail[loc] = None


def at(s: State, seat: int, loc: str) -> State:
    """Seat ``seat`` is in phase B on ``loc`` (its cattleman there)."""
    s.current = seat
    s.players[seat].location = loc
    s.stack = [{"k": "end_turn"}, {"k": "loc", "loc": loc, "tile": s.trail[loc], "used": [], "any": False}]
    return s


def before_move(s: State, seat: int, loc: str | None) -> State:
    """Seat ``seat`` starts phase A with its cattleman on ``loc``."""
    s.current = seat
    s.players[seat].location = loc
    s.stack = [{"k": "end_turn"}, {"k": "turn"}]
    return s


def hand(s: State, seat: int, *cards: str) -> None:
    """Give ``seat`` exactly these hand cards (taken from, or returned to, the draw stack)."""
    p = s.players[seat]
    p.deck.extend(p.hand)
    p.hand = []
    for c in cards:
        if c in p.deck:
            p.deck.remove(c)
        elif c in p.discard:
            p.discard.remove(c)
        elif c in s.market_stack:
            s.market_stack.remove(c)
        elif c in s.objective_stack:
            s.objective_stack.remove(c)
        elif c in s.objective_display:
            s.objective_display.remove(c)
            s.objective_display.append(s.objective_stack.pop())
        else:
            raise AssertionError(f"no {c} to put in the hand")
        p.hand.append(c)


def play(s: State, *moves: str, seat: int | None = None) -> State:
    """Play ``moves`` from a copy of ``s`` (scenario states are arranged in place, so never reuse them)."""
    s = s.copy()
    for m in moves:
        s, _ = RULES.play(s, s.current if seat is None else seat, m)
    return s


def legal(s: State) -> list[str]:
    return RULES.legal_moves(s.copy(), s.current)


def top(s: State) -> str:
    return s.stack[-1]["k"] if s.stack else ""
