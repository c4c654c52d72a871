"""Computer players think in worker processes.

A searching player may think for its whole budget in a turn (``COMPUTER_THINK_SECONDS``, else the
game's own ``think_seconds``), shared out across the turn's decisions (``rules.core.budget``). Run in the
bot's process it would hold the interpreter (and so the event loop) for that long; in a worker process
the bot goes on answering the people of every other game meanwhile. A decision with one legal move needs
no worker: it is answered at once and costs the turn nothing.

``Thinkers`` sends its decisions to a pool of workers (``workers.Pool``; the process's, shared with the
pictures, unless given a size of its own), started off the event loop at the bot's boot (or at the first
decision) and ended by ``close``. At most one decision per worker is handed over at a time, so a
decision's time limit counts its thinking and never a wait in the queue, and the decisions hold at most
all workers but one while pictures wait (``COMPUTER_WORKERS``). A decision that fails or
outlives its limit raises ``ThinkingFailed``; a worker that died or hangs takes its pool with it (the next
decision starts a fresh one, off the event loop too), and the caller falls back.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace

import rules
from bot.services.workers import Kind, Pool, WorkersFailed, preload, shared
from rules.ai import Question
from rules.core.budget import Turn, per_turn
from rules.core.spec import Budget

log = logging.getLogger(__name__)

# what a computer player is asked -> its move: the computer players' entry point (``rules.ai.answer``)
ChooseMove = Callable[[Question], str]

# (the forkserver imports the players once; see workers.py)
preload(__name__, "rules.ai")

#: the computers' kind of job in the shared pool
KIND = "computers"


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


def decide(ai: ChooseMove, question: Question) -> Decision:
    """Runs in a worker: the move ``ai`` chooses, timed (by the wall clock and in CPU time)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    move = ai(question)
    return Decision(move, os.getpid(), time.perf_counter() - start, time.process_time() - start_cpu)


class Thinkers(Kind):
    """The worker processes that choose computer moves, each turn of a computer seat within ``seconds``
    of CPU time, or when that is None within its game's own ``think_seconds``.

    Whoever drives a computer seat's turn keeps a ``turn(game)`` across its decisions: passes
    ``turn.left()`` to ``choose`` and then ``turn.spend(decision.cpu, decision.seconds)``, so each
    decision thinks within its share of what is left of the turn (CPU and wall-clock time)."""

    KIND = KIND

    def __init__(
        self,
        seconds: float | None = None,
        workers: int | None = None,
        timeout: float | None = None,
        pool: Pool | None = None,
    ) -> None:
        self.seconds = seconds
        longest = max([seconds] if seconds else [s.think_seconds for s in rules.specs()], default=1.0)
        self.timeout = default_timeout(longest) if timeout is None else timeout
        # ``workers`` (tests, benches): a pool of its own; else the process's, shared with the pictures
        self._own = pool or self.own_pool(KIND, workers) or shared()
        self._closed = False

    @property
    def pool(self) -> Pool:
        """The pool thinking the decisions (the process's when this was made, unless given its own)."""
        return self._own

    def start(self) -> None:
        """Begin starting the workers, off the event loop (the bot's boot calls it, so that the first
        decision finds them up); returns at once."""
        if not self._closed:
            self.pool.start()

    @property
    def started(self) -> bool:
        """Whether the workers are up or starting."""
        return self.pool.started

    def budget(self, game_id: str) -> Budget:
        """A whole turn's budget in ``game_id``."""
        return per_turn(self.seconds or rules.spec(game_id).think_seconds)  # CPU, with a wall-clock cap

    def turn(self, game_id: str) -> Turn:
        """A new turn's budget, for the decisions of one seat's turn in ``game_id``."""
        return Turn(self.budget(game_id))

    async def choose(self, ai: ChooseMove, question: Question) -> Decision:
        """The move ``ai`` makes, chosen in a worker within the question's budget (what is left of the
        turn; default: a whole turn's). One legal move is the answer at once, with no worker and no time
        used. Raises ``ThinkingFailed`` when no move comes back, and ``ThinkingStopped`` once ``close``
        ended the workers."""
        if len(question.legal) == 1 and not self._closed:
            return Decision(question.legal[0], os.getpid(), 0.0, 0.0)
        if question.budget is None:
            question = replace(question, budget=self.budget(question.game_id))
        try:
            return await self.pool.run(
                KIND,
                decide,
                ai,
                question,
                timeout=self.timeout,
                start_timeout=self.timeout,
                admitted=self._check_open,
            )
        except ThinkingStopped:
            raise
        except WorkersFailed as exc:
            raise ThinkingFailed(str(exc)) from exc
        except Exception as exc:
            if self._closed:
                raise ThinkingStopped("the computer players' workers were closed") from exc
            if isinstance(exc, TimeoutError):
                raise ThinkingFailed(f"no move after {self.timeout:g} s; the worker was ended") from None
            if isinstance(exc, BrokenProcessPool):
                raise ThinkingFailed(f"the worker process died: {exc}") from exc
            raise ThinkingFailed(f"the player failed: {exc!r}") from exc

    def _check_open(self) -> None:
        if self._closed:
            raise ThinkingStopped("the computer players' workers are closed")

    async def _discard(self, pool: ProcessPoolExecutor) -> None:
        """End a pool whose worker hangs or died; the next decision starts a new one."""
        await self.pool.discard(pool)

    async def close(self) -> None:
        """End the workers for good (the pictures' too, when shared: the bot is stopping). A decision
        under way, or asked for later, raises ``ThinkingStopped``: its game's computer seat is moved by
        the reminder loop after the restart, as after a crash."""
        self._closed = True
        await self.pool.close()
