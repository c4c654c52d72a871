"""The top of every turn picture: the title lines and one box per player.

Turn pictures are 1100 px wide and no text on them is under 16 px, so they still read when Discord shows
them 550 px wide; the sizes here are those every game's turn picture uses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from render.draw import box, disc, fit_text, text, text_width
from render.names import seat_name, with_names
from render.theme import Theme

WIDTH = 1100
SMALL, TEXT, LARGE, TITLE = 16, 18, 22, 30
PLAYERS_TOP, PLAYERS_BOTTOM = 110, 212
MONEY = 26


def header(
    d: ImageDraw.ImageDraw,
    title: str,
    view: Mapping[str, Any],
    names: Sequence[str] | None,
    last: Sequence[str],
    theme: Theme,
) -> None:
    """The title, the last move (its first line) and, while the game goes on, the pending decision's
    prompt."""
    text(d, (14, 26), fit_text(title, TITLE, WIDTH - 28), TITLE, theme.ink, anchor="lm", bold=True)
    if last:
        words = "Last: " + with_names(last[0], names)
        text(d, (14, 64), fit_text(words, LARGE, WIDTH - 28), LARGE, theme.ink, anchor="lm")
    prompt = (view.get("decision") or {}).get("prompt")
    if prompt and not view.get("over"):
        prompt = with_names(prompt, names)
        text(d, (14, 94), fit_text(prompt, TEXT, WIDTH - 28), TEXT, theme.muted, anchor="lm")


def player_box(
    d: ImageDraw.ImageDraw,
    seat: int,
    seats: int,
    names: Sequence[str] | None,
    money: int,
    lines: Sequence[tuple[str, int, str]],
    acting: bool,
    theme: Theme,
) -> None:
    """Seat ``seat``'s box, one of ``seats`` side by side: its number, name and money, then ``lines``
    (words, size, colour) one under another; the box of a player to act is outlined."""
    width = (WIDTH - 20) / seats
    x0, y0 = 10 + seat * width, PLAYERS_TOP
    x1, y1 = x0 + width - 6, PLAYERS_BOTTOM
    box(
        d,
        (x0, y0, x1, y1),
        theme.panel,
        theme.highlight if acting else theme.panel_edge,
        radius=8,
        width=4 if acting else 1,
    )
    disc(d, (x0 + 20, y0 + 22), 15, theme.player(seat), theme.ink, seat + 1, size=LARGE)
    shown = f"${money}"
    text(d, (x1 - 10, y0 + 22), shown, MONEY, theme.money, anchor="rm", bold=True)
    # the name runs from beside the disc to a gap before the money
    room = (x1 - 10 - text_width(shown, MONEY) - 8) - (x0 + 42)
    text(
        d,
        (x0 + 42, y0 + 22),
        fit_text(seat_name(names, seat), LARGE, room),
        LARGE,
        theme.ink,
        anchor="lm",
        bold=True,
    )
    for i, (words, size, colour) in enumerate(lines):
        text(d, (x0 + 12, y0 + 54 + i * 26), fit_text(words, size, x1 - x0 - 20), size, colour, anchor="lm")
