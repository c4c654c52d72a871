"""The computers' decisions and the pictures are two kinds of job for one pool of worker processes: each
kind within its own limit, so a burst of one never leaves the other without a worker, and a job that
loses its worker because another job hung is run again on the new pool."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import render
from bot.services import drawing, thinking, workers
from bot.services.drawing import Drawers, DrawingFailed
from bot.services.thinking import Thinkers
from bot.services.workers import Pool
from rules.ai import Question
from tests.bot.services.test_drawing import hang, santafe_view

#: how long a worker waits for the test's signal before it gives up (never reached when the test passes)
PATIENCE = 120.0


def wait_for(path: Path) -> None:
    """Wait until ``path`` exists (a test's signal to a worker, or a worker's to the test)."""
    deadline = time.monotonic() + PATIENCE
    while not path.exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path} never came")
        time.sleep(0.01)


def held(folder: Path, *_: Any) -> Any:
    """A picture that says it began (a file named by its process) and waits for ``folder/release``."""
    (folder / f"began-{os.getpid()}").touch()
    wait_for(folder / "release")
    return render.render_board(santafe_view())


def first(asked: Question) -> str:
    """A computer player that plays its first legal move."""
    return asked.legal[0]


def first_once_told(asked: Question) -> str:
    """``first``, once the file named by ``view["go"]`` exists; it says it began in ``view["began"]``."""
    Path(asked.view["began"]).touch()
    wait_for(Path(asked.view["go"]))
    return asked.legal[0]


def began(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("began-"))


async def test_the_computers_and_the_pictures_share_one_pool_of_processes() -> None:
    pool = Pool(2)
    thinkers, drawers = Thinkers(0.05, pool=pool), Drawers(pool=pool)
    try:
        decision = await thinkers.choose(first, Question("santafe", {}, ["pass", "draw"], 1, 0))
        picture = await drawers.draw(render.render_board, santafe_view(), stem="board")
        processes = {p.pid for p in multiprocessing.active_children()}
        assert {decision.process, picture.process} <= processes and len(processes) <= 2 + 1  # + forkserver
    finally:
        await thinkers.close()
        await drawers.close()
    assert multiprocessing.active_children() == []


async def test_a_burst_of_pictures_leaves_a_worker_to_a_computer_s_turn(tmp_path: Path) -> None:
    """Of two workers the pictures hold at most one at once (all but one, by default): the others wait,
    and a decision asked for meanwhile is thought at once in the worker left."""
    pool = Pool(2)
    thinkers, drawers = Thinkers(0.05, pool=pool), Drawers(pool=pool)
    try:
        burst = [
            asyncio.create_task(drawers.draw(held, tmp_path, stem="board", timeout=PATIENCE))
            for _ in range(3)
        ]
        await asyncio.to_thread(wait_for_any, tmp_path)
        async with asyncio.timeout(PATIENCE):
            decision = await thinkers.choose(first, Question("santafe", {}, ["pass", "draw"], 1, 0))
        assert decision.move == "pass"
        assert len(began(tmp_path)) == 1  # the other two pictures still wait for the pictures' worker
        (tmp_path / "release").touch()
        drawn = await asyncio.gather(*burst)
        assert len(drawn) == 3
    finally:
        (tmp_path / "release").touch()
        await thinkers.close()
        await drawers.close()


def wait_for_any(folder: Path) -> None:
    deadline = time.monotonic() + PATIENCE
    while not began(folder):
        if time.monotonic() > deadline:
            raise TimeoutError("no picture began")
        time.sleep(0.01)


async def test_a_decision_whose_pool_ended_for_a_hung_picture_is_thought_again(tmp_path: Path) -> None:
    """A picture that hangs ends the pool, and with it the worker of a decision in flight: the decision
    is thought again on the new pool rather than fail."""
    pool = Pool(2)
    thinkers, drawers = Thinkers(0.05, pool=pool), Drawers(pool=pool)
    view = {"began": str(tmp_path / "began"), "go": str(tmp_path / "go")}
    try:
        thinking_task = asyncio.create_task(
            thinkers.choose(first_once_told, Question("santafe", view, ["pass", "draw"], 1, 0))
        )
        await asyncio.to_thread(wait_for, tmp_path / "began")
        with pytest.raises(DrawingFailed, match="no picture after 1 s"):
            await drawers.draw(hang, stem="board", timeout=1)
        (tmp_path / "go").touch()
        async with asyncio.timeout(PATIENCE):
            decision = await thinking_task
        assert decision.move == "pass"
    finally:
        (tmp_path / "go").touch()
        await thinkers.close()
        await drawers.close()
    assert multiprocessing.active_children() == []


def test_sized_alone_a_pool_serves_its_one_kind_with_every_worker() -> None:
    """A ``Thinkers``/``Drawers`` given a size of its own (a test, a bench) uses all of its workers; the
    process's shared pool, which both use by default, keeps one worker from each kind."""
    assert Thinkers(workers=3).workers == 3 and Drawers(workers=3).workers == 3
    assert Thinkers().pool is Drawers().pool is workers.shared()
    shared = Pool(4, {drawing.KIND: 2})
    assert shared.limit(thinking.KIND) == 3 and shared.limit(drawing.KIND) == 2


def test_a_pool_ended_from_two_threads_at_once_is_shut_down_once() -> None:
    """Closing the bot ends the pool while a job that lost its worker discards the same pool from another
    thread: the pool is shut down once (two shutdowns at once both closed its results' pipe: EBADF)."""
    pool = workers.launch(1)
    shutdowns: list[bool] = []
    shutdown = pool.shutdown

    def counted(wait: bool = True, **kwargs: Any) -> None:
        shutdowns.append(wait)
        shutdown(wait, **kwargs)

    pool.shutdown = counted  # type: ignore[method-assign]
    failures: list[BaseException] = []

    def ending() -> None:
        try:
            workers.end(pool)
        except BaseException as exc:  # the test reports it
            failures.append(exc)

    threads = [threading.Thread(target=ending) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    workers.end(pool)  # and once more, later: nothing left to do
    assert failures == []
    assert shutdowns == [True]
