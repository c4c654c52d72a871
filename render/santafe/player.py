"""One Santa Fe player's public area: money, cards in hand, cards held face up, and every city card
played so far with what it scores now."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.draw import box, disc, fit_text, text
from render.names import seat_name
from render.santafe import palette
from render.santafe.board import _play_text, _reached
from render.santafe.geometry import cities
from render.santafe.words import colour
from render.style import PLAIN, Style
from render.words import picture_word

WIDTH, PAD, CARD_W, CARD_H, PER_ROW = 960, 20, 176, 84, 5


def render_player_area(view: Mapping[str, Any], seat: int, style: Style = PLAIN) -> Image.Image:
    """``seat``'s public area: money, cards held, and every city card played with what it scores now."""
    names, theme, said = style
    info = view["seats"][seat]
    played = info["played"]
    rows = max(1, -(-len(played) // PER_ROW))
    img = Image.new("RGB", (WIDTH, 150 + rows * (CARD_H + 10)), theme.background)
    d = ImageDraw.Draw(img)
    disc(d, (PAD + 18, 34), 16, theme.player(seat), theme.ink, seat + 1)
    text(d, (PAD + 44, 34), seat_name(names, seat), theme.title - 2, theme.ink, anchor="lm", bold=True)
    text(d, (WIDTH - PAD, 34), f"${info['money']}", theme.title, theme.money, anchor="rm", bold=True)
    facts = [
        picture_word(said, "santafe.area.hand", count=info["hand_size"]),
        picture_word(said, "santafe.area.score", points=info["city_points"]),
    ]
    if info.get("branch_card"):
        facts.append(picture_word(said, "santafe.area.branch", colour=colour(said, info["branch_card"])))
    if info.get("engineer"):
        facts.append(picture_word(said, "santafe.engineer"))
    if info.get("bought_track"):
        bought = ", ".join(f"{colour(said, r)} {n}" for r, n in info["bought_track"].items())
        facts.append(picture_word(said, "santafe.area.bought", track=bought))
    if info.get("play"):
        facts.append(picture_word(said, "santafe.plays", city=_play_text(info["play"], said)))
    line = fit_text(" · ".join(facts), theme.text, WIDTH - 2 * PAD)
    text(d, (PAD, 76), line, theme.text, theme.muted, anchor="lm")
    played_title = picture_word(said, "santafe.area.played")
    text(d, (PAD, 112), played_title, theme.text, theme.ink, anchor="lm", bold=True)
    reached = _reached(view)
    for i, city in enumerate(played):
        x = PAD + (i % PER_ROW) * (CARD_W + 8)
        y = 130 + (i // PER_ROW) * (CARD_H + 10)
        value = cities()[city]["value"]
        railroads = reached.get(city, [])
        box(d, (x, y, x + CARD_W, y + CARD_H), "#FFFFFF", theme.ink, radius=8, width=2)
        text(d, (x + 10, y + 18), cities()[city]["name"], theme.text, theme.ink, anchor="lm", bold=True)
        text(d, (x + CARD_W - 10, y + 18), value, theme.text_large, theme.money, anchor="rm", bold=True)
        text(
            d,
            (x + 10, y + 48),
            f"x {len(railroads)} = {value * len(railroads)}",
            theme.text,
            theme.ink,
            anchor="lm",
        )
        for k, railroad in enumerate(railroads):
            d.rectangle(
                (x + 10 + k * 18, y + 64, x + 24 + k * 18, y + 76),
                fill=palette.railroad(railroad),
                outline=theme.ink,
            )
    if not played:
        text(d, (PAD, 150), picture_word(said, "santafe.area.none"), theme.text, theme.muted, anchor="lm")
    return img
