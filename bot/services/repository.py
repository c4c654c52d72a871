"""The games' rows: read by id or by channel, the channel's open game read once under its lock, and the
settings of the people seated; what the service hands back of them (``info``).

Every operation on one game runs under that game's ``asyncio.Lock`` (one process); the lock a channel's
operation takes is that of the game last found open there, so its rows are read once, after the lock was
taken."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime

from bot.services import engine, timebank
from bot.services.errors import GameDamaged, GameNotActive, GamePaused, NoGameHere, NotInGame
from bot.services.models import GameInfo, SeatInfo
from bot.services.policy import deadline_due_at
from bot.storage import games as store
from bot.storage import preferences
from bot.storage.db import Database
from bot.storage.preferences import UserSettings
from bot.storage.records import GameRow, SeatRow
from rules.core.protocol import REVISION_OPTION
from rules.core.texts import said


class Repository:
    """The games' rows over ``db``, and the per-game locks of this process."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._locks: dict[int, asyncio.Lock] = {}
        # channel -> the game this process last found open there, whose lock ``locked`` takes first
        self._open_games: dict[int, int] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def rows(self, game_id: int) -> tuple[GameRow, list[SeatRow]]:
        async with self.db.reading() as conn:
            game = await store.game_by_id(conn, game_id)
            if game is None:
                raise NoGameHere(said("refusal.game_gone"))
            return game, await store.seats_of(conn, game_id)

    async def open_row(self, channel_id: int, active: bool = False) -> GameRow:
        """The channel's open game; with ``active``, refused unless it has started (a finished one is said
        to be over)."""
        async with self.db.reading() as conn:
            game = await store.open_game_in_channel(conn, channel_id)
            latest = await store.latest_game_in_channel(conn, channel_id) if game is None and active else None
        if game is None:
            if latest is not None and latest.status == "finished":
                raise GameNotActive(said("refusal.over"))
            raise NoGameHere(said("refusal.no_game"))
        if active and game.status == "lobby":
            raise GameNotActive(said("refusal.not_started"))
        return game

    async def latest_rows(self, channel_id: int) -> tuple[GameRow, list[SeatRow]]:
        async with self.db.reading() as conn:
            game = await store.latest_game_in_channel(conn, channel_id)
            if game is None:
                raise NoGameHere(said("refusal.no_game_ever"))
            return game, await store.seats_of(conn, game.id)

    @asynccontextmanager
    async def locked(
        self, channel_id: int, *, active: bool = False
    ) -> AsyncIterator[tuple[GameRow, list[SeatRow]]]:
        """The channel's open game, locked, with rows read after the lock was taken; ``active``: refused
        unless it has started and is not paused.

        The lock taken is that of the game this process last found open in the channel, so the rows are
        read once, under it; the first time, or once that game has ended, the open game is looked up
        before its lock is taken."""
        known = self._open_games.get(channel_id)
        if known is not None:
            lock = self.lock(known)
            waited = lock.locked()  # another operation on the game goes on: it may end it meanwhile
            async with lock:
                try:
                    game, seats = await self.rows(known)
                except NoGameHere:
                    game = None
                if game is not None and game.channel_id == channel_id and game.status in store.OPEN_STATUSES:
                    self._playable(game, active)
                    yield game, seats
                    return
            self._open_games.pop(channel_id, None)
            if waited and game is not None and game.channel_id == channel_id:
                raise GameNotActive(said("refusal.just_ended"))  # ended while this one waited
        first = await self.open_row(channel_id, active)
        async with self.lock(first.id):
            game, seats = await self.rows(first.id)
            if game.status not in store.OPEN_STATUSES:
                raise GameNotActive(said("refusal.just_ended"))
            self._open_games[channel_id] = game.id
            self._playable(game, active)
            yield game, seats

    def _playable(self, game: GameRow, active: bool) -> None:
        if active:
            if game.status == "lobby":
                raise GameNotActive(said("refusal.not_started"))
            self.not_paused(game)

    @staticmethod
    def not_paused(game: GameRow) -> None:
        """Nothing is played in a paused game: its moves could be neither announced nor answered."""
        if game.damaged is not None:
            raise GameDamaged(said("refusal.damaged"))
        if game.paused_at is not None:
            raise GamePaused(said("refusal.paused"))

    async def abandon(self, game: GameRow, now: datetime) -> GameInfo:
        """End ``game`` without a result (the caller drops its cached state); the game as it is then."""
        async with self.db.transaction(game=game.id) as conn:
            await store.update_game(conn, game.id, status="abandoned", to_act=(), updated_at=now)
        return info(*await self.rows(game.id))

    async def prefs(self, user_ids: Iterable[int | None]) -> dict[int, UserSettings]:
        async with self.db.reading() as conn:
            return await preferences.settings_of_users(conn, (u for u in user_ids if u is not None))


def seat_of_user(seats: Sequence[SeatRow], user_id: int) -> SeatRow | None:
    """The seat ``user_id`` plays in (not one they resigned), if any."""
    return next((s for s in seats if s.user_id == user_id and s.state != "resigned"), None)


def require_seat(seats: Sequence[SeatRow], user_id: int) -> SeatRow:
    """``user_id``'s seat; ``NotInGame`` when they play none."""
    seat = seat_of_user(seats, user_id)
    if seat is None:
        raise NotInGame(said("refusal.not_playing"))
    return seat


def info(game: GameRow, seats: Sequence[SeatRow]) -> GameInfo:
    """What the service hands back of a game's rows."""
    rules = engine.rules_for(game.rules_id)
    return GameInfo(
        id=game.id,
        guild_id=game.guild_id,
        channel_id=game.channel_id,
        rules_id=game.rules_id,
        title=rules.title,
        options={k: v for k, v in game.options.items() if k != REVISION_OPTION},  # the host's choices
        status=game.status,
        version=game.version,
        revision=game.revision,
        seats=tuple(
            SeatInfo(
                s.seat,
                s.user_id,
                s.name,
                s.is_ai,
                s.ai_level,
                s.state,
                s.waiting_since,
                s.offered_to,
                bank_left=timebank.banked(game, s) if game.bank_minutes else None,
                bank_out_at=deadline_due_at(game, s) if game.bank_minutes else None,
                holiday_until=s.holiday_until,
            )
            for s in seats
        ),
        host_id=game.host_id,
        created_at=game.created_at,
        updated_at=game.updated_at,
        turn_started_at=game.turn_started_at,
        to_act=game.to_act,
        reminder_minutes=game.reminder_minutes,
        deadline_minutes=game.deadline_minutes,
        deadline_action=game.deadline_action,
        max_players=game.max_players or rules.max_players,
        min_players=rules.min_players,
        seat_order=game.seat_order,
        paused_at=game.paused_at,
        damaged=game.damaged is not None,
        imported_moves=game.imported_moves,
        pictures=game.pictures,
        computer_posts=game.computer_posts,
        computer_pause=game.computer_pause,
        channel_style=game.channel_style,
        auto_play=game.auto_play,
        language=game.language,
        bank_minutes=game.bank_minutes,
        bank_increment_minutes=game.bank_increment_minutes,
        holiday_days=game.holiday_days,
    )
