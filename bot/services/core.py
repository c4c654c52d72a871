"""What every part of the game service shares: loading games, locking, writing moves, computer turns.

Every operation on one game runs under that game's ``asyncio.Lock`` (one process) and every write is one
SQLite transaction whose version check (``UPDATE … WHERE version = expected``) keeps a second process
from applying a move twice. The move log is the truth; the stored snapshot and the in-memory cache of
states are shortcuts that are checked against the version and rebuilt by replay when they do not match.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot import i18n
from bot.services import engine, notices
from bot.services.clock import Clock, utc_now
from bot.services.errors import (
    Busy,
    DatabaseUnavailable,
    GameDamaged,
    GameNotActive,
    GamePaused,
    NoGameHere,
    NotAllowed,
    NotHost,
    NotInGame,
)
from bot.services.models import GameInfo, MoveOutcome, Notification, PlayedMove, SeatInfo
from bot.services.policy import undo_refusal
from bot.services.runner import STALE, ComputerRunner, Stale, TurnBudgets
from bot.services.thinking import ChooseMove, Thinkers, ThinkingStopped
from bot.storage import games as store
from bot.storage import preferences, results
from bot.storage.db import Database
from bot.storage.preferences import GuildSettings, UserSettings
from bot.storage.records import GameRow, MoveRow, SeatRow, Snapshot
from bot.storage.results import ResultRow
from rules.ai import choose_move
from rules.core.budget import Turn
from rules.core.english import english
from rules.core.events import HIDES_MOVE, TURN_START, Event, event, is_public, shown_moves, turn_starters
from rules.core.protocol import Engine, State
from rules.core.texts import said

log = logging.getLogger(__name__)


EXPORT_FORMAT = "boardgame-bot/1"
DEFAULT_REMINDER_MINUTES = 24 * 60
DEFAULT_AI_LEVEL = 1
# The player that stands in, in the bot's own process, when a worker brings back no move.
FALLBACK_AI_LEVEL = 1
SEAT_ORDERS = ("random", "join")
DEADLINE_ACTIONS = ("skip", "ai", "vote")
PICTURE_MODES = ("every-turn", "on-request")  # does every turn message show the board
# how often the channel of a game nobody plays in person hears of its computers' moves, and how long (in
# seconds) they wait after each post
COMPUTER_POSTS = ("turn", "round", "end")
MAX_COMPUTER_PAUSE = 3600
CHANNEL_STYLES = ("quiet", "every-turn")  # a live board and one-line pings, or a full message per turn
# Forced steps made in a row at most (each one is a real step of the rules; this only bounds the loop).
MAX_FORCED = 50


def check_language(language: str) -> None:
    """Refuse a language the catalogs do not hold (the pseudo-locale is one, for tests of the texts)."""
    if language not in (*i18n.LANGUAGES, i18n.PSEUDO):
        raise NotAllowed(said("refusal.language", choices=", ".join(i18n.LANGUAGES)))


class _GuildDefault:
    """Marks a setting left to the guild's default (``None`` already means "off")."""

    def __repr__(self) -> str:
        return "GUILD_DEFAULT"


GUILD_DEFAULT: Any = _GuildDefault()


def made_for(events: list[Event], seat: int, label: str) -> list[Event]:
    """A forced step's events, its first public line saying it was made for the player ("Player 3 draws
    a city card (made for Player 3: the only move).")."""
    note = f"made for Player {seat + 1}: the only move"
    for index, ev in enumerate(events):
        if is_public(ev) and ev.get("type") != TURN_START and str(ev.get("text", "")).strip():
            if ev.get("msg"):  # an event of facts: the note is worded where it is shown
                return [*events[:index], {**ev, "made_for": seat}, *events[index + 1 :]]
            text = str(ev["text"]).strip().removesuffix(".")
            return [*events[:index], {**ev, "text": f"{text} ({note})."}, *events[index + 1 :]]
    return [*events, event("auto_play", f"Player {seat + 1}: {label} ({note}).", seat=seat)]


def _ai_seed(seed: int, version: int, seat: int) -> int:
    """A computer player's randomness: fixed by the game, the position and the seat (reproducible)."""
    return (seed * 1_000_003 + version * 97 + seat) & ((1 << 63) - 1)


