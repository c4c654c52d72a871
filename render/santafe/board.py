"""The Santa Fe picture: the cached map with laid track, railheads and connections, plus a side panel
with each player's money and played city cards, the railroads' remaining track and the card piles."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.boxes import Box, Point
from render.draw import box, disc, fit_text, fitting_size, text, wrap
from render.names import seat_name, with_names
from render.santafe import palette
from render.santafe.geometry import cities, nodes, progress, segments
from render.santafe.labels import name_boxes, note_at
from render.santafe.static import CITY_R, built_segment, city_sheet, map_layer, name_places
from render.santafe.words import ENGLISH, colour
from render.scene import Scene
from render.style import PLAIN, Style
from render.theme import DEFAULT, Theme, text_on
from render.words import Words, picture_word

PANEL = (1192, 70, 1588, 990)
LEGEND_TOP = 838
CHIP_W = 126


def render_map(view: Mapping[str, Any], style: Style = PLAIN) -> Image.Image:
    """The Santa Fe board as ``view`` shows it; nothing private is drawn, so any seat's view gives the
    same picture."""
    theme, picture_words = style.theme, style.words
    img = map_layer(theme, tuple(sorted((picture_words or {}).items())))
    d = ImageDraw.Draw(img)
    where = segments()
    for segment_id, railroad in view["track"].items():
        built_segment(d, where[segment_id], palette.railroad(railroad), theme)
    _progress(d, view, theme)
    sheet, corner = city_sheet(theme)
    img.paste(sheet, corner, sheet)
    connections(d, view, nodes(), CITY_R, theme)
    railheads(d, view, nodes(), CITY_R, theme)
    scene = Scene(d, view, style)
    _header(scene)
    _players(scene)
    _railroads(d, view, theme, picture_words)
    return img


def _progress(d: ImageDraw.ImageDraw, view: Mapping[str, Any], theme: Theme) -> None:
    """Beside the first free segment of each partly laid line, how many of its pieces are laid."""
    size = theme.text_small - 2
    for segment, words in progress(view["track"]):
        text(
            d,
            note_at(segment, words, size, 13, _name_boxes()),
            words,
            size,
            theme.ink,
            bold=True,
            halo="#EEE6D2",
        )


@lru_cache(maxsize=1)
def _name_boxes() -> list[Box]:
    return name_boxes(name_places(), DEFAULT.text_small)


def connections(
    d: ImageDraw.ImageDraw, view: Mapping[str, Any], where: Mapping[str, Point], radius: float, theme: Theme
) -> None:
    """Small squares under each scoring city, one per railroad that reaches it (what a card there scores);
    ``where`` places the nodes, ``radius`` is a city dot's."""
    reached: dict[str, list[str]] = {}
    for railroad in view["railroads"]:
        for city in railroad["cities"]:
            reached.setdefault(city, []).append(railroad["id"])
    for city, railroads in reached.items():
        if cities()[city]["home"]:
            continue
        x, y = where[city]
        left = x - (len(railroads) * 9) / 2
        for i, railroad in enumerate(railroads):
            sx = left + i * 9
            d.rectangle(
                (sx, y + radius + 2, sx + 8, y + radius + 10),
                fill=palette.railroad(railroad),
                outline=theme.ink,
            )


def railheads(
    d: ImageDraw.ImageDraw, view: Mapping[str, Any], where: Mapping[str, Point], radius: float, theme: Theme
) -> None:
    """A ring in the railroad's colour around every node where its track can be extended (not around a
    home base that is still its only railhead)."""
    homes = {c for c, data in cities().items() if data["home"]}
    rings: dict[str, int] = {}
    for railroad in view["railroads"]:
        colour = palette.railroad(railroad["id"])
        for node in railroad["railheads"]:
            if node in homes and node == railroad["home"] and len(railroad["railheads"]) == 1:
                continue
            k = rings.get(node, 0)
            rings[node] = k + 1
            x, y = where[node]
            r = (radius + 5 if node in cities() else 7) + 4 * k
            d.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), outline=theme.ink, width=2)
            d.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=3)


