"""Opening, filling, seating, starting and closing games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import ENGLISH
from bot.services import engine, outcomes, positions, timebank
from bot.services.errors import (
    AlreadyJoined,
    AlreadyStarted,
    GameExists,
    NotAllowed,
    NotEnoughPlayers,
    TableFull,
)
from bot.services.models import GameInfo, MoveOutcome
from bot.services.parts import Feature, Parts
from bot.services.policy import (
    CHANNEL_STYLES,
    DEFAULT_AI_LEVEL,
    GUILD_DEFAULT,
    SEAT_ORDERS,
    check_language,
    opening_timing,
    require_host,
)
from bot.services.repository import info, require_seat
from bot.services.runner import wake_computers
from bot.services.timebank import TimeBank
from bot.storage import games as store
from bot.storage import locks, preferences
from bot.storage.records import GameRow, SeatRow
from bot.storage.sql import IntegrityError
from rules.core.rng import Rng
from rules.core.texts import said


def refuse_bad_setup(
    rules: Any, options: dict[str, Any], max_players: int | None, seat_order: str, channel_style: str
) -> None:
    """Refuse a game's setup the game or the table does not take, before anything is written."""
    rules.new_game(rules.min_players, 0, options)  # raises SetupError for options the game does not take
    if max_players is not None and not rules.min_players <= max_players <= rules.max_players:
        raise NotAllowed(
            said("refusal.player_count", title=rules.title, min=rules.min_players, max=rules.max_players)
        )
    if seat_order not in SEAT_ORDERS:
        raise NotAllowed(said("refusal.seat_order", choices=", ".join(SEAT_ORDERS)))
    if channel_style not in CHANNEL_STYLES:
        raise NotAllowed(said("refusal.style", choices=", ".join(CHANNEL_STYLES)))


