"""SQL for games, seats, the move log (and how much of it the channel was told), undone moves, snapshots
and deadline votes.

Every function takes the connection of the caller's transaction (``Database.transaction`` or
``Database.reading``), so one service operation composes several of them atomically.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from bot.storage.records import (
    GameRow,
    MoveRow,
    SeatRow,
    Snapshot,
    from_json,
    game_from_row,
    move_from_row,
    seat_from_row,
    to_json,
    to_time,
)

OPEN_STATUSES = ("lobby", "active")

# Columns a caller may change through ``update_game`` / ``update_seat``, with how to store each value.
_GAME_COLUMNS = {
    "status": str,
    "host_id": int,
    "max_players": None,
    "to_act": to_json,
    "updated_at": to_time,
    "turn_started_at": to_time,
    "reminder_minutes": None,
    "deadline_minutes": None,
    "deadline_action": str,
    "seat_order": str,
    "options": to_json,
    "paused_at": to_time,
    "pictures": str,
    "computer_posts": str,
    "computer_pause": int,
    "channel_style": str,
    "auto_play": int,
    "language": str,
}
_SEAT_COLUMNS = {
    "user_id": None,
    "name": str,
    "is_ai": int,
    "ai_level": None,
    "state": str,
    "waiting_since": to_time,
    "last_reminded_at": to_time,
    "muted": int,
    "muted_turn": to_time,
    "vote_opened_at": to_time,
    "offered_to": None,
}


def _assignments(columns: Mapping[str, Any], allowed: Mapping[str, Any]) -> tuple[str, list[Any]]:
    unknown = set(columns) - set(allowed)
    if unknown:
        raise ValueError(f"cannot update columns {sorted(unknown)}")
    values = []
    for name, value in columns.items():
        convert = allowed[name]
        values.append(value if convert is None or value is None else convert(value))
    return ", ".join(f"{name} = ?" for name in columns), values


async def _one(conn: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> aiosqlite.Row | None:
    async with conn.execute(sql, params) as cur:
        return await cur.fetchone()


async def _all(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
    async with conn.execute(sql, params) as cur:
        return list(await cur.fetchall())


# --- games ---------------------------------------------------------------------------------------------


async def insert_game(
    conn: aiosqlite.Connection,
    *,
    guild_id: int | None,
    channel_id: int,
    host_id: int,
    rules_id: str,
    options: Mapping[str, Any],
    seed: int,
    now: datetime,
    status: str = "lobby",
    max_players: int | None = None,
    seat_order: str = "random",
    reminder_minutes: int | None = None,
    deadline_minutes: int | None = None,
    deadline_action: str = "skip",
    imported_moves: int | None = None,
    parent_id: int | None = None,
    channel_style: str = "quiet",
    auto_play: bool = True,
    language: str = "en",
) -> int:
    """A new game row; raises ``sqlite3.IntegrityError`` when the channel already has an open game."""
    cur = await conn.execute(
        "INSERT INTO games (guild_id, channel_id, host_id, rules_id, options, seed, status, max_players,"
        " seat_order, created_at, updated_at, reminder_minutes, deadline_minutes, deadline_action,"
        " imported_moves, parent_id, channel_style, auto_play, language)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            channel_id,
            host_id,
            rules_id,
            to_json(dict(options)),
            seed,
            status,
            max_players,
            seat_order,
            to_time(now),
            to_time(now),
            reminder_minutes,
            deadline_minutes,
            deadline_action,
            imported_moves,
            parent_id,
            channel_style,
            int(auto_play),
            language,
        ),
    )
    await cur.close()
    return int(cur.lastrowid)  # type: ignore[arg-type]


async def game_by_id(conn: aiosqlite.Connection, game_id: int) -> GameRow | None:
    row = await _one(conn, "SELECT * FROM games WHERE id = ?", (game_id,))
    return game_from_row(row) if row else None


async def open_game_in_channel(conn: aiosqlite.Connection, channel_id: int) -> GameRow | None:
    row = await _one(
        conn, "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
    )
    return game_from_row(row) if row else None


async def latest_game_in_channel(conn: aiosqlite.Connection, channel_id: int) -> GameRow | None:
    """The open game of the channel, else its most recent finished or abandoned one."""
    row = await _one(
        conn,
        "SELECT * FROM games WHERE channel_id = ?"
        " ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
        (channel_id,),
    )
    return game_from_row(row) if row else None


async def open_games_in_place(conn: aiosqlite.Connection, channel_id: int) -> list[GameRow]:
    """The open games of a channel or thread and of the threads whose parent it is."""
    rows = await _all(
        conn,
        "SELECT * FROM games WHERE status IN ('lobby', 'active') AND (channel_id = ? OR parent_id = ?)"
        " ORDER BY id",
        (channel_id, channel_id),
    )
    return [game_from_row(r) for r in rows]


async def open_games_in_guild(conn: aiosqlite.Connection, guild_id: int) -> list[GameRow]:
    rows = await _all(
        conn,
        "SELECT * FROM games WHERE status IN ('lobby', 'active') AND guild_id = ? ORDER BY id",
        (guild_id,),
    )
    return [game_from_row(r) for r in rows]


async def games_with_status(conn: aiosqlite.Connection, statuses: Iterable[str]) -> list[GameRow]:
    wanted = list(statuses)
    marks = ", ".join("?" for _ in wanted)
    rows = await _all(conn, f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", wanted)
    return [game_from_row(r) for r in rows]


async def all_game_ids(conn: aiosqlite.Connection) -> list[int]:
    return [r[0] for r in await _all(conn, "SELECT id FROM games ORDER BY id")]


async def update_game(conn: aiosqlite.Connection, game_id: int, **columns: Any) -> None:
    sets, values = _assignments(columns, _GAME_COLUMNS)
    await conn.execute(f"UPDATE games SET {sets} WHERE id = ?", (*values, game_id))


async def set_version(
    conn: aiosqlite.Connection, game_id: int, *, expected: int, revision: int, new: int, **columns: Any
) -> bool:
    """Move the game from version ``expected`` at ``revision`` to version ``new`` (and the next revision),
    only if it is still where the caller saw it.

    This conditional update is what makes two writers (two processes, or a stale cache) safe: the
    second one finds the game changed, updates nothing and must give up.
    """
    sets, values = _assignments(columns, _GAME_COLUMNS)
    extra = f", {sets}" if sets else ""
    cur = await conn.execute(
        f"UPDATE games SET version = ?, revision = revision + 1{extra}"
        " WHERE id = ? AND version = ? AND revision = ?",
        (new, *values, game_id, expected, revision),
    )
    await cur.close()
    return cur.rowcount == 1


# --- seats ---------------------------------------------------------------------------------------------


async def seats_of(conn: aiosqlite.Connection, game_id: int) -> list[SeatRow]:
    rows = await _all(conn, "SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
    return [seat_from_row(r) for r in rows]


async def insert_seat(conn: aiosqlite.Connection, seat: SeatRow) -> None:
    await conn.execute(
        "INSERT INTO seats (game_id, seat, user_id, name, is_ai, ai_level, state, joined_at, waiting_since,"
        " offered_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            seat.game_id,
            seat.seat,
            seat.user_id,
            seat.name,
            int(seat.is_ai),
            seat.ai_level,
            seat.state,
            to_time(seat.joined_at),
            to_time(seat.waiting_since),
            seat.offered_to,
        ),
    )


async def replace_seats(conn: aiosqlite.Connection, game_id: int, seats: Sequence[SeatRow]) -> None:
    """Rewrite the whole seat list (lobby order changes, seating at start)."""
    await conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    for seat in seats:
        await insert_seat(conn, seat)


async def update_seat(conn: aiosqlite.Connection, game_id: int, seat: int, **columns: Any) -> None:
    sets, values = _assignments(columns, _SEAT_COLUMNS)
    await conn.execute(f"UPDATE seats SET {sets} WHERE game_id = ? AND seat = ?", (*values, game_id, seat))


async def open_seats_of_user(conn: aiosqlite.Connection, user_id: int) -> list[tuple[GameRow, SeatRow]]:
    """The user's seats in open games, with their games (muting, the 'my games' list), oldest first."""
    where = (
        "FROM seats JOIN games ON games.id = seats.game_id"
        " WHERE seats.user_id = ? AND games.status IN ('lobby', 'active') ORDER BY games.id"
    )
    games = await _all(conn, f"SELECT games.* {where}", (user_id,))
    seats = await _all(conn, f"SELECT seats.* {where}", (user_id,))
    return [(game_from_row(g), seat_from_row(s)) for g, s in zip(games, seats, strict=True)]


