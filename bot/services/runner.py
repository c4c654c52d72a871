"""Computer turns, played in the background so that nobody waits for a computer.

A change that leaves a computer seat to act (a move, a start, a hand-over, a deadline) only wakes the
runner and returns. The runner keeps one asyncio task per game, so a game's computers never play twice at
once, and each computer move is made in three steps:

1. under the game's lock, read the position (version and revision included) and which computer must act;
2. without the lock, let the computer think (``ServiceCore._ai_move``): meanwhile people's commands and
   moves in that game are served at once;
3. under the lock again, write the move only if the game is still at the position read in step 1; else
   the decision is dropped and taken again from the new position.

Each move written is handed to ``listener`` (the bot posts it as it posts a person's move). A game nobody
plays in person (every seat a computer's) would fill its channel; there the listener hears once per round
(as many turn changes as seats) and at the end; the summaries read the move log, so nothing is lost.

The runner is memory only: after a crash or a failure the reminder round wakes it again
(``Timing.resume_computer_turns``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.services import engine
from bot.services.errors import Busy, NoGameHere
from bot.services.models import MoveOutcome
from bot.services.thinking import ThinkingStopped
from rules.core.budget import Turn
from rules.core.events import Event, turn_starters

if TYPE_CHECKING:
    from bot.services.core import ServiceCore

log = logging.getLogger(__name__)

Listener = Callable[[MoveOutcome], Awaitable[None]]


class _Stale:
    """The game changed while the computer thought: its decision was dropped."""


STALE = _Stale()


class TurnBudgets:
    """The thinking budget of the turn under way in one game: a seat's consecutive decisions share one
    ``Turn`` (``COMPUTER_THINK_SECONDS`` is per turn); another seat, or a new turn of the same seat (its
    ``turn_start``), starts a fresh one."""

    def __init__(self, service: ServiceCore) -> None:
        self._service = service
        self._seat: int | None = None
        self._turn: Turn | None = None

    def for_seat(self, seat: int) -> Turn:
        if self._turn is None or seat != self._seat:
            self._seat, self._turn = seat, self._service.thinkers.turn()
        return self._turn

    def after(self, seat: int, events: list[Event]) -> None:
        """A move of ``seat`` was written: a turn it began (or another seat's) starts afresh."""
        if seat != self._seat or self._seat in turn_starters(events):
            self._turn = None


async def computer_turn(
    service: ServiceCore, game_id: int, budgets: TurnBudgets | None = None
) -> MoveOutcome | _Stale | None:
    """One computer move in ``game_id``: its outcome, ``STALE`` if the game changed meanwhile, or None
    when no computer must act (or the game is over, paused or gone)."""
    async with service._lock(game_id):
        try:
            game, seats = await service._rows(game_id)
        except NoGameHere:
            return None
        if game.status != "active" or game.paused_at is not None:
            return None
        seat = next((s for s in seats if s.is_ai and s.seat in game.to_act), None)
        if seat is None:
            return None
        state = await service._state(game, seats)
    rules = engine.rules_for(game.rules_id)
    turn = budgets.for_seat(seat.seat) if budgets is not None else None
    move, new_state, events = await service._ai_move(game, seat, rules, state, turn)
    async with service._lock(game_id):
        try:
            now, seats = await service._rows(game_id)
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
            after, after_seats, record = await service._commit(
                now, list(seats), seat.seat, None, move, new_state, events, "ai"
            )
        except Busy:  # another process sharing the database wrote first
            return STALE
        if budgets is not None:
            budgets.after(seat.seat, events)
        return await service._outcome(
            after,
            seats,
            after_seats,
            new_state,
            [record],
            seat=seat.seat,
            move=move,
            events=events,
            acting_user=None,
        )


def watched(outcome: MoveOutcome) -> bool:
    """Whether a person plays a seat of the game now (then every computer move is told)."""
    return any(not s.is_ai and s.user_id is not None for s in outcome.game.seats)


class ComputerRunner:
    """The background tasks that play computer seats, one per game at most."""

    def __init__(self, service: ServiceCore, max_moves: int) -> None:
        self._service = service
        self.max_moves = max_moves  # a runaway guard: a run this long stops and is resumed later
        self.listener: Listener | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._closed = False

    def wake(self, game_id: int) -> None:
        """Let the game's computers act if they must: now, or right after the run under way."""
        if self._closed:
            return
        self._again.add(game_id)
        if game_id not in self._tasks:
            task = asyncio.get_running_loop().create_task(self._run(game_id), name=f"computers-{game_id}")
            self._tasks[game_id] = task

    def running(self, game_id: int) -> bool:
        return game_id in self._tasks

    async def idle(self) -> None:
        """Wait until no game has a computer to move (every run ended)."""
        while self._tasks:
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def close(self) -> None:
        """Stop every run; a computer move not written yet is made after the restart."""
        self._closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, game_id: int) -> None:
        moves = turns = 0
        budgets = TurnBudgets(self._service)
        try:
            while game_id in self._again:
                self._again.discard(game_id)
                while moves < self.max_moves:
                    outcome = await computer_turn(self._service, game_id, budgets)
                    if outcome is None:
                        break
                    if isinstance(outcome, _Stale):
                        log.info("game %s changed while a computer thought; it thinks again", game_id)
                        continue
                    moves += 1
                    turns += outcome.turn_passed
                    if watched(outcome) or outcome.finished or turns >= len(outcome.game.seats):
                        turns = 0
                        await self._tell(outcome)
            if moves >= self.max_moves:
                log.warning("game %s: %d computer moves in one run; the reminder round goes on", game_id, moves)
        except ThinkingStopped:
            log.info("game %s: the computer players stopped; the move is made after the restart", game_id)
        except Exception:  # the reminder round wakes the game again (``resume_computer_turns``)
            log.exception("the computer players of game %s failed", game_id)
        finally:
            self._again.discard(game_id)
            self._tasks.pop(game_id, None)

    async def _tell(self, outcome: MoveOutcome) -> None:
        if self.listener is None:
            return
        try:
            await self.listener(outcome)
        except Exception:  # the move stands; the next post carries its summary
            log.exception("could not tell of a computer move in game %s", outcome.game.id)