class Lobby(Feature):
    """Opening, filling, seating, starting and closing games."""

    def __init__(self, parts: Parts, new_seed: Callable[[], int]) -> None:
        super().__init__(parts)
        self.new_seed = new_seed

    async def create_game(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        rules_id: str,
        options: dict[str, Any] | None = None,
        *,
        max_players: int | None = None,
        seat_order: str = "random",
        reminder_minutes: int | None = GUILD_DEFAULT,
        deadline_minutes: int | None = GUILD_DEFAULT,
        deadline_action: str | None = GUILD_DEFAULT,
        parent_id: int | None = None,
        channel_style: str = "quiet",
        auto_play: bool = True,
        language: str = ENGLISH,
        time_bank: TimeBank | None = GUILD_DEFAULT,
    ) -> GameInfo:
        """Open a lobby in the channel with the host in seat 0.

        A new game's channel is quiet (a live board and one-line pings) and makes forced steps at once,
        unless ``channel_style`` / ``auto_play`` say otherwise (the host can change both later).

        Reminder and deadline settings left out come from the guild's settings (reminders default to
        daily, deadlines to none); ``None`` turns them off. Bad options are refused now, not at start.
        ``parent_id`` is the channel of the thread the game is in (a thread game ends with its channel).
        ``language`` is the catalog its public posts are written in. A ``time_bank`` replaces the
        deadline (refused with one given too). Left out, it is the guild's default bank when no deadline
        was given either (a deadline given, even none, opens without a bank); ``None``: no bank.
        """
        check_language(language)
        rules = engine.rules_for(rules_id)
        opts = dict(options or {})
        refuse_bad_setup(rules, opts, max_players, seat_order, channel_style)
        opts = engine.current_options(rules, opts)  # its moves replay by the rules it is played by
        async with self.db.reading() as conn:
            guild = await preferences.guild_settings(conn, guild_id) if guild_id is not None else None
        reminder, deadline, action, time_bank = opening_timing(
            guild, reminder_minutes, deadline_minutes, deadline_action, time_bank
        )
        now = self.clock()
        try:
            async with self.db.transaction(locks=(locks.guild(guild_id),)) as conn:
                game_id = await store.insert_game(
                    conn,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host_id,
                    rules_id=rules.id,
                    options=opts,
                    seed=self.new_seed(),
                    now=now,
                    max_players=max_players,
                    seat_order=seat_order,
                    reminder_minutes=reminder,
                    deadline_minutes=deadline,
                    deadline_action=action,
                    parent_id=parent_id,
                    channel_style=channel_style,
                    auto_play=auto_play,
                    language=language,
                )
                await store.insert_seat(
                    conn, SeatRow(game_id, 0, host_id, host_name, False, None, "active", now)
                )
                if time_bank is not None:
                    await store.update_game(conn, game_id, **timebank.columns(time_bank))
        except IntegrityError:
            raise GameExists(said("refusal.channel_taken")) from None
        return await self._info_of(game_id)

    async def join(self, channel_id: int, user_id: int, name: str) -> GameInfo:
        async with self.repo.locked(channel_id) as (game, seats):
            self._lobby_only(game)
            if any(s.user_id == user_id for s in seats):
                raise AlreadyJoined(said("refusal.already_joined"))
            self._room_for_one_more(game, seats)
            async with self.db.transaction(game=game.id) as conn:
                await store.insert_seat(
                    conn, SeatRow(game.id, len(seats), user_id, name, False, None, "active", self.clock())
                )
                await store.update_game(conn, game.id, updated_at=self.clock())
        return await self._info_of(game.id)

    async def add_ai(self, channel_id: int, by_user_id: int, level: int = DEFAULT_AI_LEVEL) -> GameInfo:
        async with self.repo.locked(channel_id) as (game, seats):
            self._lobby_only(game)
            require_host(game, by_user_id, False)
            self._room_for_one_more(game, seats)
            taken = {s.name for s in seats if s.is_ai}  # a removed computer's number may be free again
            number = next(n for n in range(1, len(seats) + 2) if f"Computer {n}" not in taken)
            async with self.db.transaction(game=game.id) as conn:
                await store.insert_seat(
                    conn,
                    SeatRow(
                        game.id, len(seats), None, f"Computer {number}", True, level, "active", self.clock()
                    ),
                )
                await store.update_game(conn, game.id, updated_at=self.clock())
        return await self._info_of(game.id)

    async def remove_ai(
        self, channel_id: int, by_user_id: int, seat: int, *, admin: bool = False
    ) -> GameInfo:
        """The host takes a computer's seat (counted from 0) away before the start; later seats move up."""
        async with self.repo.locked(channel_id) as (game, seats):
            self._lobby_only(game)
            require_host(game, by_user_id, admin)
            leaving = next((s for s in seats if s.seat == seat), None)
            if leaving is None or not leaving.is_ai:
                raise NotAllowed(said("refusal.not_computer_seat", seat=seat + 1))
            rest = [s for s in seats if s.seat != seat]
            async with self.db.transaction(game=game.id) as conn:
                await store.replace_seats(conn, game.id, [replace(s, seat=i) for i, s in enumerate(rest)])
                await store.update_game(conn, game.id, updated_at=self.clock())
        return await self._info_of(game.id)

    async def lobby_message(self, game_id: int) -> int | None:
        """The id of the message that shows the game's lobby (edited in place), if one was posted."""
        async with self.db.reading() as conn:
            return await store.lobby_message(conn, game_id)

    async def remember_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.db.transaction(game=game_id) as conn:
            await store.set_lobby_message(conn, game_id, message_id)

    @staticmethod
    def _lobby_only(game: GameRow) -> None:
        if game.status != "lobby":
            raise AlreadyStarted(said("refusal.already_started"))

    def _room_for_one_more(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        limit = game.max_players or engine.rules_for(game.rules_id).max_players
        if len(seats) >= limit:
            raise TableFull(said("refusal.table_full", limit=limit))

    async def leave(self, channel_id: int, user_id: int) -> GameInfo:
        """Leave a lobby. The host's leaving hands the lobby to the next person; the last one closes it."""
        async with self.repo.locked(channel_id) as (game, seats):
            if game.status != "lobby":
                raise AlreadyStarted(said("refusal.started_resign"))
            seat = require_seat(seats, user_id)
            rest = [s for s in seats if s.seat != seat.seat]
            people = [s for s in rest if not s.is_ai]
            async with self.db.transaction(game=game.id) as conn:
                await store.replace_seats(conn, game.id, [replace(s, seat=i) for i, s in enumerate(rest)])
                if not people:
                    await store.update_game(conn, game.id, status="abandoned", updated_at=self.clock())
                elif game.host_id == user_id:
                    await store.update_game(conn, game.id, host_id=people[0].user_id, updated_at=self.clock())
                else:
                    await store.update_game(conn, game.id, updated_at=self.clock())
            game, seats = await self.repo.rows(game.id)
            return info(game, seats)

    async def move_seat(self, channel_id: int, by_user_id: int, user_id: int, new_position: int) -> GameInfo:
        """Change the lobby's seating (used when the game seats players in join order)."""
        async with self.repo.locked(channel_id) as (game, seats):
            self._lobby_only(game)
            require_host(game, by_user_id, False)
            moving = require_seat(seats, user_id)
            if not 0 <= new_position < len(seats):
                raise NotAllowed(said("refusal.position", last=len(seats) - 1))
            order = [s for s in seats if s.seat != moving.seat]
            order.insert(new_position, moving)
            async with self.db.transaction(game=game.id) as conn:
                await store.replace_seats(conn, game.id, [replace(s, seat=i) for i, s in enumerate(order)])
                await store.update_game(conn, game.id, updated_at=self.clock())
        return await self._info_of(game.id)

    async def start(self, channel_id: int, by_user_id: int, *, admin: bool = False) -> MoveOutcome:
        """Seat the players (shuffled with the game's seed, or in join order) and deal."""
        async with self.repo.locked(channel_id) as (game, seats):
            self._lobby_only(game)
            require_host(game, by_user_id, admin)
            self.repo.not_paused(game)
            rules = engine.rules_for(game.rules_id)
            if len(seats) < rules.min_players:
                raise NotEnoughPlayers(
                    said("refusal.not_enough", title=rules.title, min=rules.min_players, count=len(seats))
                )
            order = list(seats)
            if game.seat_order == "random":
                Rng(game.seed ^ 0x5EA7).shuffle(order)
            seated = [replace(s, seat=i) for i, s in enumerate(order)]
            state = rules.new_game(len(seated), game.seed, game.options)
            now = self.clock()
            async with self.db.transaction(game=game.id) as conn:
                await store.replace_seats(conn, game.id, seated)
                game, seated = await positions.store_position(
                    conn, game, seated, state, version=0, now=now, restart_clocks=True
                )
            self.cache.put(game.id, game.revision, state)
            before = [replace(s, waiting_since=None) for s in seated]
            wake_computers(self.runner, game, seated)
            return await self.telling.outcome(
                game, before, seated, state, (), outcomes.Move(None, acting_user=by_user_id)
            )

    async def cancel(self, channel_id: int, by_user_id: int, *, admin: bool = False) -> GameInfo:
        """Close the channel's game: the host may cancel a lobby; a running game needs an admin."""
        async with self.repo.locked(channel_id) as (game, _seats):
            if game.status == "active" and not admin:
                raise NotAllowed(said("refusal.cancel_running"))
            require_host(game, by_user_id, admin)
            return await self._abandon(game)

    async def abandon(
        self, channel_id: int, by_user_id: int | None = None, *, admin: bool = False
    ) -> GameInfo:
        """End the channel's game without a result (host or admin)."""
        async with self.repo.locked(channel_id) as (game, _seats):
            require_host(game, by_user_id, admin)
            return await self._abandon(game)

    async def _info_of(self, game_id: int) -> GameInfo:
        return info(*await self.repo.rows(game_id))

    async def _abandon(self, game: GameRow) -> GameInfo:
        try:
            return await self.repo.abandon(game, self.clock())
        finally:
            self.cache.drop(game.id)
