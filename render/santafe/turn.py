"""The Santa Fe turn picture: the map with the laid track and the standings, sized for Discord's preview.

1100 px wide with every text at least 16 px, so it still reads when Discord shows it 550 px wide; the
1600 px board with played cards and the legend stays available through ``/board``. The map is the full
board's map drawn at 0.93 of its size; city names are drawn at the picture's own minimum size on top.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.boxes import Box
from render.draw import fit_text, fitting_size, text, text_width, wrap
from render.heading import LARGE, SMALL, TEXT, WIDTH, header, last_move, player_box
from render.layers import cached_layer, cached_sheet
from render.names import seat_name, with_names
from render.santafe import palette
from render.santafe.board import connections, railheads
from render.santafe.geometry import Segment, cities, nodes, progress, segments
from render.santafe.labels import Place, name_boxes, note_at, place_city_names
from render.santafe.static import MAP_FRAME, RIVER_STROKES, bonus_box, built_segment, city_mark, empty_map
from render.santafe.words import ENGLISH
from render.scene import Scene
from render.style import PLAIN, Style
from render.theme import Theme, text_on
from render.words import Words, picture_word
from rules.core.events import Event

FRAME = MAP_FRAME  # the map's frame on the full board
SCALE = (WIDTH - 20) / (FRAME[2] - FRAME[0])
MAP_TOP = 222
MAP_BOTTOM = MAP_TOP + round((FRAME[3] - FRAME[1]) * SCALE)
LEGEND_Y = MAP_BOTTOM + 82
HEIGHT = LEGEND_Y + 24
CITY_R = 12
JUST_LAID_WIDTH = 17  # wider than a laid piece (9 px): the band shows on both sides of it


def at(point: tuple[float, float]) -> tuple[float, float]:
    """A full-board point on this picture."""
    return (10 + (point[0] - FRAME[0]) * SCALE, MAP_TOP + (point[1] - FRAME[1]) * SCALE)


@lru_cache(maxsize=1)
def scaled_segments() -> dict[str, Segment]:
    return {
        sid: dataclasses.replace(segment, start=at(segment.start), end=at(segment.end))
        for sid, segment in segments().items()
    }


@lru_cache(maxsize=1)
def scaled_nodes() -> dict[str, tuple[float, float]]:
    return {node: at(point) for node, point in nodes().items()}


@lru_cache(maxsize=1)
def name_places() -> dict[str, Place]:
    """Where this picture prints each city's name (see ``render.santafe.labels``)."""
    where = scaled_nodes()
    squares = {c: box for c in cities() if (box := bonus_box(c, where, SCALE))}
    frame = (10, MAP_TOP, WIDTH, MAP_BOTTOM)  # a name may reach past the map's frame to the edge
    return place_city_names(where, scaled_segments(), CITY_R, SMALL, squares, frame)


@lru_cache(maxsize=1)
def _name_boxes() -> list[Box]:
    return name_boxes(name_places(), SMALL)


def render_turn(
    view: Mapping[str, Any], last: Sequence[str] = (), changed: Sequence[Event] = (), style: Style = PLAIN
) -> Image.Image:
    """The turn picture of ``view`` (see ``render.render_turn``): of the ``changed`` events, the track
    they laid is marked."""
    names, theme, picture_words = style
    img = turn_layer(theme)
    d = ImageDraw.Draw(img)
    where = scaled_segments()
    for segment_id in just_laid(view, changed):
        just_laid_mark(d, where[segment_id], theme)
    for segment_id, railroad in view["track"].items():
        built_segment(d, where[segment_id], palette.railroad(railroad), theme)
    railheads(d, view, scaled_nodes(), CITY_R, theme)
    for segment, words in progress(view["track"]):  # pieces laid of each partly laid line
        at = note_at(where[segment.id], words, SMALL, 14, _name_boxes())
        text(d, at, words, SMALL, theme.ink, bold=True, halo="#EEE6D2")
    img.paste(*_city_sheet(theme))
    connections(d, view, scaled_nodes(), CITY_R, theme)
    header(d, _title(view, names, picture_words), view, last, style)
    scene = Scene(d, view, style)
    if view.get("over") and view.get("end_reason"):
        _end_reason(scene, last)
    _players(scene)
    _railroads(d, view, theme, picture_words)
    legend(d, view, theme, picture_words)
    return img


def just_laid(view: Mapping[str, Any], changed: Sequence[Event]) -> list[str]:
    """The segments the ``changed`` events laid that are still on the board."""
    laid: list[str] = [ev["segment"] for ev in changed if ev.get("type") == "lay" and ev.get("segment")]
    return [segment for segment in dict.fromkeys(laid) if segment in view["track"]]