# --- moves ---------------------------------------------------------------------------------------------


async def append_move(conn: aiosqlite.Connection, move: MoveRow) -> None:
    """Add a row to the log; ``UNIQUE (game_id, version)`` refuses a second move at the same version."""
    await conn.execute(
        "INSERT INTO moves (game_id, version, seat, user_id, move, events, actor, played_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            move.game_id,
            move.version,
            move.seat,
            move.user_id,
            move.move,
            to_json(move.events),
            move.actor,
            to_time(move.played_at),
        ),
    )


async def moves_of(conn: aiosqlite.Connection, game_id: int, upto: int | None = None) -> list[MoveRow]:
    """The log in order, up to and including version ``upto`` when given."""
    if upto is None:
        rows = await _all(conn, "SELECT * FROM moves WHERE game_id = ? ORDER BY version", (game_id,))
    else:
        rows = await _all(
            conn, "SELECT * FROM moves WHERE game_id = ? AND version <= ? ORDER BY version", (game_id, upto)
        )
    return [move_from_row(r) for r in rows]


async def last_own_move(conn: aiosqlite.Connection, game_id: int, seat: int) -> int:
    """The number of the last move the player of ``seat`` made themselves (0 if none yet); moves their
    computer or the deadline made for them do not count."""
    row = await _one(
        conn,
        "SELECT MAX(version) AS v FROM moves WHERE game_id = ? AND seat = ? AND actor = 'player'",
        (game_id, seat),
    )
    return int(row["v"] or 0) if row is not None else 0


