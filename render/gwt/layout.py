"""The Great Western Trail board layout (rules/gwt/data/board_layout.json) and what each trail id is."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from render.boxes import Box, crosses, overlap
from render.draw import text_width
from rules.gwt.content import TRAIL
from rules.gwt.places import name as place_name

LAYOUT_PATH = Path(__file__).resolve().parents[2] / "rules" / "gwt" / "data" / "board_layout.json"

HAZARD_KINDS = ("FLOOD", "DROUGHT", "ROCKFALL")
NEUTRAL_SLOTS = ("A", "B", "C", "D", "E", "F", "G")


@lru_cache(maxsize=1)
def layout() -> dict[str, Any]:
    """The parsed layout file (read once)."""
    return json.loads(LAYOUT_PATH.read_text(encoding="utf-8"))


def kind(location: str) -> str:
    """``start``, ``kc``, ``neutral``, ``hazard``, ``teepee`` or ``private`` for a trail id."""
    if location == "START":
        return "start"
    if location == "KANSAS_CITY":
        return "kc"
    if location in NEUTRAL_SLOTS:
        return "neutral"
    if location.startswith("TEEPEE-"):
        return "teepee"
    head = location.split("-")[0]
    if head in HAZARD_KINDS and "RISK" not in location:
        return "hazard"
    return "private"


def spot_name(location: str) -> tuple[str, str]:
    """What is printed beside a spot: its short name (``rules.gwt.places``) and a risk note ("" if none).

    A teepee space shows its trade value, the second word of its name ("Teepee +4"). Neutral buildings,
    the start and Kansas City carry their names on themselves, so they get none."""
    if kind(location) in ("neutral", "start", "kc"):
        return "", ""
    shown = place_name(location)
    if kind(location) == "teepee":
        return shown.partition(" ")[2], ""
    risk = layout()["risk"].get(location)
    return shown, ("risk J" if risk == "Jersey" else "risk" if risk else "")


NAME_SIZE = 13
Line = tuple[str, int, tuple[float, float]]


def place_names(
    spot: Callable[[str], tuple[float, float]],
    radius: float,
    lines_of: Callable[[str], list[tuple[str, int]]],
    keep_out: tuple[Box, ...] = (),
    lower: Callable[[str], bool] = lambda location: False,
) -> dict[str, list[Line]]:
    """Each named spot's lines of text (words, size, centre), placed beside the spot where they cross no
    trail line, spot, other name, the row above each spot where cattlemen stand, or a ``keep_out`` box.

    Below the spot is tried first (one or two rows down, the second first where ``lower`` says so,
    nudged sideways up to 16 px), then right, left and the lower corners."""
    data = layout()
    edges = [(spot(a), spot(b)) for a, b in data["trail_edges"]]
    taken: list[Box] = list(keep_out)
    for location in data["trail"]:
        x, y = spot(location)
        half = 54 if kind(location) == "kc" else 30 if kind(location) == "start" else radius
        # a teepee space is a triangle: its base is half a radius below the centre
        bottom = radius * 0.55 if kind(location) == "teepee" else half
        taken.append((x - half, y - half, x + half, y + bottom))
        if kind(location) != "hazard" and location in TRAIL:  # where cattlemen may stand
            taken.append((x - 48, y - radius - 28, x + 48, y - radius - 2))
    placed: dict[str, list[Line]] = {}
    for location in data["trail"]:
        lines = lines_of(location)
        if not lines:
            continue
        x, y = spot(location)
        w = max(text_width(words, size) for words, size in lines) + 2
        heights = [size + 2 for _, size in lines]
        h = sum(heights)
        rows = (1, 0) if lower(location) else (0, 1)
        gap = radius * 0.55 if kind(location) == "teepee" else radius
        below = [(shift, gap + 3 + h * (row + 0.5)) for row in rows for shift in (0, -8, 8, -16, 16)]
        beside = [
            (radius + 5 + w / 2, 0.0),
            (-(radius + 5 + w / 2), 0.0),
            (radius * 0.75 + w / 2, radius + 1 + h / 2),
            (-(radius * 0.75 + w / 2), radius + 1 + h / 2),
        ]
        candidates = below + [(dx * away, dy * away) for away in (1.0, 1.25, 1.5) for dx, dy in beside]
        for dx, dy in candidates:
            cx, cy = x + dx, y + dy
            block = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if not any(overlap(block, other) for other in taken) and not any(
                crosses(block, a, b, 3, spacing=4) for a, b in edges
            ):
                break
        else:
            raise ValueError(f"no free place for the name of {location}")
        taken.append(block)
        top = cy - h / 2
        placed[location] = []
        for (words, size), height in zip(lines, heights, strict=True):
            placed[location].append((words, size, (cx, top + height / 2)))
            top += height
    return placed


def name_lines(location: str) -> list[tuple[str, int]]:
    """The full board's name line of a spot: name and risk note on one line."""
    shown, risk = spot_name(location)
    if not shown:
        return []
    return [(f"{shown} · {risk}" if risk else shown, NAME_SIZE)]


@lru_cache(maxsize=1)
def board_names() -> dict[str, list[Line]]:
    """Where the full board prints each spot's name."""
    regions = layout()["regions"]
    _x0, y0, x1, y1 = regions["indian_trade"]
    mid = (y0 + y1) / 2
    trade_note = (x1, mid - 9, x1 + 70, mid + 9)  # "trade only", printed right of the lower teepee row
    return place_names(point, layout()["node_radius"], name_lines, (tuple(regions["foresight"]), trade_note))


def name_point(location: str) -> tuple[float, float]:
    """Centre of a spot's printed name on the full board."""
    return board_names()[location][0][2]


def cattleman_point(location: str, index: int, count: int) -> tuple[float, float]:
    """Where the ``index``-th of ``count`` cattlemen on ``location`` stands on the full board: in a row
    above the spot (below Kansas City's box), so they never hide the building or the spot's name."""
    x, y = point(location)
    if location == "KANSAS_CITY":
        return x - 38 + index * 25, y + 46
    return x + (index - (count - 1) / 2) * 24, y - layout()["node_radius"] - 13


def teepee_value(location: str) -> int:
    """``TEEPEE-4`` -> 4, ``TEEPEE--2`` -> -2."""
    return int(location[len("TEEPEE-") :])


def hazard_type(location: str) -> str:
    return location.split("-")[0].lower()


def point(location: str) -> tuple[float, float]:
    x, y = layout()["trail"][location]
    return float(x), float(y)


def turnout_point(station: dict[str, Any]) -> tuple[float, float]:
    """Where an engine stands on a turnout: the tip of the V between the two track spaces, just above
    the station's box."""
    x, y = station["turnout"]
    return float(x), float(y) - 20


def rail_point(space: float | int | str) -> tuple[float, float]:
    """Pixel centre of a railroad space: an integer 0–39, or a turnout given as its station number
    ("S3") or the half-space the engine may use ("10.5")."""
    rail = layout()["railroad"]
    key = str(space)
    if key.upper().startswith("S") and key[1:].isdigit():
        return turnout_point(rail["stations"][key[1:]])
    if "." in key:
        whole = int(float(key))
        for station in rail["stations"].values():
            if station["after"] == whole:
                return turnout_point(station)
    x, y = rail["spaces"][str(int(float(key)))]
    return float(x), float(y)
