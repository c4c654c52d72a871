"""Reading across servers, for /mygames."""

from __future__ import annotations

from collections.abc import Sequence

from bot.services.models import GameInfo
from bot.services.repository import info
from bot.storage import everywhere as store
from bot.storage import games
from bot.storage.db import Database


class Everywhere:
    """The games of a person in every server, read from ``db``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def seated_games(self, user_id: int) -> list[GameInfo]:
        """The user's open games in every server (lobbies and running games), oldest first: what
        ``games_of_user`` gives, in three reads however many games there are."""
        async with self.db.reading() as conn:
            found = await games.open_seats_of_user(conn, user_id)
            seats = await store.seats_of_games(conn, [g.id for g, _ in found])
        return [info(g, seats[g.id]) for g, _ in found]

    async def live_board_messages(self, game_ids: Sequence[int]) -> dict[int, int]:
        """The live board message of each of ``game_ids`` that has one, in one read: game id -> message."""
        async with self.db.reading() as conn:
            return await store.live_board_messages(conn, game_ids)
