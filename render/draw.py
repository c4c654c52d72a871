"""Small drawing primitives every picture shares: text, discs, boxes, hand icons, arrows."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.theme import font, text_on

Point = tuple[float, float]


@dataclass(frozen=True)
class Drawn:
    """One text as drawn: its words, font size in pixels and the box its letters cover."""

    label: str
    size: int
    box: tuple[int, int, int, int]


_recorders: list[list[Drawn]] = []


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text ``text`` draws while the block runs (for tests of sizes and overlaps)."""
    drawn: list[Drawn] = []
    _recorders.append(drawn)
    try:
        yield drawn
    finally:
        _recorders.remove(drawn)


def text(
    d: ImageDraw.ImageDraw,
    xy: Point,
    value: object,
    size: int,
    fill: str,
    anchor: str = "mm",
    bold: bool = False,
    halo: str | None = None,
) -> None:
    """Draw ``value`` at ``xy``. Bold is a thin stroke in the same colour (the bundled face has no bold),
    for Latin letters only: a stroke clogs dense kanji, so Japanese is drawn plain;
    ``halo`` outlines the letters in that colour so they stay readable over lines. Rendered letters are
    cached, so a label repeated every turn costs one paste."""
    label = str(value)
    if not label:
        return
    size = face_size(label, size)
    x, y = round(xy[0]), round(xy[1])
    if halo is not None:
        mask, (dx, dy) = _letters(label, size, anchor, 3)
        d.bitmap((x + dx, y + dy), mask, fill=halo)
    # below 18 px a stroke clogs the letters, and at any size it clogs kanji: such bold text is drawn plain
    stroke = 1 if bold and size >= 18 and not has_cjk(label) else 0
    mask, (dx, dy) = _letters(label, size, anchor, stroke)
    d.bitmap((x + dx, y + dy), mask, fill=fill)
    for drawn in _recorders:
        drawn.append(Drawn(label, size, (x + dx, y + dy, x + dx + mask.width, y + dy + mask.height)))


# Kanji at 16 px stand 14 px tall, 7 px once a turn picture is shown 550 px wide; a fifth larger they
# stand 16 px (8 px shown), as legible as the Latin letters of the same nominal size.
CJK_SCALE = 1.2


def face_size(label: str, size: int) -> int:
    """The size ``label`` is drawn and measured at: Japanese a fifth larger than ``size``."""
    return round(size * CJK_SCALE) if has_cjk(label) else size


def has_cjk(label: str) -> bool:
    """Whether ``label`` holds Japanese: kana, kanji or full-width forms (not the pseudo-locale's 【】)."""
    return any(
        0x3040 <= ord(ch) <= 0x30FF or 0x4E00 <= ord(ch) <= 0x9FFF or ord(ch) >= 0xFF00 for ch in label
    )


@lru_cache(maxsize=4096)
def _letters(label: str, size: int, anchor: str, stroke: int) -> tuple[Image.Image, tuple[int, int]]:
    """``label`` rendered as an alpha mask, and the mask's offset from the anchor point."""
    face = font(size)
    left, top, right, bottom = (int(v) for v in face.getbbox(label, anchor=anchor, stroke_width=stroke))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), label, font=face, fill=255, anchor=anchor, stroke_width=stroke, stroke_fill=255
    )
    return mask, (left, top)


def text_width(value: object, size: int) -> float:
    return font(face_size(str(value), size)).getlength(str(value))


def fit_text(value: str, size: int, width: float) -> str:
    """``value`` shortened with an ellipsis so it fits ``width`` pixels at ``size``."""
    if text_width(value, size) <= width:
        return value
    while value and text_width(value + "…", size) > width:
        value = value[:-1]
    return value + "…"


def disc(
    d: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    fill: str,
    outline: str = "#222222",
    label: object | None = None,
    size: int | None = None,
    width: int = 2,
) -> None:
    """A filled circle, optionally with a centred label in a readable colour."""
    x, y = centre
    d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=width)
    if label is not None:
        text(d, centre, label, size or max(10, int(radius * 1.2)), text_on(fill), bold=True)


def box(
    d: ImageDraw.ImageDraw,
    rect: Sequence[float],
    fill: str | None,
    outline: str | None = "#222222",
    radius: int = 6,
    width: int = 2,
) -> None:
    d.rounded_rectangle(tuple(rect), radius=radius, fill=fill, outline=outline, width=width)


def square(d: ImageDraw.ImageDraw, centre: Point, half: float, fill: str, outline: str = "#222222") -> None:
    x, y = centre
    d.rectangle((x - half, y - half, x + half, y + half), fill=fill, outline=outline, width=2)


def hand(d: ImageDraw.ImageDraw, centre: Point, size: float, colour: str) -> None:
    """A simple open-hand glyph (palm and four fingers): the fee symbol of Great Western Trail."""
    x, y = centre
    s = size / 10
    d.rounded_rectangle(
        (x - 3.5 * s, y - 1 * s, x + 3.5 * s, y + 5 * s), radius=max(1, int(2 * s)), fill=colour
    )
    for i in range(4):
        fx = x - 3.2 * s + i * 2.2 * s
        top = y - 5 * s + (abs(i - 1.5) * 0.8 * s)
        d.rounded_rectangle((fx, top, fx + 1.6 * s, y + s), radius=max(1, int(0.8 * s)), fill=colour)
    d.polygon(
        [(x + 3.2 * s, y + 1.5 * s), (x + 5.5 * s, y - 1.5 * s), (x + 4.5 * s, y + 3.5 * s)], fill=colour
    )


def arrow(
    d: ImageDraw.ImageDraw, start: Point, end: Point, colour: str, width: int = 3, head: float = 10
) -> None:
    """A straight arrow from ``start`` to ``end`` with a filled head."""
    d.line((start, end), fill=colour, width=width)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    left = (end[0] - head * math.cos(angle - 0.45), end[1] - head * math.sin(angle - 0.45))
    right = (end[0] - head * math.cos(angle + 0.45), end[1] - head * math.sin(angle + 0.45))
    d.polygon([end, left, right], fill=colour)


def cross(d: ImageDraw.ImageDraw, centre: Point, half: float, colour: str, width: int = 3) -> None:
    x, y = centre
    d.line((x - half, y - half, x + half, y + half), fill=colour, width=width)
    d.line((x - half, y + half, x + half, y - half), fill=colour, width=width)


def fitting_size(value: str, size: int, width: float, least: int = 11) -> int:
    """The largest size up to ``size`` (at least ``least``) at which ``value`` fits ``width`` pixels: a
    short label on a fixed box keeps all its letters in a language whose word is longer."""
    while size > least and text_width(value, size) > width:
        size -= 1
    return size


def wrap(value: str, size: int, width: float) -> list[str]:
    """Split ``value`` into lines no wider than ``width`` pixels, at spaces; a word too long for a line
    (Japanese writes no spaces) is broken between its characters."""
    lines: list[str] = []
    for word in value.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
            continue
        lines.append("")
        for ch in word:
            if lines[-1] and text_width(lines[-1] + ch, size) > width:
                lines.append("")
            lines[-1] += ch
    return lines
