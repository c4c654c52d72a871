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

from render.draw import box, disc, fit_text, text
from render.layers import cached_layer
from render.names import seat_name, with_names
from render.santafe.board import PHASES
from render.santafe.geometry import Segment, beside, cities, nodes, progress, segments
from render.santafe.labels import place_city_names
from render.santafe.static import (
    HOME_HALF,
    bonus_box,
    built_segment,
    empty_segment,
    mountain_mark,
    river_mark,
)
from render.theme import DEFAULT, Theme, text_on

WIDTH = 1100
SMALL, TEXT, LARGE, TITLE = 16, 18, 22, 30
FRAME = (12, 70, 1178, 900)  # the map's frame on the full board
SCALE = (WIDTH - 20) / (FRAME[2] - FRAME[0])
MAP_TOP = 222
MAP_BOTTOM = MAP_TOP + round((FRAME[3] - FRAME[1]) * SCALE)
HEIGHT = MAP_BOTTOM + 70
CITY_R = 12


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
def name_places() -> dict[str, tuple[tuple[float, float], str]]:
    """Where this picture prints each city's name (see ``render.santafe.labels``)."""
    where = scaled_nodes()
    squares = {c: box for c in cities() if (box := bonus_box(c, where, SCALE))}
    frame = (10, MAP_TOP, WIDTH, MAP_BOTTOM)  # a name may reach past the map's frame to the edge
    # the map is denser here than on the full board: a name stays near its city even where that means
    # crossing a track slot (the full board keeps every name clear of track)
    return place_city_names(where, scaled_segments(), CITY_R, SMALL, squares, frame, reach=(0, 6, 12))


def render_turn(
    view: Mapping[str, Any],
    names: Sequence[str] | None = None,
    last: Sequence[str] = (),
    theme: Theme = DEFAULT,
) -> Image.Image:
    """The turn picture of ``view``; ``last`` are the lines that tell the last move (already with names)."""
    img = turn_layer(theme)
    d = ImageDraw.Draw(img)
    where = scaled_segments()
    for segment_id, railroad in view["track"].items():
        built_segment(d, where[segment_id], theme.railroad(railroad), theme)
    _railheads(d, view, theme)
    for segment, words in progress(view["track"]):  # pieces laid of each partly laid line
        text(d, beside(where[segment.id], 14), words, SMALL, theme.ink, bold=True, halo="#EEE6D2")
    img.paste(*_city_sheet(theme))
    _connections(d, view, theme)
    _header(d, view, names, last, theme)
    _players(d, view, names, theme)
    _railroads(d, view, theme)
    return img


@cached_layer
def turn_layer(theme: Theme) -> Image.Image:
    """Background, the empty map with rivers and mountains."""
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    d = ImageDraw.Draw(img)
    box(d, (10, MAP_TOP, WIDTH - 10, MAP_BOTTOM), "#EEE6D2", theme.panel_edge, radius=12)
    for segment in scaled_segments().values():
        empty_segment(d, segment, theme)
    for segment in scaled_segments().values():
        if segment.river:
            river_mark(d, segment, theme)
        if segment.mountain:
            mountain_mark(d, segment, theme)
    return img


@lru_cache(maxsize=4)
def _city_sheet(theme: Theme) -> tuple[Image.Image, tuple[int, int], Image.Image]:
    """Cities with values, names and bonus squares on a transparent sheet pasted over the track, so
    laid track never hides a name: (sheet, corner, mask) for ``Image.paste``."""
    sheet = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
    d = ImageDraw.Draw(sheet)
    for city_id, city in cities().items():
        x, y = scaled_nodes()[city_id]
        if city["home"]:
            h = HOME_HALF
            d.rectangle((x - h, y - h, x + h, y + h), fill=theme.panel, outline=theme.ink, width=2)
            stripe = (2 * h - 4) / len(city["home"])
            for i, railroad in enumerate(city["home"]):
                top = y - h + 2 + i * stripe
                d.rectangle((x - h + 2, top, x + h - 2, top + stripe - 1), fill=theme.railroad(railroad))
        else:
            d.ellipse(
                (x - CITY_R, y - CITY_R, x + CITY_R, y + CITY_R), fill=theme.panel, outline=theme.ink, width=2
            )
            text(d, (x, y), city["value"], SMALL, theme.ink, bold=True)
        centre, anchor = name_places()[city_id]
        text(d, centre, city["name"], SMALL, theme.ink, anchor=anchor, halo="#EEE6D2")
        left, top, _, _ = bonus_box(city_id, scaled_nodes(), SCALE) or (0, 0, 0, 0)
        for i, railroad in enumerate(city["bonus"]):
            sx = left + i * 14
            d.rectangle((sx, top, sx + 12, top + 12), fill=theme.railroad(railroad), outline=theme.ink)
    corner = sheet.getbbox() or (0, 0, 1, 1)
    cut = sheet.crop(corner)
    return cut, (corner[0], corner[1]), cut