def just_laid_mark(d: ImageDraw.ImageDraw, segment: Segment, theme: Theme) -> None:
    """A wide band of the colour of changes under a piece laid since the last picture."""
    d.line((*segment.start, *segment.end), fill=theme.changed, width=JUST_LAID_WIDTH)


@cached_layer
def turn_layer(theme: Theme) -> Image.Image:
    """Background, the empty map with rivers and mountains."""
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    d = ImageDraw.Draw(img)
    empty_map(d, (10, MAP_TOP, WIDTH - 10, MAP_BOTTOM), scaled_segments().values(), theme)
    return img


@cached_sheet
def _city_sheet(theme: Theme) -> tuple[Image.Image, tuple[int, int], Image.Image]:
    """Cities with values, names and bonus squares on a transparent sheet pasted over the track, so
    laid track never hides a name: (sheet, corner, mask) for ``Image.paste``."""
    sheet = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
    d = ImageDraw.Draw(sheet)
    for city_id, city in cities().items():
        bonus = bonus_box(city_id, scaled_nodes(), SCALE)
        # no "$" on the bonus squares: at this size it would be under the picture's smallest text
        place = name_places()[city_id]
        city_mark(d, city, scaled_nodes()[city_id], CITY_R, SMALL, place, bonus, theme, dollars=False)
    corner = sheet.getbbox() or (0, 0, 1, 1)
    cut = sheet.crop(corner)
    return cut, (corner[0], corner[1]), cut


def _title(view: Mapping[str, Any], names: Sequence[str] | None, picture_words: Words | None = None) -> str:
    if view.get("over"):
        return picture_word(picture_words, "game_over", title="Santa Fe") + _winners(
            view, names, picture_words
        )
    key = f"santafe.phase.{view.get('phase')}"
    phase = picture_word(picture_words, key) if key in ENGLISH else str(view.get("phase", ""))
    if view.get("lay_turn"):
        phase = picture_word(picture_words, "santafe.lay_turn", phase=phase, turn=view["lay_turn"])
    acting = ", ".join(seat_name(names, seat) for seat in view.get("to_act", []))
    round_ = picture_word(picture_words, "santafe.round", round=view.get("round", "?"))
    return f"{round_} · {phase} · {picture_word(picture_words, 'to_act', names=acting)}"


def _winners(view: Mapping[str, Any], names: Sequence[str] | None, picture_words: Words | None = None) -> str:
    """ " · Ada wins with 52 points" (money and city points), from the view's result."""
    result = view.get("result") or {}
    winners = list(result.get("winners", []))
    if not winners:
        return ""
    total = next(p["total"] for p in result["players"] if p["seat"] == winners[0])
    named = ", ".join(seat_name(names, seat) for seat in winners)
    key = "santafe.win" if len(winners) == 1 else "santafe.win_shared"
    return " · " + picture_word(picture_words, key, names=named, total=total)


def _end_reason(scene: Scene, last: Sequence[str]) -> None:
    """Why the game ended, on the line under the last move (the title names the winner instead)."""
    d, view, (names, theme, picture_words) = scene
    rows = last_move(
        [with_names(line, names) for line in last], LARGE, WIDTH - 28, picture_words=picture_words
    )
    said = (picture_words or {}).get("end_reason") or with_names(str(view["end_reason"]), names)
    reason = picture_word(picture_words, "santafe.ended", reason=said)
    for i, line in enumerate(wrap(reason, TEXT, WIDTH - 28)[: 2 - len(rows)]):
        text(d, (14, 64 + (len(rows) + i) * 30), line, TEXT, theme.muted, anchor="lm")


def figures(seat: Mapping[str, Any], picture_words: Words | None = None) -> str:
    """A player's scoring figures besides money: city points so far and cards played."""
    return picture_word(
        picture_words, "santafe.figures", points=seat["city_points"], played=len(seat["played"])
    )


def _players(scene: Scene) -> None:
    d, view, (names, theme, picture_words) = scene
    to_act = set(view.get("to_act", []))
    for seat in view["seats"]:
        n = seat["seat"]
        lines = [(figures(seat, picture_words), LARGE, theme.ink)]
        extra = picture_word(picture_words, "santafe.first_player") if view.get("first_player") == n else ""
        if seat.get("play") and seat["play"].get("city"):
            extra = picture_word(picture_words, "santafe.plays", city=cities()[seat["play"]["city"]]["name"])
        if extra:
            lines.append((extra, TEXT, theme.muted))
        player_box(d, n, len(view["seats"]), names, seat["money"], lines, n in to_act, theme)


