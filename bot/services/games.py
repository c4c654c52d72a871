"""The game service: lobbies, moves, undo, reading, seats, time and statistics — no Discord here.

Every operation on one game runs under that game's ``asyncio.Lock`` (one process) and every write is one
SQLite transaction whose version check (``UPDATE … WHERE version = expected``) keeps a second process
from applying a move twice. The move log is the truth; the stored snapshot and the in-memory cache of
states are shortcuts that are checked against the version and rebuilt by replay when they do not match.
"""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.services import engine
from bot.services.clock import Clock, utc_now
from bot.services.errors import (
    AlreadyJoined,
    AlreadyStarted,
    BadImport,
    Busy,
    GameExists,
    GameNotActive,
    NoGameHere,
    NoSuchVersion,
    NotAllowed,
    NotEnoughPlayers,
    NotHost,
    NotInGame,
    StaleVersion,
    TableFull,
    UndoRefused,
)
from bot.services.models import (
    DueItem,
    GameInfo,
    MoveOutcome,
    Notification,
    PlayedMove,
    SeatInfo,
    UndoOutcome,
)
from bot.services.policy import due_items, kick_majority, undo_refusal
from bot.storage import games as store
from bot.storage import preferences, results
from bot.storage.db import Database
from bot.storage.preferences import GuildSettings, UserSettings
from bot.storage.records import GameRow, MoveRow, SeatRow
from bot.storage.results import ResultRow
from rules.ai import choose_move
from rules.core.events import Event, is_public, visible_to
from rules.core.protocol import State
from rules.core.rng import Rng

# (game id, view, legal moves, level, seed) -> move: the computer players' entry point.
ChooseMove = Callable[[str, dict[str, Any], Sequence[str], int, int], str]

EXPORT_FORMAT = "boardgame-bot/1"
DEFAULT_REMINDER_MINUTES = 24 * 60
DEFAULT_AI_LEVEL = 1
SEAT_ORDERS = ("random", "join")
DEADLINE_ACTIONS = ("skip", "ai", "vote")


class _GuildDefault:
    """Marks a setting left to the guild's default (``None`` already means "off")."""

    def __repr__(self) -> str:
        return "GUILD_DEFAULT"


GUILD_DEFAULT: Any = _GuildDefault()


def _ai_seed(seed: int, version: int, seat: int) -> int:
    """A computer player's randomness: fixed by the game, the position and the seat (reproducible)."""
    return (seed * 1_000_003 + version * 97 + seat) & ((1 << 63) - 1)


