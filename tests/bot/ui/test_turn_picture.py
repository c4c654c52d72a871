"""The turn message carries the preview-sized turn picture; ``/board`` keeps the full board."""

from __future__ import annotations

import io

from PIL import Image

import rules
from bot.ui import pictures


async def test_turn_picture_is_preview_sized() -> None:
    engine = rules.get("gwt")
    view = engine.view(engine.new_game(2, 3), None)
    turn = await pictures.turn_board(view, ["Ada", "Brook"], ["Ada: place the cattleman on A."])
    board = await pictures.board(view, ["Ada", "Brook"])
    assert turn is not None and board is not None
    assert turn.filename == "turn.png"
    with Image.open(io.BytesIO(turn.fp.read())) as picture:
        assert picture.width <= 1100
    with Image.open(io.BytesIO(board.fp.read())) as picture:
        assert picture.width == 1600
