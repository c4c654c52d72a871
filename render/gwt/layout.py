"""The Great Western Trail board layout (rules/gwt/data/board_layout.json) and what each trail id is."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

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
