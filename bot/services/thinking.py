"""Computer players think in worker processes.

A searching player may think for its whole budget in a turn (``COMPUTER_THINK_SECONDS``, else the
game's own ``think_seconds``), shared out across the turn's decisions (``rules.core.budget``). Run in the
bot's process it would hold the interpreter (and so the event loop) for that long; in a worker process
the bot goes on answering the people of every other game meanwhile. A decision with one legal move needs
no worker: it is answered at once and costs the turn nothing.

``Thinkers`` owns a ``ProcessPoolExecutor``, started at the first decision and ended by ``close``. At most
one decision per worker is handed over at a time, so a decision's time limit counts its thinking and never
a wait in the queue. A decision that fails or outlives its limit raises ``ThinkingFailed``; a worker that
died or hangs takes its pool with it (the next decision starts a fresh one), and the caller falls back.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

import rules
from rules.core.budget import Turn, per_turn
from rules.core.spec import Budget

log = logging.getLogger(__name__)

# (game id, view, legal moves, level, seed, budget=) -> move: the computer players' entry point.
ChooseMove = Callable[..., str]

# Workers fork from a server process that imported the players once: a new pool starts in milliseconds,
# and the bot's own threads (the database's, the event loop's) are never forked.
_START = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
_CONTEXT = multiprocessing.get_context(_START)
# (the pictures' workers fork from the same server and add their own modules to this list)
PRELOAD = [__name__, "rules.ai"]
if _START == "forkserver":
    _CONTEXT.set_forkserver_preload(PRELOAD)


def default_workers() -> int:
    """One worker per core but one, which is left to the bot itself; at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


def default_timeout(seconds: float) -> float:
    """How long a decision may take before its worker is taken for stuck, for turns of ``seconds``.
    Generous: a budget counts the player's own CPU time, which a busy machine stretches in wall-clock
    time."""
    return 30.0 + 10 * seconds


@dataclass(frozen=True)
class Decision:
    """A computer player's move, with the worker process that chose it, the seconds it took there and the
    CPU seconds it used (what a turn's budget counts)."""

    move: str
    process: int
    seconds: float
    cpu: float = 0.0


class ThinkingFailed(Exception):
    """The worker did not come back with a move (the player failed, the worker died or took too long)."""


class ThinkingStopped(Exception):
    """The workers were closed (the bot is stopping) while the computer thought: no move is made now;
    the reminder loop makes it after the restart, as after a crash."""


def _start_worker(games: dict[str, str]) -> None:
    """A worker's start: it ends with the bot's process, and knows the games registered while the bot
    runs (the tests' tiny game) too."""
    threading.Thread(target=_end_with_parent, name="end-with-parent", daemon=True).start()
    for game_id, module in games.items():
        rules.register(game_id, module)


def _end_with_parent() -> None:
    # A worker waits for work on a pipe it holds both ends of, so it would outlive a bot that was killed.
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()
        os._exit(1)


