"""What a write transaction locks, so that writes to different games run together on PostgreSQL.

Each write names what it locks (``Database.transaction(game=…, locks=…)``): the game it changes, or the
narrow thing it checks across games: a guild (new games there), a user (their settings), or one of the
fixed keys below for work that spans many games. On PostgreSQL each becomes a transaction-scoped advisory
lock, taken at the start of the transaction in the order of its key, so no two writes ever wait for each
other in a circle. A move's version check (``games.set_version``) stays what makes a stale writer fail
with ``Busy``; the game's lock only makes two writes to one game wait for each other instead of racing.
A finished game's results are its own rows, written under its lock; the ratings, kept in step across
games, are written after it in a transaction of their own under ``RATINGS``. On SQLite one writer at a
time makes every lock implicit.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Lock:
    """One thing a write transaction holds until it ends: ``kind`` and, for a kind with many, an id."""

    kind: str
    id: int = 0

    @property
    def key(self) -> int:
        """The advisory lock's key: a signed 64-bit number from the kind and id (two things that meet
        on one key only wait for each other, never miss a lock)."""
        digest = hashlib.blake2b(f"{self.kind}:{self.id}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big", signed=True)


def game(game_id: int) -> Lock:
    """One game's rows: its moves, seats, snapshot, messages and clocks."""
    return Lock("game", game_id)


def guild(guild_id: int | None) -> Lock:
    """A guild's new games (one open game a channel, the hosting limit) and its settings; games outside a
    guild share one key."""
    return Lock("guild", guild_id or 0)


def user(user_id: int) -> Lock:
    """A user's settings, and their seats in every game when a setting changes them all (muting)."""
    return Lock("user", user_id)


#: Which process does which game's due work (``games.claimed_by``): claims and their release.
CLAIMS = Lock("claims")
#: The sweep that computes again the next-due time of the games a change marked stale.
DUE = Lock("due")
#: The parts of Discord's global limit the processes sharing a token take (``request_shares``).
SHARES = Lock("request_shares")
#: Every rating (``ratings``, ``rating_history``, ``rated_games``): games are rated one at a time, in order.
RATINGS = Lock("ratings")
#: A whole database written at once (a copy into a new one).
EVERYTHING = Lock("everything")


def keys_of(locks: Iterable[Lock]) -> list[int]:
    """The advisory keys of ``locks``, each once, in the one order every transaction takes them."""
    return sorted({lock.key for lock in locks})
