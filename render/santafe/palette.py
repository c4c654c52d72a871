"""Santa Fe's own colours: the five railroads as printed on the box, and the map's terrain."""

from __future__ import annotations

from render.theme import colour_of

# Railroads by the map's ids.
RAILROADS = {
    "blue": "#1F5FBF",
    "white": "#FFFFFF",
    "green": "#2E8B3E",
    "red": "#C8302C",
    "yellow": "#E8C21A",
}
RIVER = "#4A90D9"
MOUNTAIN = "#8B5A2B"
TRACK_EMPTY = "#C9C0AE"


def railroad(key: str) -> str:
    return colour_of(RAILROADS, key, "#888888")