class GameService:
    """Everything the cogs (and the computer players and the tests) do to games."""

    def __init__(
        self,
        db: Database,
        clock: Clock = utc_now,
        ai: ChooseMove | None = None,
        *,
        new_seed: Callable[[], int] | None = None,
        cache_size: int = 64,
        max_ai_moves: int = 5000,
    ) -> None:
        self.db = db
        self.clock = clock
        self.ai: ChooseMove = ai or choose_move
        self.new_seed = new_seed or (lambda: secrets.randbits(62))
        self.cache = engine.StateCache(cache_size)
        self.max_ai_moves = max_ai_moves
        self._locks: dict[int, asyncio.Lock] = {}

    # ------------------------------------------------------------------------------------------------
    # loading

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def _rows(self, game_id: int) -> tuple[GameRow, list[SeatRow]]:
        async with self.db.reading() as conn:
            game = await store.game_by_id(conn, game_id)
            if game is None:
                raise NoGameHere("That game no longer exists.")
            return game, await store.seats_of(conn, game_id)

    async def _open_row(self, channel_id: int) -> GameRow:
        async with self.db.reading() as conn:
            game = await store.open_game_in_channel(conn, channel_id)
        if game is None:
            raise NoGameHere("There is no game in this channel. Start one with /game new.")
        return game

    async def _latest_rows(self, channel_id: int) -> tuple[GameRow, list[SeatRow]]:
        async with self.db.reading() as conn:
            game = await store.latest_game_in_channel(conn, channel_id)
            if game is None:
                raise NoGameHere("No game has been played in this channel.")
            return game, await store.seats_of(conn, game.id)

    @asynccontextmanager
    async def _locked(self, channel_id: int) -> AsyncIterator[tuple[GameRow, list[SeatRow]]]:
        """The channel's open game, locked, with rows read after the lock was taken."""
        first = await self._open_row(channel_id)
        async with self._lock(first.id):
            game, seats = await self._rows(first.id)
            if game.status not in store.OPEN_STATUSES:
                raise GameNotActive("That game has just ended.")
            yield game, seats

    @asynccontextmanager
    async def _locked_active(self, channel_id: int) -> AsyncIterator[tuple[GameRow, list[SeatRow]]]:
        try:
            first = await self._open_row(channel_id)
        except NoGameHere:
            async with self.db.reading() as conn:
                latest = await store.latest_game_in_channel(conn, channel_id)
            if latest is not None and latest.status == "finished":
                raise GameNotActive("The game in this channel is over.") from None
            raise
        if first.status == "lobby":
            raise GameNotActive("The game has not started yet.")
        async with self._locked(channel_id) as (game, seats):
            yield game, seats

    def _info(self, game: GameRow, seats: Sequence[SeatRow]) -> GameInfo:
        rules = engine.rules_for(game.rules_id)
        return GameInfo(
            id=game.id,
            guild_id=game.guild_id,
            channel_id=game.channel_id,
            rules_id=game.rules_id,
            title=rules.title,
            options=dict(game.options),
            status=game.status,
            version=game.version,
            seats=tuple(
                SeatInfo(s.seat, s.user_id, s.name, s.is_ai, s.ai_level, s.state, s.waiting_since)
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
        )

    async def _state(self, game: GameRow, seats: Sequence[SeatRow]) -> State:
        """The current state: from the cache, else the stored snapshot, else a replay of the log."""
        cached = self.cache.get(game.id, game.version)
        if cached is not None:
            return cached
        rules = engine.rules_for(game.rules_id)
        async with self.db.reading() as conn:
            snapshot = await store.load_snapshot(conn, game.id)
            moves = None if snapshot and snapshot[0] == game.version else await store.moves_of(conn, game.id)
        if moves is None and snapshot is not None:
            state = rules.load(snapshot[1])
        else:
            state = engine.replay(
                rules, len(seats), game.seed, game.options, [(m.seat, m.move) for m in moves or []]
            )
        self.cache.put(game.id, game.version, state)
        return state

    async def _replayed(self, game: GameRow, players: int, upto: int | None = None) -> State:
        async with self.db.reading() as conn:
            moves = await store.moves_of(conn, game.id, upto)
        rules = engine.rules_for(game.rules_id)
        return engine.replay(rules, players, game.seed, game.options, [(m.seat, m.move) for m in moves])

    @staticmethod
    def _seat_of_user(seats: Sequence[SeatRow], user_id: int) -> SeatRow | None:
        return next((s for s in seats if s.user_id == user_id and s.state != "resigned"), None)

    def _require_seat(self, seats: Sequence[SeatRow], user_id: int) -> SeatRow:
        seat = self._seat_of_user(seats, user_id)
        if seat is None:
            raise NotInGame("You are not playing in this game.")
        return seat

    @staticmethod
    def _require_host(game: GameRow, user_id: int | None, admin: bool) -> None:
        if not admin and user_id != game.host_id:
            raise NotHost("Only the game's host (or a server admin) can do that.")

    # ------------------------------------------------------------------------------------------------
    # writing moves

    async def _commit(
        self,
        game: GameRow,
        seats: list[SeatRow],
        seat: int,
        user_id: int | None,
        move: str,
        new_state: State,
        events: list[Event],
        actor: str,
    ) -> tuple[GameRow, list[SeatRow], PlayedMove]:
        """Append one move, its snapshot and the new version in one transaction."""
        rules = engine.rules_for(game.rules_id)
        now = self.clock()
        version = game.version + 1
        to_act = tuple(sorted(rules.to_act(new_state)))
        over = rules.is_over(new_state)
        status = "finished" if over else "active"
        turn_started = now if set(to_act) != set(game.to_act) else game.turn_started_at
        try:
            async with self.db.transaction() as conn:
                if not await store.set_version(
                    conn,
                    game.id,
                    expected=game.version,
                    new=version,
                    to_act=to_act,
                    status=status,
                    updated_at=now,
                    turn_started_at=turn_started,
                ):
                    raise Busy("Another move was made at the same moment; look at the game again and retry.")
                await store.append_move(
                    conn, MoveRow(game.id, version, seat, user_id, move, events, actor, now)
                )
                await store.save_snapshot(conn, game.id, version, rules.dump(new_state))
                seats = await self._update_waiting(conn, game.id, seats, to_act, now)
                if over:
                    await results.insert_results(
                        conn, self._result_rows(game, seats, rules.result(new_state), now)
                    )
        except BaseException:
            self.cache.drop(game.id)
            raise
        self.cache.put(game.id, version, new_state)
        game = replace(
            game, version=version, to_act=to_act, status=status, updated_at=now, turn_started_at=turn_started
        )
        return game, seats, PlayedMove(version, seat, user_id, move, tuple(events), actor)

    @staticmethod
    async def _update_waiting(
        conn: Any, game_id: int, seats: list[SeatRow], to_act: Iterable[int], now: datetime
    ) -> list[SeatRow]:
        """Start the clock of seats that must now act, stop it for seats that need not any more."""
        acting = set(to_act)
        updated = []
        for s in seats:
            if s.seat in acting and s.waiting_since is None:
                s = replace(s, waiting_since=now, last_reminded_at=None, vote_opened_at=None)
            elif s.seat not in acting and s.waiting_since is not None:
                s = replace(
                    s, waiting_since=None, last_reminded_at=None, vote_opened_at=None, muted_turn=None
                )
                await store.clear_kick_votes(conn, game_id, s.seat)
            else:
                updated.append(s)
                continue
            await store.update_seat(
                conn,
                game_id,
                s.seat,
                waiting_since=s.waiting_since,
                last_reminded_at=s.last_reminded_at,
                vote_opened_at=s.vote_opened_at,
                muted_turn=s.muted_turn,
            )
            updated.append(s)
        return updated

    @staticmethod
    def _result_rows(
        game: GameRow, seats: Sequence[SeatRow], result: dict[str, Any], now: datetime
    ) -> list[ResultRow]:
        by_seat = {p["seat"]: p for p in result.get("players", [])}
        winners = set(result.get("winners", []))
        rows = []
        for s in seats:
            entry = by_seat.get(s.seat, {})
            resigned = s.state == "resigned"
            rows.append(
                ResultRow(
                    game_id=game.id,
                    seat=s.seat,
                    guild_id=game.guild_id,
                    rules_id=game.rules_id,
                    user_id=s.user_id,
                    name=s.name,
                    is_ai=s.is_ai and not resigned and s.state != "replaced",
                    resigned=resigned,
                    score=int(entry.get("total", 0)),
                    rank=int(entry.get("rank", len(seats))),
                    won=s.seat in winners and not resigned,
                    players=len(seats),
                    finished_at=now,
                )
            )
        return rows

    async def _run_ai(
        self, game: GameRow, seats: list[SeatRow], state: State, played: list[PlayedMove]
    ) -> tuple[GameRow, list[SeatRow], State]:
        """Let every computer-played seat that must act move, until a person must act or the game ends."""
        rules = engine.rules_for(game.rules_id)
        for _ in range(self.max_ai_moves):
            if game.status != "active":
                break
            ai_seat = next((s for s in seats if s.is_ai and s.seat in game.to_act), None)
            if ai_seat is None:
                break
            legal = rules.legal_moves(state, ai_seat.seat)
            view = rules.view(state, ai_seat.seat)
            level = DEFAULT_AI_LEVEL if ai_seat.ai_level is None else ai_seat.ai_level
            choice = self.ai(
                game.rules_id, view, legal, level, _ai_seed(game.seed, game.version, ai_seat.seat)
            )
            move, state, events = engine.play(rules, state, ai_seat.seat, choice)
            game, seats, record = await self._commit(
                game, seats, ai_seat.seat, None, move, state, events, "ai"
            )
            played.append(record)
        return game, seats, state

    async def _prefs(self, user_ids: Iterable[int | None]) -> dict[int, UserSettings]:
        wanted = {u for u in user_ids if u is not None}
        async with self.db.reading() as conn:
            return {u: await preferences.user_settings(conn, u) for u in wanted}

    async def _outcome(
        self,
        game: GameRow,
        seats_before: Sequence[SeatRow],
        seats: Sequence[SeatRow],
        state: State,
        played: Sequence[PlayedMove],
        *,
        seat: int | None,
        move: str | None,
        events: Sequence[Event],
        acting_user: int | None,
        extra: Sequence[Notification] = (),
    ) -> MoveOutcome:
        rules = engine.rules_for(game.rules_id)
        info = self._info(game, seats)
        finished = game.status == "finished"
        result = rules.result(state) if finished else None
        before = {s.seat: s.waiting_since for s in seats_before}
        prefs = await self._prefs(s.user_id for s in seats)
        notes = list(extra)
        for s in seats:
            if not (not s.is_ai and s.user_id is not None and s.state in ("active", "away")):
                continue
            dm = prefs[s.user_id].dms
            if finished:
                notes.append(
                    Notification(
                        "game_over",
                        f"{info.title} in this channel is over.",
                        game.id,
                        game.channel_id,
                        s.user_id,
                        dm,
                    )
                )
            elif (
                s.waiting_since is not None
                and s.waiting_since != before.get(s.seat)
                and s.user_id != acting_user
            ):
                notes.append(
                    Notification(
                        "your_turn",
                        f"It is your turn in {info.title}.",
                        game.id,
                        game.channel_id,
                        s.user_id,
                        dm,
                    )
                )
        turn_passed = seat is not None and (
            seat not in game.to_act
            or any(s.waiting_since not in (None, before.get(s.seat)) for s in seats if s.seat != seat)
        )
        return MoveOutcome(
            game=info,
            seat=seat,
            move=move,
            events=tuple(events),
            public_events=tuple(ev for p in played for ev in p.events if is_public(ev)),
            played=tuple(played),
            to_act=game.to_act,
            to_act_users=info.to_act_users,
            turn_passed=turn_passed,
            finished=finished,
            result=result,
            notifications=tuple(notes),
        )

    # ------------------------------------------------------------------------------------------------
    # lobby

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
    ) -> GameInfo:
        """Open a lobby in the channel with the host in seat 0.

        Reminder and deadline settings left out come from the guild's settings (reminders default to
        daily, deadlines to none); ``None`` turns them off. Bad options are refused now, not at start.
        """
        rules = engine.rules_for(rules_id)
        opts = dict(options or {})
        rules.new_game(rules.min_players, 0, opts)  # raises SetupError for options the game does not take
        if max_players is not None and not rules.min_players <= max_players <= rules.max_players:
            raise NotAllowed(f"{rules.title} is for {rules.min_players} to {rules.max_players} players.")
        if seat_order not in SEAT_ORDERS:
            raise NotAllowed(f"Seat order must be one of {', '.join(SEAT_ORDERS)}.")
        async with self.db.reading() as conn:
            guild = await preferences.guild_settings(conn, guild_id) if guild_id is not None else None
        reminder, deadline, action = self._timing_defaults(
            guild, reminder_minutes, deadline_minutes, deadline_action
        )
        now = self.clock()
        try:
            async with self.db.transaction() as conn:
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
                )
                await store.insert_seat(
                    conn, SeatRow(game_id, 0, host_id, host_name, False, None, "active", now)
                )
        except sqlite3.IntegrityError:
            raise GameExists(
                "This channel already has a game; finish or cancel it, or use a thread."
            ) from None
        return await self.get_game(channel_id)

    @staticmethod
    def _timing_defaults(
        guild: GuildSettings | None, reminder: Any, deadline: Any, action: Any
    ) -> tuple[int | None, int | None, str]:
        if reminder is GUILD_DEFAULT:
            reminder = (
                guild.reminder_minutes if guild and guild.reminder_minutes else DEFAULT_REMINDER_MINUTES
            )
        if deadline is GUILD_DEFAULT:
            deadline = guild.deadline_minutes if guild else None
        if action is GUILD_DEFAULT or action is None:
            action = (guild.deadline_action if guild else None) or "skip"
        if action not in DEADLINE_ACTIONS:
            raise NotAllowed(f"The deadline action must be one of {', '.join(DEADLINE_ACTIONS)}.")
        for value in (reminder, deadline):
            if value is not None and value <= 0:
                raise NotAllowed("Reminder and deadline times must be positive numbers of minutes.")
        return reminder, deadline, action

    async def join(self, channel_id: int, user_id: int, name: str) -> GameInfo:
        async with self._locked(channel_id) as (game, seats):
            self._lobby_only(game)
            if any(s.user_id == user_id for s in seats):
                raise AlreadyJoined("You have already joined this game.")
            self._room_for_one_more(game, seats)
            async with self.db.transaction() as conn:
                await store.insert_seat(
                    conn, SeatRow(game.id, len(seats), user_id, name, False, None, "active", self.clock())
                )
                await store.update_game(conn, game.id, updated_at=self.clock())
        return await self.get_game(channel_id)

    async def add_ai(self, channel_id: int, by_user_id: int, level: int = DEFAULT_AI_LEVEL) -> GameInfo:
        async with self._locked(channel_id) as (game, seats):
            self._lobby_only(game)
            self._require_host(game, by_user_id, False)
            self._room_for_one_more(game, seats)
            number = sum(1 for s in seats if s.is_ai) + 1
            async with self.db.transaction() as conn:
                await store.insert_seat(
                    conn,
                    SeatRow(
                        game.id, len(seats), None, f"Computer {number}", True, level, "active", self.clock()
                    ),
                )
                await store.update_game(conn, game.id, updated_at=self.clock())
        return await self.get_game(channel_id)

    @staticmethod
    def _lobby_only(game: GameRow) -> None:
        if game.status != "lobby":
            raise AlreadyStarted("The game has already started.")

    def _room_for_one_more(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        limit = game.max_players or engine.rules_for(game.rules_id).max_players
        if len(seats) >= limit:
            raise TableFull(f"The table is full ({limit} players).")

    async def leave(self, channel_id: int, user_id: int) -> GameInfo:
        """Leave a lobby. The host's leaving hands the lobby to the next person; the last one closes it."""
        async with self._locked(channel_id) as (game, seats):
            if game.status != "lobby":
                raise AlreadyStarted("The game has started: resign instead, or ask to be replaced.")
            seat = self._require_seat(seats, user_id)
            rest = [s for s in seats if s.seat != seat.seat]
            people = [s for s in rest if not s.is_ai]
            async with self.db.transaction() as conn:
                await store.replace_seats(conn, game.id, [replace(s, seat=i) for i, s in enumerate(rest)])
                if not people:
                    await store.update_game(conn, game.id, status="abandoned", updated_at=self.clock())
                elif game.host_id == user_id:
                    await store.update_game(conn, game.id, host_id=people[0].user_id, updated_at=self.clock())
                else:
                    await store.update_game(conn, game.id, updated_at=self.clock())
            game, seats = await self._rows(game.id)
            return self._info(game, seats)

    async def move_seat(self, channel_id: int, by_user_id: int, user_id: int, new_position: int) -> GameInfo:
        """Change the lobby's seating (used when the game seats players in join order)."""
        async with self._locked(channel_id) as (game, seats):
            self._lobby_only(game)
            self._require_host(game, by_user_id, False)
            moving = self._require_seat(seats, user_id)
            if not 0 <= new_position < len(seats):
                raise NotAllowed(f"Choose a position from 0 to {len(seats) - 1}.")
            order = [s for s in seats if s.seat != moving.seat]
            order.insert(new_position, moving)
            async with self.db.transaction() as conn:
                await store.replace_seats(conn, game.id, [replace(s, seat=i) for i, s in enumerate(order)])
                await store.update_game(conn, game.id, updated_at=self.clock())
        return await self.get_game(channel_id)

    async def start(self, channel_id: int, by_user_id: int, *, admin: bool = False) -> MoveOutcome:
        """Seat the players (shuffled with the game's seed, or in join order) and deal."""
        async with self._locked(channel_id) as (game, seats):
            self._lobby_only(game)
            self._require_host(game, by_user_id, admin)
            rules = engine.rules_for(game.rules_id)
            if len(seats) < rules.min_players:
                raise NotEnoughPlayers(
                    f"{rules.title} needs at least {rules.min_players} players; {len(seats)} joined."
                )
            order = list(seats)
            if game.seat_order == "random":
                Rng(game.seed ^ 0x5EA7).shuffle(order)
            seated = [replace(s, seat=i) for i, s in enumerate(order)]
            state = rules.new_game(len(seated), game.seed, game.options)
            to_act = tuple(sorted(rules.to_act(state)))
            now = self.clock()
            async with self.db.transaction() as conn:
                await store.replace_seats(conn, game.id, seated)
                if not await store.set_version(
                    conn,
                    game.id,
                    expected=0,
                    new=0,
                    status="active",
                    to_act=to_act,
                    updated_at=now,
                    turn_started_at=now,
                ):
                    raise Busy("The game changed at the same moment; try again.")
                await store.save_snapshot(conn, game.id, 0, rules.dump(state))
                seated = await self._update_waiting(conn, game.id, seated, to_act, now)
            self.cache.put(game.id, 0, state)
            game = replace(game, status="active", to_act=to_act, updated_at=now, turn_started_at=now)
            before = [replace(s, waiting_since=None) for s in seated]
            played: list[PlayedMove] = []
            game, seated, state = await self._run_ai(game, seated, state, played)
            return await self._outcome(
                game, before, seated, state, played, seat=None, move=None, events=(), acting_user=by_user_id
            )

    async def cancel(self, channel_id: int, by_user_id: int, *, admin: bool = False) -> GameInfo:
        """Close the channel's game: the host may cancel a lobby; a running game needs an admin."""
        async with self._locked(channel_id) as (game, _seats):
            if game.status == "active" and not admin:
                raise NotAllowed("The game is running; only a server admin can cancel it.")
            self._require_host(game, by_user_id, admin)
            return await self._abandon(game)

    async def abandon(
        self, channel_id: int, by_user_id: int | None = None, *, admin: bool = False
    ) -> GameInfo:
        """End the channel's game without a result (host or admin)."""
        async with self._locked(channel_id) as (game, _seats):
            self._require_host(game, by_user_id, admin)
            return await self._abandon(game)

    async def _abandon(self, game: GameRow) -> GameInfo:
        async with self.db.transaction() as conn:
            await store.update_game(conn, game.id, status="abandoned", to_act=(), updated_at=self.clock())
        self.cache.drop(game.id)
        game, seats = await self._rows(game.id)
        return self._info(game, seats)

    # ------------------------------------------------------------------------------------------------
    # reading

    async def get_game(self, channel_id: int) -> GameInfo:
        """The channel's open game, else its most recent one; raises ``NoGameHere`` if it never had one."""
        return self._info(*await self._latest_rows(channel_id))

    async def game_by_id(self, game_id: int) -> GameInfo:
        return self._info(*await self._rows(game_id))

    async def seat_of(self, channel_id: int, user_id: int) -> int | None:
        _game, seats = await self._latest_rows(channel_id)
        seat = self._seat_of_user(seats, user_id)
        return None if seat is None else seat.seat

    async def legal_moves(self, channel_id: int, user_id: int) -> list[tuple[str, str]]:
        """(canonical move, label) for each move the user may make now; empty if nothing is theirs to do."""
        game, seats = await self._latest_rows(channel_id)
        seat = self._seat_of_user(seats, user_id)
        if game.status != "active" or seat is None or seat.is_ai or seat.seat not in game.to_act:
            return []
        rules = engine.rules_for(game.rules_id)
        state = await self._state(game, seats)
        return [(m, engine.label(rules, state, seat.seat, m)) for m in rules.legal_moves(state, seat.seat)]

    async def view_for(self, channel_id: int, user_id: int | None) -> tuple[GameInfo, dict[str, Any]]:
        """The game and what ``user_id`` may see: their seat's private view, or the spectator view."""
        game, seats = await self._latest_rows(channel_id)
        if game.status == "lobby":
            raise GameNotActive("The game has not started yet.")
        seat = self._seat_of_user(seats, user_id) if user_id is not None else None
        rules = engine.rules_for(game.rules_id)
        state = await self._state(game, seats)
        return self._info(game, seats), rules.view(state, None if seat is None else seat.seat)

    async def view_at(self, channel_id: int, version: int, user_id: int | None = None) -> dict[str, Any]:
        """The view (private to the user's seat, else spectator) after ``version`` moves, by replay."""
        game, seats = await self._latest_rows(channel_id)
        if game.status == "lobby":
            raise GameNotActive("The game has not started yet.")
        if not 0 <= version <= game.version:
            raise NoSuchVersion(f"Choose a version from 0 to {game.version}.")
        seat = self._seat_of_user(seats, user_id) if user_id is not None else None
        state = await self._replayed(game, len(seats), version)
        return engine.rules_for(game.rules_id).view(state, None if seat is None else seat.seat)

    async def log(self, channel_id: int, user_id: int | None = None, limit: int = 20) -> list[str]:
        """The newest ``limit`` lines of the game log; private lines only for the seat they belong to."""
        game, seats = await self._latest_rows(channel_id)
        seat = self._seat_of_user(seats, user_id) if user_id is not None else None
        viewer = None if seat is None else seat.seat
        names = {s.seat: s.name for s in seats}
        async with self.db.reading() as conn:
            moves = await store.moves_of(conn, game.id)
        lines = []
        for m in moves:
            shown = [ev for ev in m.events if visible_to(ev, viewer)]
            texts = [ev.get("text", "") for ev in shown if ev.get("text")]
            who = names.get(m.seat, f"Seat {m.seat}")
            suffix = {"ai": " (computer)", "deadline": " (deadline)", "admin": " (admin)"}.get(m.actor, "")
            head = f"{m.version}. {who}{suffix}: {m.move}"
            lines.append(head + (" — " + " ".join(texts) if texts else ""))
        return lines[-limit:] if limit > 0 else lines

    async def export(self, channel_id: int) -> dict[str, Any]:
        """The game as data: enough to replay it anywhere (rules id, options, seed, players, moves)."""
        game, seats = await self._latest_rows(channel_id)
        async with self.db.reading() as conn:
            moves = await store.moves_of(conn, game.id)
        return {
            "format": EXPORT_FORMAT,
            "rules_id": game.rules_id,
            "options": dict(game.options),
            "seed": game.seed,
            "status": game.status,
            "version": game.version,
            "players": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "user_id": s.user_id,
                    "is_ai": s.is_ai,
                    "ai_level": s.ai_level,
                }
                for s in seats
            ],
            "moves": [
                {"version": m.version, "seat": m.seat, "move": m.move, "actor": m.actor} for m in moves
            ],
        }

    async def import_game(
        self, guild_id: int | None, channel_id: int, data: dict[str, Any], host_id: int
    ) -> GameInfo:
        """Create a game in the channel from an ``export``; every move is replayed and checked first."""
        try:
            if data.get("format") != EXPORT_FORMAT:
                raise BadImport(f"Not an export of this bot (expected format {EXPORT_FORMAT}).")
            rules = engine.rules_for(str(data["rules_id"]))
            players = sorted(data["players"], key=lambda p: p["seat"])
            if [p["seat"] for p in players] != list(range(len(players))):
                raise BadImport("The players' seats must be numbered 0, 1, 2… without gaps.")
            seed, options = int(data["seed"]), dict(data.get("options") or {})
            moves = [(int(m["seat"]), str(m["move"])) for m in data["moves"]]
            actors = [str(m.get("actor", "player")) for m in data["moves"]]
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, BadImport):
                raise
            raise BadImport(f"The export is incomplete or malformed ({exc}).") from exc
        state = rules.new_game(len(players), seed, options)
        logged: list[tuple[int, str, list[Event]]] = []
        for number, (seat, move) in enumerate(moves, start=1):
            if rules.is_over(state):
                raise BadImport(f"Move {number} comes after the end of the game.")
            canonical, state, events = engine.play(rules, state, seat, move)
            logged.append((seat, canonical, events))
        over = rules.is_over(state)
        now = self.clock()
        to_act = tuple(sorted(rules.to_act(state)))
        user_of = {p["seat"]: p.get("user_id") for p in players}
        try:
            async with self.db.transaction() as conn:
                game_id = await store.insert_game(
                    conn,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host_id,
                    rules_id=rules.id,
                    options=options,
                    seed=seed,
                    now=now,
                    status="finished" if over else "active",
                    seat_order="join",
                    reminder_minutes=DEFAULT_REMINDER_MINUTES,
                )
                seats = [
                    SeatRow(
                        game_id,
                        p["seat"],
                        p.get("user_id"),
                        str(p["name"]),
                        bool(p.get("is_ai")),
                        p.get("ai_level"),
                        "active",
                        now,
                    )
                    for p in players
                ]
                await store.replace_seats(conn, game_id, seats)
                for version, ((seat, canonical, events), actor) in enumerate(
                    zip(logged, actors, strict=True), 1
                ):
                    actor = actor if actor in ("player", "ai", "deadline", "admin") else "player"
                    user = user_of.get(seat) if actor == "player" else None
                    await store.append_move(
                        conn, MoveRow(game_id, version, seat, user, canonical, events, actor, now)
                    )
                await store.set_version(
                    conn, game_id, expected=0, new=len(logged), to_act=to_act, turn_started_at=now
                )
                await store.save_snapshot(conn, game_id, len(logged), rules.dump(state))
                await self._update_waiting(conn, game_id, seats, to_act, now)
                if over:
                    game = await store.game_by_id(conn, game_id)
                    await results.insert_results(
                        conn, self._result_rows(game, seats, rules.result(state), now)
                    )  # type: ignore[arg-type]
        except sqlite3.IntegrityError:
            raise GameExists(
                "This channel already has a game; import into another channel or thread."
            ) from None
        return await self.game_by_id(game_id)

    async def active_games(self) -> list[GameInfo]:
        """Every running game (the reminder loop's work list after a restart)."""
        async with self.db.reading() as conn:
            rows = await store.games_with_status(conn, ["active"])
            pairs = [(g, await store.seats_of(conn, g.id)) for g in rows]
        return [self._info(g, s) for g, s in pairs]

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        """The user's open games (lobbies and running games), oldest first."""
        async with self.db.reading() as conn:
            found = await store.open_seats_of_user(conn, user_id)
            pairs = [(g, await store.seats_of(conn, g.id)) for g, _ in found]
        return [self._info(g, s) for g, s in pairs]

    async def check_replay(self, game_id: int) -> bool:
        """Whether replaying the seed and the log gives exactly the stored snapshot (and version)."""
        game, seats = await self._rows(game_id)
        if game.status == "lobby":
            return True
        async with self.db.reading() as conn:
            snapshot = await store.load_snapshot(conn, game_id)
        if snapshot is None or snapshot[0] != game.version:
            return False
        rules = engine.rules_for(game.rules_id)
        state = await self._replayed(game, len(seats))
        return rules.dump(state) == snapshot[1]

    # ------------------------------------------------------------------------------------------------
    # playing

    async def submit(
        self, channel_id: int, user_id: int, move_text: str, expected_version: int | None = None
    ) -> MoveOutcome:
        """Play a move for the user's seat, then let computer-played seats move until a person must act.

        ``expected_version`` is the version the user saw (from a button): if the game moved on since, the
        move is refused with ``StaleVersion``. Engine refusals (``RulesError``) pass through unchanged.
        """
        async with self._locked_active(channel_id) as (game, seats):
            seat = self._require_seat(seats, user_id)
            if seat.is_ai:
                raise NotAllowed("The computer is playing your seat; take it back first.")
            if expected_version is not None and expected_version != game.version:
                raise StaleVersion(
                    f"The game has moved on (version {game.version}, your move was for {expected_version}); "
                    "look at the game again."
                )
            rules = engine.rules_for(game.rules_id)
            state = await self._state(game, seats)
            move, new_state, events = engine.play(rules, state, seat.seat, move_text)
            before = list(seats)
            game, seats, record = await self._commit(
                game, seats, seat.seat, user_id, move, new_state, events, "player"
            )
            played = [record]
            game, seats, state = await self._run_ai(game, seats, new_state, played)
            return await self._outcome(
                game,
                before,
                seats,
                state,
                played,
                seat=seat.seat,
                move=move,
                events=events,
                acting_user=user_id,
            )

    async def undo(self, channel_id: int, user_id: int) -> UndoOutcome:
        """Take back the user's last move, if the undo policy allows it (see ``policy.undo_refusal``)."""
        async with self._locked_active(channel_id) as (game, seats):
            seat = self._require_seat(seats, user_id)
            async with self.db.reading() as conn:
                last = await store.last_moves(conn, game.id, 1)
            refusal = undo_refusal(last[0] if last else None, seat.seat, user_id)
            if refusal is not None:
                raise UndoRefused(refusal)
            game, seats = await self._rewind(game, seats, game.version - 1, by_user=user_id, reason="undo")
            return UndoOutcome(self._info(game, seats), seat.seat, last[0].move, game.version)

    async def _rewind(
        self, game: GameRow, seats: list[SeatRow], version: int, *, by_user: int | None, reason: str
    ) -> tuple[GameRow, list[SeatRow]]:
        """Drop every move after ``version`` (kept in ``undone_moves``) and rebuild the state by replay."""
        rules = engine.rules_for(game.rules_id)
        state = await self._replayed(game, len(seats), version)
        to_act = tuple(sorted(rules.to_act(state)))
        now = self.clock()
        status = "finished" if rules.is_over(state) else "active"
        try:
            async with self.db.transaction() as conn:
                if not await store.set_version(
                    conn,
                    game.id,
                    expected=game.version,
                    new=version,
                    to_act=to_act,
                    status=status,
                    updated_at=now,
                    turn_started_at=now,
                ):
                    raise Busy("Another move was made at the same moment; nothing was undone.")
                await store.remove_moves_after(
                    conn, game.id, version, now=now, by_user=by_user, reason=reason
                )
                await store.save_snapshot(conn, game.id, version, rules.dump(state))
                # every waiting clock restarts: the position is a different one now
                seats = await self._update_waiting(conn, game.id, seats, (), now)
                seats = await self._update_waiting(conn, game.id, seats, to_act, now)
        except BaseException:
            self.cache.drop(game.id)
            raise
        self.cache.put(game.id, version, state)
        return replace(
            game, version=version, to_act=to_act, status=status, updated_at=now, turn_started_at=now
        ), seats

    async def restore(self, channel_id: int, version: int, *, admin: bool = False) -> GameInfo:
        """An admin puts the game back to an earlier version (the later moves are kept aside, not lost)."""
        if not admin:
            raise NotAllowed("Only a server admin can restore an earlier position.")
        async with self._locked_active(channel_id) as (game, seats):
            if not 0 <= version < game.version:
                raise NoSuchVersion(f"Choose a version from 0 to {game.version - 1}.")
            game, seats = await self._rewind(game, seats, version, by_user=None, reason="restore")
            return self._info(game, seats)

    async def undone_moves(self, channel_id: int) -> list[dict[str, Any]]:
        """The audit trail of moves taken back by undo or restore."""
        game, _ = await self._latest_rows(channel_id)
        async with self.db.reading() as conn:
            return await store.undone_moves_of(conn, game.id)

    # ------------------------------------------------------------------------------------------------
    # seats

    async def resign(self, channel_id: int, user_id: int) -> MoveOutcome:
        """Give up: the computer plays the seat to the end and the result counts no win for it.

        When nobody but the computer would be left, the game is abandoned instead.
        """
        async with self._locked_active(channel_id) as (game, seats):
            seat = self._require_seat(seats, user_id)
            people = [s for s in seats if s.seat != seat.seat and not s.is_ai]
            if not people:
                info = await self._abandon(game)
                return MoveOutcome(info, seat.seat, None, (), (), (), (), (), False, False, None)
            return await self._hand_over(
                game, seats, seat, state="resigned", level=DEFAULT_AI_LEVEL, acting_user=user_id
            )

    async def _hand_over(
        self,
        game: GameRow,
        seats: list[SeatRow],
        seat: SeatRow,
        *,
        state: str,
        level: int,
        acting_user: int | None,
        notes: Sequence[Notification] = (),
    ) -> MoveOutcome:
        """Let the computer play ``seat`` from now on and let it move at once if it must."""
        async with self.db.transaction() as conn:
            await store.update_seat(conn, game.id, seat.seat, is_ai=True, ai_level=level, state=state)
            await store.clear_kick_votes(conn, game.id, seat.seat)
            await store.update_game(conn, game.id, updated_at=self.clock())
        game, seats = await self._rows(game.id)
        before = list(seats)
        current = await self._state(game, seats)
        played: list[PlayedMove] = []
        game, seats, current = await self._run_ai(game, seats, current, played)
        return await self._outcome(
            game,
            before,
            seats,
            current,
            played,
            seat=seat.seat,
            move=None,
            events=(),
            acting_user=acting_user,
            extra=notes,
        )

    async def hand_to_ai(
        self,
        channel_id: int,
        by_user_id: int,
        seat: int,
        level: int = DEFAULT_AI_LEVEL,
        *,
        admin: bool = False,
    ) -> MoveOutcome:
        """The computer plays ``seat`` for now (by the seat's player, the host or an admin); reversible."""
        async with self._locked_active(channel_id) as (game, seats):
            target = next((s for s in seats if s.seat == seat), None)
            if target is None:
                raise NotAllowed(f"There is no seat {seat}.")
            if target.user_id != by_user_id:
                self._require_host(game, by_user_id, admin)
            if target.is_ai:
                raise NotAllowed("The computer already plays that seat.")
            return await self._hand_over(
                game, seats, target, state="replaced", level=level, acting_user=by_user_id
            )

    async def take_back_seat(self, channel_id: int, user_id: int) -> GameInfo:
        """A player whose seat the computer has been playing (not after resigning) plays it again."""
        async with self._locked_active(channel_id) as (game, seats):
            seat = next((s for s in seats if s.user_id == user_id and s.state == "replaced"), None)
            if seat is None:
                raise NotAllowed("You have no seat that the computer is playing for you.")
            async with self.db.transaction() as conn:
                await store.update_seat(conn, game.id, seat.seat, is_ai=False, state="active")
                await store.update_game(conn, game.id, updated_at=self.clock())
            return self._info(*await self._rows(game.id))

    async def replace_player(
        self,
        channel_id: int,
        by_user_id: int,
        seat: int,
        new_user_id: int,
        new_name: str,
        *,
        admin: bool = False,
    ) -> GameInfo:
        """Give a seat to another person (by the seat's player, the host or an admin)."""
        async with self._locked(channel_id) as (game, seats):
            target = next((s for s in seats if s.seat == seat), None)
            if target is None:
                raise NotAllowed(f"There is no seat {seat}.")
            if target.user_id != by_user_id:
                self._require_host(game, by_user_id, admin)
            if any(s.user_id == new_user_id for s in seats):
                raise AlreadyJoined("That person already has a seat in this game.")
            async with self.db.transaction() as conn:
                await store.update_seat(
                    conn,
                    game.id,
                    seat,
                    user_id=new_user_id,
                    name=new_name,
                    is_ai=False,
                    ai_level=None,
                    state="active",
                    muted=False,
                    muted_turn=None,
                )
                if game.host_id == target.user_id:
                    await store.update_game(conn, game.id, host_id=new_user_id)
                await store.update_game(conn, game.id, updated_at=self.clock())
            return self._info(*await self._rows(game.id))

    async def set_away(self, channel_id: int, user_id: int, away: bool) -> GameInfo:
        """Mark the user away (no reminders, no deadline) or back."""
        async with self._locked_active(channel_id) as (game, seats):
            seat = self._require_seat(seats, user_id)
            if seat.state not in ("active", "away"):
                raise NotAllowed("The computer is playing your seat; take it back first.")
            async with self.db.transaction() as conn:
                await store.update_seat(conn, game.id, seat.seat, state="away" if away else "active")
            return self._info(*await self._rows(game.id))

    # ------------------------------------------------------------------------------------------------
    # time: reminders and deadlines

    async def due(self, now: datetime | None = None) -> list[DueItem]:
        """Reminders and deadlines that are due at ``now`` (default: the clock), earliest first."""
        moment = now or self.clock()
        return [item for item in await self._pending() if item.due_at <= moment]

    async def next_due_at(self) -> datetime | None:
        """When the next reminder or deadline falls due (so a loop knows how long to sleep)."""
        pending = await self._pending()
        return min((i.due_at for i in pending), default=None)

    async def _pending(self) -> list[DueItem]:
        async with self.db.reading() as conn:
            games = await store.games_with_status(conn, ["active"])
            pairs = [(g, await store.seats_of(conn, g.id)) for g in games]
        prefs = await self._prefs(s.user_id for _, seats in pairs for s in seats)
        items = [item for g, seats in pairs for item in due_items(g, seats, prefs)]
        return sorted(items, key=lambda i: (i.due_at, i.game_id, i.seat))

    async def run_due(self, now: datetime | None = None) -> list[Notification]:
        """Send due reminders (as notifications) and apply due deadlines; safe to call at any interval."""
        notes: list[Notification] = []
        for item in await self.due(now):
            async with self._lock(item.game_id):
                row, seats = await self._rows(item.game_id)
                fresh = {
                    i.kind: i
                    for i in due_items(row, seats, await self._prefs(s.user_id for s in seats))
                    if i.seat == item.seat
                }
                if item.kind not in fresh or fresh[item.kind].due_at > (now or self.clock()):
                    continue  # something changed since the list was made
                if item.kind == "reminder":
                    notes.append(await self._remind(row, seats, item))
                else:
                    notes.extend(await self._deadline(row, seats, item.seat))
        return notes

    async def _remind(self, game: GameRow, seats: list[SeatRow], item: DueItem) -> Notification:
        async with self.db.transaction() as conn:
            await store.update_seat(conn, game.id, item.seat, last_reminded_at=self.clock())
        prefs = await self._prefs([item.user_id])
        title = engine.rules_for(game.rules_id).title
        dm = item.user_id is not None and prefs[item.user_id].dms
        return Notification(
            "reminder", f"Reminder: it is your turn in {title}.", game.id, game.channel_id, item.user_id, dm
        )

    async def _deadline(self, game: GameRow, seats: list[SeatRow], seat_no: int) -> list[Notification]:
        """Apply the game's deadline consequence to an overdue seat."""
        seat = next(s for s in seats if s.seat == seat_no)
        rules = engine.rules_for(game.rules_id)
        title = rules.title
        if game.deadline_action == "skip":
            state = await self._state(game, seats)
            skip = engine.skip_move(rules, state, seat_no)
            if skip is not None:
                move, new_state, events = engine.play(rules, state, seat_no, skip)
                before = list(seats)
                game, seats, record = await self._commit(
                    game, seats, seat_no, None, move, new_state, events, "deadline"
                )
                played = [record]
                game, seats, new_state = await self._run_ai(game, seats, new_state, played)
                note = Notification(
                    "deadline",
                    f"Time ran out: your turn in {title} was skipped.",
                    game.id,
                    game.channel_id,
                    seat.user_id,
                )
                outcome = await self._outcome(
                    game,
                    before,
                    seats,
                    new_state,
                    played,
                    seat=seat_no,
                    move=move,
                    events=events,
                    acting_user=None,
                    extra=[note],
                )
                return list(outcome.notifications)
        others = [s for s in seats if s.seat != seat_no and not s.is_ai and s.user_id is not None]
        if game.deadline_action == "vote" and others:
            async with self.db.transaction() as conn:
                await store.update_seat(conn, game.id, seat_no, vote_opened_at=self.clock())
            need = kick_majority(len(others))
            return [
                Notification(
                    "vote_open",
                    f"{seat.name} is out of time in {title}. {need} vote(s) hand their seat to the computer.",
                    game.id,
                    game.channel_id,
                    None,
                )
            ]
        note = Notification(
            "replaced",
            f"Time ran out: the computer now plays your seat in {title}; take it back whenever you like.",
            game.id,
            game.channel_id,
            seat.user_id,
        )
        outcome = await self._hand_over(
            game, seats, seat, state="replaced", level=DEFAULT_AI_LEVEL, acting_user=None, notes=[note]
        )
        return list(outcome.notifications)

    async def vote_kick(self, channel_id: int, voter_id: int, seat: int) -> MoveOutcome | GameInfo:
        """Vote to hand an overdue player's seat to the computer; a majority of the others decides."""
        async with self._locked_active(channel_id) as (game, seats):
            voter = self._require_seat(seats, voter_id)
            target = next((s for s in seats if s.seat == seat), None)
            if target is None or target.vote_opened_at is None or target.is_ai:
                raise NotAllowed("There is no vote about that seat.")
            if voter.seat == seat:
                raise NotAllowed("You cannot vote about your own seat.")
            others = [s for s in seats if s.seat != seat and not s.is_ai and s.user_id is not None]
            async with self.db.transaction() as conn:
                await store.add_kick_vote(conn, game.id, seat, voter_id, self.clock())
                votes = await store.kick_voters(conn, game.id, seat)
            if len(votes) < kick_majority(len(others)):
                return self._info(*await self._rows(game.id))
            return await self._hand_over(
                game, seats, target, state="replaced", level=DEFAULT_AI_LEVEL, acting_user=voter_id
            )

    async def force_skip(
        self, channel_id: int, by_user_id: int, *, admin: bool = False
    ) -> list[Notification]:
        """Apply the deadline consequence now to every person who must act (host or admin)."""
        async with self._locked_active(channel_id) as (game, _seats):
            self._require_host(game, by_user_id, admin)
            notes: list[Notification] = []
            for seat_no in game.to_act:
                row, current = await self._rows(game.id)
                seat = next(s for s in current if s.seat == seat_no)
                if row.status == "active" and seat_no in row.to_act and not seat.is_ai:
                    notes.extend(await self._deadline(row, current, seat_no))
            return notes

    # ------------------------------------------------------------------------------------------------
    # settings

    async def mute(self, user_id: int, game_id: int | None = None, until_next_turn: bool = False) -> None:
        """Stop reminders: for one game or all, for good or only for the turn under way."""
        async with self.db.transaction() as conn:
            if game_id is None and not until_next_turn:
                await preferences.save_user_settings(conn, user_id, muted=True)
                return
            seats = [
                (g, s) for g, s in await store.open_seats_of_user(conn, user_id) if game_id in (None, g.id)
            ]
            if game_id is not None and not seats:
                raise NotInGame("You are not playing in that game.")
            for game, seat in seats:
                if until_next_turn:
                    await store.update_seat(conn, game.id, seat.seat, muted_turn=seat.waiting_since)
                else:
                    await store.update_seat(conn, game.id, seat.seat, muted=True)

    async def unmute(self, user_id: int, game_id: int | None = None) -> None:
        async with self.db.transaction() as conn:
            if game_id is None:
                await preferences.save_user_settings(conn, user_id, muted=False)
            for game, seat in await store.open_seats_of_user(conn, user_id):
                if game_id in (None, game.id):
                    await store.update_seat(conn, game.id, seat.seat, muted=False, muted_turn=None)

    async def user_settings(self, user_id: int) -> UserSettings:
        async with self.db.reading() as conn:
            return await preferences.user_settings(conn, user_id)

    async def update_user_settings(self, user_id: int, **changes: Any) -> UserSettings:
        """Change ``dms``, ``reminder_minutes`` or ``muted`` for the user."""
        if changes.get("reminder_minutes") is not None and changes["reminder_minutes"] <= 0:
            raise NotAllowed("The reminder interval must be a positive number of minutes.")
        async with self.db.transaction() as conn:
            return await preferences.save_user_settings(conn, user_id, **changes)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self.db.reading() as conn:
            return await preferences.guild_settings(conn, guild_id)

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change the guild's defaults for new games: ``reminder_minutes``, ``deadline_minutes``,
        ``deadline_action``."""
        action = changes.get("deadline_action")
        if action is not None and action not in DEADLINE_ACTIONS:
            raise NotAllowed(f"The deadline action must be one of {', '.join(DEADLINE_ACTIONS)}.")
        for key in ("reminder_minutes", "deadline_minutes"):
            if changes.get(key) is not None and changes[key] <= 0:
                raise NotAllowed("Times must be positive numbers of minutes.")
        async with self.db.transaction() as conn:
            return await preferences.save_guild_settings(conn, guild_id, **changes)

    async def update_game_timing(
        self, channel_id: int, by_user_id: int, *, admin: bool = False, **changes: Any
    ) -> GameInfo:
        """The host changes this game's ``reminder_minutes``, ``deadline_minutes`` or ``deadline_action``."""
        async with self._locked(channel_id) as (game, _seats):
            self._require_host(game, by_user_id, admin)
            allowed = {"reminder_minutes", "deadline_minutes", "deadline_action"}
            if set(changes) - allowed:
                raise NotAllowed(f"Only {', '.join(sorted(allowed))} can be changed.")
            reminder, deadline, action = self._timing_defaults(
                None,
                changes.get("reminder_minutes", game.reminder_minutes),
                changes.get("deadline_minutes", game.deadline_minutes),
                changes.get("deadline_action", game.deadline_action),
            )
            async with self.db.transaction() as conn:
                await store.update_game(
                    conn,
                    game.id,
                    reminder_minutes=reminder,
                    deadline_minutes=deadline,
                    deadline_action=action,
                    updated_at=self.clock(),
                )
            return self._info(*await self._rows(game.id))

    # ------------------------------------------------------------------------------------------------
    # statistics

    async def stats(self, guild_id: int, user_id: int | None = None, recent: int = 10) -> dict[str, Any]:
        """Per game: played, won, average score (of the user, or the whole guild); and recent results."""
        async with self.db.reading() as conn:
            per_game = await results.per_game_summary(conn, guild_id, user_id)
            rows = await results.recent_results(conn, guild_id, user_id, recent)
        return {
            "guild_id": guild_id,
            "user_id": user_id,
            "per_game": per_game,
            "played": sum(g["played"] for g in per_game),
            "won": sum(g["won"] for g in per_game),
            "recent": [
                {
                    "game_id": r.game_id,
                    "rules_id": r.rules_id,
                    "user_id": r.user_id,
                    "name": r.name,
                    "score": r.score,
                    "rank": r.rank,
                    "won": r.won,
                    "players": r.players,
                    "finished_at": r.finished_at,
                }
                for r in rows
            ],
        }

    async def leaderboard(
        self, guild_id: int, rules_id: str | None = None, limit: int = 20
    ) -> list[dict[str, Any]]:
        """People of the guild ranked by wins, then win rate, then average score."""
        async with self.db.reading() as conn:
            return await results.leaderboard(conn, guild_id, rules_id, limit)