async def moves_after(conn: aiosqlite.Connection, game_id: int, version: int) -> list[MoveRow]:
    """The moves after ``version``, oldest first."""
    rows = await _all(
        conn, "SELECT * FROM moves WHERE game_id = ? AND version > ? ORDER BY version", (game_id, version)
    )
    return [move_from_row(r) for r in rows]


async def last_moves(conn: aiosqlite.Connection, game_id: int, count: int) -> list[MoveRow]:
    """The newest ``count`` moves, oldest first."""
    rows = await _all(
        conn, "SELECT * FROM moves WHERE game_id = ? ORDER BY version DESC LIMIT ?", (game_id, count)
    )
    return [move_from_row(r) for r in reversed(rows)]


async def remove_moves_after(
    conn: aiosqlite.Connection,
    game_id: int,
    version: int,
    *,
    now: datetime,
    by_user: int | None,
    reason: str,
) -> list[MoveRow]:
    """Take every move after ``version`` out of the log, keeping a copy in ``undone_moves``."""
    removed = [m for m in await moves_of(conn, game_id) if m.version > version]
    for move in removed:
        await conn.execute(
            "INSERT INTO undone_moves (game_id, version, seat, user_id, move, played_at, undone_at,"
            " undone_by, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                move.version,
                move.seat,
                move.user_id,
                move.move,
                to_time(move.played_at),
                to_time(now),
                by_user,
                reason,
            ),
        )
    await conn.execute("DELETE FROM moves WHERE game_id = ? AND version > ?", (game_id, version))
    # moves taken back cannot stay counted as told: the ones played in their place are news
    await conn.execute(
        "UPDATE games SET announced_version = MIN(announced_version, ?) WHERE id = ?", (version, game_id)
    )
    return removed


async def unannounced(conn: aiosqlite.Connection, game_id: int, upto: int) -> list[MoveRow]:
    """The moves after the game's announced version up to ``upto`` (they stay unannounced)."""
    row = await _one(conn, "SELECT announced_version FROM games WHERE id = ?", (game_id,))
    if row is None:
        return []
    moves = await _all(
        conn,
        "SELECT * FROM moves WHERE game_id = ? AND version > ? AND version <= ? ORDER BY version",
        (game_id, row["announced_version"], upto),
    )
    return [move_from_row(r) for r in moves]


async def mark_announced(conn: aiosqlite.Connection, game_id: int, version: int) -> None:
    await conn.execute("UPDATE games SET announced_version = ? WHERE id = ?", (version, game_id))


