"""SQL for the lists that span servers (/mygames)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.records import SeatRow, seat_from_row
from bot.storage.sql import Conn, chunks, rows

# SQLite allows at most 999 parameters in a statement (sql.chunks)
PER_READ = 500


async def live_board_messages(conn: Conn, game_ids: Sequence[int]) -> dict[int, int]:
    """The live board message of each of the games that has one: game id -> message id."""
    found: dict[int, int] = {}
    for part in chunks(sorted(set(game_ids)), PER_READ):
        for row in await rows(
            conn, "SELECT game_id, message_id FROM live_boards WHERE game_id IN :ids", ids=part
        ):
            found[row["game_id"]] = row["message_id"]
    return found


async def seats_of_games(conn: Conn, game_ids: Sequence[int]) -> dict[int, list[SeatRow]]:
    """The seats of each of the games, in seat order, in a few reads (not one a game)."""
    found: dict[int, list[SeatRow]] = {game_id: [] for game_id in game_ids}
    for part in chunks(sorted(set(game_ids)), PER_READ):
        for row in await rows(
            conn, "SELECT * FROM seats WHERE game_id IN :ids ORDER BY game_id, seat", ids=part
        ):
            found[row["game_id"]].append(seat_from_row(row))
    return found
