"""The top of every turn picture: the title lines and one box per player.

Turn pictures are 1100 px wide and no text on them is under 16 px, so they still read when Discord shows
them 550 px wide; the sizes here are those every game's turn picture uses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from render.draw import box, disc, fit_text, text, text_width, wrap
from render.names import seat_name, with_names
from render.style import Style
from render.theme import Theme
from render.words import Words, picture_word

WIDTH = 1100
SMALL, TEXT, LARGE, TITLE = 16, 18, 22, 30
PLAYERS_TOP, PLAYERS_BOTTOM = 110, 212
MONEY = 26


def header(
    d: ImageDraw.ImageDraw, title: str, view: Mapping[str, Any], last: Sequence[str], style: Style
) -> None:
    """The title, then the last move on up to two lines (its newest lines first to stay: see
    ``last_move``) and, while the game goes on and one line is left, the pending decision's prompt (in the
    game's language when ``style.words`` brings it, else the view's English)."""
    names, theme, picture_words = style
    text(d, (14, 26), fit_text(title, TITLE, WIDTH - 28), TITLE, theme.ink, anchor="lm", bold=True)
    rows = last_move(
        [with_names(line, names) for line in last], LARGE, WIDTH - 28, picture_words=picture_words
    )
    for i, row in enumerate(rows):
        text(d, (14, 64 + i * 30), row, LARGE, theme.ink, anchor="lm")
    prompt = (picture_words or {}).get("prompt") or (view.get("decision") or {}).get("prompt")
    if prompt and not view.get("over") and len(rows) < 2:
        prompt = with_names(prompt, names)
        text(d, (14, 94), fit_text(prompt, TEXT, WIDTH - 28), TEXT, theme.muted, anchor="lm")


def last_move(
    lines: Sequence[str], size: int, width: float, rows: int = 2, picture_words: Words | None = None
) -> list[str]:
    """The lines telling the last move as at most ``rows`` rows of ``width`` px, "Last: " first.

    A name repeated at the head of consecutive lines ("Ada: ...") is written once. When everything does
    not fit, the oldest lines give way ("Last: … ") so the newest change (a reveal, a connection, the
    score) is always on the picture.
    """
    parts = _without_repeated_heads(lines)
    for start in range(len(parts)):
        said = picture_word(
            picture_words, "last" if start == 0 else "last_cut", text=" · ".join(parts[start:])
        )
        wrapped = wrap(said, size, width)
        if len(wrapped) <= rows:
            return wrapped
    if not parts:
        return []
    wrapped = wrap(picture_word(picture_words, "last_cut", text=parts[-1]), size, width)
    return [*wrapped[: rows - 1], fit_text(" ".join(wrapped[rows - 1 :]), size, width)]


def _without_repeated_heads(lines: Sequence[str]) -> list[str]:
    parts: list[str] = []
    previous = None
    for line in lines:
        head, sep, rest = line.partition(": ")
        parts.append(rest if sep and head == previous else line)
        previous = head if sep else None
    return parts


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
