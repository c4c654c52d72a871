"""Reading across servers, for /mygames."""

from __future__ import annotations

from collections.abc import Sequence

from bot.services.core import ServiceCore
from bot.storage import everywhere as store


class Everywhere(ServiceCore):
    async def live_board_messages(self, game_ids: Sequence[int]) -> dict[int, int]:
        """The live board message of each of ``game_ids`` that has one, in one read: game id -> message."""
        async with self.db.reading() as conn:
            return await store.live_board_messages(conn, game_ids)
