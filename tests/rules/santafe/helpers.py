"""Shortcuts for Santa Fe scenario tests: new games, whole phases played, track put on the board."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from rules.santafe import RULES, board, flow, track
from rules.santafe.state import SantaFeState

R = RULES


def city(slug_or_id: str) -> int:
    """A city index from its slug ("denver") or id ("DEN")."""
    if slug_or_id in board.SLUG_INDEX:
        return board.SLUG_INDEX[slug_or_id]
    return board.CITY_IDS.index(slug_or_id.upper())


def rr(colour: str) -> int:
    return board.RAILROAD_INDEX[colour]


def new(players: int = 3, seed: int = 1, **options: Any) -> SantaFeState:
    return R.new_game(players, seed, options)


def edit(s: SantaFeState, **fields: Any) -> SantaFeState:
    """A copy of ``s`` with some fields replaced (for setting up a situation)."""
    t = s.clone()
    for name, value in fields.items():
        setattr(t, name, value)
    return t


def play(s: SantaFeState, seat: int, move: str) -> tuple[SantaFeState, list[dict[str, Any]]]:
    return R.play(s, seat, move)


def choose_all(
    s: SantaFeState, picks: dict[int, str] | None = None
) -> tuple[SantaFeState, list[dict[str, Any]]]:
    """Every seat still choosing plays its pick (default: its first legal card)."""
    events: list[dict[str, Any]] = []
    for seat in sorted(R.to_act(s)):
        move = (picks or {}).get(seat) or R.legal_moves(s, seat)[0]
        s, evs = R.play(s, seat, move)
        events += evs
    return s, events


def laying(players: int = 3, seed: int = 1, **options: Any) -> SantaFeState:
    """Round 1, first laying turn, first player to lay (engineers declined in the advanced game)."""
    s = new(players, seed, **options)
    while s.phase == "engineers":
        s, _ = R.play(s, s.current(), "pass")
    s, _ = choose_all(s)
    assert s.phase == "lay"
    return s


def build(s: SantaFeState, colour: str, *keys: str) -> SantaFeState:
    """A copy of ``s`` with railroad ``colour`` grown along ``keys`` (each "from-to", once per piece),
    without anyone being paid; railheads and connections follow the rules."""
    t = s.clone()
    r = rr(colour)
    for key in keys:
        found = [
            (i, seg, nxt)
            for i, head in enumerate(t.heads[r])
            for k, seg, nxt in track.exits(t, r, head)
            if k == key
        ]
        if not found:
            raise AssertionError(f"{colour} cannot grow along {key}")
        i, seg, nxt = found[0]
        t.occupant[seg] = r
        t.line_owner[board.SEG_LINE[seg]] = r
        t.heads[r][i] = nxt
        t.supply[r] -= 1
        if nxt < board.CITY_COUNT:
            t.connected[r] |= 1 << nxt
    return t


def line_keys(a: str, b: str) -> list[str]:
    """The move key repeated once per piece of the line from ``a`` to ``b`` (city ids)."""
    x, y = board.NODE_INDEX[a.upper()], board.NODE_INDEX[b.upper()]
    key = board.DIRECTION_KEY[(x, y)]
    exit_ = next(e for e in board.CITY_EXITS[x] if e[1] == y)
    return [key] * len(board.LINE_SEGS[exit_[2][0][0]])


def route(*cities: str) -> list[str]:
    keys: list[str] = []
    for a, b in pairwise(cities):
        keys += line_keys(a, b)
    return keys


def options(s: SantaFeState, seat: int) -> dict[str, Any]:
    return flow.options(s, seat)