async def mark_announced_upto(conn: aiosqlite.Connection, game_id: int, upto: int) -> None:
    """Count the moves up to ``upto`` as announced; never lowers the mark, never passes the game's version
    (moves taken back since they were read are not news that was told)."""
    await conn.execute(
        "UPDATE games SET announced_version = MAX(announced_version, MIN(?, version)) WHERE id = ?",
        (upto, game_id),
    )


async def undone_moves_of(conn: aiosqlite.Connection, game_id: int) -> list[dict[str, Any]]:
    rows = await _all(conn, "SELECT * FROM undone_moves WHERE game_id = ? ORDER BY id", (game_id,))
    return [dict(r) for r in rows]


# --- snapshots -----------------------------------------------------------------------------------------


async def save_snapshot(conn: aiosqlite.Connection, game_id: int, snapshot: Snapshot) -> None:
    await conn.execute(
        "INSERT INTO snapshots (game_id, version, revision, state) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, revision = excluded.revision,"
        " state = excluded.state",
        (game_id, snapshot.version, snapshot.revision, to_json(snapshot.state)),
    )


async def load_snapshot(conn: aiosqlite.Connection, game_id: int) -> Snapshot | None:
    row = await _one(conn, "SELECT version, revision, state FROM snapshots WHERE game_id = ?", (game_id,))
    return Snapshot(row["version"], row["revision"], from_json(row["state"])) if row else None


# --- votes to remove an overdue player -----------------------------------------------------------------


async def add_kick_vote(
    conn: aiosqlite.Connection, game_id: int, seat: int, voter_id: int, now: datetime
) -> None:
    await conn.execute(
        "INSERT OR IGNORE INTO kick_votes (game_id, seat, voter_id, voted_at) VALUES (?, ?, ?, ?)",
        (game_id, seat, voter_id, to_time(now)),
    )


async def kick_voters(conn: aiosqlite.Connection, game_id: int, seat: int) -> set[int]:
    rows = await _all(conn, "SELECT voter_id FROM kick_votes WHERE game_id = ? AND seat = ?", (game_id, seat))
    return {r[0] for r in rows}


async def clear_kick_votes(conn: aiosqlite.Connection, game_id: int, seat: int) -> None:
    await conn.execute("DELETE FROM kick_votes WHERE game_id = ? AND seat = ?", (game_id, seat))


async def progress_post(conn: aiosqlite.Connection, game_id: int) -> int | None:
    """The message telling who has chosen in the game's current simultaneous choice: the one posted since
    the channel was last told of moves (a later turn message ends that choice)."""
    row = await _one(
        conn,
        "SELECT p.message_id FROM progress_posts p JOIN games g ON g.id = p.game_id"
        " WHERE p.game_id = ? AND p.after_version = g.announced_version",
        (game_id,),
    )
    return None if row is None else int(row["message_id"])


async def set_progress_post(conn: aiosqlite.Connection, game_id: int, message_id: int) -> None:
    await conn.execute(
        "INSERT INTO progress_posts (game_id, message_id, after_version)"
        " SELECT id, ?, announced_version FROM games WHERE id = ?"
        " ON CONFLICT (game_id) DO UPDATE SET message_id = excluded.message_id,"
        " after_version = excluded.after_version",
        (message_id, game_id),
    )


async def live_board(conn: aiosqlite.Connection, game_id: int) -> tuple[int, int, int] | None:
    """The game's live board message: (message id, the move its picture shows, the bot's posts since)."""
    row = await _one(
        conn,
        "SELECT message_id, pictured_version, posts_since FROM live_boards WHERE game_id = ?",
        (game_id,),
    )
    if row is None:
        return None
    return int(row["message_id"]), int(row["pictured_version"]), int(row["posts_since"])


async def set_live_board(
    conn: aiosqlite.Connection, game_id: int, message_id: int, pictured_version: int, posts_since: int = 0
) -> None:
    await conn.execute(
        "INSERT INTO live_boards (game_id, message_id, pictured_version, posts_since) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET message_id = excluded.message_id,"
        " pictured_version = excluded.pictured_version, posts_since = excluded.posts_since",
        (game_id, message_id, pictured_version, posts_since),
    )
