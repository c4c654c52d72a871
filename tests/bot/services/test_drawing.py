"""Pictures are drawn and encoded in worker processes; a failed drawing, a dead or stuck worker cost
only that picture."""

from __future__ import annotations

import asyncio
import gc
import io
import logging
import multiprocessing
import multiprocessing.queues
import os
import struct
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from PIL import Image

import render
import rules
from bot.services.drawing import DEFAULT_TIMEOUT, Drawers, DrawingFailed
from bot.ui import pictures


def santafe_view() -> dict[str, Any]:
    engine = rules.get("santafe")
    return engine.view(engine.new_game(3, 7), None)


def die(*_: Any) -> Any:
    """A drawing that kills its worker (as a crash in Pillow's C code would)."""
    if multiprocessing.parent_process() is not None:
        os._exit(3)
    raise AssertionError("drawn in the bot's own process")


def hang(*_: Any) -> Any:
    if multiprocessing.parent_process() is not None:
        time.sleep(3600)
    raise AssertionError("drawn in the bot's own process")


@pytest.fixture
async def drawers() -> AsyncIterator[Drawers]:
    """One worker, closed after the test, with no worker process left behind."""
    drawers = Drawers(workers=1)
    try:
        yield drawers
    finally:
        await drawers.close()
    assert not drawers.running
    assert multiprocessing.active_children() == []


async def test_a_picture_is_drawn_and_encoded_in_a_worker_process(drawers: Drawers) -> None:
    names = ["Ada", "Brook", "Cy"]
    drawing = await drawers.draw(render.render_board, santafe_view(), render.Style(names), stem="board")
    assert drawing.process != os.getpid()
    assert drawing.process in {p.pid for p in multiprocessing.active_children()}
    assert drawing.filename.startswith("board.")
    with Image.open(io.BytesIO(drawing.data)) as picture:
        assert picture.width > 0


async def test_the_bot_s_pictures_come_from_the_drawing_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []

    class Recording(Drawers):
        async def draw(self, picture: Any, *args: Any, stem: str) -> Any:
            drawing = await super().draw(picture, *args, stem=stem)
            drawn.append(drawing.process)
            return drawing

    recording = Recording(workers=1)
    monkeypatch.setattr(pictures, "_drawers", recording)
    try:
        file = await pictures.turn_board(santafe_view(), ["Ada", "Brook", "Cy"], ["Ada: played a card."])
        assert file is not None and file.filename == "turn.png"
        assert drawn and os.getpid() not in drawn
    finally:
        await recording.close()


async def test_a_failed_drawing_gives_no_picture_and_logs_the_worker_s_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    view = {"game": "santafe", "players": 3}  # a view the board cannot be drawn from: no track
    with caplog.at_level(logging.ERROR, logger="bot.ui.pictures"):
        assert await pictures.board(view, ["Ada", "Brook", "Cy"]) is None
    [record] = caplog.records
    assert record.getMessage() == "drawing board failed"
    assert record.exc_info is not None and isinstance(record.exc_info[1], DrawingFailed)
    assert "KeyError('track')" in str(record.exc_info[1])
    # the error was raised in the worker: its traceback came back with it
    assert "_RemoteTraceback" in type(record.exc_info[1].__cause__.__cause__).__name__
    assert pictures.drawers().running  # one bad view costs no worker


