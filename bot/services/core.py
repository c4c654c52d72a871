"""The base of the game service: it builds the parts (the repository, states, log, telling) and the plain
feature classes from them, the clocks (``timing.Timing``) among them, and keeps what the computers' runner
calls: computer turns (writing moves is ``moves.Moves``).

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
from collections.abc import Callable

from bot.services import engine, outcomes
from bot.services.archive import Archive
from bot.services.channels import Channels
from bot.services.clock import Clock, utc_now
from bot.services.damage import Damage
from bot.services.errors import (
    Busy,
    DatabaseUnavailable,
    NoGameHere,
)
from bot.services.everywhere import Everywhere
from bot.services.gamelog import GameLog
from bot.services.lobby import Lobby
from bot.services.models import MoveOutcome
from bot.services.moves import Moves
from bot.services.parts import Parts
from bot.services.play import Play
from bot.services.policy import DEFAULT_AI_LEVEL
from bot.services.prefs import Preferences
from bot.services.ratings import Ratings
from bot.services.reading import Reading
from bot.services.replays import Replays
from bot.services.repository import Repository
from bot.services.runner import STALE, ComputerRunner, Stale, TurnBudgets
from bot.services.seats import Seats
from bot.services.states import States
from bot.services.stats import Stats
from bot.services.telling import Telling
from bot.services.thinking import ChooseMove, Thinkers, ThinkingStopped
from bot.services.timing import Timing
from bot.storage.db import Database
from bot.storage.records import GameRow, SeatRow
from rules.ai import Question, answer
from rules.core.budget import Turn
from rules.core.english import english
from rules.core.events import Event, shown_moves
from rules.core.protocol import Engine, State

log = logging.getLogger(__name__)


# The player that stands in, in the bot's own process, when a worker brings back no move.
FALLBACK_AI_LEVEL = 1


def _ai_seed(seed: int, version: int, seat: int) -> int:
    """A computer player's randomness: fixed by the game, the position and the seat (reproducible)."""
    return (seed * 1_000_003 + version * 97 + seat) & ((1 << 63) - 1)


class ServiceCore:
    """The parts and feature classes of the service, built once; the computers' turns."""

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
        self.ai: ChooseMove = ai or answer
        self.new_seed = new_seed or (lambda: secrets.randbits(62))
        self.cache = engine.StateCache(cache_size)
        self.thinkers = Thinkers(think_seconds, think_workers, think_timeout)
        # computer seats move in the background, off the game's lock (see ``runner``)
        self.runner = ComputerRunner(self._computer_move, self.thinkers.turn, max_ai_moves)
        # the rows and the per-game locks
        self.repo = Repository(db)
        self.statistics = Stats(db)  # a part of its own: it shares nothing with the others
        # the check of stored states, and the pausing of a game whose log does not rebuild it
        self.damage = Damage(db, self.repo, clock, self.cache)
        self.gamelog = GameLog(db)
        self.states = States(db, self.cache, self.damage)
        self.telling = Telling(db, self.gamelog)
        self.moves = Moves(db, clock, self.cache)
        # what the feature classes share
        parts = Parts(
            db, self.repo, clock, self.cache, self.states, self.gamelog, self.telling, self.moves, self.runner
        )
        # the parts that are plain classes, each called through ``GameService``'s methods of its names
        self.everywhere = Everywhere(db)
        self.ratings = Ratings(db)
        self.preferences = Preferences(parts)
        self.channels = Channels(parts)
        self.archive = Archive(parts)
        self.reading = Reading(parts)
        self.seats = Seats(parts)
        self.play = Play(parts)
        self.lobby = Lobby(parts, self.new_seed)
        self.replays = Replays(parts)
        # this process among those sharing the database, as its claims on games' due work name it
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        # reminders, deadlines and the claims on games' due work
        self.timing = Timing(parts, self.seats, self.holder)
        self.runner.release = self.timing.release
        if db.postgres:  # where several processes may share the games, a run is claimed (``timing``)
            self.runner.claim = self.timing.claim_run

    async def close(self) -> None:
        """End the computer players' worker processes (computer seats then wait, see ``thinking``), then
        give back every claim at once, so that another process takes the work over now."""
        await self.thinkers.close()
        await self.runner.close()
        await self.timing.close()

    async def _computer_move(
        self, game_id: int, budgets: TurnBudgets | None = None
    ) -> MoveOutcome | Stale | None:
        """One computer move in ``game_id``: its outcome, ``STALE`` if the game changed meanwhile, or None
        when no computer must act (or the game is over, paused or gone)."""
        async with self.repo.lock(game_id):
            try:
                game, seats = await self.repo.rows(game_id)
            except NoGameHere:
                return None
            if game.status != "active" or game.paused_at is not None:
                return None
            seat = next((s for s in seats if s.is_ai and s.seat in game.to_act), None)
            if seat is None:
                return None
            state = await self.states.current(game, seats)
        rules = engine.rules_for(game.rules_id)
        turn = budgets.for_seat(seat.seat, game.rules_id) if budgets is not None else None
        move, new_state, events = await self._ai_move(game, seat, rules, state, turn)
        async with self.repo.lock(game_id):
            try:
                now, seats = await self.repo.rows(game_id)
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
                after, after_seats, record = await self.moves.commit(
                    now, list(seats), seat.seat, None, move, new_state, events, "ai"
                )
            except Busy:  # another process sharing the database wrote first
                return STALE
            if budgets is not None:
                budgets.after(seat.seat, events)
            after, after_seats, new_state, forced = await self.moves.forced(after, after_seats, new_state)
            return await self.telling.outcome(
                after,
                seats,
                after_seats,
                new_state,
                [record, *forced],
                outcomes.Move(seat.seat, move, tuple(events)),
            )

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
            question = Question(game.rules_id, view, legal, level, seed, budget)
            decision = await self.thinkers.choose(self.ai, question)
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
            whole_turn = self.thinkers.budget(game.rules_id)
            fallback = Question(game.rules_id, view, legal, FALLBACK_AI_LEVEL, seed, whole_turn)
            choice = await asyncio.to_thread(self.ai, fallback)
            return engine.play(rules, state, seat.seat, choice)
        except Exception:
            log.exception("%s again at level %s; its first legal move is played", where, FALLBACK_AI_LEVEL)
            return engine.play(rules, state, seat.seat, legal[0])
