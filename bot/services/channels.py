"""Where games live: a deleted channel or thread ends its games; the bot leaving a server pauses them.

A deleted channel takes its threads with it, so the games of threads whose stored parent is that channel
end too. A paused game stays open (it keeps its channel and is listed as the players' game) but has no
reminders, deadlines or computer moves (``policy`` skips it). When the bot is back, the clocks of the
seats that must act move on by the time paused: everyone has exactly the time left that they had when the
bot left, and a reminder that was due during the pause comes that much later.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from bot.services import engine
from bot.services.models import Notification
from bot.services.notices import notice
from bot.services.parts import Feature
from bot.storage import games as store
from bot.storage.records import GameRow, SeatRow


def _title(game: GameRow) -> str:
    return engine.rules_for(game.rules_id).title


def _later(moment: datetime | None, by: timedelta) -> datetime | None:
    return None if moment is None else moment + by


class Channels(Feature):
    """Games whose channel, thread or server the bot lost (or got back)."""

    async def channel_gone(self, channel_id: int) -> list[Notification]:
        """The channel or thread was deleted: its open game and those of its threads end without a
        result (nothing counts in the statistics); each seated person gets a notice."""
        async with self.db.reading() as conn:
            found = await store.open_games_in_place(conn, channel_id)

        async def end(game: GameRow, seats: list[SeatRow]) -> list[Notification]:
            await self.repo.abandon(game, self.clock())
            self.cache.drop(game.id)
            said = "notice.abandoned_channel" if game.channel_id == channel_id else "notice.abandoned_parent"
            return await self._to_players(game, seats, "abandoned", said, title=_title(game))

        return await self._each_open(found, lambda game: True, end)

    async def guild_left(self, guild_id: int) -> list[Notification]:
        """The bot is no longer in the server: pause its open games (no reminders, deadlines or
        computer moves until ``guild_back``); each seated person gets a notice."""
        async with self.db.reading() as conn:
            found = await store.open_games_in_guild(conn, guild_id)

        async def pause(game: GameRow, seats: list[SeatRow]) -> list[Notification]:
            async with self.db.transaction(game=game.id) as conn:
                await store.update_game(conn, game.id, paused_at=self.clock())
            return await self._to_players(game, seats, "paused", "notice.paused", title=_title(game))

        return await self._each_open(found, lambda game: game.paused_at is None, pause)

    async def guild_back(self, guild_id: int) -> list[Notification]:
        """The bot is in the server (again): resume its paused games, each turn clock moved on by the
        time paused. A notice for each game's channel and each seated person; nothing when none was
        paused (every start-up and every end of an outage reports the server as available)."""
        async with self.db.reading() as conn:
            found = await store.open_games_in_guild(conn, guild_id)
        # a game paused as damaged stays so: only a restored database brings it back
        found = [g for g in found if g.paused_at is not None and g.damaged is None]

        async def resume(game: GameRow, seats: list[SeatRow]) -> list[Notification]:
            await self._resume(game, seats)
            title = _title(game)
            told = await notice(self.repo, "resumed", "notice.resumed", game, None, title=title)
            return [told, *await self._to_players(game, seats, "resumed", "notice.resumed", title=title)]

        return await self._each_open(
            found, lambda game: game.paused_at is not None and not game.damaged, resume
        )

    async def _each_open(
        self,
        found: Iterable[GameRow],
        wanted: Callable[[GameRow], bool],
        act: Callable[[GameRow, list[SeatRow]], Awaitable[list[Notification]]],
    ) -> list[Notification]:
        """``act`` on each game of ``found`` that is still open and ``wanted`` once locked and read again
        (a move may have changed it since it was listed), one game at a time; their notices together."""
        notes: list[Notification] = []
        for first in found:
            async with self.repo.lock(first.id):
                game, seats = await self.repo.rows(first.id)
                if game.status in store.OPEN_STATUSES and wanted(game):
                    notes.extend(await act(game, seats))
        return notes

    async def guilds_present(
        self, guild_ids: Iterable[int], *, covered: Callable[[int], bool] | None = None
    ) -> list[Notification]:
        """At start-up, with the servers the bot is in: pause the games of every other server (the bot
        was removed while it was not running, so it never heard of it). ``covered`` limits this to the
        servers the caller would have heard of (a process running some of the shards)."""
        present = set(guild_ids)
        async with self.db.reading() as conn:
            games = await store.games_with_status(conn, store.OPEN_STATUSES)
        missing = sorted(
            {
                g.guild_id
                for g in games
                if g.guild_id is not None
                and g.guild_id not in present
                and (covered is None or covered(g.guild_id))
            }
        )
        notes: list[Notification] = []
        for guild_id in missing:
            notes.extend(await self.guild_left(guild_id))
        return notes

    async def _resume(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        assert game.paused_at is not None
        paused = max(self.clock() - game.paused_at, timedelta(0))
        async with self.db.transaction(game=game.id) as conn:
            for s in seats:
                if s.waiting_since is None:
                    continue
                # muted_turn names the turn by its start, so it moves with it
                await store.update_seat(
                    conn,
                    game.id,
                    s.seat,
                    waiting_since=_later(s.waiting_since, paused),
                    last_reminded_at=_later(s.last_reminded_at, paused),
                    muted_turn=_later(s.muted_turn, paused),
                    **_holiday_moved(s, game.paused_at, paused),
                )
            await store.update_game(
                conn,
                game.id,
                paused_at=None,
                turn_started_at=_later(game.turn_started_at, paused),
                updated_at=self.clock(),
            )

    async def _to_players(
        self, game: GameRow, seats: Sequence[SeatRow], kind: str, message: str, **params: Any
    ) -> list[Notification]:
        """The same notice (catalog ``message``) for every person seated (not the computer's seats, not
        those who resigned)."""
        people = [s for s in seats if s.user_id is not None and s.state != "resigned"]
        return [await notice(self.repo, kind, message, game, s.user_id, **params) for s in people]


def _holiday_moved(seat: SeatRow, paused_at: datetime, paused: timedelta) -> dict[str, Any]:
    """The waiting seat's holiday end as the resumed game must read it, when its wait counts from there
    (``timebank.counting_from``): one that had ended before the pause moves on by the time paused, as the
    wait's start does; one that ended during the pause ends now, so the bank counts from the resumption."""
    until = seat.holiday_until
    if until is None or seat.waiting_since is None or until <= seat.waiting_since:
        return {}
    if until <= paused_at:
        return {"holiday_until": until + paused}
    return {"holiday_until": max(until, paused_at + paused)}
