"""Identifiers and time as Discord shapes them: snowflakes, ISO timestamps, random tokens, a movable clock."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

DISCORD_EPOCH_MS = 1_420_070_400_000


class Clock:
    """Wall-clock time plus an offset that tests move forward (token expiry, response deadlines)."""

    def __init__(self) -> None:
        self._offset = timedelta()

    def now(self) -> datetime:
        return datetime.now(UTC) + self._offset

    def advance(self, *, seconds: float = 0, minutes: float = 0) -> None:
        self._offset += timedelta(seconds=seconds, minutes=minutes)


class Snowflakes:
    """Snowflake ids (as strings, like the API sends them) that grow with time and never repeat."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> str:
        millis = int(self._clock.now().timestamp() * 1000) - DISCORD_EPOCH_MS
        candidate = millis << 22 | 1 << 17  # worker 0, process 1, increment 0
        self._last = max(candidate, self._last + 1)
        return str(self._last)

    def claim(self, known: str) -> str:
        """Take an id kept from an earlier run (a restored world): later ids stay above it."""
        self._last = max(self._last, int(known))
        return known

    def aim_at_shard(self, shard_id: int, count: int) -> None:
        """Make the next id route to shard ``shard_id`` of ``count``: ``(id >> 22) % count`` (gateway.mdx,
        "Sharding"). Its timestamp moves a few milliseconds ahead, far enough that time cannot overtake it."""
        millis = max(self._last >> 22, int(self._clock.now().timestamp() * 1000) - DISCORD_EPOCH_MS) + 50
        millis += (shard_id - millis) % count
        self._last = (millis << 22) - 1


def iso(moment: datetime) -> str:
    """An ISO 8601 timestamp with microseconds and a UTC offset, as the API writes them."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def new_token() -> str:
    """A random interaction token (Discord's are long opaque URL-safe strings)."""
    return "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(96)
