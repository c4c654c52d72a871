"""Pictures for messages: render in a worker thread, encode once, wrap as a discord.File.

Drawing and encoding a board takes long enough to matter for the 3-second interaction deadline, so
callers defer first and everything here runs in ``asyncio.to_thread``. A failed drawing is logged and
the message goes out without its picture: the game itself is never held up by the renderer.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord

import render

log = logging.getLogger(__name__)


def _encode(draw: Callable[[], Any], stem: str) -> tuple[bytes, str]:
    return render.encode(draw(), stem)


async def _file(draw: Callable[[], Any], stem: str) -> discord.File | None:
    try:
        data, filename = await asyncio.to_thread(_encode, draw, stem)
    except Exception:
        log.exception("drawing %s failed", stem)
        return None
    return discord.File(io.BytesIO(data), filename=filename)


async def board(view: dict[str, Any], names: Sequence[str], stem: str = "board") -> discord.File | None:
    """The public board drawn from a view (pass a spectator view for anything posted publicly)."""
    return await _file(lambda: render.render_board(view, names), stem)


async def turn_board(
    view: dict[str, Any], names: Sequence[str], last: Sequence[str] = (), stem: str = "turn"
) -> discord.File | None:
    """The picture of a turn message: the state at a glance, made to read in Discord's inline preview
    (``last``: the lines telling the last move, with players' names). ``/board`` posts the full board."""
    return await _file(lambda: render.render_turn(view, names, last), stem)


async def hand(view: dict[str, Any]) -> discord.File | None:
    """The viewer's own hand: only ever sent ephemerally to that viewer."""
    return await _file(lambda: render.render_hand(view), "hand")


async def player_area(view: dict[str, Any], seat: int, names: Sequence[str]) -> discord.File | None:
    return await _file(lambda: render.render_player_area(view, seat, names), f"player-{seat + 1}")


async def result(result_data: dict[str, Any], names: list[str], rules_id: str) -> discord.File | None:
    """The final score breakdown."""
    return await _file(lambda: render.render_result(result_data, names, rules_id), "result")
