"""The final score sheet: one column per player, one row per score category, winners highlighted.

The game's title and the words for its tie-break come from its spec (``rules.spec(game_id)``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

import rules
from render.draw import box, disc, fit_text, text
from render.theme import DEFAULT, Theme
from rules.core.errors import SetupError

LABEL_W = 300
COLUMN_W = 190
ROW_H = 40
HEAD_H = 150
PAD = 24


# The sheet's own words in English; a caller passes them in another language (``words``), with the
# categories' labels under "labels" (else the result's own).
WORDS = {
    "title": "{title}: final scores",
    "total": "Total",
    "winner": "Winner",
    "shared": "Shared 1st",
    "place_2": "2nd place",
    "place_3": "3rd place",
    "place_4": "4th place",
    "place_5": "5th place",
    "tiebreak": "Tie-break",
}


def render_result(
    result: Mapping[str, Any],
    names: Sequence[str],
    game_id: str,
    words: Mapping[str, Any] | None = None,
    theme: Theme = DEFAULT,
) -> Image.Image:
    """The score breakdown of a finished game (``result`` as built by ``rules.core.result``); raises
    ``ValueError`` for a game that is not registered."""
    said = {**WORDS, **(words or {})}
    labels = {**result["labels"], **said.get("labels", {})}
    try:
        spec = rules.spec(game_id)
    except SetupError:
        raise ValueError(f"no result picture for game {game_id!r}") from None
    categories: list[str] = list(result["categories"])
    players = sorted(result["players"], key=lambda p: (p["rank"], p["seat"]))
    winners = set(result["winners"])
    width = PAD * 2 + LABEL_W + COLUMN_W * len(players)
    # the tie-break row appears only when it decided a place between equal totals
    totals = [p["total"] for p in players]
    tiebreak_row = any(totals.count(p["total"]) > 1 and p.get("tiebreak") for p in players)
    height = HEAD_H + ROW_H * (len(categories) + 1 + tiebreak_row) + PAD * 2 + 20
    img = Image.new("RGB", (width, height), theme.background)
    d = ImageDraw.Draw(img)
    title = fit_text(said["title"].format(title=spec.title), theme.title, width - 2 * PAD)
    text(d, (PAD, PAD + 4), title, theme.title, theme.ink, anchor="lt", bold=True)
    top = HEAD_H + PAD - 10
    rows = [*(labels[category] for category in categories), said["total"]]
    _row_labels(d, rows, top, width, theme)
    total_y = top + len(categories) * ROW_H
    d.line((PAD, total_y, width - PAD, total_y), fill=theme.ink, width=2)
    for column, player in enumerate(players):
        x0 = PAD + LABEL_W + column * COLUMN_W
        _column(d, player, x0, names, categories, winners, said, (top, total_y), theme)
    if tiebreak_row:
        y = total_y + ROW_H + 14
        named = (words or {}).get("tiebreak") or spec.tiebreak or WORDS["tiebreak"]
        text(d, (PAD + 12, y + ROW_H / 2), named, theme.text_small, theme.muted, anchor="lm")
        for column, player in enumerate(players):
            cx = PAD + LABEL_W + column * COLUMN_W + COLUMN_W / 2
            text(d, (cx, y + ROW_H / 2), player.get("tiebreak", 0), theme.text_small, theme.muted)
    return img


def _row_labels(d: ImageDraw.ImageDraw, rows: Sequence[str], top: float, width: float, theme: Theme) -> None:
    """Every row's label on alternate stripes; the last row, the total, larger and bold."""
    for i, label in enumerate(rows):
        y = top + i * ROW_H
        if i % 2 == 0:
            d.rectangle((PAD, y, width - PAD, y + ROW_H), fill=theme.panel)
        total = i == len(rows) - 1
        size = theme.text_large if total else theme.text
        text(d, (PAD + 12, y + ROW_H / 2), label, size, theme.ink, anchor="lm", bold=total)


def _column(
    d: ImageDraw.ImageDraw,
    player: Mapping[str, Any],
    x0: float,
    names: Sequence[str],
    categories: Sequence[str],
    winners: set[int],
    said: Mapping[str, Any],
    rows: tuple[float, float],
    theme: Theme,
) -> None:
    """One player's column: a frame when they won, their disc, name and place, a value per row."""
    top, total_y = rows
    cx = x0 + COLUMN_W / 2
    seat = player["seat"]
    won = seat in winners
    if won:
        d.rectangle((x0 + 6, PAD + 54, x0 + COLUMN_W - 6, total_y + ROW_H + 2), fill="#FBEBD0")
        frame = (x0 + 4, PAD + 52, x0 + COLUMN_W - 4, total_y + ROW_H + 4)
        box(d, frame, None, theme.highlight, radius=10, width=4)
    disc(d, (cx, PAD + 78), 16, theme.player(seat), theme.ink, seat + 1)
    name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    text(d, (cx, PAD + 108), fit_text(name, theme.text, COLUMN_W - 16), theme.text, theme.ink, bold=won)
    # a tie the game's tie-breaks left standing is a shared first place, not a win each
    first = said["shared"] if len(winners) > 1 else said["winner"]
    place = first if won else said.get(f"place_{player['rank']}", f"{_ordinal(player['rank'])} place")
    text(d, (cx, PAD + 132), place, theme.text_small, theme.highlight if won else theme.muted, bold=won)
    for i, category in enumerate(categories):
        value = player["points"].get(category, 0)
        colour = theme.highlight if value < 0 else (theme.ink if value else theme.muted)
        text(d, (cx, top + i * ROW_H + ROW_H / 2), value, theme.text, colour)
    text(d, (cx, total_y + ROW_H / 2), player["total"], theme.text_large, theme.ink, bold=True)


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"{n}{suffix}"
