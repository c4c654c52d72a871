"""SQL for the parts of Discord's global request limit that processes sharing one token take (migration
0017, ``request_shares``; the arithmetic is ``bot.pacing``'s).

Each process renews its row in a write transaction of its own that locks this table
(``locks.SHARES``): ``others`` first, then ``keep``. So on PostgreSQL two processes never renew at once
and each reads the parts the others hold as they are, not as they were before a renewal in flight.
"""

from __future__ import annotations

from datetime import datetime

from bot.storage.records import to_time
from bot.storage.sql import Conn, rows, run


async def others(conn: Conn, holder: str, seen_after: datetime) -> list[int]:
    """The budgets of the live processes other than ``holder`` (renewed after ``seen_after``); the rows
    of those not renewed since (dead ones, and ``holder``'s own if it was away that long) are deleted."""
    await run(conn, "DELETE FROM request_shares WHERE seen_at <= :expired", expired=to_time(seen_after))
    found = await rows(conn, "SELECT budget FROM request_shares WHERE holder <> :holder", holder=holder)
    return [r["budget"] for r in found]


async def keep(conn: Conn, holder: str, budget: int, now: datetime) -> None:
    """Record that ``holder`` is alive at ``now`` and may begin up to ``budget`` requests a window."""
    await run(
        conn,
        "INSERT INTO request_shares (holder, budget, seen_at) VALUES (:holder, :budget, :now)"
        " ON CONFLICT (holder) DO UPDATE SET budget = excluded.budget, seen_at = excluded.seen_at",
        holder=holder,
        budget=budget,
        now=to_time(now),
    )


async def leave(conn: Conn, holder: str) -> None:
    """Give ``holder``'s part back at once (a clean stop)."""
    await run(conn, "DELETE FROM request_shares WHERE holder = :holder", holder=holder)
