"""The bot's pace against Discord's global rate limit.

Discord lets a bot make 50 requests a second in all (rate-limits.mdx, "Global Rate Limit"; a large bot
may be granted more), and restricts an address that makes 10,000 invalid requests, 429s among them, in
ten minutes ("Invalid Request Limit aka Cloudflare bans"). discord.py learns of the global limit only from
a 429 and then waits, so a busy bot that keeps trying collects 429s by the thousand. The bot keeps its own
count instead: a request that would be one too many in the last second waits its turn, in the order the
requests came, and Discord never has to refuse one.

Only the requests made with the bot's token pass here (discord.py's ``HTTPClient.request``): the answers
to interactions go through the interaction's webhook, which the global limit does not bind.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")

DISCORD_GLOBAL_LIMIT = 50  # requests a second, unless Discord granted the bot more
WINDOW = 1.0  # seconds: Discord counts the requests it receives in each second
# Discord counts a request when it arrives, and trips vary: requests sent more than a second apart can arrive
# within one second. Counting over a longer window keeps within the limit while trips vary by less than this.
SLACK = 0.1  # seconds


class GlobalPace:
    """At most ``per_second`` requests begin in any ``WINDOW + SLACK`` seconds."""

    def __init__(
        self, per_second: int = DISCORD_GLOBAL_LIMIT, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.allowed = max(1, per_second)
        self._clock = clock
        self._sent: deque[float] = deque()
        self._turn = asyncio.Lock()  # waiting requests go in the order they came
        self.waited = 0  # requests that had to wait (the benchmarks report it)

    async def wait(self) -> None:
        """Return when one more request keeps within the limit, and count it."""
        async with self._turn:
            while True:
                now = self._clock()
                window = WINDOW + SLACK
                while self._sent and self._sent[0] <= now - window:
                    self._sent.popleft()
                if len(self._sent) < self.allowed:
                    self._sent.append(now)
                    return
                self.waited += 1
                await asyncio.sleep(self._sent[0] + window - now)

    def paced(self, request: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
        """``request`` made to wait its turn first."""

        @functools.wraps(request)
        async def wrapper(*args: Any, **kwargs: Any) -> T:
            await self.wait()
            return await request(*args, **kwargs)

        return wrapper
