"""The animated replays already drawn (``/replay animated:true``), kept for whoever asks next.

Drawing a whole game as one animation holds a picture worker for tens of seconds (bench/replay.py: 37-52 s
for Great Western Trail on a loaded machine), so a finished one is kept under everything it is made from:

- the game and its revision, which every move and undo bumps and which never repeats, so a kept animation
  is never one of an older position (an undo too makes a new revision);
- the reader's language (the pictures' words and the lines of the moves);
- the seats' names, as drawn (a seat taken over changes them without a move).

An animation shows spectators' views only and the lines a spectator reads, the same for every reader of a
language, so one kept for one reader shows another nothing they may not see; the checks of who may see
the game (its server) are made before the cache is asked.

Asked for while it is being drawn, an animation is drawn once: later askers wait for the first one's
drawing (a task of its own, which an asker giving up does not stop), holding no lock and not the event
loop, since the drawing itself happens in a picture worker.

Kept in this process's memory, least recently asked for dropped first, within ``BUDGET`` bytes; a game's
animation of an older revision is dropped when one of a newer revision is kept. Not in the database: it
is derived from the game's log and a few MiB each, which would grow the file, its backups and copies by
that much a game for a picture that can be drawn again, and one drawn by an older version of the renderer
would outlive an upgrade. Nor files beside a SQLite database, which processes on other machines sharing a
PostgreSQL server would not see. What that costs: a restart forgets them, and each process of a shared
database draws its own once.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

#: The bytes of animations kept at most: about thirty whole games of Great Western Trail (2 MiB each in
#: bench/replay.py), Santa Fe's a little smaller.
BUDGET = 64 * 1024 * 1024


@dataclass(frozen=True)
class AnimationKey:
    """What an animated replay is made from: the game at a revision, read in a language, its seats named
    so (the public view only: nothing of its reader)."""

    game: int
    revision: int
    language: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class Animation:
    """A drawn animated replay: the file's bytes and name, the pictures it holds and the moves it shows."""

    data: bytes
    filename: str
    frames: int
    moves: int


#: Draws an animation: the key of what it drew (the game as it was read then: a move may have come since
#: it was asked for) and the animation, or None when no picture came (nothing is kept).
Build = Callable[[], Awaitable[tuple[AnimationKey, Animation] | None]]


class Animations:
    """The animated replays this process has drawn, within ``budget`` bytes; each drawn once at a time."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.builds = 0  # drawings started (one per key at a time)
        self._kept: OrderedDict[AnimationKey, Animation] = OrderedDict()  # least recently asked first
        self._size = 0
        self._building: dict[AnimationKey, asyncio.Task[Animation | None]] = {}

    @property
    def size(self) -> int:
        """The bytes of the animations kept."""
        return self._size

    def __contains__(self, key: object) -> bool:
        return key in self._kept

    async def get(self, key: AnimationKey, build: Build) -> Animation | None:
        """The animation of ``key``: the one kept, the one being drawn once it is done, else drawn now by
        ``build`` (kept when one came back; None when it did not: a failed drawing is not kept, and an
        error of ``build`` reaches everyone waiting for it)."""
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        task = self._building.get(key)
        if task is None:
            self.builds += 1
            task = asyncio.get_running_loop().create_task(self._build(key, build))
            task.add_done_callback(_retrieved)
            self._building[key] = task
        # shielded: one asker giving up (its interaction ended) leaves the drawing to the others
        return await asyncio.shield(task)

    async def _build(self, key: AnimationKey, build: Build) -> Animation | None:
        try:
            built = await build()
        finally:
            self._building.pop(key, None)
        if built is None:
            return None
        drawn, animation = built
        self.keep(drawn, animation)
        return animation

    def keep(self, key: AnimationKey, animation: Animation) -> None:
        """Keep ``animation`` as that of ``key``, dropping what it makes stale (the game's animations in
        the same language at an older revision, or at this one with other names) and then the least
        recently asked for until the kept fit the budget (one larger than the whole budget is not
        kept)."""
        if len(animation.data) > self.budget:
            return
        same = [k for k in self._kept if (k.game, k.language) == (key.game, key.language)]
        if any(k.revision > key.revision for k in same):
            return  # a newer revision is kept already: this one would never be asked for again
        for k in same:  # older revisions, or this one with other names: never asked for again
            self._drop(k)
        self._kept[key] = animation
        self._size += len(animation.data)
        while self._size > self.budget:
            self._drop(next(iter(self._kept)))

    def _drop(self, key: AnimationKey) -> None:
        dropped = self._kept.pop(key, None)
        if dropped is not None:
            self._size -= len(dropped.data)


def _retrieved(task: asyncio.Task[Animation | None]) -> None:
    """Read a drawing's error even when nobody waits for it any more (asyncio would log it as lost)."""
    if not task.cancelled():
        task.exception()
