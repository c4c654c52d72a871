"""A pool of worker processes that is started, and ended, off the event loop.

Starting a worker from the forkserver waits on the forkserver's pipe, and the first start waits for the
forkserver itself to import the workers' modules (the players, Pillow, the pictures): seconds on a busy
machine. A ``ProcessPoolExecutor`` starts its workers inside its first calls, so a pool started from the
event loop would hold the loop, and every interaction in flight, that long. A ``Workers`` starts every
worker at once in a thread of its own instead (``start``, called at the bot's boot); a call that comes
meanwhile awaits ``ready`` and the loop serves everyone else. Ending a pool waits on its processes, so it
runs in a thread too.

The computer players' decisions (``thinking.py``) and the pictures (``drawing.py``) are two kinds of job
for one ``Pool`` of workers (the process's, ``shared``), each kind with a limit of jobs in flight so that
neither starves the other; its workers fork from one server, which imports ``PRELOAD`` once.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, ClassVar, TypeVar

import rules

T = TypeVar("T")

# Workers fork from a server process that imported their modules once: a new pool starts in
# milliseconds, and the bot's own threads (the database's, the event loop's) are never forked.
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
CONTEXT = multiprocessing.get_context(START_METHOD)
#: the modules the forkserver imports before its first fork (each kind of worker adds its own)
PRELOAD: list[str] = [__name__]

# Pools are started here, never in the event loop's thread (two threads: a pool of its own, as a test or
# a bench makes, starts beside the shared one).
_starter = ThreadPoolExecutor(max_workers=2, thread_name_prefix="worker-pool-start")


def preload(*modules: str) -> None:
    """Have the forkserver import ``modules`` too, once, before it forks the first worker (a forkserver
    already running keeps what it has)."""
    PRELOAD.extend(m for m in modules if m not in PRELOAD)
    if START_METHOD == "forkserver":
        CONTEXT.set_forkserver_preload(PRELOAD)


class WorkersFailed(Exception):
    """The worker processes could not be started."""


def launch(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, every one of them started before it is returned (blocking: call it
    from a thread, not the event loop).

    A pool would otherwise start one worker in each of its first calls, in the caller's thread; it starts
    none once all are up, so no later call waits on the forkserver."""
    pool = ProcessPoolExecutor(
        workers, mp_context=CONTEXT, initializer=start_worker, initargs=(rules.modules(),)
    )
    try:
        pool._launch_processes()  # type: ignore[attr-defined]
        pool._start_executor_manager_thread()
    except BaseException:
        end(pool)  # the workers started before the failure
        raise
    return pool


def start_worker(games: dict[str, str]) -> None:
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


# Ending a pool is done once: closing the bot ends the pool while a job in flight, failing with
# ``BrokenProcessPool``, discards the same pool from another thread, and two ``shutdown`` calls at once
# would both close its results' pipe (the second then fails with EBADF, or closes a descriptor reused by
# then).
_ending = threading.Lock()
_ended: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()


def end(pool: ProcessPoolExecutor) -> None:
    """End ``pool`` now, its workers included, and wait until they are gone (blocking: call it from a
    thread); every call not finished fails with ``BrokenProcessPool``. A pool already ended, or being ended
    in another thread, is ended once: this call returns when that ending is done.

    A running call cannot be cancelled, so the workers are killed: Python 3.14's ``kill_workers`` does
    that; before it only the executor's own table of processes knows them.

    A worker killed while sending back a large result (a picture) leaves part of it in the results' pipe,
    and the executor's thread would wait for the rest for good, since the pool holds the pipe's writing
    end too: once the workers are gone that end is closed, so the wait ends as a dead worker's does.
    """
    with _ending:
        if pool not in _ended:
            _end_once(pool)
            _ended.add(pool)


