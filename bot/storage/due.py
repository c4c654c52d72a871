"""SQL for the games' stored next-due times (migration 0007): which games the reminder loop must look at.

A game's ``next_due_at`` is written by the service (computed by its policy code); triggers set
``due_stale`` whenever a change may have moved it. Every query here is indexed and reads or writes the
games of one batch at once, never one game at a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from bot.storage.records import GameRow, SeatRow, decoded, game_from_row, seat_from_row, to_time
from bot.storage.sql import Conn, indexed_by, rows, run, run_many, skip_locked, value

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
    bad: list[int] = []
    games = decoded(found, game_from_row, bad)
    if bad:  # a game whose row no longer decodes has no due time the loop could act on: not stale again
        await run(conn, "UPDATE games SET due_stale = 0, next_due_at = NULL WHERE id IN :bad", bad=bad)
    return games


async def games_due(conn: Conn, until: datetime) -> list[GameRow]:
    """Active games with something due at or before ``until``."""
    found = await rows(
        conn,
        # without the hint SQLite's planner prefers games_by_status and reads every active game
        f"SELECT * FROM games {indexed_by(conn, 'games_by_next_due')}"
        " WHERE status = 'active' AND next_due_at <= :until ORDER BY next_due_at, id",
        until=to_time(until),
    )
    return decoded(found, game_from_row)


async def earliest_due(conn: Conn) -> str | None:
    return await value(
        conn,
        f"SELECT MIN(next_due_at) FROM games {indexed_by(conn, 'games_by_next_due')} WHERE status = 'active'",
    )


async def seats_of_games(conn: Conn, game_ids: Sequence[int]) -> dict[int, list[SeatRow]]:
    """The seats of every game in ``game_ids`` (at most ``BATCH``), in seat order; a game one of whose seats
    no longer decodes is not among them."""
    found: dict[int, list[SeatRow]] = {g: [] for g in game_ids}
    if not game_ids:
        return found
    listed = await rows(
        conn, "SELECT * FROM seats WHERE game_id IN :games ORDER BY game_id, seat", games=list(game_ids)
    )
    bad: list[int] = []
    for seat in decoded(listed, seat_from_row, bad):
        found[seat.game_id].append(seat)
    for game_id in bad:  # a game with a seat that no longer decodes is left out whole
        found.pop(game_id, None)
    return found


async def store_next_due(conn: Conn, due: Iterable[tuple[int, datetime | None]]) -> None:
    """Record each game's computed next-due time and mark it current."""
    await run_many(
        conn,
        "UPDATE games SET next_due_at = :at, due_stale = 0 WHERE id = :game_id",
        [{"at": to_time(at), "game_id": game_id} for game_id, at in due],
    )


async def claim(conn: Conn, game_ids: Sequence[int], holder: str, now: datetime, until: datetime) -> set[int]:
    """Take the due work of those of ``game_ids`` no other process holds (or whose holder's lease ran
    out: it stopped renewing) for ``holder``, its lease running until ``until``; returns the games taken.
    A game ``holder`` holds already is taken again (its lease renewed)."""
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


async def renew(conn: Conn, game_ids: Sequence[int], holder: str, until: datetime) -> None:
    """Extend ``holder``'s lease on those of ``game_ids`` it still holds to ``until``."""
    if game_ids:
        await run(
            conn,
            "UPDATE games SET claimed_until = :until WHERE id IN :games AND claimed_by = :holder",
            games=list(game_ids),
            holder=holder,
            until=to_time(until),
        )


async def lapsed(conn: Conn, holder: str, now: datetime, due_by: datetime) -> bool:
    """Whether a game with something due by ``due_by`` (or whose next-due time is not computed yet) is
    claimed by another holder whose lease ran out by ``now`` (that process died or hangs): its work waits
    for whoever takes it over. Two indexed queries."""
    claimed = "claimed_by <> :holder AND claimed_until <= :now"
    for where in (
        f"{indexed_by(conn, 'games_by_next_due')} WHERE status = 'active' AND next_due_at <= :due_by",
        f"{indexed_by(conn, 'games_due_stale')} WHERE due_stale = 1",
    ):
        found = await value(
            conn,
            f"SELECT 1 FROM games {where} AND {claimed} LIMIT 1",
            holder=holder,
            now=to_time(now),
            due_by=to_time(due_by),
        )
        if found is not None:
            return True
    return False


async def lapsed_among(conn: Conn, game_ids: Sequence[int], holder: str, now: datetime) -> set[int]:
    """Those of ``game_ids`` (at most ``BATCH``) claimed by another holder whose lease ran out by ``now``."""
    if not game_ids:
        return set()
    found = await rows(
        conn,
        "SELECT id FROM games WHERE id IN :games AND claimed_by <> :holder AND claimed_until <= :now",
        games=list(game_ids),
        holder=holder,
        now=to_time(now),
    )
    return {r["id"] for r in found}


async def release(conn: Conn, game_ids: Sequence[int], holder: str) -> None:
    """Give back ``holder``'s claims on ``game_ids`` (its work there is done)."""
    if game_ids:
        await run(
            conn,
            "UPDATE games SET claimed_by = NULL, claimed_until = NULL"
            " WHERE id IN :games AND claimed_by = :holder",
            games=list(game_ids),
            holder=holder,
        )


async def release_all(conn: Conn, holder: str) -> None:
    """Give back every claim of ``holder`` (it stops)."""
    await run(
        conn,
        "UPDATE games SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = :holder",
        holder=holder,
    )


async def release_others(conn: Conn, holder: str) -> None:
    """End every claim not ``holder``'s: where it is the only process that claims, the others were left
    by earlier lives of it."""
    await run(
        conn,
        "UPDATE games SET claimed_by = NULL, claimed_until = NULL"
        " WHERE claimed_by IS NOT NULL AND claimed_by <> :holder",
        holder=holder,
    )
