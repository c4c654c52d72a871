"""Every emoji the bot puts on its buttons and menus is one Discord accepts (else the whole message fails)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.i18n import ENGLISH
from bot.ui import pickers
from loopback.emojis import invalid_emoji

from .test_presenters import game


def _views() -> dict[str, discord.ui.View]:
    few = [(f"move {i}", f"Move {i}") for i in range(3)]
    many = [(f"move {i}", f"Move {i}") for i in range(pickers.MAX_BUTTONS + 5)]
    return {
        "lobby": pickers.lobby_view(5, ENGLISH),
        "turn": pickers.turn_view(5, 15, True, ENGLISH),
        "reminder": pickers.reminder_view(5, 15, ENGLISH),
        "picker with buttons": pickers.picker(
            game(), few, "Your move", decision="0123456789ab", locale=ENGLISH
        )[1],
        "picker with menus": pickers.picker(
            game(), many, "Your move", decision="0123456789ab", locale=ENGLISH
        )[1],
    }


def _emoji(rows: list[dict[str, Any]]) -> list[Any]:
    found = []
    for row in rows:
        for child in row.get("components", []):
            found += [child["emoji"]] if "emoji" in child else []
            found += [o["emoji"] for o in child.get("options", []) if "emoji" in o]
    return found


@pytest.mark.parametrize("name", list(_views()))
def test_every_emoji_on_the_bots_components_is_accepted(name: str) -> None:
    rows = _views()[name].to_components()
    assert invalid_emoji({"components": rows}) == [], name


def test_the_views_carry_emoji_at_all() -> None:
    # Guards the check above against passing because it looked at nothing.
    assert {e["name"] for view in _views().values() for e in _emoji(view.to_components())} >= {"🃏", "🎲"}
