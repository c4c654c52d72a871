"""The computers' and the pictures' worker processes are started in threads, never in the event loop's:
starting one waits on the forkserver (seconds on a busy machine, the first time), and the loop serves
every other interaction meanwhile. Rebuilding a pool after a dead worker is no different."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest

import render
from bot.services.drawing import Drawers, DrawingFailed
from bot.services.thinking import Thinkers, ThinkingFailed
from rules.ai import Question
from tests.bot.services.test_drawing import die, santafe_view


def first(asked: Question) -> str:
    """A computer player that plays its first legal move."""
    return asked.legal[0]


class Starts:
    """Each worker process's start, by the thread it ran in. A start in any thread but the event loop's
    waits until ``release`` is set (a start in the loop's thread cannot wait: nothing would set it)."""

    def __init__(self) -> None:
        self.loop_thread = threading.get_ident()
        self.threads: list[int] = []
        self.begun = threading.Event()
        self.release = threading.Event()

    def off_the_loop(self) -> bool:
        return bool(self.threads) and self.loop_thread not in self.threads


@pytest.fixture
def starts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Starts]:
    record = Starts()
    spawn = ProcessPoolExecutor._spawn_process  # type: ignore[attr-defined]

    def recorded(pool: ProcessPoolExecutor) -> None:
        record.threads.append(threading.get_ident())
        record.begun.set()
        if threading.get_ident() != record.loop_thread:
            record.release.wait()
        spawn(pool)

    monkeypatch.setattr(ProcessPoolExecutor, "_spawn_process", recorded)
    try:
        yield record
    finally:
        record.release.set()  # a start still held goes on, so that the test's pool can end


async def test_the_computers_workers_start_off_the_loop_which_serves_others_meanwhile(starts: Starts) -> None:
    thinkers = Thinkers(0.05, workers=2)
    try:
        deciding = [
            asyncio.create_task(thinkers.choose(first, Question("santafe", {}, ["pass", "draw"], 1, seed)))
            for seed in (1, 2)
        ]
        await asyncio.to_thread(starts.begun.wait)
        # a worker's start is held, and this coroutine runs on the loop meanwhile
        await asyncio.sleep(0)
        assert not any(task.done() for task in deciding)
        assert starts.off_the_loop(), "a worker process was started in the event loop's thread"
        starts.release.set()
        decisions = await asyncio.gather(*deciding)
        assert {d.move for d in decisions} == {"pass"} and os.getpid() not in {d.process for d in decisions}
        assert len(starts.threads) == 2 and starts.off_the_loop()  # both workers at once, neither on the loop
    finally:
        await thinkers.close()


async def test_the_pictures_workers_start_off_the_loop_which_serves_others_meanwhile(starts: Starts) -> None:
    drawers = Drawers(workers=1)
    try:
        drawing = asyncio.create_task(drawers.draw(render.render_board, santafe_view(), stem="board"))
        await asyncio.to_thread(starts.begun.wait)
        await asyncio.sleep(0)
        assert not drawing.done()
        assert starts.off_the_loop(), "a worker process was started in the event loop's thread"
        starts.release.set()
        assert (await drawing).process != os.getpid()
    finally:
        await drawers.close()


async def test_a_pool_rebuilt_after_its_worker_died_starts_off_the_loop(starts: Starts) -> None:
    starts.release.set()  # nothing held: the figure here is where each start ran
    thinkers, drawers = Thinkers(0.05, workers=1), Drawers(workers=1)
    try:
        decision = await thinkers.choose(first, Question("santafe", {}, ["pass", "draw"], 1, 0))
        os.kill(decision.process, signal.SIGKILL)
        with pytest.raises(ThinkingFailed):
            await thinkers.choose(first, Question("santafe", {}, ["pass", "draw"], 1, 0))
        await thinkers.choose(first, Question("santafe", {}, ["pass", "draw"], 1, 0))  # a new pool
        await drawers.draw(render.render_board, santafe_view(), stem="board")
        with pytest.raises(DrawingFailed):
            await drawers.draw(die, stem="board")
        await drawers.draw(render.render_board, santafe_view(), stem="board")  # a new pool
        assert len(starts.threads) == 4 and starts.off_the_loop()
    finally:
        await thinkers.close()
        await drawers.close()


async def test_a_pool_that_could_not_start_fails_that_call_and_the_next_one_starts_it_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.services import workers

    launch, tries = workers.launch, []

    def failing_once(count: int) -> ProcessPoolExecutor:
        tries.append(count)
        if len(tries) == 1:
            raise OSError("no forkserver today")
        return launch(count)

    monkeypatch.setattr(workers, "launch", failing_once)
    thinkers = Thinkers(0.05, workers=1)
    try:
        with pytest.raises(ThinkingFailed, match="could not start: OSError"):
            await thinkers.choose(first, Question("santafe", {}, ["pass", "draw"], 1, 0))
        decision = await thinkers.choose(first, Question("santafe", {}, ["pass", "draw"], 1, 0))
        assert decision.move == "pass" and decision.process != os.getpid() and tries == [1, 1]
    finally:
        await thinkers.close()
