"""SQL for games, seats, the move log (and how much of it the channel was told), undone moves, snapshots
and deadline votes.

Every function takes the connection of the caller's transaction (``Database.transaction`` or
``Database.reading``), so one service operation composes several of them atomically.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from bot.storage.records import (
    UNDECODABLE,
    GameRow,
    MoveRow,
    SeatRow,
    Snapshot,
    columns,
    decoded,
    from_json,
    game_from_row,
    move_from_row,
    seat_from_row,
    to_json,
    to_time,
)
from bot.storage.sql import Conn, insert, one, rows, run, upsert

log = logging.getLogger(__name__)

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
    "bank_minutes": None,
    "bank_increment_minutes": int,
    "holiday_days": int,
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
    "bank_seconds": None,
    "bank_warned": int,
    "holiday_until": to_time,
    "holiday_used": int,
}


def _assignments(columns: Mapping[str, Any], allowed: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """``SET`` clauses for ``columns`` and their stored values (parameters named ``set_<column>``)."""
    unknown = set(columns) - set(allowed)
    if unknown:
        raise ValueError(f"cannot update columns {sorted(unknown)}")
    values = {}
    for name, value in columns.items():
        convert = allowed[name]
        values[f"set_{name}"] = value if convert is None or value is None else convert(value)
    return ", ".join(f"{name} = :set_{name}" for name in columns), values


# --- games ---------------------------------------------------------------------------------------------


async def insert_game(
    conn: Conn,
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
    """A new game row; raises ``sql.IntegrityError`` when the channel already has an open game."""
    result = await run(
        conn,
        "INSERT INTO games (guild_id, channel_id, host_id, rules_id, options, seed, status, max_players,"
        " seat_order, created_at, updated_at, reminder_minutes, deadline_minutes, deadline_action,"
        " imported_moves, parent_id, channel_style, auto_play, language)"
        " VALUES (:guild_id, :channel_id, :host_id, :rules_id, :options, :seed, :status, :max_players,"
        " :seat_order, :now, :now, :reminder_minutes, :deadline_minutes, :deadline_action,"
        " :imported_moves, :parent_id, :channel_style, :auto_play, :language) RETURNING id",
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=host_id,
        rules_id=rules_id,
        options=to_json(dict(options)),
        seed=seed,
        status=status,
        max_players=max_players,
        seat_order=seat_order,
        now=to_time(now),
        reminder_minutes=reminder_minutes,
        deadline_minutes=deadline_minutes,
        deadline_action=deadline_action,
        imported_moves=imported_moves,
        parent_id=parent_id,
        channel_style=channel_style,
        auto_play=int(auto_play),
        language=language,
    )
    return int(result.scalar_one())


async def game_by_id(conn: Conn, game_id: int) -> GameRow | None:
    row = await one(conn, "SELECT * FROM games WHERE id = :id", id=game_id)
    return game_from_row(row) if row else None


async def open_game_in_channel(conn: Conn, channel_id: int) -> GameRow | None:
    row = await one(
        conn,
        "SELECT * FROM games WHERE channel_id = :channel AND status IN ('lobby', 'active')",
        channel=channel_id,
    )
    return game_from_row(row) if row else None


async def latest_game_in_channel(conn: Conn, channel_id: int) -> GameRow | None:
    """The open game of the channel, else its most recent finished or abandoned one."""
    row = await one(
        conn,
        "SELECT * FROM games WHERE channel_id = :channel"
        " ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
        channel=channel_id,
    )
    return game_from_row(row) if row else None


async def open_games_in_place(conn: Conn, channel_id: int) -> list[GameRow]:
    """The open games of a channel or thread and of the threads whose parent it is."""
    found = await rows(
        conn,
        "SELECT * FROM games WHERE status IN ('lobby', 'active')"
        " AND (channel_id = :place OR parent_id = :place) ORDER BY id",
        place=channel_id,
    )
    return decoded(found, game_from_row)


async def open_games_in_guild(conn: Conn, guild_id: int) -> list[GameRow]:
    found = await rows(
        conn,
        "SELECT * FROM games WHERE status IN ('lobby', 'active') AND guild_id = :guild ORDER BY id",
        guild=guild_id,
    )
    return decoded(found, game_from_row)


async def games_with_status(conn: Conn, statuses: Iterable[str]) -> list[GameRow]:
    found = await rows(
        conn, "SELECT * FROM games WHERE status IN :statuses ORDER BY id", statuses=list(statuses)
    )
    return decoded(found, game_from_row)


async def all_game_ids(conn: Conn) -> list[int]:
    return [r["id"] for r in await rows(conn, "SELECT id FROM games ORDER BY id")]


async def update_game(conn: Conn, game_id: int, **columns: Any) -> None:
    sets, values = _assignments(columns, _GAME_COLUMNS)
    await run(conn, f"UPDATE games SET {sets} WHERE id = :game_id", game_id=game_id, **values)


async def mark_damaged(conn: Conn, game_id: int, why: str, now: datetime) -> bool:
    """Pause the game as damaged (``why``); False when it was so already (another process got there
    first, or an earlier start), so that only one says it."""
    result = await run(
        conn,
        "UPDATE games SET damaged = :why, paused_at = :now WHERE id = :game_id AND damaged IS NULL",
        game_id=game_id,
        why=why,
        now=to_time(now),
    )
    return bool(result.rowcount == 1)


async def mark_damage_told(conn: Conn, game_id: int, now: datetime) -> None:
    """Remember that the damaged game's channel was told (or is gone): no later start says it again."""
    await run(
        conn,
        "UPDATE games SET damage_told_at = :now WHERE id = :game_id AND damage_told_at IS NULL",
        game_id=game_id,
        now=to_time(now),
    )


