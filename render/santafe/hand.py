"""A Santa Fe player's private hand: city cards (with a locator map and the railroads that already reach
the city), Double Turn, Branch Line and Engineer cards. Sent only to its owner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.draw import box, fit_text, text
from render.names import hand_title
from render.santafe import palette
from render.santafe.board import _play_text, _reached
from render.santafe.geometry import cities, map_data
from render.santafe.words import colour
from render.style import PLAIN, Style
from render.theme import Theme, text_on
from render.words import Words, picture_word

CARD_W, CARD_H, GAP, PAD = 170, 230, 14, 20
MINI = (140, 96)


def render_hand(view: Mapping[str, Any], style: Style = PLAIN) -> Image.Image:
    """The viewer's city, Double Turn, Branch Line and Engineer cards, titled with their name; ``view``
    must be that player's own view (it carries ``hand``)."""
    names, theme, said = style
    hand = view["hand"]
    reached = _reached(view)
    cards: list[tuple[str, Any]] = [("city", c) for c in hand["cities"]]
    cards += [("double", None)] * int(hand.get("double_turn", 0))
    if hand.get("branch"):
        cards.append(("branch", hand["branch"]))
    if hand.get("engineer"):
        cards.append(("engineer", None))
    width = max(560, PAD * 2 + len(cards) * (CARD_W + GAP) - GAP)
    img = Image.new("RGB", (width, CARD_H + 110), theme.background)
    d = ImageDraw.Draw(img)
    text(d, (PAD, 26), hand_title(view, names, said), theme.title - 4, theme.ink, anchor="lm", bold=True)
    for i, (kind, value) in enumerate(cards):
        x = PAD + i * (CARD_W + GAP)
        rect = (x, 56, x + CARD_W, 56 + CARD_H)
        if kind == "city":
            _city_card(d, rect, value, reached.get(value, []), theme, said)
        elif kind == "double":
            _plain_card(d, rect, picture_word(said, "santafe.double"), "2x", theme.panel, theme)
        elif kind == "branch":
            title = picture_word(said, "santafe.branch_card")
            _plain_card(d, rect, title, colour(said, str(value)), palette.railroad(value), theme)
        else:
            _plain_card(d, rect, picture_word(said, "santafe.engineer"), "E", theme.panel, theme)
    choice = view.get("choice")
    footer = (
        picture_word(said, "santafe.your_play", play=_play_text(choice, said))
        if choice
        else picture_word(said, "santafe.no_choice")
    )
    text(
        d,
        (PAD, CARD_H + 82),
        fit_text(footer, theme.text, width - 2 * PAD),
        theme.text,
        theme.muted,
        anchor="lm",
    )
    return img


def _city_card(
    d: ImageDraw.ImageDraw,
    rect: tuple[float, float, float, float],
    city: str,
    railroads: list[str],
    theme: Theme,
    said: Words | None = None,
) -> None:
    x0, y0, x1, y1 = rect
    info = cities()[city]
    box(d, rect, "#FFFFFF", theme.ink, radius=10, width=2)
    text(d, ((x0 + x1) / 2, y0 + 22), info["name"], theme.text, theme.ink, bold=True)
    text(d, ((x0 + x1) / 2, y0 + 62), info["value"], theme.title + 10, theme.money, bold=True)
    _locator(d, (x0 + (CARD_W - MINI[0]) / 2, y0 + 92), city, theme)
    reach = len(railroads)
    text(
        d,
        ((x0 + x1) / 2, y1 - 34),
        fit_text(
            picture_word(said, "santafe.now", points=info["value"] * reach)
            if reach
            else picture_word(said, "santafe.no_railroad"),
            theme.text_small,
            CARD_W - 12,
        ),
        theme.text_small,
        theme.ink if reach else theme.muted,
    )
    for i, railroad in enumerate(railroads):
        sx = x0 + 12 + i * 18
        d.rectangle((sx, y1 - 20, sx + 14, y1 - 8), fill=palette.railroad(railroad), outline=theme.ink)


def _locator(d: ImageDraw.ImageDraw, at: tuple[float, float], city: str, theme: Theme) -> None:
    """A thumbnail of the map with every city as a dot and this one marked."""
    ax, ay = at
    size = map_data()["size"]
    sx, sy = MINI[0] / size["width"], MINI[1] / size["height"]
    d.rectangle((ax, ay, ax + MINI[0], ay + MINI[1]), fill="#EEE6D2", outline=theme.faint)
    for other in map_data()["cities"]:
        x, y = ax + other["x"] * sx, ay + other["y"] * sy
        d.ellipse((x - 1.5, y - 1.5, x + 1.5, y + 1.5), fill=theme.muted)
    info = cities()[city]
    x, y = ax + info["x"] * sx, ay + info["y"] * sy
    d.ellipse((x - 6, y - 6, x + 6, y + 6), outline=theme.highlight, width=3)


def _plain_card(
    d: ImageDraw.ImageDraw,
    rect: tuple[float, float, float, float],
    title: str,
    big: str,
    colour: str,
    theme: Theme,
) -> None:
    x0, y0, x1, y1 = rect
    box(d, rect, colour, theme.ink, radius=10, width=2)
    ink = text_on(colour)
    text(d, ((x0 + x1) / 2, y0 + 22), fit_text(title, theme.text, CARD_W - 12), theme.text, ink, bold=True)
    text(d, ((x0 + x1) / 2, (y0 + y1) / 2 + 10), big, theme.title + 6, ink, bold=True)
