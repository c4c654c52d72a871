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

The limit is the token's, not the process's. Processes that may share the token (those sharing a
PostgreSQL database, or splitting the shards with ``SHARD_IDS``) share it through the database
(``TokenShare``): each takes an equal part among the live ones, and never more than the others' parts
leave free, so the parts never add up to more than the limit, even while a process joins or leaves.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, ParamSpec, TypeVar

from bot.storage import locks, shares
from bot.storage.db import Database

T = TypeVar("T")
P = ParamSpec("P")

DISCORD_GLOBAL_LIMIT = 50  # requests a second, unless Discord granted the bot more
WINDOW = 1.0  # seconds: Discord counts the requests it receives in each second
# Discord counts a request when it arrives, and trips vary: requests sent more than a second apart can arrive
# within one second. Counting over a longer window keeps within the limit while trips vary by less than this.
SLACK = 0.1  # seconds
BACKGROUND_PATIENCE = 2.0  # seconds a background request waits behind people's at most, then it goes next
RENEW = 2.0  # seconds between a process's renewals of its part of the limit (a quarter of it without a part)
LEASE = timedelta(seconds=10)  # a process's part is taken until this long after its last renewal

log = logging.getLogger(__name__)

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
        self._closed = False

    async def wait(self) -> None:
        """Return when one more request keeps within the limit, and count it."""
        now = self._clock()
        if self._closed or (not any(self._waiting) and self._free(now)):
            self._sent.append(now)
            return
        self.waited += 1
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[1 if _background.get() else 0].append((turn, now))
        self._grant()
        await turn  # cancelled: its turn is skipped when it comes

    def paced(self, request: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
        """``request`` made to wait its turn first (its signature kept, so it can stand in for it)."""

        @functools.wraps(request)
        async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
            await self.wait()
            return await request(*args, **kwargs)

        return wrapper

    def close(self) -> None:
        """Pace nothing more: the bot has closed its connection, so a request waiting now goes on at once,
        to be refused by the closed session, rather than wait for a part no renewal will bring."""
        self._closed = True
        for queue in self._waiting:
            while queue:
                turn, _ = queue.popleft()
                if not turn.done():
                    turn.set_result(None)

    def share(self, allowed: int) -> None:
        """Let ``allowed`` requests begin in a window from now on (0: none until a later share); those
        waiting go now if the new part has room."""
        self.allowed = allowed
        if any(self._waiting):
            self._grant()

    def recent(self) -> int:
        """How many requests began in the window that ends now."""
        self._forget(self._clock())
        return len(self._sent)

    def _forget(self, now: float) -> None:
        while self._sent and self._sent[0] <= now - (WINDOW + SLACK):
            self._sent.popleft()

    def _free(self, now: float) -> bool:
        self._forget(now)
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
        if any(self._waiting) and self._sent:  # none sent: no part yet, and ``share`` grants again
            # a callback, not a task: nothing waits on it, so an interaction's work ends with its own
            delay = self._sent[0] + WINDOW + SLACK - now
            self._timer = asyncio.get_running_loop().call_later(max(0.0, delay), self._grant)


def part_of_limit(limit: int, others: Sequence[int]) -> int:
    """A process's part of ``limit`` when the other live processes hold ``others``: an equal part among
    all of them (rounded up, so that the parts use all of the limit), but no more than the others leave
    free (a process joining gets its part once the others have given theirs up at their next renewal)."""
    equal = -(-limit // (len(others) + 1))
    return max(0, min(equal, limit - sum(others)))


class TokenShare:
    """This process's part of the token's global limit, kept in the database shared with the other
    processes on the token (``bot.storage.shares``) and renewed every ``RENEW`` seconds.

    The part a process records is the most it may begin in any one window until its next renewal: a
    smaller part is taken at once, but recorded as no less than what the window still holds (begun under
    the larger one); a larger part is taken only once it is recorded. A renewal that fails (the database
    out of reach) keeps the part the process has, which the others count until its lease runs out.
    """

    def __init__(
        self,
        pace: GlobalPace,
        db: Database,
        holder: str,
        *,
        limit: int,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.pace = pace
        self.db = db
        self.holder = holder
        self.limit = limit
        self._clock = clock
        self._task: asyncio.Task[None] | None = None
        self._failing = False

    async def start(self) -> None:
        """Take this process's part (no request goes before it) and keep renewing it in the background."""
        self.pace.share(0)
        await self.renew()
        self._task = asyncio.create_task(self._keep(), name="token-share")

    async def renew(self) -> None:
        """Record that this process is alive and take its part as the other live processes leave it."""
        now = self._clock()
        try:
            async with self.db.transaction(locks=(locks.SHARES,)) as conn:
                part = part_of_limit(self.limit, await shares.others(conn, self.holder, now - LEASE))
                if part < self.pace.allowed:
                    self.pace.share(part)  # before the others can read it and take what it gives up
                await shares.keep(conn, self.holder, max(part, self.pace.recent()), now)
        except Exception:  # whatever keeps the database out of reach: the part held stays safe meanwhile
            if not self._failing:
                log.warning(
                    "could not renew this process's part of the global limit; keeping it", exc_info=True
                )
            self._failing = True
            return
        if self._failing:
            log.info("renewed this process's part of the global limit again")
        self._failing = False
        self.pace.share(part)

    async def stop(self) -> None:
        """Stop renewing and give the part back: the others take it at their next renewal."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        try:
            async with self.db.transaction(locks=(locks.SHARES,)) as conn:
                await shares.leave(conn, self.holder)
        except Exception:  # the others take the part back anyway once its lease runs out
            log.warning("could not give back this process's part of the global limit", exc_info=True)

    async def _keep(self) -> None:
        while True:
            # without a part, ask again sooner: the others give theirs up at their next renewal
            await asyncio.sleep(RENEW if self.pace.allowed else RENEW / 4)
            await self.renew()
