"""Pictures are drawn and encoded in worker processes.

Pillow holds the interpreter lock for much of a drawing, so a burst of pictures drawn in threads of the
bot's process would hold up its event loop, and with it the replies to everyone and discord.py's gateway
heartbeat. In worker processes a drawing costs the bot only the pickling of a view (a JSON-able dict) and
of the encoded bytes that come back.

``Drawers`` sends its pictures to a pool of workers (``workers.Pool``; the process's, shared with the
computer players, unless given a size of its own; at most all workers but one draw at once, so a burst of
pictures leaves a worker to a computer's turn: ``PICTURE_WORKERS``), started off the event loop at the
bot's boot (or at the first picture) and ended by ``close``; a picture asked for after ``close`` starts a
fresh pool (the pictures serve the process, not one bot). A drawing that fails raises ``DrawingFailed``
with the cause; a worker that died or hangs takes its pool with it, and the next picture starts a new one,
off the event loop too.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

import render
from bot.services.workers import Kind, Pool, WorkersFailed, preload, shared

log = logging.getLogger(__name__)

# Same forkserver as the computer players' workers, which then also has Pillow and the pictures imported.
preload(__name__, "render")

#: the pictures' kind of job in the shared pool
KIND = "pictures"

#: How long one picture may take in its worker before the worker is taken for stuck (a board takes well
#: under a second; a busy machine stretches that).
DEFAULT_TIMEOUT = 30.0


@dataclass(frozen=True)
class Drawing:
    """An encoded picture, with the process that drew it."""

    data: bytes
    filename: str
    process: int


class DrawingFailed(Exception):
    """No picture came back: the drawing raised, or its worker died or took too long."""


def draw(picture: Callable[..., Any], args: tuple[Any, ...], stem: str) -> Drawing:
    """Runs in a worker: ``picture(*args)`` drawn and encoded."""
    data, filename = render.encode(picture(*args), stem)
    return Drawing(data, filename, os.getpid())


def make(picture: Callable[..., tuple[bytes, str]], args: tuple[Any, ...], stem: str) -> Drawing:
    """Runs in a worker: ``picture(*args, stem=stem)``, a picture that encodes itself (an animation)."""
    data, filename = picture(*args, stem=stem)
    return Drawing(data, filename, os.getpid())


class Drawers(Kind):
    """The worker processes that draw and encode the bot's pictures: the process's pool, shared with the
    computers (at most ``workers`` pictures at a time), unless given a size of its own."""

    KIND = KIND

    def __init__(
        self, workers: int | None = None, timeout: float = DEFAULT_TIMEOUT, pool: Pool | None = None
    ) -> None:
        self.timeout = timeout
        self._own = pool or self.own_pool(KIND, workers)

    @property
    def pool(self) -> Pool:
        """The pool drawing the pictures (the shared one is looked up at each picture: the composition root
        may replace it after this was made)."""
        return self._own or shared()

    def start(self) -> None:
        """Begin starting the workers, off the event loop (the bot's boot calls it, so that the first
        picture finds them up); returns at once."""
        self.pool.start()

    @property
    def running(self) -> bool:
        """Whether a pool of workers is up or starting (not yet closed or discarded)."""
        return self.pool.started

    async def draw(
        self,
        picture: Callable[..., Any],
        *args: Any,
        stem: str,
        encoded: bool = False,
        timeout: float | None = None,
    ) -> Drawing:
        """``picture(*args)`` drawn and encoded in a worker (``picture``: a module-level function of
        ``render``, so it pickles by name; with ``encoded`` it returns its own bytes and file name, as an
        animation does, within ``timeout`` seconds rather than a picture's). Raises ``DrawingFailed``."""
        limit = timeout or self.timeout
        try:
            return await self.pool.run(
                KIND,
                make if encoded else draw,
                *(picture, args, stem),
                timeout=limit,
                start_timeout=self.timeout,
            )
        except WorkersFailed as exc:
            raise DrawingFailed(str(exc)) from exc
        except TimeoutError:
            raise DrawingFailed(f"no picture after {limit:g} s; the worker was ended") from None
        except BrokenProcessPool as exc:
            raise DrawingFailed(f"the drawing's worker process died: {exc}") from exc
        except Exception as exc:
            raise DrawingFailed(f"the drawing failed: {exc!r}") from exc

    async def _discard(self, pool: ProcessPoolExecutor) -> None:
        """End a pool whose worker hangs or died; the next picture starts a new one."""
        await self.pool.discard(pool)

    async def close(self) -> None:
        """End the workers (a drawing under way fails: its message goes out without the picture; the
        computers' decisions too, when shared: the bot is stopping)."""
        await self.pool.close()
