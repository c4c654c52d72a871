"""Static graphs built once at import: the trail and the railroad, with the walks the rules allow."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import lru_cache

from rules.gwt.content import CROSSES, TRACK, TRACK_INDEX, TRAIL, TURNOUT_AFTER

# ----------------------------------------------------------------------------------------------- trail

NEXT: dict[str, tuple[str, ...]] = {loc: nxt for loc, (_kind, nxt) in TRAIL.items()}
KIND: dict[str, str] = {loc: kind for loc, (kind, _nxt) in TRAIL.items()}
PREV: dict[str, tuple[str, ...]] = {loc: tuple(p for p, n in NEXT.items() if loc in n) for loc in TRAIL}
KC = "KANSAS_CITY"
START = "START"


def is_location(loc: str, tiles: Mapping[str, str | None]) -> bool:
    """Kansas City and every space holding a tile are locations; empty spaces are not."""
    kind = KIND[loc]
    return kind == "kc" or (kind != "start" and tiles.get(loc) is not None)


def trail_walks(
    tiles: Mapping[str, str | None], start: str, max_steps: int
) -> dict[str, list[tuple[str, ...]]]:
    """Destination -> the distinct sequences of locations passed on the way (each path once).

    Each location entered costs one step; empty spaces cost nothing; Kansas City ends the walk.
    """
    occupied = frozenset(loc for loc in TRAIL if is_location(loc, tiles))
    return {d: list(v) for d, v in _walks(occupied, start, max_steps).items()}


@lru_cache(maxsize=4096)
def _walks(occupied: frozenset[str], start: str, max_steps: int) -> dict[str, tuple[tuple[str, ...], ...]]:
    found: dict[str, set[tuple[str, ...]]] = {}

    def walk(node: str, steps: int, passed: tuple[str, ...]) -> None:
        for nxt in NEXT[node]:
            if nxt in occupied:
                if steps + 1 > max_steps:
                    continue
                found.setdefault(nxt, set()).add(passed)
                if nxt != KC:
                    walk(nxt, steps + 1, (*passed, nxt))
            else:
                walk(nxt, steps, passed)

    walk(start, 0, ())
    order = list(TRAIL)
    return {d: tuple(sorted(found[d])) for d in sorted(found, key=order.index)}


def adjacent_buildings(loc: str, tiles: Mapping[str, str | None]) -> list[str]:
    """Spaces directly before or after ``loc`` (no location or empty space between) holding a building."""
    near = [*PREV[loc], *NEXT[loc]]
    return [n for n in near if KIND[n] in ("neutral", "private") and tiles.get(n) is not None]


# -------------------------------------------------------------------------------------------- railroad


def _forward(sid: str) -> tuple[str, ...]:
    if sid.endswith(".5"):
        return (str(int(float(sid)) + 1),)
    n = int(sid)
    if n == 39:
        return ()
    if n in TURNOUT_AFTER:
        return (str(n + 1), f"{n}.5")
    return (str(n + 1),)


FORWARD: dict[str, tuple[str, ...]] = {sid: _forward(sid) for sid in TRACK}
BACKWARD: dict[str, tuple[str, ...]] = {sid: tuple(p for p in TRACK if sid in FORWARD[p]) for sid in TRACK}


def engine_ahead(pos: str, occupied: Collection[str], limit: int) -> list[str]:
    """Free spaces reachable forward in 1..limit steps; occupied spaces are jumped and not counted."""
    found: set[str] = set()

    def walk(node: str, steps: int) -> None:
        for nxt in FORWARD[node]:
            if nxt in occupied:
                walk(nxt, steps)
            elif steps + 1 <= limit:
                found.add(nxt)
                walk(nxt, steps + 1)

    walk(pos, 0)
    return sorted(found, key=TRACK_INDEX.__getitem__)


def engine_back_exact(pos: str, occupied: Collection[str], steps_needed: int) -> list[str]:
    """Free spaces exactly ``steps_needed`` counted steps behind ``pos`` (the start space is always free)."""
    found: set[str] = set()

    def walk(node: str, steps: int) -> None:
        for prev in BACKWARD[node]:
            if prev in occupied and prev != "0":
                walk(prev, steps)
            elif steps + 1 == steps_needed:
                found.add(prev)
            else:
                walk(prev, steps + 1)

    if steps_needed > 0:
        walk(pos, 0)
    return sorted(found, key=TRACK_INDEX.__getitem__)


def engine_behind(pos: str, occupied: Collection[str]) -> list[str]:
    """Every free space behind ``pos`` (for the bounce from space 39 and the extraordinary delivery)."""
    here = TRACK_INDEX[pos]
    return [sid for sid in TRACK[:here] if sid == "0" or sid not in occupied]


def numbered_spaces_between(dest: str, pos: str, occupied: Collection[str]) -> int:
    """Free numbered spaces from ``dest`` up to (not including) ``pos``: turnouts and engines do not count."""
    lo, hi = TRACK_INDEX[dest], TRACK_INDEX[pos]
    return sum(1 for sid in TRACK[lo:hi] if not sid.endswith(".5") and (sid == "0" or sid not in occupied))


def track_number(sid: str) -> int:
    """A turnout counts as the next numbered space."""
    return int(float(sid)) + (1 if sid.endswith(".5") else 0)


def transport_cost(engine: str, city_value: int) -> int:
    e = track_number(engine)
    return sum(1 for c in CROSSES if e <= c < city_value)
