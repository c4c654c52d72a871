"""The printed Santa Fe map: empty track, rivers, mountains, cities with values and bonus squares."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.boxes import Box, Point
from render.draw import box, fit_text, fitting_size, text
from render.layers import cached_layer, cached_sheet
from render.santafe import palette
from render.santafe.geometry import Segment, cities, nodes, segments
from render.santafe.labels import Place, line_centres, place_city_names
from render.theme import DEFAULT, Theme, text_on
from render.words import Words, picture_word

CANVAS = (1600, 1000)
MAP_FRAME = (12, 70, 1178, 900)
LEGEND = (1192, 838, 1588, 990)
CITY_R = 13
HOME_HALF = 15
RIVER_STROKES = (-3.0, 3.0)  # a river mark: two short strokes across a slot, this far from its middle
# Offset of a city's bonus squares from its dot: above by default, elsewhere where above would cover
# a neighbour's name or crowd a neighbour's squares.
# Denver's sit below left, apart from Cheyenne's connection squares just above it.
SQUARES_AT = {"SFO": (0.0, 16.0), "HOU": (28.0, -6.0), "DEN": (-30.0, 4.0)}


def bonus_box(city_id: str, where: Mapping[str, Point], scale: float = 1.0) -> Box | None:
    """The box around a city's bonus squares (12 px, 14 apart), or None when it has none."""
    count = len(cities()[city_id]["bonus"])
    if not count:
        return None
    x, y = where[city_id]
    sq_dx, sq_dy = SQUARES_AT.get(city_id, (0.0, -30.0))
    left = x + sq_dx * scale - 6 - (count - 1) * 7
    top = y + sq_dy * scale
    return (left, top, left + 14 * (count - 1) + 12, top + 12)


@lru_cache(maxsize=1)
def name_places() -> dict[str, Place]:
    """Where the full map prints each city's name (see ``render.santafe.labels``)."""
    squares = {c: box for c in cities() if (box := bonus_box(c, nodes()))}
    # names may reach past the map's frame up to the side panel
    frame = (MAP_FRAME[0], MAP_FRAME[1], 1190, MAP_FRAME[3])
    return place_city_names(nodes(), segments(), CITY_R, DEFAULT.text_small, squares, frame)


@cached_layer
def map_layer(theme: Theme, words: tuple[tuple[str, str], ...] = ()) -> Image.Image:
    """The empty map (paper, free track slots, rivers, mountains) and its key, drawn once per theme and
    language (``words``: the picture's words as pairs, ``render.words``)."""
    img = Image.new("RGB", CANVAS, theme.background)
    d = ImageDraw.Draw(img)
    empty_map(d, MAP_FRAME, segments().values(), theme)
    _legend(d, theme, dict(words))
    return img


def empty_map(d: ImageDraw.ImageDraw, frame: Box, slots: Iterable[Segment], theme: Theme) -> None:
    """The map's paper in ``frame`` with every free track slot, its rivers and its mountains."""
    box(d, frame, "#EEE6D2", theme.panel_edge, radius=12)
    slots = list(slots)
    for segment in slots:
        empty_segment(d, segment, theme)
    for segment in slots:  # marks over the slots, never under a neighbouring slot
        if segment.river:
            river_mark(d, segment, theme)
        if segment.mountain:
            mountain_mark(d, segment, theme)


def _legend(d: ImageDraw.ImageDraw, theme: Theme, said: Words | None = None) -> None:
    """The key in the lower right: railheads, reached-railroad squares, bonus squares, terrain."""
    x0, y0, x1, y1 = LEGEND
    box(d, (x0, y0, x1, y1), theme.panel, theme.panel_edge, radius=8)
    size = theme.text_small - 1
    col = (x0 + 14, x0 + 206)
    room = min(col[1] - col[0], x1 - col[1]) - 30  # each word beside its mark, in its column

    def word(key: str) -> tuple[str, int]:
        """A key's word and its size: a longer language's word a little smaller rather than cut short."""
        shown = picture_word(said, key)
        fitted = fitting_size(shown, size, room)
        return fit_text(shown, fitted, room), fitted

    rows = (y0 + 52, y0 + 82, y0 + 112)
    x, y = col[0] + 8, rows[0]
    d.ellipse((x - 8, y - 8, x + 8, y + 8), outline=palette.railroad("red"), width=3)
    text(d, (x + 16, y), *word("santafe.legend.railhead"), theme.ink, anchor="lm")
    x, y = col[1] + 8, rows[0]
    for i, railroad in enumerate(("blue", "yellow")):
        d.rectangle(
            (x - 8 + i * 9, y - 4, x + i * 9, y + 4), fill=palette.railroad(railroad), outline=theme.ink
        )
    text(d, (x + 16, y), *word("santafe.key.reaching"), theme.ink, anchor="lm")
    x, y = col[0] + 8, rows[1]
    d.rectangle((x - 6, y - 6, x + 6, y + 6), fill=palette.railroad("blue"), outline=theme.ink)
    text(d, (x, y), "$", 10, text_on(palette.railroad("blue")))
    text(d, (x + 16, y), *word("santafe.key.bonus"), theme.ink, anchor="lm")
    x, y = col[1] + 8, rows[1]
    d.rectangle((x - 8, y - 8, x + 8, y + 8), fill=palette.railroad("green"), outline=theme.ink)
    text(d, (x + 16, y), *word("santafe.legend.home"), theme.ink, anchor="lm")
    x, y = col[0] + 8, rows[2]
    d.line((x - 10, y, x + 10, y), fill=palette.TRACK_EMPTY, width=4)
    for dx in RIVER_STROKES:
        d.line((x + dx, y - 8, x + dx, y + 8), fill=palette.RIVER, width=2)
    text(d, (x + 16, y), *word("santafe.legend.river"), theme.ink, anchor="lm")
    x, y = col[1] + 8, rows[2]
    d.polygon([(x - 6, y + 4), (x + 6, y + 4), (x, y - 7)], fill=palette.MOUNTAIN)
    text(d, (x + 16, y), *word("santafe.legend.mountain"), theme.ink, anchor="lm")


