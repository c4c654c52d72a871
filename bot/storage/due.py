"""SQL for the games' stored next-due times (migration 0007): which games the reminder loop must look at.

A game's ``next_due_at`` is written by the service (computed by its policy code); triggers set
``due_stale`` whenever a change may have moved it. Every query here is indexed and reads or writes the
games of one batch at once, never one game at a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

import aiosqlite

from bot.storage.records import GameRow, SeatRow, game_from_row, seat_from_row, to_time

# SQLite's smallest limit on the parameters of one statement is 999; batches stay well below it.
BATCH = 500


def _marks(values: Sequence[object]) -> str:
    return ", ".join("?" for _ in values)


async def stale_games(conn: aiosqlite.Connection, limit: int = BATCH) -> list[GameRow]:
    """Games whose next-due time must be computed again (after a change, or never computed)."""
    async with conn.execute("SELECT * FROM games WHERE due_stale = 1 ORDER BY id LIMIT ?", (limit,)) as cur:
        return [game_from_row(r) for r in await cur.fetchall()]


async def games_due(conn: aiosqlite.Connection, until: datetime) -> list[GameRow]:
    """Active games with something due at or before ``until``."""
    async with conn.execute(
        # without INDEXED BY the planner prefers games_by_status and reads every active game
        "SELECT * FROM games INDEXED BY games_by_next_due"
        " WHERE status = 'active' AND next_due_at <= ? ORDER BY next_due_at, id",
        (to_time(until),),
    ) as cur:
        return [game_from_row(r) for r in await cur.fetchall()]


async def earliest_due(conn: aiosqlite.Connection) -> str | None:
    async with conn.execute(
        "SELECT MIN(next_due_at) FROM games INDEXED BY games_by_next_due WHERE status = 'active'"
    ) as cur:
        row = await cur.fetchone()
    return row[0] if row else None


async def seats_of_games(conn: aiosqlite.Connection, game_ids: Sequence[int]) -> dict[int, list[SeatRow]]:
    """The seats of every game in ``game_ids`` (at most ``BATCH``), in seat order."""
    found: dict[int, list[SeatRow]] = {g: [] for g in game_ids}
    if not game_ids:
        return found
    async with conn.execute(
        f"SELECT * FROM seats WHERE game_id IN ({_marks(game_ids)}) ORDER BY game_id, seat", list(game_ids)
    ) as cur:
        for row in await cur.fetchall():
            found[row["game_id"]].append(seat_from_row(row))
    return found


async def store_next_due(conn: aiosqlite.Connection, due: Iterable[tuple[int, datetime | None]]) -> None:
    """Record each game's computed next-due time and mark it current."""
    await conn.executemany(
        "UPDATE games SET next_due_at = ?, due_stale = 0 WHERE id = ?",
        [(to_time(at), game_id) for game_id, at in due],
    )