async def damaged_untold(conn: Conn) -> list[GameRow]:
    """The open games paused as damaged whose channel has not been told yet, in order."""
    found = await rows(
        conn,
        "SELECT * FROM games WHERE damaged IS NOT NULL AND damage_told_at IS NULL"
        " AND status IN :statuses ORDER BY id",
        statuses=list(OPEN_STATUSES),
    )
    return decoded(found, game_from_row)


async def set_version(
    conn: Conn,
    game_id: int,
    *,
    expected: int,
    revision: int,
    new: int,
    refused: Exception,
    **columns: Any,
) -> None:
    """Move the game from version ``expected`` at ``revision`` to version ``new`` (and the next revision),
    only if it is still where the caller saw it; else ``refused`` is raised here, and the caller's
    transaction rolls back.

    This conditional update is what makes two writers (two processes, or a stale cache) safe: the
    second one finds the game changed, updates nothing and must give up.
    """
    sets, values = _assignments(columns, _GAME_COLUMNS)
    extra = f", {sets}" if sets else ""
    result = await run(
        conn,
        f"UPDATE games SET version = :new, revision = revision + 1{extra}"
        " WHERE id = :game_id AND version = :expected AND revision = :revision",
        new=new,
        game_id=game_id,
        expected=expected,
        revision=revision,
        **values,
    )
    if result.rowcount != 1:
        raise refused


# --- seats ---------------------------------------------------------------------------------------------


async def seats_of(conn: Conn, game_id: int) -> list[SeatRow]:
    found = await rows(conn, "SELECT * FROM seats WHERE game_id = :game_id ORDER BY seat", game_id=game_id)
    return [seat_from_row(r) for r in found]


# What a new seat is written with (the other columns start at their defaults).
NEW_SEAT_COLUMNS = (
    "game_id",
    "seat",
    "user_id",
    "name",
    "is_ai",
    "ai_level",
    "state",
    "joined_at",
    "waiting_since",
    "offered_to",
)


async def insert_seat(conn: Conn, seat: SeatRow) -> None:
    await insert(conn, "seats", **columns(seat, *NEW_SEAT_COLUMNS))


async def replace_seats(conn: Conn, game_id: int, seats: Sequence[SeatRow]) -> None:
    """Rewrite the whole seat list (lobby order changes, seating at start)."""
    await run(conn, "DELETE FROM seats WHERE game_id = :game_id", game_id=game_id)
    for seat in seats:
        await insert_seat(conn, seat)


async def update_seat(conn: Conn, game_id: int, seat: int, **columns: Any) -> None:
    sets, values = _assignments(columns, _SEAT_COLUMNS)
    await run(
        conn,
        f"UPDATE seats SET {sets} WHERE game_id = :game_id AND seat = :seat",
        game_id=game_id,
        seat=seat,
        **values,
    )