def _railroads(
    d: ImageDraw.ImageDraw, view: Mapping[str, Any], theme: Theme, picture_words: Words | None = None
) -> None:
    """Track each railroad has left, along the foot."""
    width = (WIDTH - 20) / max(1, len(view["railroads"]))
    for i, railroad in enumerate(view["railroads"]):
        x0 = 10 + i * width
        colour = palette.railroad(railroad["id"])
        d.rounded_rectangle(
            (x0, MAP_BOTTOM + 14, x0 + width - 8, MAP_BOTTOM + 56),
            radius=6,
            fill=colour,
            outline=theme.ink,
            width=2,
        )
        left = picture_word(
            picture_words, "santafe.supply", railroad=railroad["name"], count=railroad["supply"]
        )
        size = fitting_size(left, TEXT, width - 16, least=SMALL)  # smaller rather than cut short
        label = fit_text(left, size, width - 16)
        text(d, (x0 + (width - 8) / 2, MAP_BOTTOM + 35), label, size, text_on(colour), bold=True)


LEGEND = ("railhead", "reaches", "bonus", "home", "river", "mountain", "just_laid", "laid_needed")


def legend_words(view: Mapping[str, Any], picture_words: Words | None = None) -> list[str]:
    """The legend's words, in the order its marks are drawn: rivers and mountains cost $1 only in the
    advanced game."""
    extra = " $1" if (view.get("options") or {}).get("advanced") else ""
    words = [picture_word(picture_words, f"santafe.legend.{key}") for key in LEGEND]
    return [
        word + extra if key in ("river", "mountain") else word
        for key, word in zip(LEGEND, words, strict=True)
    ]


def legend(
    d: ImageDraw.ImageDraw, view: Mapping[str, Any], theme: Theme, picture_words: Words | None = None
) -> None:
    """One line under the railroads naming every mark the map draws, each beside a small copy of it."""
    words = legend_words(view, picture_words)
    marks = 22  # room for each mark before its word
    sample = "3/4"
    widths = [text_width(w, SMALL) for w in words]
    widths[-1] += text_width(sample, SMALL) - marks + 6
    gap = (WIDTH - 20 - sum(widths) - marks * len(words)) / (len(words) - 1)
    x, y = 10.0, LEGEND_Y
    red, blue, green = (palette.railroad(r) for r in ("red", "blue", "green"))
    for i, (word, width) in enumerate(zip(words, widths, strict=True)):
        cx = x + 9
        if i == 0:
            d.ellipse((cx - 8, y - 8, cx + 8, y + 8), outline=red, width=3)
        elif i == 1:
            for k, colour in enumerate((blue, red)):
                d.rectangle((cx - 8 + k * 9, y + 2, cx + k * 9, y + 10), fill=colour, outline=theme.ink)
            d.ellipse((cx - 5, y - 10, cx + 5, y), fill=theme.panel, outline=theme.ink)
        elif i == 2:
            d.rectangle((cx - 6, y - 6, cx + 6, y + 6), fill=blue, outline=theme.ink)
        elif i == 3:
            d.rectangle((cx - 8, y - 8, cx + 8, y + 8), fill=green, outline=theme.ink, width=2)
        elif i == 4:
            d.line((cx - 10, y, cx + 10, y), fill=palette.TRACK_EMPTY, width=4)
            for dx in RIVER_STROKES:
                d.line((cx + dx, y - 8, cx + dx, y + 8), fill=palette.RIVER, width=2)
        elif i == 5:
            d.polygon([(cx - 6, y + 4), (cx + 6, y + 4), (cx, y - 7)], fill=palette.MOUNTAIN)
        elif i == 6:  # as ``just_laid_mark`` draws it under a piece, at the legend's size
            d.line((cx - 10, y, cx + 10, y), fill=theme.changed, width=11)
            d.line((cx - 8, y, cx + 8, y), fill=theme.ink, width=6)
            d.line((cx - 8, y, cx + 8, y), fill=blue, width=3)
        if i == len(words) - 1:
            text(d, (x, y), sample, SMALL, theme.ink, anchor="lm", bold=True)
            text(d, (x + text_width(sample, SMALL) + 6, y), word, SMALL, theme.ink, anchor="lm")
        else:
            text(d, (x + marks, y), word, SMALL, theme.ink, anchor="lm")
        x += marks + width + gap
