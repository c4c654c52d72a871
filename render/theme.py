"""Colours, fonts and sizes shared by every game's pictures; a game's own colours (its pieces, its map)
live in its ``render/<game>/palette.py``.

A theme is a frozen value, so it can key caches of pre-drawn layers. The player palette is Okabe–Ito,
chosen because its colours stay distinct under the common forms of colour blindness; every piece also
carries its seat number, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

RGB = tuple[int, int, int]


def hex_rgb(value: str) -> RGB:
    """``"#E69F00"`` -> ``(230, 159, 0)``."""
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#F0E442", "#0072B2", "#D55E00")


@dataclass(frozen=True)
class Theme:
    """Everything every game's pictures share besides the view: colours and font sizes."""

    players: tuple[str, ...] = OKABE_ITO[:5]
    background: str = "#F4EFE3"
    panel: str = "#FFFDF7"
    panel_edge: str = "#B9AE98"
    ink: str = "#2B2B2B"
    muted: str = "#7A7266"
    faint: str = "#D9D1C0"
    highlight: str = "#C0392B"
    changed: str = "#FF4FC8"  # marks what changed since the last picture: no railroad, player or tile colour
    good: str = "#1E7B4A"
    money: str = "#8A6D00"
    text_small: int = 15
    text: int = 18
    text_large: int = 24
    title: int = 30

    def player(self, seat: int) -> str:
        return self.players[seat % len(self.players)]


def colour_of(colours: Mapping[str, str], key: str, default: str) -> str:
    """The colour of engine id ``key`` in a game's own palette (``render/<game>/palette.py``), else
    ``default``."""
    return colours.get(normalise_key(key), default)


def normalise_key(key: str) -> str:
    """Engine ids come as "Brown Swiss", "BROWN_SWISS" or "brown-swiss": compare them as "brownswiss"."""
    return "".join(ch for ch in str(key).lower() if ch.isalnum())


DEFAULT = Theme()


# A subset of Noto Sans CJK JP shipped beside this module (render/fonts/, with its licence): one face with
# accented Latin, kana and the common kanji, as Pillow never falls back to another font for a missing glyph.
FONT_FILE = Path(__file__).with_name("fonts") / "pictures.otf"
# Its letters stand taller and reach lower than those the layouts were measured with (Pillow's own
# Aileron): drawn this much smaller, its capitals are as tall as before and names keep their room.
FONT_SCALE = 0.9


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' face at nominal ``size`` pixels (see ``FONT_SCALE``); loaded once per size."""
    return ImageFont.truetype(FONT_FILE, size=round(size * FONT_SCALE))


@lru_cache(maxsize=256)
def rgb(colour: str) -> RGB:
    return hex_rgb(colour)


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (relative luminance)."""
    r, g, b = rgb(colour)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#111111" if luminance > 140 else "#FFFFFF"


__all__ = [
    "DEFAULT",
    "FONT_FILE",
    "OKABE_ITO",
    "Theme",
    "colour_of",
    "font",
    "normalise_key",
    "rgb",
    "text_on",
]