async def with_seats(conn: Conn, games: Sequence[GameRow]) -> list[tuple[GameRow, list[SeatRow]]]:
    """Each of ``games`` with its seats, but a game one of whose seats no longer decodes (damaged on
    disk): left out and logged, so one game's damage does not fail a listing of many."""
    out = []
    for game in games:
        try:
            out.append((game, await seats_of(conn, game.id)))
        except UNDECODABLE:
            log.warning("game %s: a seat's row no longer decodes; left out of a listing", game.id)
    return out


async def open_seats_of_user(conn: Conn, user_id: int) -> list[tuple[GameRow, SeatRow]]:
    """The user's seats in open games, with their games (muting, the 'my games' list), oldest first."""
    where = (
        "FROM seats JOIN games ON games.id = seats.game_id"
        " WHERE seats.user_id = :user_id AND games.status IN ('lobby', 'active') ORDER BY games.id"
    )
    games = await rows(conn, f"SELECT games.* {where}", user_id=user_id)
    seats = await rows(conn, f"SELECT seats.* {where}", user_id=user_id)
    return decoded(zip(games, seats, strict=True), _game_and_seat)


def _game_and_seat(pair: tuple[Any, Any]) -> tuple[GameRow, SeatRow]:
    return game_from_row(pair[0]), seat_from_row(pair[1])


# --- moves ---------------------------------------------------------------------------------------------


async def append_move(conn: Conn, move: MoveRow) -> None:
    """Add a row to the log; ``UNIQUE (game_id, version)`` refuses a second move at the same version."""
    await insert(
        conn,
        "moves",
        **columns(move, "game_id", "version", "seat", "user_id", "move", "actor", "played_at"),
        events=to_json(move.events),
        checksum=move.sealed(),
    )


async def moves_of(conn: Conn, game_id: int, upto: int | None = None) -> list[MoveRow]:
    """The log in order, up to and including version ``upto`` when given."""
    if upto is None:
        return await _moves(conn, game_id)
    return await _moves(conn, game_id, "AND version <= :upto", upto=upto)


async def last_own_move(conn: Conn, game_id: int, seat: int) -> int:
    """The number of the last move the player of ``seat`` made themselves (0 if none yet); moves their
    computer or the deadline made for them do not count."""
    return await _last_version(conn, game_id, seat, "actor = 'player'")


async def last_move_of_seat(conn: Conn, game_id: int, seat: int, upto: int) -> int:
    """The number of the last move made for ``seat`` by anyone (its player, computer, the deadline, an
    admin) up to move ``upto``; 0 if none yet."""
    return await _last_version(conn, game_id, seat, "version <= :upto", upto=upto)


async def _last_version(conn: Conn, game_id: int, seat: int, where: str, **params: Any) -> int:
    """The number of the last move for ``seat`` that meets ``where`` (SQL over ``params``); 0 if none."""
    row = await one(
        conn,
        f"SELECT MAX(version) AS v FROM moves WHERE game_id = :game_id AND seat = :seat AND {where}",
        game_id=game_id,
        seat=seat,
        **params,
    )
    return int(row["v"] or 0) if row is not None else 0


async def moves_after(conn: Conn, game_id: int, version: int) -> list[MoveRow]:
    """The moves after ``version``, oldest first."""
    return await _moves(conn, game_id, "AND version > :version", version=version)


async def _moves(conn: Conn, game_id: int, where: str = "", **params: Any) -> list[MoveRow]:
    """The moves of ``game_id`` oldest first, those that meet ``where`` (``AND`` SQL over ``params``)."""
    sql = f"SELECT * FROM moves WHERE game_id = :game_id {where} ORDER BY version"
    return [move_from_row(r) for r in await rows(conn, sql, game_id=game_id, **params)]


async def last_moves(conn: Conn, game_id: int, count: int) -> list[MoveRow]:
    """The newest ``count`` moves, oldest first."""
    found = await rows(
        conn,
        "SELECT * FROM moves WHERE game_id = :game_id ORDER BY version DESC LIMIT :count",
        game_id=game_id,
        count=count,
    )
    return [move_from_row(r) for r in reversed(found)]