async def test_a_game_without_pictures_has_none_quietly_and_asks_no_worker(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, tiny_game: None
) -> None:
    asked: list[str] = []

    class Counting(Drawers):
        async def draw(self, picture: Any, *args: Any, stem: str, **options: Any) -> Any:
            asked.append(stem)
            return await super().draw(picture, *args, stem=stem, **options)

    monkeypatch.setattr(pictures, "_drawers", Counting(workers=1))
    engine = rules.get("tiny")  # registered with no package of pictures (tests/support/tinygame.py)
    view = engine.view(engine.new_game(2, 1), None)
    names = ["Ada", "Brook"]
    with caplog.at_level(logging.DEBUG, logger="bot.ui.pictures"):
        assert await pictures.turn_board(view, names, ["Ada: moved."]) is None
        assert await pictures.board(view, names) is None
        assert await pictures.player_area(view, 0, names) is None
        assert await pictures.hand(engine.view(engine.new_game(2, 1), 0), names) is None
        assert await pictures.replay([(view, [])], names) is None
    assert caplog.records == [] and asked == []
    # a game with only some pictures has the others: Santa Fe without its turn picture still draws a board
    monkeypatch.delattr("render.santafe.render_turn")
    assert not pictures.draws(santafe_view(), "render_turn") and pictures.draws(
        santafe_view(), "render_board"
    )
    assert await pictures.turn_board(santafe_view(), ["Ada", "Brook", "Cy"]) is None
    assert caplog.records == [] and asked == []


async def test_a_worker_that_dies_is_replaced_by_a_fresh_pool(drawers: Drawers) -> None:
    first = await drawers.draw(render.render_board, santafe_view(), stem="board")
    with pytest.raises(DrawingFailed, match="worker process died"):
        await drawers.draw(die, stem="board")
    assert not drawers.running and first.process not in {p.pid for p in multiprocessing.active_children()}
    again = await drawers.draw(render.render_board, santafe_view(), stem="board")
    assert again.process not in (first.process, os.getpid())


async def test_a_worker_that_hangs_is_ended_and_the_next_picture_is_drawn(drawers: Drawers) -> None:
    first = await drawers.draw(render.render_board, santafe_view(), stem="board")
    # the short limit only for the picture that never comes: a real one may take longer than 1 s to
    # draw (or a new worker to start) on a busy machine
    drawers.timeout = 1
    with pytest.raises(DrawingFailed, match="no picture after 1 s"):
        await drawers.draw(hang, stem="board")
    drawers.timeout = DEFAULT_TIMEOUT
    again = await drawers.draw(render.render_board, santafe_view(), stem="board")
    assert again.process not in (first.process, os.getpid())


async def test_a_picture_asked_for_after_close_starts_the_workers_again(drawers: Drawers) -> None:
    first = await drawers.draw(render.render_board, santafe_view(), stem="board")
    await drawers.close()
    again = await drawers.draw(render.render_board, santafe_view(), stem="board")
    assert again.process != first.process


def half_sent(*_: Any) -> Any:
    """A drawing whose worker dies halfway through sending its picture back, as one killed while writing a
    picture larger than the pipe holds does: the first kilobyte of a megabyte, then the end."""
    if multiprocessing.parent_process() is None:
        raise AssertionError("drawn in the bot's own process")
    # the worker's only simple queue is the one its results go back on
    results = next(o for o in gc.get_objects() if isinstance(o, multiprocessing.queues.SimpleQueue))
    os.write(results._writer.fileno(), struct.pack("!i", 1 << 20) + bytes(1024))
    os._exit(3)


async def test_a_worker_that_dies_halfway_through_sending_its_picture_back_costs_only_that_picture(
    drawers: Drawers,
) -> None:
    first = await drawers.draw(render.render_board, santafe_view(), stem="board")
    pool = await drawers._pool.ready()
    drawers.timeout = 1  # the half-sent picture is found missing by its time limit
    try:
        async with asyncio.timeout(60):
            with pytest.raises(DrawingFailed, match="no picture after 1 s"):
                await drawers.draw(half_sent, stem="board")
    except TimeoutError:
        pool._result_queue._writer.close()  # let the stuck pool go, so the failure ends the test
        raise AssertionError("ending the pool waited for the rest of the picture") from None
    drawers.timeout = DEFAULT_TIMEOUT
    again = await drawers.draw(render.render_board, santafe_view(), stem="board")
    assert again.process not in (first.process, os.getpid())
