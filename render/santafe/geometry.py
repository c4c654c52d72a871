"""Where every Santa Fe city and track segment sits on the picture, read from the map data.

Segment ids follow the engine's scheme ``"<connection>.<line>:<k>"`` (segment ``k`` counted from the
connection's ``a`` city), so a view that names segments can be drawn without knowing the engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

MAP_PATH = Path(__file__).resolve().parents[2] / "rules" / "santafe" / "data" / "map.json"
SCALE = 1.12
ORIGIN = (70.0, 86.0)

Point = tuple[float, float]


@dataclass(frozen=True)
class Segment:
    id: str
    connection: str
    line: int
    start: Point
    end: Point
    river: bool
    mountain: bool
    doubled: bool

    @property
    def midpoint(self) -> Point:
        return ((self.start[0] + self.end[0]) / 2, (self.start[1] + self.end[1]) / 2)


@lru_cache(maxsize=1)
def map_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MAP_PATH.read_text(encoding="utf-8"))
    return data


def to_canvas(x: float, y: float) -> Point:
    return (ORIGIN[0] + x * SCALE, ORIGIN[1] + y * SCALE)


@lru_cache(maxsize=1)
def nodes() -> dict[str, Point]:
    """Canvas position of every city (by id) and waypoint."""
    data = map_data()
    found = {c["id"]: to_canvas(c["x"], c["y"]) for c in data["cities"]}
    found.update({w: to_canvas(p["x"], p["y"]) for w, p in data["waypoints"].items()})
    return found


@lru_cache(maxsize=1)
def segments() -> dict[str, Segment]:
    """Every segment by id, in map order."""
    where = nodes()
    found: dict[str, Segment] = {}
    for conn in map_data()["connections"]:
        doubled = len(conn["lines"]) > 1
        for number, path in enumerate(conn["lines"], start=1):
            for k in range(1, len(path)):
                sid = f"{conn['id']}.{number}:{k}"
                found[sid] = Segment(
                    sid,
                    conn["id"],
                    number,
                    where[path[k - 1]],
                    where[path[k]],
                    k in conn["river"],
                    k in conn["mountain"],
                    doubled,
                )
    return found


@lru_cache(maxsize=1)
def cities() -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in map_data()["cities"]}


def railroads() -> list[dict[str, Any]]:
    return list(map_data()["railroads"])


def progress(track: dict[str, str]) -> list[tuple[Segment, str]]:
    """For every line that is partly laid, the free segment where the next piece goes (next to a laid
    one) and "laid/needed" ("2/4"), so the map shows how many pieces the connection takes."""
    lines: dict[tuple[str, int], list[Segment]] = {}
    for segment in segments().values():
        lines.setdefault((segment.connection, segment.line), []).append(segment)
    found = []
    for parts in lines.values():
        laid = sum(1 for part in parts if part.id in track)
        if 0 < laid < len(parts):
            laid_at = [part.id in track for part in parts]
            free = next(
                part
                for i, part in enumerate(parts)
                if not laid_at[i] and ((i and laid_at[i - 1]) or (i + 1 < len(parts) and laid_at[i + 1]))
            )
            found.append((free, f"{laid}/{len(parts)}"))
    return found


def beside(segment: Segment, distance: float) -> Point:
    """A point ``distance`` pixels from the middle of ``segment``, square to it on its upper side."""
    (x0, y0), (x1, y1) = segment.start, segment.end
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 or 1.0
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    if ny > 0:
        nx, ny = -nx, -ny
    mx, my = segment.midpoint
    return mx + nx * distance, my + ny * distance