async def remove_moves_after(
    conn: Conn,
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
        await insert(
            conn,
            "undone_moves",
            game_id=game_id,
            **columns(move, "version", "seat", "user_id", "move", "played_at"),
            undone_at=to_time(now),
            undone_by=by_user,
            reason=reason,
        )
    await run(
        conn,
        "DELETE FROM moves WHERE game_id = :game_id AND version > :version",
        game_id=game_id,
        version=version,
    )
    # moves taken back cannot stay counted as told: the ones played in their place are news
    await run(
        conn,
        "UPDATE games SET announced_version = :version WHERE id = :game_id AND announced_version > :version",
        version=version,
        game_id=game_id,
    )
    # the live board draws the position again, and its lines go on from the position gone back to
    await run(
        conn,
        "UPDATE live_boards SET pictured_version = -1,"
        " lines_after = CASE WHEN lines_after > :version THEN :version ELSE lines_after END,"
        " person_at = CASE WHEN person_at > :version THEN -1 ELSE person_at END WHERE game_id = :game_id",
        version=version,
        game_id=game_id,
    )
    # a ping for a position taken back is void; a restored position is a new decision for everyone
    # pinged in it, while an undo leaves the turn (and its ping) standing
    for table in TOLD_BY.values():
        await run(
            conn,
            f"DELETE FROM {table} WHERE game_id = :game_id AND version >= :cutoff",
            cutoff=version if reason == "restore" else version + 1,
            game_id=game_id,
        )
    return removed


async def unannounced(conn: Conn, game_id: int, upto: int) -> list[MoveRow]:
    """The moves after the game's announced version up to ``upto`` (they stay unannounced)."""
    row = await one(conn, "SELECT announced_version FROM games WHERE id = :game_id", game_id=game_id)
    if row is None:
        return []
    moves = await rows(
        conn,
        "SELECT * FROM moves WHERE game_id = :game_id AND version > :told AND version <= :upto"
        " ORDER BY version",
        game_id=game_id,
        told=row["announced_version"],
        upto=upto,
    )
    return [move_from_row(r) for r in moves]


async def untold_games(conn: Conn) -> list[int]:
    """The games whose channel has not heard of every saved move (``announced_version`` behind), that
    are still to be told: running or just over."""
    found = await rows(
        conn,
        "SELECT id FROM games WHERE announced_version < version AND status IN ('active', 'finished')"
        " ORDER BY id",
    )
    return [int(r["id"]) for r in found]


async def mark_announced(conn: Conn, game_id: int, version: int) -> None:
    await run(
        conn,
        "UPDATE games SET announced_version = :version WHERE id = :game_id",
        version=version,
        game_id=game_id,
    )


async def mark_announced_upto(conn: Conn, game_id: int, upto: int) -> None:
    """Count the moves up to ``upto`` as announced; never lowers the mark, never passes the game's version
    (moves taken back since they were read are not news that was told)."""
    await run(
        conn,
        "UPDATE games SET announced_version = CASE WHEN version < :upto THEN version ELSE :upto END"
        " WHERE id = :game_id AND announced_version < :upto AND announced_version < version",
        upto=upto,
        game_id=game_id,
    )


async def undone_moves_of(conn: Conn, game_id: int) -> list[dict[str, Any]]:
    found = await rows(
        conn, "SELECT * FROM undone_moves WHERE game_id = :game_id ORDER BY id", game_id=game_id
    )
    return [dict(r) for r in found]


# --- snapshots -----------------------------------------------------------------------------------------


# SQLite's word (through Python's sqlite3) for a text column whose bytes are not UTF-8
_UNDECODABLE = "Could not decode to UTF-8"


class DamagedState(Exception):
    """A stored state that does not match its checksum or cannot be decoded: damaged on disk."""


def state_checksum(text: str) -> str:
    """The checksum stored with a state's text (SHA-256, hex)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


async def save_snapshot(conn: Conn, game_id: int, snapshot: Snapshot) -> None:
    text = to_json(snapshot.state)
    await upsert(
        conn,
        "snapshots",
        ("game_id",),
        game_id=game_id,
        **columns(snapshot, "version", "revision"),
        state=text,
        checksum=state_checksum(text),
    )


async def load_snapshot(conn: Conn, game_id: int) -> Snapshot | None:
    """The game's stored snapshot; ``DamagedState`` when its text fails its checksum or is not text."""
    try:
        row = await one(
            conn,
            "SELECT version, revision, state, checksum FROM snapshots WHERE game_id = :game_id",
            game_id=game_id,
        )
    except sa.exc.OperationalError as exc:
        if _UNDECODABLE not in str(exc.orig):
            raise
        raise DamagedState("the stored state is not text") from None
    return snapshot_from_row(row) if row else None


def snapshot_from_row(row: Any) -> Snapshot:
    """A snapshot row (version, revision, state, checksum) as read, checked against its checksum (a row
    written before checksums has none and is taken as it is)."""
    text, checksum = row["state"], row["checksum"]
    if not isinstance(text, str) or (checksum is not None and state_checksum(text) != checksum):
        raise DamagedState("the stored state does not match its checksum")
    try:
        state = from_json(text)
    except ValueError as exc:  # json's decoding errors are ValueErrors
        raise DamagedState(f"the stored state is not readable ({exc})") from None
    if not isinstance(state, dict):
        raise DamagedState("the stored state is not readable")
    return Snapshot(row["version"], row["revision"], state)


async def snapshot_ids(conn: Conn) -> list[int]:
    """The games that have a stored state, in order."""
    return [r["game_id"] for r in await rows(conn, "SELECT game_id FROM snapshots ORDER BY game_id")]


async def snapshot_rows(conn: Conn, first: int, last: int) -> list[Any]:
    """The snapshot rows (game_id, version, revision, state, checksum) of games ``first`` to ``last``."""
    return await rows(
        conn,
        "SELECT game_id, version, revision, state, checksum FROM snapshots"
        " WHERE game_id BETWEEN :first AND :last ORDER BY game_id",
        first=first,
        last=last,
    )


# --- votes to remove an overdue player -----------------------------------------------------------------


async def add_kick_vote(conn: Conn, game_id: int, seat: int, voter_id: int, now: datetime) -> None:
    await run(
        conn,
        "INSERT INTO kick_votes (game_id, seat, voter_id, voted_at) VALUES (:game_id, :seat, :voter, :at)"
        " ON CONFLICT DO NOTHING",
        game_id=game_id,
        seat=seat,
        voter=voter_id,
        at=to_time(now),
    )


async def kick_voters(conn: Conn, game_id: int, seat: int) -> set[int]:
    found = await rows(
        conn,
        "SELECT voter_id FROM kick_votes WHERE game_id = :game_id AND seat = :seat",
        game_id=game_id,
        seat=seat,
    )
    return {r["voter_id"] for r in found}


async def clear_kick_votes(conn: Conn, game_id: int, seat: int) -> None:
    await run(
        conn, "DELETE FROM kick_votes WHERE game_id = :game_id AND seat = :seat", game_id=game_id, seat=seat
    )


async def progress_post(conn: Conn, game_id: int) -> int | None:
    """The message telling who has chosen in the game's current simultaneous choice: the one posted since
    the channel was last told of moves (a later turn message ends that choice)."""
    row = await one(
        conn,
        "SELECT p.message_id FROM progress_posts p JOIN games g ON g.id = p.game_id"
        " WHERE p.game_id = :game_id AND p.after_version = g.announced_version",
        game_id=game_id,
    )
    return None if row is None else int(row["message_id"])


async def set_progress_post(conn: Conn, game_id: int, message_id: int) -> None:
    await run(
        conn,
        "INSERT INTO progress_posts (game_id, message_id, after_version)"
        " SELECT id, CAST(:message_id AS BIGINT), announced_version FROM games WHERE id = :game_id"
        " ON CONFLICT (game_id) DO UPDATE SET message_id = excluded.message_id,"
        " after_version = excluded.after_version",
        message_id=message_id,
        game_id=game_id,
    )


async def live_board(conn: Conn, game_id: int) -> tuple[int, tuple[int, int, int, str, int, int] | None]:
    """The moves the channel was told of (``announced_version``), and the game's live board message, if it
    has one: (message id, the move its picture shows, the bot's posts since, who acted when it was drawn,
    the move its lines begin after, the move after which it last showed a person to act)."""
    row = await one(
        conn,
        "SELECT g.announced_version, b.message_id, b.pictured_version, b.posts_since, b.pictured_for,"
        " b.lines_after, b.person_at FROM games g LEFT JOIN live_boards b ON b.game_id = g.id"
        " WHERE g.id = :game_id",
        game_id=game_id,
    )
    if row is None:
        return 0, None
    told = int(row["announced_version"])
    if row["message_id"] is None:
        return told, None
    board = (
        int(row["message_id"]),
        int(row["pictured_version"]),
        int(row["posts_since"]),
        str(row["pictured_for"]),
        int(row["lines_after"]),
        int(row["person_at"]),
    )
    return told, board


async def lobby_message(conn: Conn, game_id: int) -> int | None:
    """The message that shows the game's lobby, if one was posted."""
    row = await one(conn, "SELECT message_id FROM lobby_messages WHERE game_id = :game_id", game_id=game_id)
    return None if row is None else int(row["message_id"])


async def set_lobby_message(conn: Conn, game_id: int, message_id: int) -> None:
    await upsert(conn, "lobby_messages", ("game_id",), game_id=game_id, message_id=message_id)


async def set_live_board(
    conn: Conn,
    game_id: int,
    message_id: int,
    pictured_version: int,
    posts_since: int = 0,
    pictured_for: str = "",
    lines_after: int = -1,
    person_at: int = -1,
) -> None:
    await upsert(
        conn,
        "live_boards",
        ("game_id",),
        game_id=game_id,
        message_id=message_id,
        pictured_version=pictured_version,
        posts_since=posts_since,
        pictured_for=pictured_for,
        lines_after=lines_after,
        person_at=person_at,
    )


async def forget_live_board(conn: Conn, game_id: int) -> None:
    await run(conn, "DELETE FROM live_boards WHERE game_id = :game_id", game_id=game_id)


# Where a turn told to a person is remembered: the channel's pings, and the direct messages saying so.
TOLD_BY = {"ping": "turn_pings", "dm": "turn_dms"}


async def pinged_for_now(conn: Conn, game_id: int, upto: int, by: str = "ping") -> dict[int, int]:
    """Seat -> the person pinged (``by`` "dm": sent a direct message) for its turn, for each seat that has
    made no move since (the same decision is still theirs) in the game up to move ``upto``."""
    table = TOLD_BY[by]
    found = await rows(
        conn,
        f"SELECT p.seat, p.user_id FROM {table} p WHERE p.game_id = :game_id AND p.version <= :upto"
        " AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = p.game_id AND m.seat = p.seat"
        " AND m.version > p.version AND m.version <= :upto)",
        game_id=game_id,
        upto=upto,
    )
    return {int(r["seat"]): int(r["user_id"]) for r in found}


async def forget_pings(
    conn: Conn, game_id: int, version: int, pinged: Sequence[tuple[int, int]], by: str = "ping"
) -> None:
    """Forget the pings (or direct messages) noted for the position after ``version`` (seat, user id):
    they were not made."""
    for seat, user_id in pinged:
        await run(
            conn,
            f"DELETE FROM {TOLD_BY[by]} WHERE game_id = :game_id AND seat = :seat AND user_id = :user_id"
            " AND version = :version",
            game_id=game_id,
            seat=seat,
            user_id=user_id,
            version=version,
        )


async def forget_untold_pings(conn: Conn, game_id: int) -> None:
    """Forget the pings noted for positions the channel has not been told of (after the game's announced
    version): the post that was to make them may not have gone out (the process stopped after noting
    them), so the telling that follows pings again (with the same nonce: a ping that did go out is not
    doubled)."""
    for table in TOLD_BY.values():
        await run(
            conn,
            f"DELETE FROM {table} WHERE game_id = :game_id AND version >"
            " (SELECT announced_version FROM games WHERE id = :game_id)",
            game_id=game_id,
        )


async def note_pings(
    conn: Conn, game_id: int, version: int, pinged: Sequence[tuple[int, int]], by: str = "ping"
) -> None:
    """The people pinged (or sent a direct message) for the turns of their seats (seat, user id) in the
    position after ``version``."""
    for seat, user_id in pinged:
        await upsert(
            conn,
            TOLD_BY[by],
            ("game_id", "seat"),
            game_id=game_id,
            seat=seat,
            user_id=user_id,
            version=version,
        )
