"""SQL for the games' stored next-due times (migration 0007): which games the reminder loop must look at.

A game's ``next_due_at`` is written by the service (computed by its policy code); triggers set
``due_stale`` whenever a change may have moved it. Every query here is indexed and reads or writes the
games of one batch at once, never one game at a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from bot.storage.records import GameRow, SeatRow, game_from_row, seat_from_row, to_time
from bot.storage.sql import Conn, indexed_by, rows, run_many, send, skip_locked, value

# SQLite's smallest limit on the parameters of one statement is 999; batches stay well below it.
BATCH = 500


async def stale_games(conn: Conn, after: int = 0, limit: int = BATCH) -> list[GameRow]:
    """Games whose next-due time must be computed again (after a change, or never computed), in id order
    from the first after ``after``."""
    found = await rows(
        conn,
        # locked until the new times are stored, so a change to one of these games meanwhile marks it stale
        # again after them (one being changed now is passed over: its change marks it stale anyway)
        "SELECT * FROM games WHERE due_stale = 1 AND id > :after ORDER BY id LIMIT :limit"
        f" {skip_locked(conn)}",
        after=after,
        limit=limit,
    )
    return [game_from_row(r) for r in found]


async def games_due(conn: Conn, until: datetime) -> list[GameRow]:
    """Active games with something due at or before ``until``."""
    found = await rows(
        conn,
        # without the hint SQLite's planner prefers games_by_status and reads every active game
        f"SELECT * FROM games {indexed_by(conn, 'games_by_next_due')}"
        " WHERE status = 'active' AND next_due_at <= :until ORDER BY next_due_at, id",
        until=to_time(until),
    )
    return [game_from_row(r) for r in found]


async def earliest_due(conn: Conn) -> str | None:
    return await value(
        conn,
        f"SELECT MIN(next_due_at) FROM games {indexed_by(conn, 'games_by_next_due')} WHERE status = 'active'",
    )


async def seats_of_games(conn: Conn, game_ids: Sequence[int]) -> dict[int, list[SeatRow]]:
    """The seats of every game in ``game_ids`` (at most ``BATCH``), in seat order."""
    found: dict[int, list[SeatRow]] = {g: [] for g in game_ids}
    if not game_ids:
        return found
    for row in await rows(
        conn, "SELECT * FROM seats WHERE game_id IN :games ORDER BY game_id, seat", games=list(game_ids)
    ):
        found[row["game_id"]].append(seat_from_row(row))
    return found


async def store_next_due(conn: Conn, due: Iterable[tuple[int, datetime | None]]) -> None:
    """Record each game's computed next-due time and mark it current."""
    await run_many(
        conn,
        "UPDATE games SET next_due_at = :at, due_stale = 0 WHERE id = :game_id",
        [{"at": to_time(at), "game_id": game_id} for game_id, at in due],
    )


async def claim(conn: Conn, game_ids: Sequence[int], holder: str, now: datetime, until: datetime) -> set[int]:
    """Take the due work of those of ``game_ids`` no other process holds (or whose holder's claim ran
    out) for ``holder`` until ``until``; returns the games taken. A game ``holder`` holds already is
    taken again (its claim renewed)."""
    if not game_ids:
        return set()
    taken = await rows(
        conn,
        "UPDATE games SET claimed_by = :holder, claimed_until = :until WHERE id IN ("
        " SELECT id FROM games WHERE id IN :games"
        " AND (claimed_until IS NULL OR claimed_until <= :now OR claimed_by = :holder)"
        f" {skip_locked(conn)}) RETURNING id",
        holder=holder,
        until=to_time(until),
        now=to_time(now),
        games=list(game_ids),
    )
    return {r["id"] for r in taken}


async def release(conn: Conn, game_ids: Sequence[int], holder: str) -> None:
    """Give back ``holder``'s claims on ``game_ids`` (its work there is done)."""
    if game_ids:
        await send(
            conn,
            "UPDATE games SET claimed_by = NULL, claimed_until = NULL"
            " WHERE id IN :games AND claimed_by = :holder",
            games=list(game_ids),
            holder=holder,
        )
