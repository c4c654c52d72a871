"""Discord's HTTP rate limits as the stand-in answers them (rate-limits.mdx).

Every request counts against a per-route bucket, one per route and top-level resource (``channel_id``,
``guild_id``, or a webhook's id and token), and against the bot's global limit of 50 requests per second.
Answers carry the ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``, ``-Reset-After`` and ``-Bucket`` headers;
a request over a limit gets 429 with ``retry_after`` and ``global`` in the body and a ``Retry-After`` header
(plus ``X-RateLimit-Scope``, and ``X-RateLimit-Global`` for the global limit). Interaction endpoints (the
callback and the interaction webhooks) are not bound to the global limit (receiving-and-responding.mdx,
"Endpoints"). Creating application commands is limited to 200 a day per guild (application-commands.mdx),
refused with 429 / 30034 (opcodes-and-status-codes.mdx). An address that makes 10,000 invalid requests
(answered 401, 403, or 429 other than a shared-scope one) in 10 minutes is banned for a while ("Invalid
Request Limit aka Cloudflare bans"): every request is then refused by Cloudflare, a 429 without "Via".

Buckets are fixed windows on the stand-in's ``Clock``: they reset in real time (discord.py really sleeps until
then) and at once when a test moves the clock on. Discord does not document per-route sizes (its headers
tell them); the defaults are the usual ones for the routes a game bot calls, and tests may shrink them.
"""

from __future__ import annotations

import hashlib
import math
from collections import deque
from dataclasses import dataclass, field

from .ids import Clock


@dataclass(frozen=True)
class Limit:
    """``requests`` per ``per`` seconds."""

    requests: int
    per: float


#: Per-route bucket sizes: posting, editing and deleting messages, 5 per 5 seconds per channel.
ROUTE_LIMITS: dict[str, Limit] = {
    "POST /channels/{channel_id}/messages": Limit(5, 5.0),
    "PATCH /channels/{channel_id}/messages/{message_id}": Limit(5, 5.0),
    "DELETE /channels/{channel_id}/messages/{message_id}": Limit(5, 5.0),
    "POST /channels/{channel_id}/threads": Limit(10, 10.0),
    "POST /channels/{channel_id}/typing": Limit(5, 5.0),
}
#: Any other route.
DEFAULT_LIMIT = Limit(10, 1.0)
#: "All bots can make up to 50 requests per second to our API" (rate-limits.mdx, "Global Rate Limit").
GLOBAL_LIMIT = Limit(50, 1.0)
#: "IP addresses that make too many invalid HTTP requests are automatically and temporarily restricted ...
#: this limit is 10,000 per 10 minutes" (rate-limits.mdx); Discord does not say for how long: an hour here.
INVALID_LIMIT = Limit(10_000, 600.0)
BAN_SECONDS = 3600.0
INVALID_STATUSES = frozenset({401, 403, 429})
#: "200 application command creates per day, per guild" (application-commands.mdx).
DAILY_COMMAND_CREATES = 200
MAX_DAILY_COMMAND_CREATES_CODE = 30034
_DAY = 86_400.0
# The path parameters that are top-level resources: a bucket is kept per value (rate-limits.mdx).
_TOP_LEVEL = ("channel_id", "guild_id")
_WEBHOOK_PREFIX = "/webhooks/"
_INTERACTION_PREFIX = "/interactions/"
# Real answers come through Cloudflare's proxy; discord.py takes a 429 without "Via" for a Cloudflare ban.
VIA = {"Via": "1.1 google"}


@dataclass(frozen=True)
class RateLimited:
    """One 429 the stand-in answered."""

    method: str
    path: str
    scope: str  # "user" (a route's bucket), "global", or "daily" (command creates)
    retry_after: float


class TooManyRequests(Exception):
    """The request is refused with 429: ``body`` and ``headers`` are the answer."""

    def __init__(self, body: dict[str, object], headers: dict[str, str]) -> None:
        super().__init__(body.get("message"))
        self.body = body
        self.headers = headers


@dataclass
class _Window:
    limit: Limit
    used: int = 0
    resets_at: float = 0.0

    def refresh(self, now: float) -> None:
        if now >= self.resets_at:
            self.used, self.resets_at = 0, now + self.limit.per

    @property
    def remaining(self) -> int:
        return max(0, self.limit.requests - self.used)


