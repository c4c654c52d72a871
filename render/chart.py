"""The chart that comes with the final scores: each player's points over the game, one line per seat.

The points are the rules' public count of each position (``rules.core.protocol.ScoresPositions``), so the
chart tells nothing the table did not show; the last position is the final score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.draw import disc, fit_text, text
from render.theme import DEFAULT, Theme

WIDTH, HEIGHT = 1100, 620
PAD = 24
HEAD_H = 96
LEGEND_W = 250
AXIS_W = 64  # the points' figures left of the plot
FOOT_H = 64  # the moves' figures and the axis' name below it
LINE_W = 4

# The chart's own words in English; a caller passes them in another language (``words``).
WORDS = {
    "title": "{title}: points over the game",
    "moves": "moves",
    "note": "Points anyone could count at each move; the last are the final scores.",
}


def nice_step(span: float, ticks: int = 6) -> int:
    """A round step (1, 2, 5 times a power of ten) that cuts ``span`` into about ``ticks`` parts."""
    raw = max(span / ticks, 1)
    power = 1
    while power * 10 <= raw:
        power *= 10
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def render_score_chart(
    series: Sequence[Sequence[int]],
    names: Sequence[str],
    title: str,
    words: Mapping[str, Any] | None = None,
    theme: Theme = DEFAULT,
) -> Image.Image:
    """A line per seat of ``series`` (one list of every seat's points per position, the first before any
    move), named by ``names``; ``title`` is the game's, ``words`` the chart's words (``WORDS``) in the
    reader's language. Raises ``ValueError`` without a position."""
    if not series:
        raise ValueError("a chart needs at least one position")
    said = {**WORDS, **(words or {})}
    seats = len(series[0])
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    d = ImageDraw.Draw(img)
    heading = fit_text(said["title"].format(title=title), theme.title, WIDTH - 2 * PAD)
    text(d, (PAD, PAD + 4), heading, theme.title, theme.ink, anchor="lt", bold=True)
    note = fit_text(said["note"], theme.text_small, WIDTH - 2 * PAD)
    text(d, (PAD, PAD + 48), note, theme.text_small, theme.muted, anchor="lt")

    left, top = PAD + AXIS_W, HEAD_H + PAD
    right, bottom = WIDTH - PAD - LEGEND_W, HEIGHT - FOOT_H
    d.rectangle((left, top, right, bottom), fill=theme.panel, outline=theme.panel_edge)
    low = min(0, min(min(points) for points in series))
    high = max(1, max(max(points) for points in series))
    step = nice_step(high - low)
    low, high = step * (low // step), step * -(-high // step)
    last = max(1, len(series) - 1)

    def at(move: int, points: float) -> tuple[float, float]:
        return (
            left + (right - left) * move / last,
            bottom - (bottom - top) * (points - low) / (high - low),
        )

    for value in range(low, high + 1, step):
        _, y = at(0, value)
        d.line((left, y, right, y), fill=theme.ink if value == 0 else theme.faint, width=1)
        text(d, (left - 10, y), value, theme.text_small, theme.muted, anchor="rm")
    move_step = nice_step(last, 8)
    for move in range(0, last + 1, move_step):
        x, _ = at(move, low)
        d.line((x, bottom, x, bottom + 6), fill=theme.muted, width=1)
        text(d, (x, bottom + 18), move, theme.text_small, theme.muted)
    text(d, ((left + right) / 2, bottom + 44), said["moves"], theme.text_small, theme.muted)

    for seat in range(seats):
        points = [at(move, position[seat]) for move, position in enumerate(series)]
        if len(points) == 1:
            points.append(at(last, series[0][seat]))
        d.line(points, fill=theme.player(seat), width=LINE_W, joint="curve")
        disc(d, points[-1], 11, theme.player(seat), theme.ink, seat + 1)

    # the legend: each seat's colour, number, name and final points, highest first
    order = sorted(range(seats), key=lambda s: (-series[-1][s], s))
    for row, seat in enumerate(order):
        y = top + 24 + row * 48
        x = right + 34
        disc(d, (x, y), 14, theme.player(seat), theme.ink, seat + 1)
        name = names[seat] if seat < len(names) else f"{seat + 1}"
        text(
            d, (x + 24, y - 9), fit_text(name, theme.text, LEGEND_W - 70), theme.text, theme.ink, anchor="lm"
        )
        text(d, (x + 24, y + 13), series[-1][seat], theme.text_small, theme.muted, anchor="lm")
    return img
