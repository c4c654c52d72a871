"""The bot's pace against Discord's global rate limit.

Discord lets a bot make 50 requests a second in all (rate-limits.mdx, "Global Rate Limit"; a large bot
may be granted more), and restricts an address that makes 10,000 invalid requests, 429s among them, in
ten minutes ("Invalid Request Limit aka Cloudflare bans"). discord.py learns of the global limit only from
a 429 and then waits, so a busy bot that keeps trying collects 429s by the thousand. The bot keeps its own
count instead: a request that would be one too many waits its turn, and Discord never has to refuse one.

Waiting requests go in the order they came, except that what nobody is waiting for (a reminder round's
posts, made inside ``background()``) goes after what somebody is: a person's move is announced first. But
not for ever: a background request that has waited ``BACKGROUND_PATIENCE`` goes next, since it holds its
game's posting lock (``bot.play.posting``) and the next move in that game waits for it to be told; with
people's requests always waiting, it would otherwise never go.

Only the requests made with the bot's token pass here (discord.py's ``HTTPClient.request``): the answers
to interactions go through the interaction's webhook, which the global limit does not bind.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")

DISCORD_GLOBAL_LIMIT = 50  # requests a second, unless Discord granted the bot more
WINDOW = 1.0  # seconds: Discord counts the requests it receives in each second
# Discord counts a request when it arrives, and trips vary: requests sent more than a second apart can arrive
# within one second. Counting over a longer window keeps within the limit while trips vary by less than this.
SLACK = 0.1  # seconds
BACKGROUND_PATIENCE = 2.0  # seconds a background request waits behind people's at most, then it goes next

Queue = deque[tuple[asyncio.Future[None], float]]

_background: contextvars.ContextVar[bool] = contextvars.ContextVar("paced_in_background", default=False)


@contextlib.contextmanager
def background() -> Iterator[None]:
    """Requests made inside (and in tasks started inside) wait behind everyone else's."""
    token = _background.set(True)
    try:
        yield
    finally:
        _background.reset(token)


class GlobalPace:
    """At most ``per_second`` requests begin in any ``WINDOW + SLACK`` seconds."""

    def __init__(
        self, per_second: int = DISCORD_GLOBAL_LIMIT, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.allowed = max(1, per_second)
        self._clock = clock
        self._sent: deque[float] = deque()
        # those waiting, each with when it asked: people's first, then the background's
        self._waiting: tuple[Queue, Queue] = (deque(), deque())
        self._timer: asyncio.TimerHandle | None = None
        self.waited = 0  # requests that had to wait (the benchmarks report it)

    async def wait(self) -> None:
        """Return when one more request keeps within the limit, and count it."""
        now = self._clock()
        if not any(self._waiting) and self._free(now):
            self._sent.append(now)
            return
        self.waited += 1
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[1 if _background.get() else 0].append((turn, now))
        self._grant()
        await turn  # cancelled: its turn is skipped when it comes

    def paced(self, request: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
        """``request`` made to wait its turn first."""

        @functools.wraps(request)
        async def wrapper(*args: Any, **kwargs: Any) -> T:
            await self.wait()
            return await request(*args, **kwargs)

        return wrapper

    def _free(self, now: float) -> bool:
        while self._sent and self._sent[0] <= now - (WINDOW + SLACK):
            self._sent.popleft()
        return len(self._sent) < self.allowed

    def _let_go(self, queue: Queue, now: float, asked_by: float = float("inf")) -> None:
        """Let the requests at the head of ``queue`` that asked by ``asked_by`` go while the window has
        room."""
        while queue and queue[0][1] <= asked_by and self._free(now):
            turn, _ = queue.popleft()
            if not turn.done():  # a cancelled wait takes no place in the window
                turn.set_result(None)
                self._sent.append(now)

    def _grant(self) -> None:
        """Let waiting requests go while the window has room; come back when it next has."""
        if self._timer is not None:
            self._timer.cancel()  # this call does the timer's work; one timer at a time
            self._timer = None
        now = self._clock()
        people, behind = self._waiting
        self._let_go(behind, now, asked_by=now - BACKGROUND_PATIENCE)  # waited long enough
        self._let_go(people, now)
        self._let_go(behind, now)
        if any(self._waiting):
            # a callback, not a task: nothing waits on it, so an interaction's work ends with its own
            delay = self._sent[0] + WINDOW + SLACK - now
            self._timer = asyncio.get_running_loop().call_later(max(0.0, delay), self._grant)