def _railheads(d: ImageDraw.ImageDraw, view: Mapping[str, Any], theme: Theme) -> None:
    """A ring in the railroad's colour around every node its track can be extended from."""
    rings: dict[str, int] = {}
    homes = {c for c, data in cities().items() if data["home"]}
    for railroad in view["railroads"]:
        colour = theme.railroad(railroad["id"])
        for node in railroad["railheads"]:
            if node in homes and node == railroad["home"] and len(railroad["railheads"]) == 1:
                continue
            k = rings.get(node, 0)
            rings[node] = k + 1
            x, y = scaled_nodes()[node]
            r = (CITY_R + 5 if node in cities() else 7) + 4 * k
            d.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), outline=theme.ink, width=2)
            d.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=3)


def _connections(d: ImageDraw.ImageDraw, view: Mapping[str, Any], theme: Theme) -> None:
    """Under each scoring city a square per railroad reaching it: what a card of that city scores."""
    reached: dict[str, list[str]] = {}
    for railroad in view["railroads"]:
        for city in railroad["cities"]:
            reached.setdefault(city, []).append(railroad["id"])
    for city, railroads in reached.items():
        if cities()[city]["home"]:
            continue
        x, y = scaled_nodes()[city]
        left = x - (len(railroads) * 9) / 2
        for i, railroad in enumerate(railroads):
            sx = left + i * 9
            d.rectangle(
                (sx, y + CITY_R + 2, sx + 8, y + CITY_R + 10),
                fill=theme.railroad(railroad),
                outline=theme.ink,
            )


def _header(
    d: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    names: Sequence[str] | None,
    last: Sequence[str],
    theme: Theme,
) -> None:
    phase = PHASES.get(str(view.get("phase")), str(view.get("phase", "")))
    if view.get("over"):
        reason = with_names(view.get("end_reason") or "", names)
        title = "Santa Fe · game over" + (f": {reason}" if reason else "")
    else:
        acting = ", ".join(seat_name(names, seat) for seat in view.get("to_act", []))
        lay = f" (pass {view['lay_turn']})" if view.get("lay_turn") else ""
        title = f"Round {view.get('round', '?')} · {phase}{lay} · {acting} to act"
    text(d, (14, 26), fit_text(title, TITLE, WIDTH - 28), TITLE, theme.ink, anchor="lm", bold=True)
    if last:
        words = "Last: " + with_names(last[0], names)
        text(d, (14, 64), fit_text(words, LARGE, WIDTH - 28), LARGE, theme.ink, anchor="lm")
    decision = view.get("decision") or {}
    if decision.get("prompt") and not view.get("over"):
        prompt = with_names(decision["prompt"], names)
        text(d, (14, 94), fit_text(prompt, TEXT, WIDTH - 28), TEXT, theme.muted, anchor="lm")


def figures(seat: Mapping[str, Any]) -> str:
    """A player's scoring figures besides money: city points so far and cards played."""
    return f"{seat['city_points']} pts · {len(seat['played'])} played"


def _players(
    d: ImageDraw.ImageDraw, view: Mapping[str, Any], names: Sequence[str] | None, theme: Theme
) -> None:
    seats = view["seats"]
    to_act = set(view.get("to_act", []))
    width = (WIDTH - 20) / len(seats)
    for seat in seats:
        n = seat["seat"]
        x0, y0 = 10 + n * width, 110
        x1, y1 = x0 + width - 6, 212
        acting = n in to_act
        box(
            d,
            (x0, y0, x1, y1),
            theme.panel,
            theme.highlight if acting else theme.panel_edge,
            radius=8,
            width=4 if acting else 1,
        )
        disc(d, (x0 + 20, y0 + 22), 15, theme.player(n), theme.ink, n + 1, size=LARGE)
        money = f"${seat['money']}"
        text(d, (x1 - 10, y0 + 22), money, 26, theme.money, anchor="rm", bold=True)
        name = fit_text(seat_name(names, n), LARGE, x1 - x0 - 60 - 16 * len(money))
        text(d, (x0 + 42, y0 + 22), name, LARGE, theme.ink, anchor="lm", bold=True)
        text(
            d, (x0 + 12, y0 + 54), fit_text(figures(seat), LARGE, x1 - x0 - 20), LARGE, theme.ink, anchor="lm"
        )
        extra = "1st player" if view.get("first_player") == n else ""
        if seat.get("play") and seat["play"].get("city"):
            extra = "plays " + cities()[seat["play"]["city"]]["name"]
        if extra:
            text(d, (x0 + 12, y0 + 80), fit_text(extra, TEXT, x1 - x0 - 20), TEXT, theme.muted, anchor="lm")


def _railroads(d: ImageDraw.ImageDraw, view: Mapping[str, Any], theme: Theme) -> None:
    """Track each railroad has left, along the foot."""
    width = (WIDTH - 20) / max(1, len(view["railroads"]))
    for i, railroad in enumerate(view["railroads"]):
        x0 = 10 + i * width
        colour = theme.railroad(railroad["id"])
        d.rounded_rectangle(
            (x0, MAP_BOTTOM + 14, x0 + width - 8, MAP_BOTTOM + 56),
            radius=6,
            fill=colour,
            outline=theme.ink,
            width=2,
        )
        label = fit_text(f"{railroad['name']}: {railroad['supply']} left", TEXT, width - 16)
        text(d, (x0 + (width - 8) / 2, MAP_BOTTOM + 35), label, TEXT, text_on(colour), bold=True)
