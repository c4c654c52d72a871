"""The event loop's longest stall while the worker pools start and are rebuilt.

A ticker task in the bot's loop sleeps a millisecond at a time; a phase's figure is the longest it woke
late, the longest any interaction would have waited for the loop then. The phases, in one fresh process
(the forkserver that the workers fork from starts with the first pool of a process, importing the
players and Pillow):

* start: the real bot (the composition root's ``build_bot``) built, set up (its modules imported, its
  commands loaded and fingerprinted) and connected until it is ready, the stand-in's own work in this
  process included: no interaction can reach the bot before it is ready, so none waits on this one;
* boot: from the bot ready until its worker processes are up (when it starts them at boot), and at
  least two seconds;
* first move: the first computer decision (a GWT level-2 decision, 0.2 s) through the workers;
* first picture: the first board picture through the workers;
* rebuild: the workers of both killed, the decision / picture that finds it dead, and the next one,
  which starts a new pool;
* idle: the bot ready with nothing to do, for two seconds: how late the ticker wakes on this machine
  anyway (the other processes' share of the cores), the floor under the other figures.

``--busy N`` runs N CPU-bound processes beside it (a loaded host). Run it from the repository root; to
measure another checkout (the code before a change), run it there with ``PYTHONPATH`` set to that root.

Run: python bench/stall.py [--busy 2] [--runs 3]
Target: the longest stall of every phase from boot on <= 50 ms on the 2-core machine with two CPU-bound
processes busy.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TARGET_MS = 50.0
TICK = 0.001
PHASES = ("start", "boot", "first move", "first picture", "rebuild", "idle")
#: how long the boot phase lasts at least, after the bot is ready, and the idle phase
BOOT_SECONDS = IDLE_SECONDS = 2.0


class Ticker:
    """How late a task sleeping ``TICK`` at a time wakes in the loop: the longest, per phase."""

    def __init__(self) -> None:
        self.phase = ""
        self.longest: dict[str, float] = {}
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            late = time.perf_counter() - start - TICK
            self.longest[self.phase] = max(self.longest.get(self.phase, 0.0), late)

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()


def gwt_decision() -> tuple[dict[str, object], list[str]]:
    """A GWT position with more than one move for the first seat: its view and legal moves."""
    import rules

    engine = rules.get("gwt")
    state = engine.new_game(2, 11)
    seat = min(engine.to_act(state))
    return engine.view(state, seat), engine.legal_moves(state, seat)


async def measure() -> dict[str, float]:
    """One run of every phase in this process: each phase's longest stall, and under "ready" the time
    from the start to the bot ready, in seconds."""
    import render
    import rules
    from bot.__main__ import build_bot
    from bot.services.drawing import DrawingFailed
    from bot.services.thinking import ThinkingFailed
    from bot.settings import Settings
    from bot.storage import open_database
    from bot.ui import pictures
    from loopback import LoopbackDiscord
    from rules.ai import Question, answer
    from rules.core.spec import Budget

    ticker = Ticker()
    ticker.start()
    view, legal = gwt_decision()
    board = rules.get("santafe")
    picture_view = board.view(board.new_game(3, 7), None)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.db"
        settings = Settings(token="unused", database_path=path, reminder_poll_seconds=3600)
        db = await open_database(path)
        try:
            async with LoopbackDiscord() as loopback:
                ticker.phase = "start"
                began = time.perf_counter()
                bot = build_bot(db, settings)
                async with loopback.run_bot(bot):
                    ticker.phase = "boot"
                    ready = time.perf_counter() - began
                    booted = asyncio.create_task(asyncio.sleep(BOOT_SECONDS))
                    thinkers, drawers = bot.games.thinkers, pictures.drawers()
                    if hasattr(thinkers, "start"):  # started at boot: the phase lasts until they are up
                        # (private: no caller but this one needs to wait for a start)
                        await thinkers._pool.ready()
                        await drawers._pool.ready()
                    await booted
                    ticker.phase = "first move"
                    decision = await thinkers.choose(answer, Question("gwt", view, legal, 2, 1, Budget(0.2)))
                    ticker.phase = "first picture"
                    drawing = await drawers.draw(render.render_board, picture_view, stem="board")
                    ticker.phase = "rebuild"
                    for process in {decision.process, drawing.process}:  # (one pool: maybe one worker)
                        with contextlib.suppress(ProcessLookupError):
                            os.kill(process, signal.SIGKILL)
                    for _ in range(2):  # the call that finds the worker dead, then one on a new pool
                        with contextlib.suppress(ThinkingFailed):
                            await thinkers.choose(answer, Question("gwt", view, legal, 2, 1, Budget(0.2)))
                        with contextlib.suppress(DrawingFailed):
                            await drawers.draw(render.render_board, picture_view, stem="board")
                    ticker.phase = "idle"
                    await asyncio.sleep(IDLE_SECONDS)
                    ticker.phase = ""
        finally:
            await db.close()
    ticker.stop()
    return {"ready": ready} | {phase: ticker.longest.get(phase, 0.0) for phase in PHASES}


@contextmanager
def busy(processes: int) -> Iterator[None]:
    """``processes`` CPU-bound processes running beside the measuring."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--busy", type=int, default=2, help="CPU-bound processes beside the bot (2)")
    parser.add_argument("--runs", type=int, default=3, help="fresh processes measured (3)")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a run, in its own process
    args = parser.parse_args()
    if args.one:
        longest = asyncio.run(measure())
        print(" ".join(f"{longest[p] * 1000:.1f}" for p in ("ready", *PHASES)))
        return
    print(f"longest stall of the event loop, ms ({os.cpu_count()} cores, {args.busy} busy processes beside)")
    columns = ("ready after", *PHASES)
    print(" | ".join(f"{p:>13}" for p in columns))
    runs: list[list[float]] = []
    with busy(args.busy):
        for _ in range(args.runs):
            out = subprocess.run(
                [sys.executable, __file__, "--one"], capture_output=True, text=True, check=True
            ).stdout
            runs.append([float(x) for x in out.split()[-len(columns) :]])
            print(" | ".join(f"{x:13.1f}" for x in runs[-1]))
    worst = [max(run[i] for run in runs) for i in range(len(columns))]
    print(" | ".join(f"{x:13.1f}" for x in worst), "(worst)")
    served = worst[2:-1]  # no interaction reaches a bot that is not ready
    print(f"target: <= {TARGET_MS:g} ms once connected:", "met" if max(served) <= TARGET_MS else "NOT met")


if __name__ == "__main__":
    multiprocessing.freeze_support()
    main()