def _end_once(pool: ProcessPoolExecutor) -> None:
    processes = list((pool._processes or {}).values())
    kill = getattr(pool, "kill_workers", None)
    if kill is not None:
        kill()
    else:
        for process in processes:  # (a pool already shut down has no table left)
            process.kill()
    for process in processes:
        process.join()
    results = pool._result_queue
    if results is not None:  # (None once shut down)
        results._writer.close()  # type: ignore[attr-defined]
    pool.shutdown(wait=True)


class Workers:
    """``workers`` worker processes, started in a thread by ``start`` (or by the first ``ready``), ended
    in a thread by ``discard`` and ``close``. Not tied to one event loop: its start is a thread's future,
    which any loop can await."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._starting: Future[ProcessPoolExecutor] | None = None

    @property
    def started(self) -> bool:
        """Whether a pool is up or starting (not yet discarded or closed)."""
        return self._starting is not None

    def start(self) -> None:
        """Begin starting the workers in a thread, unless they are up or starting; returns at once."""
        if self._starting is None:
            self._starting = _starter.submit(launch, self.workers)

    async def ready(self) -> ProcessPoolExecutor:
        """The pool, once its workers are up (started now if they are not); the loop runs on meanwhile.
        Raises ``WorkersFailed`` when they could not start (the next call tries again)."""
        self.start()
        starting = self._starting
        assert starting is not None
        try:
            return await asyncio.shield(asyncio.wrap_future(starting))
        except Exception as exc:
            if self._starting is starting:
                self._starting = None
            raise WorkersFailed(f"the worker processes could not start: {exc!r}") from exc

    async def ready_within(self, seconds: float) -> ProcessPoolExecutor:
        """``ready``, bounded: ``WorkersFailed`` also when the start takes longer than ``seconds`` (a start
        that hangs holds up this call alone, and only so long)."""
        try:
            async with asyncio.timeout(seconds):
                return await self.ready()
        except TimeoutError:
            raise WorkersFailed(f"the workers did not start within {seconds:g} s") from None

    async def discard(self, pool: ProcessPoolExecutor) -> None:
        """End ``pool`` (a worker of it hangs or died); the next ``ready`` starts a new one."""
        if self._current() is pool:
            self._starting = None
        await asyncio.to_thread(end, pool)

    async def close(self) -> None:
        """End the workers, once a start under way has finished; a later ``ready`` starts them again."""
        starting, self._starting = self._starting, None
        if starting is None:
            return
        try:
            pool = await asyncio.shield(asyncio.wrap_future(starting))
        except Exception:  # it never started: nothing to end
            return
        await asyncio.to_thread(end, pool)

    def _current(self) -> ProcessPoolExecutor | None:
        starting = self._starting
        if starting is None or not starting.done() or starting.cancelled() or starting.exception():
            return None
        return starting.result()


def default_workers() -> int:
    """One per core but one, which is left to the bot itself; at least three, as many as the two pools
    that this one replaced had on a small host: the pictures (at most all workers but one at once) keep
    the two they had there, and a computer's turn the one."""
    return max(3, (os.cpu_count() or 1) - 1)