def decide(
    ai: ChooseMove,
    game_id: str,
    view: dict[str, Any],
    legal: Sequence[str],
    level: int,
    seed: int,
    budget: Budget,
) -> Decision:
    """Runs in a worker: the move ``ai`` chooses, timed (by the wall clock and in CPU time)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    move = ai(game_id, view, legal, level, seed, budget=budget)
    return Decision(move, os.getpid(), time.perf_counter() - start, time.process_time() - start_cpu)


def _end(pool: ProcessPoolExecutor) -> None:
    """End ``pool`` now, its workers included, and wait until they are gone; every call not finished
    fails with ``BrokenProcessPool``.

    A running call cannot be cancelled, so the workers are killed: Python 3.14's ``kill_workers`` does
    that; before it only the executor's own table of processes knows them.

    A worker killed while sending back a large result (a picture) leaves part of it in the results' pipe,
    and the executor's thread would wait for the rest for good, since the pool holds the pipe's writing
    end too: once the workers are gone that end is closed, so the wait ends as a dead worker's does.
    """
    processes = list((pool._processes or {}).values())  # type: ignore[attr-defined]
    kill = getattr(pool, "kill_workers", None)
    if kill is not None:
        kill()
    else:
        for process in processes:  # (a pool already shut down has no table left)
            process.kill()
    for process in processes:
        process.join()
    results = pool._result_queue  # type: ignore[attr-defined]
    if results is not None:  # (None once shut down)
        results._writer.close()  # type: ignore[attr-defined]
    pool.shutdown(wait=True)


class Thinkers:
    """The worker processes that choose computer moves, each turn of a computer seat within ``seconds``
    of CPU time, or when that is None within its game's own ``think_seconds``.

    Whoever drives a computer seat's turn keeps a ``turn(game)`` across its decisions: passes
    ``turn.left()`` to ``choose`` and then ``turn.spend(decision.cpu, decision.seconds)``, so each
    decision thinks within its share of what is left of the turn (CPU and wall-clock time)."""

    def __init__(
        self, seconds: float | None = None, workers: int | None = None, timeout: float | None = None
    ) -> None:
        self.seconds = seconds
        self.workers = workers or default_workers()
        longest = max([seconds] if seconds else [s.think_seconds for s in rules.specs()], default=1.0)
        self.timeout = default_timeout(longest) if timeout is None else timeout
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self._slots = asyncio.Semaphore(self.workers)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=_CONTEXT,
                initializer=_start_worker,
                initargs=(rules.modules(),),
            )
        return self._pool

    def budget(self, game_id: str) -> Budget:
        """A whole turn's budget in ``game_id``."""
        return per_turn(self.seconds or rules.spec(game_id).think_seconds)  # CPU, with a wall-clock cap

    def turn(self, game_id: str) -> Turn:
        """A new turn's budget, for the decisions of one seat's turn in ``game_id``."""
        return Turn(self.budget(game_id))

    async def choose(
        self,
        ai: ChooseMove,
        game_id: str,
        view: dict[str, Any],
        legal: Sequence[str],
        level: int,
        seed: int,
        budget: Budget | None = None,
    ) -> Decision:
        """The move ``ai`` makes, chosen in a worker within ``budget`` (what is left of the turn; default:
        a whole turn's). One legal move is the answer at once, with no worker and no time used. Raises
        ``ThinkingFailed`` when no move comes back, and ``ThinkingStopped`` once ``close`` ended the
        workers."""
        if len(legal) == 1 and not self._closed:
            return Decision(legal[0], os.getpid(), 0.0, 0.0)
        budget = self.budget(game_id) if budget is None else budget
        async with self._slots:
            if self._closed:
                raise ThinkingStopped("the computer players' workers are closed")
            pool = self._executor()
            loop = asyncio.get_running_loop()
            try:  # a pool found broken already refuses the call at once
                call = loop.run_in_executor(pool, decide, ai, game_id, view, legal, level, seed, budget)
                async with asyncio.timeout(self.timeout):
                    return await call
            except Exception as exc:
                if self._closed:
                    raise ThinkingStopped("the computer players' workers were closed") from exc
                if isinstance(exc, TimeoutError):
                    await self._discard(pool)
                    raise ThinkingFailed(f"no move after {self.timeout:g} s; the worker was ended") from None
                if isinstance(exc, BrokenProcessPool):
                    await self._discard(pool)
                    raise ThinkingFailed(f"the worker process died: {exc}") from exc
                raise ThinkingFailed(f"the player failed: {exc!r}") from exc

    async def _discard(self, pool: ProcessPoolExecutor) -> None:
        """End a pool whose worker hangs or died; the next decision starts a new one."""
        if self._pool is pool:
            self._pool = None
        await asyncio.to_thread(_end, pool)

    async def close(self) -> None:
        """End the workers for good. A decision under way, or asked for later, raises ``ThinkingStopped``:
        its game's computer seat is moved by the reminder loop after the restart, as after a crash."""
        pool, self._pool = self._pool, None
        self._closed = True
        if pool is not None:
            await asyncio.to_thread(_end, pool)
