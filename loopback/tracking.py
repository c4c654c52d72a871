"""Knowing when the bot has finished with an interaction, without sleeping for a guessed time.

The client parses INTERACTION_CREATE inside a context where a context variable names the interaction; every
task the client and the bot start from there (the command tree's invoker, a view's callback, anything they
spawn) inherits it, and a task factory files each such task under that interaction. The bot is done with an
interaction when each of its tasks has finished or is only waiting for something that needs the user (a
sleep, a ``View.wait()``, ``Client.wait_for``, an event or a queue).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Callable, Coroutine, Iterator
from types import CoroutineType
from typing import Any

_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("loopback_interaction", default=None)

#: Waits that count as idle only when long, with the argument that says how long.
_TIMED_WAITS = {
    ("asyncio.tasks", "sleep"): "delay",
    ("asyncio.tasks", "wait_for"): "timeout",
    ("asyncio.tasks", "wait"): "timeout",
}
SHORT_PAUSE = 1.0  # seconds

#: Innermost coroutines that mean "waiting for the outside world", not "still working".
_IDLE_WAITS = {
    ("asyncio.locks", "Event.wait"),
    ("asyncio.locks", "Condition.wait"),
    ("asyncio.queues", "Queue.get"),
    ("discord.ui.view", "BaseView.wait"),
    ("discord.ui.view", "View.wait"),
    ("discord.ui.modal", "Modal.wait"),
}


def _innermost(coro: Any) -> Any:
    """The deepest coroutine in an await chain."""
    while isinstance(getattr(coro, "cr_await", None), CoroutineType):
        coro = coro.cr_await
    return coro


def is_idle(task: asyncio.Task[Any]) -> bool:
    """Whether a pending task is only waiting for the outside world."""
    coro = _innermost(task.get_coro())
    frame = getattr(coro, "cr_frame", None)
    if frame is None:
        return False
    waited_on = getattr(task, "_fut_waiter", None)  # the future the task yielded (CPython's Task keeps it)
    if waited_on is None or waited_on.done():
        return False  # runnable: a bare yield (such as sleep(0)) or just woken up
    where = (frame.f_globals.get("__name__"), coro.cr_code.co_qualname)
    if where in _TIMED_WAITS:
        # A short pause (a retry, a rate-limit refresh) is part of the work, not waiting for the user.
        seconds = frame.f_locals.get(_TIMED_WAITS[where])
        return seconds is None or seconds > SHORT_PAUSE
    return where in _IDLE_WAITS


class TaskTracker:
    """Files tasks under the interaction that caused them (installed as the loop's task factory)."""

    def __init__(self) -> None:
        self.tasks: dict[str, list[asyncio.Task[Any]]] = {}
        self._previous: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._previous = loop.get_task_factory()
        loop.set_task_factory(self._factory)  # type: ignore[arg-type]

    def uninstall(self) -> None:
        if self._loop is not None:
            self._loop.set_task_factory(self._previous)
            self._loop = None

    def _factory(
        self, loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any], **kwargs: Any
    ) -> asyncio.Task[Any]:
        if self._previous is not None:
            task = self._previous(loop, coro, **kwargs)
        else:
            task = asyncio.Task(coro, loop=loop, **kwargs)
        interaction_id = _current.get()
        if interaction_id is not None:
            self.tasks.setdefault(interaction_id, []).append(task)
        return task

    def settled(self, interaction_id: str) -> bool:
        return all(task.done() or is_idle(task) for task in self.tasks.get(interaction_id, []))

    def busy(self, interaction_id: str) -> list[asyncio.Task[Any]]:
        return [t for t in self.tasks.get(interaction_id, []) if not (t.done() or is_idle(t))]


@contextlib.contextmanager
def filed_under(key: str) -> Iterator[None]:
    """Tasks started inside the block are filed under ``key``, as if an interaction of that id had caused
    them."""
    token = _current.set(key)
    try:
        yield
    finally:
        _current.reset(token)


def interaction_parser(parse: Callable[[Any], None], parsed: Callable[[str], None]) -> Callable[[Any], None]:
    """An INTERACTION_CREATE parser filing the tasks it starts under the interaction, then reporting it."""

    def parse_tracked(data: Any) -> None:
        interaction_id = str(data["id"])
        token = _current.set(interaction_id)
        try:
            parse(data)
        finally:
            _current.reset(token)
            parsed(interaction_id)

    return parse_tracked