class Pool:
    """One pool of ``workers`` worker processes serving several kinds of job (the computers' decisions,
    the pictures), fairly: each kind has at most ``limit(kind)`` jobs in flight, by default all workers but
    one, so a burst of pictures leaves a worker to a computer's turn and the reverse; and all kinds
    together at most ``workers``, one job per worker handed over at a time, so a job's time limit counts
    its work and never a wait in the executor's queue.

    A job that outlives its limit, or whose worker died, takes the pool down with it (``discard``; the
    next job starts a new one off the event loop). The other jobs in flight then fail too; one whose pool
    was ended because another job hung is run once more, on the new pool. Not tied to one event loop."""

    def __init__(self, workers: int | None = None, limits: dict[str, int | None] | None = None) -> None:
        self.workers = workers or default_workers()
        self.limits = {kind: n for kind, n in (limits or {}).items() if n}
        self.processes = Workers(self.workers)
        self._hung: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()  # ended for another's hang
        self._gates: tuple[asyncio.AbstractEventLoop, dict[str, asyncio.Semaphore], asyncio.Semaphore] | None
        self._gates = None

    def limit(self, kind: str) -> int:
        """The most jobs of ``kind`` in flight at once."""
        return min(self.workers, self.limits.get(kind) or max(1, self.workers - 1))

    def start(self) -> None:
        """Begin starting the workers in a thread (at the bot's boot); returns at once."""
        self.processes.start()

    @property
    def started(self) -> bool:
        """Whether the workers are up or starting."""
        return self.processes.started

    async def run(
        self,
        kind: str,
        job: Callable[..., T],
        *args: Any,
        timeout: float,
        start_timeout: float,
        admitted: Callable[[], None] | None = None,
    ) -> T:
        """``job(*args)`` run in a worker, once a worker is free for ``kind`` (``admitted`` is called
        then, and may raise to give up). Raises ``WorkersFailed`` when the workers do not start within
        ``start_timeout``, ``TimeoutError`` when the job outlives ``timeout`` and ``BrokenProcessPool`` when
        its worker died (the pool is discarded in both cases), else what ``job`` raised."""
        kinds, every = self._gates_of(asyncio.get_running_loop(), kind)
        async with kinds, every:
            if admitted is not None:
                admitted()
            for last_try in (False, True):
                pool = await self.processes.ready_within(start_timeout)
                try:  # a pool found broken already refuses the call at once
                    call = asyncio.get_running_loop().run_in_executor(pool, job, *args)
                    async with asyncio.timeout(timeout):
                        return await call
                except TimeoutError:
                    self._hung.add(pool)
                    await self.processes.discard(pool)
                    raise
                except BrokenProcessPool:
                    if pool in self._hung and not last_try:
                        continue  # ended for another job that hung: this one gets a new pool
                    await self.processes.discard(pool)
                    raise
        raise AssertionError("unreachable")  # (mypy: the loop returns or raises)

    def _gates_of(
        self, loop: asyncio.AbstractEventLoop, kind: str
    ) -> tuple[asyncio.Semaphore, asyncio.Semaphore]:
        """The running loop's semaphores for ``kind`` and for every kind: a semaphore serves one loop, and
        the pool may outlive one (a process running one bot after another, as the tests do)."""
        if self._gates is None or self._gates[0] is not loop:
            self._gates = (loop, {}, asyncio.Semaphore(self.workers))
        kinds = self._gates[1]
        if kind not in kinds:
            kinds[kind] = asyncio.Semaphore(self.limit(kind))
        return kinds[kind], self._gates[2]

    async def discard(self, pool: ProcessPoolExecutor) -> None:
        """End ``pool`` (a worker of it hangs or died); the next job starts a new one."""
        await self.processes.discard(pool)

    async def close(self) -> None:
        """End the workers (jobs under way fail); a later job starts them again."""
        self._gates = None
        await self.processes.close()


_shared = Pool()


def shared() -> Pool:
    """The process's pool, which the computers and the pictures share unless given their own."""
    return _shared


def use(pool: Pool) -> None:
    """Make ``pool`` the process's shared pool (the composition root sizes it from the settings)."""
    global _shared
    _shared = pool


class Kind:
    """One kind of job's side of a ``Pool`` (the pictures' ``Drawers``, the computers' ``Thinkers``): the
    subclass names its ``KIND`` and says which pool serves it (``pool``)."""

    KIND: ClassVar[str]

    @staticmethod
    def own_pool(kind: str, workers: int | None) -> Pool | None:
        """A pool of ``workers`` of its own for ``kind`` alone (tests, benches), or None: the shared one."""
        return Pool(workers, {kind: workers}) if workers else None

    @property
    def pool(self) -> Pool:
        raise NotImplementedError

    @property
    def workers(self) -> int:
        """The most jobs of this kind run at once."""
        return self.pool.limit(self.KIND)

    @property
    def _pool(self) -> Workers:
        return self.pool.processes