def _header(scene: Scene) -> None:
    d, view, (names, theme, picture_words) = scene
    key = f"santafe.phase.{view.get('phase')}"
    phase = picture_word(picture_words, key) if key in ENGLISH else str(view.get("phase", ""))
    if view.get("lay_turn"):
        phase = picture_word(picture_words, "santafe.lay_turn", phase=phase, turn=view["lay_turn"])
    round_ = picture_word(picture_words, "santafe.round", round=view.get("round", "?"))
    text(d, (20, 22), f"Santa Fe · {round_} · {phase}", theme.title - 4, theme.ink, anchor="lm", bold=True)
    said = picture_words or {}
    if view.get("over"):
        reason = said.get("end_reason") or view.get("end_reason")
        prompt = (
            picture_word(picture_words, "santafe.over_because", reason=reason)
            if reason
            else picture_word(picture_words, "over")
        )
    else:
        prompt = said.get("prompt") or (view.get("decision") or {}).get("prompt", "")
    prompt = with_names(prompt, names)
    lines = wrap(prompt, theme.text, 1150)
    for i, line in enumerate(lines[:1]):
        text(d, (20, 52 + i * 22), line, theme.text, theme.muted, anchor="lm")


def _players(scene: Scene) -> None:
    d, view, (names, theme, picture_words) = scene
    x0, y0, x1, _ = PANEL
    info = cities()
    to_act = set(view.get("to_act", []))
    y = y0
    per_row = int((x1 - x0 - 16) // CHIP_W)
    # rows of card chips each player may use before the panels would run into the legend
    max_rows = max(1, int((LEGEND_TOP - 8 - y0) / len(view["seats"]) - 68) // 26)
    reached = _reached(view)
    for seat in view["seats"]:
        n = seat["seat"]
        played = list(seat["played"])
        if len(played) > max_rows * per_row:  # keep the latest plays; the total is in the status line
            played = played[-(max_rows * per_row - 1) :]
        rows = max(1, -(-len(played) // per_row))
        height = 62 + rows * 26
        box(
            d,
            (x0, y, x1, y + height),
            theme.panel,
            theme.highlight if n in to_act else theme.panel_edge,
            radius=8,
            width=3 if n in to_act else 1,
        )
        disc(d, (x0 + 18, y + 18), 12, theme.player(n), theme.ink, n + 1, size=theme.text_small)
        if view.get("first_player") == n:
            first = fit_text(picture_word(picture_words, "santafe.first"), theme.text_small - 3, 34)
            text(d, (x0 + 18, y + 42), first, theme.text_small - 3, theme.highlight, bold=True)
        text(
            d,
            (x0 + 38, y + 18),
            fit_text(seat_name(names, n), theme.text, 170),
            theme.text,
            theme.ink,
            anchor="lm",
            bold=True,
        )
        text(d, (x1 - 10, y + 18), f"${seat['money']}", theme.text_large, theme.money, anchor="rm", bold=True)
        status = [
            picture_word(picture_words, "santafe.cards", count=seat["hand_size"]),
            picture_word(
                picture_words, "santafe.played", played=len(seat["played"]), points=seat["city_points"]
            ),
        ]
        if seat.get("branch_card"):
            status.append(
                picture_word(
                    picture_words, "santafe.branch", colour=colour(picture_words, seat["branch_card"])
                )
            )
        if seat.get("engineer"):
            status.append(picture_word(picture_words, "santafe.engineer"))
        if seat.get("play"):
            status.append(
                picture_word(picture_words, "santafe.plays", city=_play_text(seat["play"], picture_words))
            )
        elif seat.get("chosen"):
            status.append(picture_word(picture_words, "santafe.chosen"))
        line = " · ".join(status)
        size = fitting_size(line, theme.text_small - 1, x1 - x0 - 50)  # smaller rather than cut short
        text(d, (x0 + 38, y + 40), fit_text(line, size, x1 - x0 - 50), size, theme.muted, anchor="lm")
        for i, city in enumerate(played):
            cx = x0 + 10 + (i % per_row) * CHIP_W
            cy = y + 56 + (i // per_row) * 26
            _chip(d, (cx, cy), city, info[city]["value"], reached.get(city, []), theme)
        y += height + 6


def _play_text(play: Mapping[str, Any], picture_words: Words | None = None) -> str:
    """A revealed play in words: "Denver + Double Turn"."""
    parts = []
    if play.get("city"):
        parts.append(cities()[play["city"]]["name"])
    if play.get("double"):
        parts.append(picture_word(picture_words, "santafe.double"))
    if play.get("branch"):
        parts.append(
            picture_word(picture_words, "santafe.branch_line", colour=colour(picture_words, play["branch"]))
        )
    return " + ".join(parts) if parts else picture_word(picture_words, "santafe.no_card")


def _chip(
    d: ImageDraw.ImageDraw, at: tuple[float, float], city: str, value: int, railroads: list[str], theme: Theme
) -> None:
    """A played city card: name and value, with a dot per railroad that reaches the city."""
    x, y = at
    box(d, (x, y, x + CHIP_W - 4, y + 22), "#FFFFFF", theme.ink, radius=4, width=1)
    name = fit_text(cities()[city]["name"], theme.text_small - 3, CHIP_W - 30)
    text(d, (x + 4, y + 9), name, theme.text_small - 3, theme.ink, anchor="lm")
    text(d, (x + CHIP_W - 8, y + 9), value, theme.text_small - 3, theme.money, anchor="rm")
    for i, railroad in enumerate(railroads):
        d.rectangle(
            (x + 4 + i * 8, y + 16, x + 10 + i * 8, y + 20),
            fill=palette.railroad(railroad),
            outline=theme.ink,
        )


def _reached(view: Mapping[str, Any]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for railroad in view["railroads"]:
        for city in railroad["cities"]:
            found.setdefault(city, []).append(railroad["id"])
    return found


def _railroads(
    d: ImageDraw.ImageDraw, view: Mapping[str, Any], theme: Theme, picture_words: Words | None = None
) -> None:
    """Track left per railroad as a bar, Branch Line cards, and the card piles, along the map's foot."""
    x, y = 24.0, 912.0
    box(d, (12, 904, 1178, 990), theme.panel, theme.panel_edge, radius=8)
    for railroad in view["railroads"]:
        colour = palette.railroad(railroad["id"])
        d.rounded_rectangle((x, y, x + 210, y + 30), radius=6, fill=colour, outline=theme.ink, width=2)
        label = f"{railroad['name']}: {railroad['supply']}"
        text(d, (x + 105, y + 15), label, theme.text_small, text_on(colour), bold=True)
        text(
            d,
            (x + 105, y + 46),
            picture_word(picture_words, "santafe.branch_cards", count=railroad["branch_cards"]),
            theme.text_small - 2,
            theme.muted,
        )
        x += 228
    piles = [
        picture_word(picture_words, "santafe.pile.cities", count=view.get("deck", 0)),
        picture_word(picture_words, "santafe.pile.doubles", count=view.get("double_turn_cards", 0)),
    ]
    if view.get("options", {}).get("advanced"):
        piles.append(picture_word(picture_words, "santafe.pile.engineers", count=view["engineer_cards"]))
    text(
        d,
        (PANEL[0] + 14, LEGEND_TOP + 22),
        fit_text(
            picture_word(picture_words, "santafe.piles", piles=" · ".join(piles)),
            theme.text_small,
            PANEL[2] - PANEL[0] - 28,
        ),
        theme.text_small,
        theme.ink,
        anchor="lm",
        bold=False,
    )