@cached_sheet
def city_layer(theme: Theme) -> Image.Image:
    """Cities, names and bonus squares on a transparent sheet, pasted over the laid track each time so
    track never hides a name. Read-only: callers paste it, never draw on it."""
    img = Image.new("RGBA", CANVAS, (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    where = nodes()
    for city_id, city in cities().items():
        bonus = bonus_box(city_id, where)
        city_mark(d, city, where[city_id], CITY_R, theme.text_small, name_places()[city_id], bonus, theme)
    return img


@cached_sheet
def city_sheet(theme: Theme) -> tuple[Image.Image, tuple[int, int]]:
    """The city sheet cut to what is drawn on it, with its top-left corner: pasting less is faster."""
    sheet = city_layer(theme)
    left, top, right, bottom = sheet.getbbox() or (0, 0, 1, 1)
    return sheet.crop((left, top, right, bottom)), (left, top)


def _unit(segment: Segment) -> tuple[float, float, float, float]:
    (x0, y0), (x1, y1) = segment.start, segment.end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    return (x1 - x0) / length, (y1 - y0) / length, length, 0.0


def empty_segment(d: ImageDraw.ImageDraw, segment: Segment, theme: Theme) -> None:
    """A free slot: a thin grey line with gaps at both ends so neighbouring slots read as separate."""
    ux, uy, length, _ = _unit(segment)
    gap = min(5.0, length / 4)
    (x0, y0), (x1, y1) = segment.start, segment.end
    d.line((x0 + ux * gap, y0 + uy * gap, x1 - ux * gap, y1 - uy * gap), fill=palette.TRACK_EMPTY, width=4)


def built_segment(d: ImageDraw.ImageDraw, segment: Segment, colour: str, theme: Theme) -> None:
    """A laid piece: the railroad colour inside a dark casing so white track shows on the paper."""
    ux, uy, length, _ = _unit(segment)
    gap = min(3.0, length / 5)
    (x0, y0), (x1, y1) = segment.start, segment.end
    ends = (x0 + ux * gap, y0 + uy * gap, x1 - ux * gap, y1 - uy * gap)
    d.line(ends, fill=theme.ink, width=9)
    d.line(ends, fill=colour, width=5)


def river_mark(d: ImageDraw.ImageDraw, segment: Segment, theme: Theme) -> None:
    """Two short blue strokes across the segment's middle."""
    ux, uy, _, _ = _unit(segment)
    mx, my = segment.midpoint
    nx, ny = -uy, ux
    for offset in RIVER_STROKES:
        cx, cy = mx + ux * offset, my + uy * offset
        d.line((cx - nx * 8, cy - ny * 8, cx + nx * 8, cy + ny * 8), fill=palette.RIVER, width=2)


def mountain_mark(d: ImageDraw.ImageDraw, segment: Segment, theme: Theme) -> None:
    """A small brown peak beside the segment's middle."""
    ux, uy, _, _ = _unit(segment)
    mx, my = segment.midpoint
    nx, ny = -uy, ux
    if ny > 0:  # put the peak on the upper side
        nx, ny = -nx, -ny
    bx, by = mx + nx * 9, my + ny * 9
    d.polygon([(bx - 6, by + 4), (bx + 6, by + 4), (bx, by - 7)], fill=palette.MOUNTAIN)


def city_mark(
    d: ImageDraw.ImageDraw,
    city: Mapping[str, Any],
    centre: Point,
    radius: float,
    size: int,
    name_at: Place,
    bonus: Box | None,
    theme: Theme,
    dollars: bool = True,
) -> None:
    """One city as printed: its home-base stripes or its dot with its value, its name at ``name_at``
    (point, anchor, lines; see ``render.santafe.labels``) and its bonus squares in ``bonus``;
    ``dollars`` marks each square with a "$"."""
    x, y = centre
    if city["home"]:
        h = HOME_HALF
        d.rectangle((x - h, y - h, x + h, y + h), fill=theme.panel, outline=theme.ink, width=2)
        stripe = (2 * h - 4) / len(city["home"])
        for i, railroad in enumerate(city["home"]):
            top = y - h + 2 + i * stripe
            d.rectangle((x - h + 2, top, x + h - 2, top + stripe - 1), fill=palette.railroad(railroad))
    else:
        d.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=theme.panel, outline=theme.ink, width=2
        )
        text(d, (x, y), city["value"], size, theme.ink, bold=True)
    if len(name_at[2]) == 1:
        text(d, name_at[0], city["name"], size, theme.ink, anchor=name_at[1], halo="#EEE6D2")
    else:
        for line, middle in zip(name_at[2], line_centres(name_at, size), strict=True):
            text(d, middle, line, size, theme.ink, halo="#EEE6D2")
    left, top, _, _ = bonus or (0, 0, 0, 0)
    for i, railroad in enumerate(city["bonus"]):
        sx = left + i * 14
        colour = palette.railroad(railroad)
        d.rectangle((sx, top, sx + 12, top + 12), fill=colour, outline=theme.ink, width=1)
        if dollars:
            text(d, (sx + 6, top + 6), "$", 10, text_on(colour))