@dataclass
class RateLimits:
    """The buckets of one bot; the sizes may be changed by tests before or while the bot runs."""

    clock: Clock
    routes: dict[str, Limit] = field(default_factory=lambda: dict(ROUTE_LIMITS))
    default: Limit = DEFAULT_LIMIT
    global_limit: Limit = GLOBAL_LIMIT
    daily_command_creates: int = DAILY_COMMAND_CREATES
    rate_limited: list[RateLimited] = field(default_factory=list)  # every 429 answered, for tests
    invalid_limit: Limit = INVALID_LIMIT
    banned_until: float = 0.0
    _invalid: deque[float] = field(default_factory=deque)  # when each recent invalid request was answered
    _windows: dict[str, _Window] = field(default_factory=dict)
    _global: _Window | None = None
    _creates: dict[str, list[float]] = field(default_factory=dict)  # scope -> times of creates in a day

    def speed_up(self, factor: float) -> None:
        """Shorten every per-route window ``factor`` times, for tests that play days of moves in seconds: the
        bot still meets the limits and must obey them, without waiting as long as a day's play would."""
        self.routes = {
            route: Limit(limit.requests, limit.per / factor) for route, limit in self.routes.items()
        }
        self.default = Limit(self.default.requests, self.default.per / factor)

    def _now(self) -> float:
        return self.clock.now().timestamp()

    def admit(self, method: str, template: str, path: str, params: dict[str, str]) -> dict[str, str]:
        """Count one request; the rate-limit headers for its answer, or ``TooManyRequests``."""
        if path.startswith(_INTERACTION_PREFIX):
            return {}  # one callback per interaction token; not bound to the global limit
        now = self._now()
        if not path.startswith(_WEBHOOK_PREFIX):
            self._count_global(method, path, now)
        route = f"{method} {template}"
        limit = self.routes.get(route, self.default)
        key = route + "".join(f" {params[name]}" for name in _TOP_LEVEL if name in params)
        if path.startswith(_WEBHOOK_PREFIX):
            key += f" {params.get('app')} {params.get('token')}"  # webhook id + token
        window = self._windows.setdefault(key, _Window(limit))
        window.limit = limit
        window.refresh(now)
        headers = {
            "X-RateLimit-Limit": str(limit.requests),
            "X-RateLimit-Reset": f"{window.resets_at:.3f}",
            "X-RateLimit-Reset-After": f"{window.resets_at - now:.3f}",
            # Names the limit, not the resource (rate-limits.mdx, "Header Format").
            "X-RateLimit-Bucket": hashlib.sha256(route.encode()).hexdigest()[:32],
        }
        if window.remaining == 0:
            retry_after = window.resets_at - now
            headers |= {"X-RateLimit-Remaining": "0", "X-RateLimit-Scope": "user"}
            raise self._refuse(method, path, "user", retry_after, headers)
        window.used += 1
        headers["X-RateLimit-Remaining"] = str(window.remaining)
        return headers

    def banned(self) -> bool:
        """Whether the bot's address is banned for its invalid requests now."""
        return self._now() < self.banned_until

    def count_answer(self, status: int, headers: dict[str, str]) -> bool:
        """Count an answer towards the invalid request limit; True when it is the one that passes it."""
        if status not in INVALID_STATUSES or headers.get("X-RateLimit-Scope") == "shared":
            return False
        now = self._now()
        self._invalid.append(now)
        while self._invalid and self._invalid[0] <= now - self.invalid_limit.per:
            self._invalid.popleft()
        if len(self._invalid) <= self.invalid_limit.requests or self.banned():
            return False
        self.banned_until = now + BAN_SECONDS
        return True

    def _count_global(self, method: str, path: str, now: float) -> None:
        window = self._global
        if window is None or window.limit != self.global_limit:
            window = self._global = _Window(self.global_limit)
        window.refresh(now)
        if window.remaining == 0:
            headers = {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
            raise self._refuse(method, path, "global", window.resets_at - now, headers)
        window.used += 1

    def create_commands(self, method: str, path: str, scope: str, count: int) -> None:
        """Count ``count`` new commands in ``scope`` (a guild id, or "global") against the daily limit."""
        if count == 0:
            return
        now = self._now()
        recent = [t for t in self._creates.get(scope, []) if t > now - _DAY]
        if len(recent) + count > self.daily_command_creates:
            retry_after = recent[0] + _DAY - now if recent else _DAY
            raise self._refuse(
                method,
                path,
                "daily",
                retry_after,
                {},
                code=MAX_DAILY_COMMAND_CREATES_CODE,
                message="Maximum number of daily application command creates has been reached (200)",
            )
        self._creates[scope] = recent + [now] * count

    def _refuse(
        self,
        method: str,
        path: str,
        scope: str,
        retry_after: float,
        headers: dict[str, str],
        *,
        code: int | None = None,
        message: str = "You are being rate limited.",
    ) -> TooManyRequests:
        retry_after = round(max(retry_after, 0.001), 3)
        self.rate_limited.append(RateLimited(method, path, scope, retry_after))
        body: dict[str, object] = {"message": message, "retry_after": retry_after}
        body["global"] = scope == "global"
        if code is not None:
            body["code"] = code
        # Retry-After is in whole seconds, rounded up.
        return TooManyRequests(body, headers | {"Retry-After": str(math.ceil(retry_after))})