class ServiceCore:
    """State and helpers the service's parts share; the public operations live in the mixins."""

    # a game's claim while its computers play, given to the runner here and defined by ``Timing``
    _claim_run: Callable[[int], Awaitable[bool]]
    _release: Callable[[int], Awaitable[None]]

    def __init__(
        self,
        db: Database,
        clock: Clock = utc_now,
        ai: ChooseMove | None = None,
        *,
        new_seed: Callable[[], int] | None = None,
        cache_size: int = 64,
        max_ai_moves: int = 5000,
        think_seconds: float | None = None,
        think_workers: int | None = None,
        think_timeout: float | None = None,
    ) -> None:
        self.db = db
        db.unavailable = DatabaseUnavailable  # a refused write reaches the player as a service refusal
        self.clock = clock
        self.ai: ChooseMove = ai or choose_move
        self.new_seed = new_seed or (lambda: secrets.randbits(62))
        self.cache = engine.StateCache(cache_size)
        self.thinkers = Thinkers(think_seconds, think_workers, think_timeout)
        # computer seats move in the background, off the game's lock (see ``runner``)
        self.runner = ComputerRunner(self._computer_move, self.thinkers.turn, max_ai_moves)
        self.runner.release = self._release
        if db.postgres:  # where several processes may share the games, a run is claimed (``timing``)
            self.runner.claim = self._claim_run
        self._locks: dict[int, asyncio.Lock] = {}
        # (game, seat) -> the number and text of the newest move whose news that seat's player was shown;
        # kept in memory: after a restart a player may read the same news once more
        self._news_shown: dict[tuple[int, int], tuple[int, str]] = {}
        # user -> the language their Discord client last used, as stored (see ``note_language``)
        self.used_languages: dict[int, str] = {}
        # lines for the channels of games paused as damaged, until the client says them (damage.py)
        self.damage_notes: list[Notification] = []
        # this process among those sharing the database, as its claims on games' due work name it
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    async def close(self) -> None:
        """End the computer players' worker processes; computer seats then wait (see ``thinking``)."""
        await self.thinkers.close()
        await self.runner.close()

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def _rows(self, game_id: int) -> tuple[GameRow, list[SeatRow]]:
        async with self.db.reading() as conn:
            game = await store.game_by_id(conn, game_id)
            if game is None:
                raise NoGameHere(said("refusal.game_gone"))
            return game, await store.seats_of(conn, game_id)

    async def _info_of(self, game_id: int) -> GameInfo:
        return self._info(*await self._rows(game_id))

    async def _open_row(self, channel_id: int) -> GameRow:
        async with self.db.reading() as conn:
            game = await store.open_game_in_channel(conn, channel_id)
        if game is None:
            raise NoGameHere(said("refusal.no_game"))
        return game

    async def _latest_rows(self, channel_id: int) -> tuple[GameRow, list[SeatRow]]:
        async with self.db.reading() as conn:
            game = await store.latest_game_in_channel(conn, channel_id)
            if game is None:
                raise NoGameHere(said("refusal.no_game_ever"))
            return game, await store.seats_of(conn, game.id)

    @asynccontextmanager
    async def _locked(self, channel_id: int) -> AsyncIterator[tuple[GameRow, list[SeatRow]]]:
        """The channel's open game, locked, with rows read after the lock was taken."""
        first = await self._open_row(channel_id)
        async with self._lock(first.id):
            game, seats = await self._rows(first.id)
            if game.status not in store.OPEN_STATUSES:
                raise GameNotActive(said("refusal.just_ended"))
            yield game, seats

    @asynccontextmanager
    async def _locked_active(self, channel_id: int) -> AsyncIterator[tuple[GameRow, list[SeatRow]]]:
        try:
            first = await self._open_row(channel_id)
        except NoGameHere:
            async with self.db.reading() as conn:
                latest = await store.latest_game_in_channel(conn, channel_id)
            if latest is not None and latest.status == "finished":
                raise GameNotActive(said("refusal.over")) from None
            raise
        if first.status == "lobby":
            raise GameNotActive(said("refusal.not_started"))
        async with self._locked(channel_id) as (game, seats):
            self._not_paused(game)
            yield game, seats

    @staticmethod
    def _not_paused(game: GameRow) -> None:
        """Nothing is played in a paused game: its moves could be neither announced nor answered."""
        if game.damaged is not None:
            raise GameDamaged(said("refusal.damaged"))
        if game.paused_at is not None:
            raise GamePaused(said("refusal.paused"))

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
            revision=game.revision,
            seats=tuple(
                SeatInfo(
                    s.seat, s.user_id, s.name, s.is_ai, s.ai_level, s.state, s.waiting_since, s.offered_to
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
        )

    async def _state(self, game: GameRow, seats: Sequence[SeatRow]) -> State:
        """The current state: from the cache, else the stored snapshot, else a replay of the log (also
        when the snapshot is damaged; a log that does not replay pauses the game: ``GameDamaged``)."""
        cached = self.cache.get(game.id, game.revision)
        if cached is not None:
            return cached
        rules = engine.rules_for(game.rules_id)
        async with self.db.reading() as conn:
            try:
                snapshot = await store.load_snapshot(conn, game.id)
            except store.DamagedState as exc:
                log.warning("game %s: %s; rebuilding it from its seed and moves", game.id, exc)
                snapshot = None
            # another process may have moved on since ``game`` was read: replay only up to its version
            fresh = snapshot is not None and (snapshot.version, snapshot.revision) == (
                game.version,
                game.revision,
            )
            moves = None if fresh else await store.moves_of(conn, game.id, game.version)
        if moves is None and snapshot is not None:
            state = rules.load(snapshot.state)
        else:
            state = await self._rebuilt(game, len(seats), moves or [])
        self.cache.put(game.id, game.revision, state)
        return state

    async def _rebuilt(self, game: GameRow, players: int, moves: Sequence[MoveRow]) -> State:
        """The state replayed from the seed and ``moves`` (the log up to ``game.version``); a log with a
        gap or a move the engine refuses pauses the game as damaged and raises ``GameDamaged``."""
        if game.damaged is not None:  # paused as damaged before: said once, in the log and the channel
            raise GameDamaged(said("refusal.damaged"))
        try:
            return engine.replay_log(engine.rules_for(game.rules_id), players, game, moves)
        except engine.BrokenLog as exc:
            await self._paused_as_damaged(game, str(exc))
            raise GameDamaged(said("refusal.damaged")) from None

    async def _paused_as_damaged(self, game: GameRow, why: str) -> bool:
        """Pause the damaged game (False: it was so already); an open game's channel line waits in
        ``damage_notes``."""
        if not await self._pause_damaged(game, why):
            return False
        if game.status in store.OPEN_STATUSES:
            title = engine.rules_for(game.rules_id).title
            self.damage_notes.append(await self._notice("damaged", "notice.damaged", game, None, title=title))
        return True

    async def _pause_damaged(self, game: GameRow, why: str) -> bool:
        """Pause ``game`` because its rows are damaged beyond what its log rebuilds, and log it; False
        when it was paused so already (by another process, or before)."""
        async with self.db.transaction(game=game.id) as conn:
            first = await store.mark_damaged(conn, game.id, why[:200], self.clock())
        self.cache.drop(game.id)
        if first:
            log.error(
                "game %s (channel %s) is damaged and paused: %s. Restore the database from a backup made "
                "with python -m bot backup PATH (stop the bot, copy the backup over the database file, "
                "start it).",
                game.id,
                game.channel_id,
                why,
            )
        return first

    async def _replayed(self, game: GameRow, players: int, upto: int | None = None) -> State:
        """The state after ``upto`` moves (default: the version ``game`` was read at), by replay."""
        async with self.db.reading() as conn:
            moves = await store.moves_of(conn, game.id, game.version if upto is None else upto)
        rules = engine.rules_for(game.rules_id)
        return engine.replay(rules, players, game.seed, game.options, [(m.seat, m.move) for m in moves])

    @staticmethod
    def _seat_of_user(seats: Sequence[SeatRow], user_id: int) -> SeatRow | None:
        return next((s for s in seats if s.user_id == user_id and s.state != "resigned"), None)

    def _require_seat(self, seats: Sequence[SeatRow], user_id: int) -> SeatRow:
        seat = self._seat_of_user(seats, user_id)
        if seat is None:
            raise NotInGame(said("refusal.not_playing"))
        return seat

    @staticmethod
    def _require_host(game: GameRow, user_id: int | None, admin: bool) -> None:
        if not admin and user_id != game.host_id:
            raise NotHost(said("refusal.not_host"))

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
        try:
            async with self.db.transaction(game=game.id) as conn:
                game, seats = await self._store_position(
                    conn, game, seats, new_state, version=version, now=now, starting=turn_starters(events)
                )
                await store.append_move(
                    conn, MoveRow(game.id, version, seat, user_id, move, events, actor, now)
                )
                if game.status == "finished":
                    await results.insert_results(
                        conn, self._result_rows(game, seats, rules.result(new_state), now)
                    )
        except BaseException:
            self.cache.drop(game.id)
            raise
        self.cache.put(game.id, game.revision, new_state)
        return game, seats, PlayedMove(version, seat, user_id, move, tuple(events), actor)

    async def _store_position(
        self,
        conn: Any,
        game: GameRow,
        seats: list[SeatRow],
        state: State,
        *,
        version: int,
        now: datetime,
        restart_clocks: bool = False,
        starting: Iterable[int] = (),
    ) -> tuple[GameRow, list[SeatRow]]:
        """Write the game's new position, only if nobody changed the game since ``game`` was read.

        Sets the version, the next revision, who must act and the status; stores the snapshot; starts
        and stops the seats' waiting clocks (all of them restart when ``restart_clocks``; those of the
        ``starting`` seats restart because their turn begins now, even if they were acting already). The
        version check raises ``Busy`` when another writer got there first, and the caller's transaction
        rolls back.
        """
        rules = engine.rules_for(game.rules_id)
        to_act = tuple(sorted(rules.to_act(state)))
        status = "finished" if rules.is_over(state) else "active"
        fresh = set(starting) & set(to_act)
        changed = (
            restart_clocks or bool(fresh) or set(to_act) != set(game.to_act) or game.turn_started_at is None
        )
        turn_started = now if changed else game.turn_started_at
        await store.set_version(
            conn,
            game.id,
            expected=game.version,
            revision=game.revision,
            new=version,
            refused=Busy(said("refusal.busy")),
            to_act=to_act,
            status=status,
            updated_at=now,
            turn_started_at=turn_started,
        )
        revision = game.revision + 1
        await store.save_snapshot(conn, game.id, Snapshot(version, revision, rules.dump(state)))
        if restart_clocks or fresh:
            # stop those clocks first (keeping the others running), so the next line starts them anew
            running = () if restart_clocks else set(to_act) - fresh
            seats = await self._update_waiting(conn, game.id, seats, running, now)
        seats = await self._update_waiting(conn, game.id, seats, to_act, now)
        game = replace(
            game,
            version=version,
            revision=revision,
            to_act=to_act,
            status=status,
            updated_at=now,
            turn_started_at=turn_started,
        )
        return game, seats

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
                    won=s.seat in winners and not resigned and len(winners) == 1,
                    players=len(seats),
                    finished_at=now,
                    shared=s.seat in winners and not resigned and len(winners) > 1,
                )
            )
        return rows

    async def _computer_move(
        self, game_id: int, budgets: TurnBudgets | None = None
    ) -> MoveOutcome | Stale | None:
        """One computer move in ``game_id``: its outcome, ``STALE`` if the game changed meanwhile, or None
        when no computer must act (or the game is over, paused or gone)."""
        async with self._lock(game_id):
            try:
                game, seats = await self._rows(game_id)
            except NoGameHere:
                return None
            if game.status != "active" or game.paused_at is not None:
                return None
            seat = next((s for s in seats if s.is_ai and s.seat in game.to_act), None)
            if seat is None:
                return None
            state = await self._state(game, seats)
        rules = engine.rules_for(game.rules_id)
        turn = budgets.for_seat(seat.seat, game.rules_id) if budgets is not None else None
        move, new_state, events = await self._ai_move(game, seat, rules, state, turn)
        async with self._lock(game_id):
            try:
                now, seats = await self._rows(game_id)
            except NoGameHere:
                return None
            mover = next(s for s in seats if s.seat == seat.seat)
            unchanged = (now.version, now.revision, now.status, now.paused_at) == (
                game.version,
                game.revision,
                "active",
                None,
            )
            if not (unchanged and mover.is_ai and mover.seat in now.to_act):
                return STALE
            try:
                after, after_seats, record = await self._commit(
                    now, list(seats), seat.seat, None, move, new_state, events, "ai"
                )
            except Busy:  # another process sharing the database wrote first
                return STALE
            if budgets is not None:
                budgets.after(seat.seat, events)
            after, after_seats, new_state, forced = await self._forced_moves(after, after_seats, new_state)
            return await self._outcome(
                after,
                seats,
                after_seats,
                new_state,
                [record, *forced],
                seat=seat.seat,
                move=move,
                events=events,
                acting_user=None,
            )

    async def _forced_moves(
        self, game: GameRow, seats: list[SeatRow], state: State, after: PlayedMove | None = None
    ) -> tuple[GameRow, list[SeatRow], State, list[PlayedMove]]:
        """With auto-play on, make at once every step a person must take that is no choice at all: exactly
        one legal move, and nothing secret in it (a card chosen unseen stays the player's to pick, even when
        it is the only one). Computer seats are left to the runner. The summary says who it was made for.

        A person who may still take back ``after``, the move they just made, has a choice left: undo it or
        go on; their lone next step waits for them, so making it does not take the undo away."""
        rules = engine.rules_for(game.rules_id)
        held = None
        if after is not None and after.user_id is not None:
            last = MoveRow(
                game.id,
                after.version,
                after.seat,
                after.user_id,
                after.move,
                list(after.events),
                after.actor,
                self.clock(),
            )
            held = after.seat if undo_refusal(last, after.seat, after.user_id) is None else None
        made: list[PlayedMove] = []
        while game.auto_play and game.status == "active" and len(made) < MAX_FORCED:
            forced = None
            for seat in seats:
                if (
                    seat.seat != held
                    and seat.seat in game.to_act
                    and not seat.is_ai
                    and seat.user_id is not None
                ):
                    legal = rules.legal_moves(state, seat.seat)
                    if len(legal) == 1:
                        new_state, events = rules.play(state, seat.seat, legal[0])
                        if not any(ev.get(HIDES_MOVE) for ev in events):
                            label = engine.label(rules, state, seat.seat, legal[0])
                            forced = (seat, legal[0], new_state, made_for(list(events), seat.seat, label))
                            break
            if forced is None:
                break
            seat, move, state, events = forced
            game, seats, record = await self._commit(
                game, seats, seat.seat, seat.user_id, move, state, events, "player"
            )
            made.append(record)
        return game, seats, state, made

    def _wake_computers(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        """Let the background runner move the computer seats that must act now, after this operation
        (see ``runner``): nobody waits for a computer, and the game's lock is never held while one
        thinks."""
        if game.status == "active" and any(s.is_ai and s.seat in game.to_act for s in seats):
            self.runner.wake(game.id)

    async def _ai_move(
        self, game: GameRow, seat: SeatRow, rules: Engine, state: State, turn: Turn | None = None
    ) -> tuple[str, State, list[Event]]:
        """The computer's move for ``seat``, chosen from that seat's view only, in a worker process (see
        ``thinking``). A failing player or worker must not stall the game: its error is logged and the
        level-1 player chooses instead, in this process (off the event loop); failing that, the first legal
        move is played. Workers closed meanwhile (the bot is stopping) raise ``ThinkingStopped``."""
        legal = rules.legal_moves(state, seat.seat)
        view = rules.view(state, seat.seat)
        level = DEFAULT_AI_LEVEL if seat.ai_level is None else seat.ai_level
        seed = _ai_seed(game.seed, game.version, seat.seat)
        where = f"computer player for {game.rules_id} seat {seat.seat} failed in game {game.id}"
        try:
            budget = turn.left() if turn is not None else None  # what is left of the seat's turn
            decision = await self.thinkers.choose(self.ai, game.rules_id, view, legal, level, seed, budget)
            if turn is not None:
                turn.spend(decision.cpu, decision.seconds)
            move, new_state, events = engine.play(rules, state, seat.seat, decision.move)
            log.debug(
                "game %s seat %s: level %s chose %r in %.2f s in process %s",
                game.id,
                seat.seat,
                level,
                english(shown_moves([(seat.seat, move, events)], None)[0]),  # a secret choice: its stand-in
                decision.seconds,
                decision.process,
            )
            return move, new_state, events
        except ThinkingStopped:
            raise  # the bot is stopping: this move is made after the restart
        except Exception:
            log.exception("%s; the level-%s player stands in", where, FALLBACK_AI_LEVEL)
        try:
            choice = await asyncio.to_thread(
                self.ai,
                game.rules_id,
                view,
                legal,
                FALLBACK_AI_LEVEL,
                seed,
                budget=self.thinkers.budget(game.rules_id),
            )
            return engine.play(rules, state, seat.seat, choice)
        except Exception:
            log.exception("%s again at level %s; its first legal move is played", where, FALLBACK_AI_LEVEL)
            return engine.play(rules, state, seat.seat, legal[0])

    async def _notice(
        self, kind: str, message: str, game: GameRow, user_id: int | None, **params: Any
    ) -> Notification:
        """A notification of catalog ``message`` for ``user_id`` (None: the channel), saying whether they
        take direct messages."""
        dm = user_id is not None and (await self._prefs([user_id]))[user_id].dms
        where = {"game_id": game.id, "channel_id": game.channel_id, "user_id": user_id, "dm": dm}
        return Notification.said(kind, message, params, **where)

    async def _prefs(self, user_ids: Iterable[int | None]) -> dict[int, UserSettings]:
        async with self.db.reading() as conn:
            return await preferences.settings_of_users(conn, (u for u in user_ids if u is not None))

    async def _decision_key(
        self, game: GameRow, seat: int, moves: Iterable[object], played: Sequence[PlayedMove] = ()
    ) -> str:
        """The key of ``seat``'s decision over ``moves`` in ``game`` as read (``engine.decision_key``): the
        number of the seat's last move comes from ``played`` when one of those is its, else from the log."""
        mine = [p.version for p in played if p.seat == seat]
        if mine:
            last = max(mine)
        else:
            async with self.db.reading() as conn:
                last = await store.last_move_of_seat(conn, game.id, seat, game.version)
        return engine.decision_key(seat, last, moves)

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
        locale: object = None,
    ) -> MoveOutcome:
        """What a move (or a start, a hand-over, a deadline) did, from the seats just before it and the
        game just after it, both read under the game's lock. Seats that had to act had their waiting clock
        running (``_update_waiting``), which is how ``to_act_before`` is known from ``seats_before``. The
        mover's next choices are labelled in the language of ``locale``."""
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
                    Notification.said(
                        "game_over",
                        "notice.game_over",
                        {"title": info.title},
                        game_id=game.id,
                        channel_id=game.channel_id,
                        user_id=s.user_id,
                        dm=dm,
                    )
                )
            elif (
                s.waiting_since is not None
                and s.waiting_since != before.get(s.seat)
                and s.user_id != acting_user
            ):
                notes.append(
                    Notification.said(
                        "your_turn",
                        *notices.your_turn(info, rules.view(state, s.seat)),
                        game_id=game.id,
                        channel_id=game.channel_id,
                        user_id=s.user_id,
                        dm=dm,
                    )
                )
        mover_moves: list[tuple[str, str]] = []
        mover_view = None
        mover_decision = ""
        if seat is not None and acting_user is not None and not finished:  # a person's move
            mover_view = rules.view(state, seat)
            if seat in game.to_act:
                names = {s.seat: s.name for s in seats}
                mover_moves = engine.labelled_moves(rules, state, seat, names, locale)
                mover_decision = await self._decision_key(game, seat, (m for m, _ in mover_moves), played)
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
            to_act_before=tuple(sorted(s.seat for s in seats_before if s.waiting_since is not None)),
            turn_started=any(
                ev.get("type") == TURN_START and is_public(ev) for p in played for ev in p.events
            ),
            mover_moves=tuple(mover_moves),
            mover_view=mover_view,
            mover_decision=mover_decision,
        )

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
            raise NotAllowed(said("refusal.deadline_action", choices=", ".join(DEADLINE_ACTIONS)))
        for value in (reminder, deadline):
            if value is not None and value <= 0:
                raise NotAllowed(said("refusal.times"))
        return reminder, deadline, action

    async def _abandon(self, game: GameRow) -> GameInfo:
        async with self.db.transaction(game=game.id) as conn:
            await store.update_game(conn, game.id, status="abandoned", to_act=(), updated_at=self.clock())
        self.cache.drop(game.id)
        game, seats = await self._rows(game.id)
        return self._info(game, seats)

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
        """Let the computer play ``seat`` from now on; it moves in the background if it must."""
        async with self.db.transaction(game=game.id) as conn:
            await store.update_seat(conn, game.id, seat.seat, is_ai=True, ai_level=level, state=state)
            await store.clear_kick_votes(conn, game.id, seat.seat)
            await store.update_game(conn, game.id, updated_at=self.clock())
        game, seats = await self._rows(game.id)
        current = await self._state(game, seats)
        self._wake_computers(game, seats)
        return await self._outcome(
            game,
            seats,
            seats,
            current,
            (),
            seat=seat.seat,
            move=None,
            events=(),
            acting_user=acting_user,
            extra=notes,
        )
