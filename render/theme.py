"""Colours, fonts and sizes shared by every picture.

A theme is a frozen value, so it can key caches of pre-drawn layers. The player palette is Okabe–Ito,
chosen because its colours stay distinct under the common forms of colour blindness; every piece also
carries its seat number, so colour is never the only cue.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageFont

RGB = tuple[int, int, int]


def hex_rgb(value: str) -> RGB:
    """``"#E69F00"`` -> ``(230, 159, 0)``."""
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#F0E442", "#0072B2", "#D55E00")


@dataclass(frozen=True)
class Theme:
    """Everything a picture needs besides the view: colours, font sizes, canvas sizes."""

    players: tuple[str, ...] = OKABE_ITO[:5]
    background: str = "#F4EFE3"
    panel: str = "#FFFDF7"
    panel_edge: str = "#B9AE98"
    ink: str = "#2B2B2B"
    muted: str = "#7A7266"
    faint: str = "#D9D1C0"
    highlight: str = "#C0392B"
    good: str = "#1E7B4A"
    money: str = "#8A6D00"
    # Santa Fe railroads by the map's ids: the colours printed on the box.
    railroads: tuple[tuple[str, str], ...] = (
        ("blue", "#1F5FBF"),
        ("white", "#FFFFFF"),
        ("green", "#2E8B3E"),
        ("red", "#C8302C"),
        ("yellow", "#E8C21A"),
    )
    # Great Western Trail pieces and spaces.
    hazards: tuple[tuple[str, str], ...] = (
        ("flood", "#3E7CC0"),
        ("drought", "#C58B3A"),
        ("rockfall", "#7D7468"),
    )
    teepees: tuple[tuple[str, str], ...] = (("green", "#3A9A4A"), ("blue", "#2F67B8"))
    hands: tuple[tuple[str, str], ...] = (("green", "#3A9A4A"), ("black", "#222222"))
    breeds: tuple[tuple[str, str], ...] = (
        ("jersey", "#9A9A9A"),
        ("dutchbelt", "#3A8A3A"),
        ("blackangus", "#2A2A2A"),
        ("guernsey", "#F2F2EE"),
        ("holstein", "#E8C43A"),
        ("brownswiss", "#C0392B"),
        ("ayrshire", "#2F67B8"),
        ("highland", "#8B5A2B"),
        ("longhorn", "#7B3FA0"),
    )
    workers: tuple[tuple[str, str], ...] = (
        ("cowboy", "#F3D9A4"),
        ("craftsman", "#BFD4EE"),
        ("engineer", "#E3C3E3"),
    )
    woods: str = "#CFE3C2"
    neutral: str = "#8C8C8C"
    river: str = "#4A90D9"
    mountain: str = "#8B5A2B"
    track_empty: str = "#C9C0AE"
    text_small: int = 15
    text: int = 18
    text_large: int = 24
    title: int = 30
    board_size: tuple[int, int] = (1600, 1000)
    map_size: tuple[int, int] = (1600, 1000)

    def player(self, seat: int) -> str:
        return self.players[seat % len(self.players)]

    def railroad(self, key: str) -> str:
        return _lookup(self.railroads, key, "#888888")

    def hazard(self, key: str) -> str:
        return _lookup(self.hazards, key, "#888888")

    def teepee(self, key: str) -> str:
        return _lookup(self.teepees, key, "#888888")

    def hand(self, key: str) -> str:
        return _lookup(self.hands, key, "#888888")

    def breed(self, key: str) -> str:
        return _lookup(self.breeds, key, "#888888")

    def worker(self, key: str) -> str:
        return _lookup(self.workers, key, "#DDDDDD")


def _lookup(pairs: tuple[tuple[str, str], ...], key: str, default: str) -> str:
    wanted = normalise_key(key)
    for name, colour in pairs:
        if name == wanted:
            return colour
    return default


def normalise_key(key: str) -> str:
    """Engine ids come as "Brown Swiss", "BROWN_SWISS" or "brown-swiss": compare them as "brownswiss"."""
    return "".join(ch for ch in str(key).lower() if ch.isalnum())


DEFAULT = Theme()


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font (a real TrueType face) at ``size`` pixels; loaded once per size."""
    return ImageFont.load_default(size=size)  # type: ignore[return-value]


@lru_cache(maxsize=256)
def rgb(colour: str) -> RGB:
    return hex_rgb(colour)


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (relative luminance)."""
    r, g, b = rgb(colour)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#111111" if luminance > 140 else "#FFFFFF"


__all__ = ["DEFAULT", "OKABE_ITO", "Theme", "font", "normalise_key", "rgb", "text_on"]
