"""Work a bot does in the background after answering (a catch-up of untold moves, a damaged game's line):
one ``Background`` per kind of work, holding each bot's tasks until they end (the event loop holds tasks
only weakly), so that a stopping bot ends its own and a test can wait for them all."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Hashable
from typing import Any

Work = Callable[[], Coroutine[Any, Any, None]]


class Background:
    """The tasks of one kind of work, per bot and per key (one task a key at a time)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._running: dict[tuple[int, Hashable], asyncio.Task[None]] = {}

    def start(self, bot: object, key: Hashable, work: Work) -> bool:
        """Run ``work()`` in a task of its own, unless ``bot``'s task for ``key`` is still under way;
        whether one was started."""
        held = (id(bot), key)
        if held in self._running:
            return False
        task = asyncio.get_running_loop().create_task(work(), name=f"{self.name}-{key}")
        self._running[held] = task
        task.add_done_callback(lambda _: self._running.pop(held, None))
        return True

    def under_way(self) -> int:
        """How many tasks have not ended yet."""
        return len(self._running)

    async def settled(self) -> None:
        """Wait until every task started so far, and any they start, has ended."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)

    async def stop(self, bot: object) -> None:
        """End ``bot``'s tasks (it is stopping)."""
        mine = [task for (owner, _), task in self._running.items() if owner == id(bot)]
        for task in mine:
            task.cancel()
        await asyncio.gather(*mine, return_exceptions=True)
