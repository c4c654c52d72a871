"""``GameService``: the one object the cogs, the computer players and the tests use (see the package
docstring for the whole API). Its parts live in modules named for what they do."""

from __future__ import annotations

from typing import Any

from bot.services.archive import Archive
from bot.services.channels import Channels
from bot.services.damage import DamageReport
from bot.services.everywhere import Everywhere
from bot.services.lobby import Lobby
from bot.services.models import Notification
from bot.services.play import Play
from bot.services.prefs import Preferences
from bot.services.ratings import Ratings
from bot.services.reading import Reading
from bot.services.replays import Replays
from bot.services.seats import Seats
from bot.services.timing import Timing


class GameService(
    Lobby, Play, Replays, Reading, Archive, Seats, Timing, Channels, Preferences, Ratings, Everywhere
):
    """Everything done to games: ``GameService(db, clock=utc_now, ai=choose_move, *, think_seconds=None)``;
    ``close()`` ends its computer players' worker processes. The statistics are a part of their own
    (``statistics``, a ``Stats`` over the database), called through it here; so are the other parts
    that are plain classes (``damage``...)."""

    # Damage (``damage.py``)
    async def check_states(self) -> DamageReport:
        return await self.damage.check_states()

    def take_damage_notes(self) -> list[Notification]:
        return self.damage.take_damage_notes()

    # Stats (``stats.py``)

    async def stats(self, guild_id: int, user_id: int | None = None, recent: int = 10) -> dict[str, Any]:
        return await self.statistics.stats(guild_id, user_id, recent)

    async def computer_played(self, game_id: int) -> dict[int, int]:
        return await self.statistics.computer_played(game_id)

    async def leaderboard(
        self, guild_id: int, rules_id: str | None = None, limit: int = 20
    ) -> list[dict[str, Any]]:
        return await self.statistics.leaderboard(guild_id, rules_id, limit)
