"""A Great Western Trail player's private hand: cattle cards (breed, breeding value, points) and objective
cards, with the hand's breeding value at Kansas City. Sent only to its owner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.draw import box, fit_text, fitting_size, text
from render.gwt import pieces
from render.names import hand_title
from render.style import PLAIN, Style
from render.words import picture_word

CARD_W, CARD_H, GAP, PAD = 120, 170, 12, 20


def breeding_value(hand: list[str]) -> int:
    """What the hand would fetch at Kansas City: one card of each breed counts."""
    best: dict[str, int] = {}
    for code in hand:
        if code in pieces.CATTLE:
            breed, value, _ = pieces.CATTLE[code]
            best[breed] = max(best.get(breed, 0), value)
    return sum(best.values())


def render_hand(view: Mapping[str, Any], style: Style = PLAIN) -> Image.Image:
    """The viewer's cattle and objective cards, titled with their name; ``view`` must be that player's own
    view (it carries ``hand``)."""
    names, theme, said = style
    hand: list[str] = list(view["hand"])
    cattle = sorted((c for c in hand if c in pieces.CATTLE), key=lambda c: (pieces.CATTLE[c][1], c))
    objectives = [c for c in hand if c not in pieces.CATTLE]
    cards = cattle + objectives
    width = max(640, PAD * 2 + len(cards) * (CARD_W + GAP) - GAP)
    img = Image.new("RGB", (width, CARD_H + 136), theme.background)
    d = ImageDraw.Draw(img)
    text(d, (PAD, 28), hand_title(view, names, said), theme.title - 4, theme.ink, anchor="lm", bold=True)
    for i, code in enumerate(cards):
        x = PAD + i * (CARD_W + GAP)
        rect = (x, 60, x + CARD_W, 60 + CARD_H)
        if code in pieces.CATTLE:
            pieces.cattle_card(d, rect, code, theme, said)
            name = pieces.cattle_name(code, said)
            name_size = fitting_size(name, theme.text_small - 2, CARD_W - 6, least=9)  # Japanese: long names
            text(
                d,
                ((rect[0] + rect[2]) / 2, rect[3] - 20),
                fit_text(name, name_size, CARD_W - 6),
                name_size,
                theme.ink,
            )
        else:
            pieces.objective_card(d, rect, code, theme, said)
            word = fit_text(picture_word(said, "gwt.hand.objective"), theme.text_small - 3, CARD_W - 8)
            text(d, ((rect[0] + rect[2]) / 2, rect[1] + 18), word, theme.text_small - 3, theme.muted)
    if not cards:
        box(d, (PAD, 60, PAD + CARD_W, 60 + CARD_H), None, theme.faint, radius=8)
        text(
            d,
            (PAD + CARD_W / 2, 60 + CARD_H / 2),
            picture_word(said, "gwt.area.empty"),
            theme.text,
            theme.muted,
        )
    summary = fit_text(
        picture_word(said, "gwt.hand.breeding", value=breeding_value(hand)), theme.text, width - 2 * PAD
    )
    text(d, (PAD, CARD_H + 96), summary, theme.text, theme.ink, anchor="lm")
    return img
