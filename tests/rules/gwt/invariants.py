"""Checks that hold after every move of any game: nothing appears or vanishes, limits hold."""

from __future__ import annotations

from collections import Counter

from rules.gwt.board import cert_limit, hand_limit
from rules.gwt.content import (
    CATTLE,
    DISCS_PER_PLAYER,
    GENERAL_OBJECTIVES,
    HAZARD_TYPES,
    MARKET_CATTLE,
    OBJECTIVES,
    STARTING_HERD,
    STARTING_OBJECTIVES,
    WORKER_TYPES,
)
from rules.gwt.state import State

TILE_TOTAL = 54 + 18 + 22
_STARTING = sorted(Counter(STARTING_HERD).elements())
_KNOWN_CARDS = frozenset(CATTLE) | frozenset(OBJECTIVES)
_MARKET = Counter(MARKET_CATTLE)
_GENERAL = Counter(GENERAL_OBJECTIVES)
_START_OBJECTIVES = STARTING_OBJECTIVES


def player_cards(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    return [*p.hand, *p.deck, *p.discard, *p.trashed]


def check_state(s: State) -> None:
    # Items are gathered in lists and counted once: this runs after every move of a thousand games.
    placed = Counter(t[t.index("@") + 1 :] for t in s.trail.values() if t and "@" in t)  # by owner
    market = [*s.market, *s.market_stack]
    objectives = [*s.objective_display, *s.objective_stack]
    for seat, p in enumerate(s.players):
        cards = player_cards(s, seat)
        market += [c for c in cards if c in MARKET_CATTLE]
        objectives += [c for c in [*cards, *p.objectives] if c in OBJECTIVES]
        starting = sorted(c for c in cards if c in STARTING_HERD)
        assert starting == _STARTING, f"seat {seat} starting herd {starting}"
        assert _KNOWN_CARDS.issuperset(cards), set(cards) - _KNOWN_CARDS
        assert p.money >= 0, f"seat {seat} has ${p.money}"
        assert p.cert <= cert_limit(p), f"seat {seat} certificates {p.cert} over the limit"
        discs = sum(p.discs.values()) + sum(d.count(seat) for d in s.cities.values())
        discs += sum(1 for st in s.stations if seat in st)
        assert discs == DISCS_PER_PLAYER, f"seat {seat} has {discs} discs"
        assert all(1 <= w <= 6 for w in p.workers)
        if seat != s.current and not s.over:
            assert len(p.hand) <= hand_limit(p)
        assert placed[str(seat)] + len(p.buildings) + len(p.boxed_buildings) == 10
    assert Counter(market) == _MARKET, Counter(market)
    general = Counter(objectives)
    for card in _START_OBJECTIVES:  # each player's starting objective: one at most, not in the general set
        assert general[card] <= 1, f"{card} is there {general[card]} times"
        del general[card]
    assert general == _GENERAL, general

    tiles: list[str] = [t for pile in s.piles for t in pile]
    tiles += [t for col in s.foresight for t in col if t]
    tiles += [
        t for t in s.trail.values() if t and (t.startswith("teepee") or t.split("-")[0] in HAZARD_TYPES)
    ]
    tiles += [t for row in s.job_rows for t in row] + [w for w in s.master_workers if w] + list(s.boxed_tiles)
    for p in s.players:
        tiles += p.hazards + p.teepees
        tiles += [t for t, n in zip(WORKER_TYPES, p.workers, strict=True) for _ in range(n - 1)]
    assert len(tiles) == TILE_TOTAL, Counter(tiles)
    counts = Counter(tiles)
    assert all(counts[w] == 18 for w in WORKER_TYPES), counts
    assert counts["teepee-green"] == 11 and counts["teepee-blue"] == 11

    engines = [p.engine for p in s.players if p.engine != "0"]
    assert len(engines) == len(set(engines)), engines
