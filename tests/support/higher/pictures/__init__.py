"""Higher's pictures (what ``render/higher/__init__.py`` would hold), drawn from views only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.draw import text
from render.heading import LARGE, TEXT, WIDTH, header
from render.names import seat_name
from render.style import PLAIN, Style
from render.words import picture_word

BOARD_SIZE = (WIDTH, 300)


def _board(view: Mapping[str, Any], last: Sequence[str], style: Style) -> Image.Image:
    names, theme, words = style
    image = Image.new("RGB", BOARD_SIZE, theme.background)
    d = ImageDraw.Draw(image)
    header(d, "Higher", view, last, style)
    text(d, (14, 140), picture_word(words, "higher.top", card=view["top"]), LARGE, theme.ink, anchor="lm")
    for seat, (count, played) in enumerate(zip(view["hand_sizes"], view["played"], strict=True)):
        line = f"{seat_name(names, seat)}: {picture_word(words, 'higher.cards', count=count, played=played)}"
        text(d, (14, 180 + 26 * seat), line, TEXT, theme.player(seat), anchor="lm")
    return image


def render_board(view: Mapping[str, Any], style: Style = PLAIN) -> Image.Image:
    return _board(view, (), style)


def render_turn(
    view: Mapping[str, Any],
    last: Sequence[str] = (),
    changed: Sequence[Mapping[str, Any]] = (),
    style: Style = PLAIN,
) -> Image.Image:
    return _board(view, last, style)


def render_player_area(view: Mapping[str, Any], seat: int, style: Style = PLAIN) -> Image.Image:
    names, theme, picture_words = style
    image = Image.new("RGB", (400, 60), theme.background)
    played = view["played"][seat]
    cards = picture_word(picture_words, "higher.cards", count=view["hand_sizes"][seat], played=played)
    line = f"{seat_name(names, seat)}: {cards}"
    text(ImageDraw.Draw(image), (10, 30), line, TEXT, theme.player(seat), anchor="lm")
    return image


def render_hand(view: Mapping[str, Any], style: Style = PLAIN) -> Image.Image:
    names, theme, picture_words = style
    image = Image.new("RGB", (400, 60), theme.background)
    cards = " ".join(str(card) for card in view["hand"])
    title = picture_word(picture_words, "your_hand", name=seat_name(names, view["viewer"]))
    text(ImageDraw.Draw(image), (10, 30), f"{title}: {cards}", TEXT, theme.ink, anchor="lm")
    return image
