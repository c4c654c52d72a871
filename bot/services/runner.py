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
plays in person (every seat a computer's) would fill its channel; there the listener hears as the host chose
(``GameInfo.computer_posts``): at every change of turn, once per round (as many turn changes as seats; the
default) or only at the end, and the computers wait ``computer_pause`` seconds after each post so that
watchers can follow. The summaries read the move log, so nothing is lost between posts.

The runner is memory only: after a crash or a failure the reminder round wakes it again
(``Timing.resume_computer_turns``), on a claim whose lease this process renews while the run lasts.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.services.errors import GameDamaged
from bot.services.models import MoveOutcome
from bot.services.thinking import ThinkingStopped
from bot.storage.records import GameRow, SeatRow
from rules.core.budget import Turn
from rules.core.events import Event, turn_starters

log = logging.getLogger(__name__)

Listener = Callable[[MoveOutcome], Awaitable[None]]
# One computer move in a game: its outcome, ``STALE`` if the game changed while the computer thought, or
# None when no computer must act (``ServiceCore._computer_move``).
Step = Callable[[int, "TurnBudgets"], Awaitable["MoveOutcome | Stale | None"]]


class Stale:
    """The game changed while the computer thought: its decision was dropped."""


STALE = Stale()


class TurnBudgets:
    """The thinking budget of the turn under way in one game: a seat's consecutive decisions share one
    ``Turn`` (``COMPUTER_THINK_SECONDS`` is per turn); another seat, or a new turn of the same seat (its
    ``turn_start``), starts a fresh one: ``new_turn(game)``, for the game's engine id."""

    def __init__(self, new_turn: Callable[[str], Turn]) -> None:
        self._new_turn = new_turn
        self._seat: int | None = None
        self._turn: Turn | None = None

    def for_seat(self, seat: int, game: str) -> Turn:
        if self._turn is None or seat != self._seat:
            self._seat, self._turn = seat, self._new_turn(game)
        return self._turn

    def after(self, seat: int, events: list[Event]) -> None:
        """A move of ``seat`` was written: a turn it began (or another seat's) starts afresh."""
        if seat != self._seat or self._seat in turn_starters(events):
            self._turn = None


def watched(outcome: MoveOutcome) -> bool:
    """Whether a person plays a seat of the game now (then every computer move is told)."""
    return any(not s.is_ai and s.user_id is not None for s in outcome.game.seats)


def time_to_tell(outcome: MoveOutcome, turns: int) -> bool:
    """Whether the channel hears of ``outcome`` after ``turns`` changes of turn not told yet."""
    if watched(outcome) or outcome.finished:
        return True
    posts = outcome.game.computer_posts
    if posts == "turn":
        return turns >= 1
    if posts == "round":
        return turns >= len(outcome.game.seats)
    return False  # "end": only the results


class ComputerRunner:
    """The background tasks that play computer seats, one per game at most."""

    def __init__(self, step: Step, new_turn: Callable[[str], Turn], max_moves: int) -> None:
        self._step = step
        self._new_turn = new_turn
        self.max_moves = max_moves  # a runaway guard: a run this long stops and is resumed later
        self.listener: Listener | None = None
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # the pause after a post
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._closed = False
        # games this process claimed to resume (``Timing.resume_computer_turns``): the claim is given back
        # through ``release`` when their run ends
        self._claimed: set[int] = set()
        self.release: Callable[[int], Awaitable[None]] | None = None
        # claims a game for a run that was not resumed on a claim (a move woke it), so that the others
        # take it over if this process dies meanwhile; None where no other process could (SQLite)
        self.claim: Callable[[int], Awaitable[bool]] | None = None

    def wake(self, game_id: int, *, claimed: bool = False) -> None:
        """Let the game's computers act if they must: now, or right after the run under way."""
        if self._closed:
            return
        if claimed:
            self._claimed.add(game_id)
        self._again.add(game_id)
        if game_id not in self._tasks:
            task = asyncio.get_running_loop().create_task(self._run(game_id), name=f"computers-{game_id}")
            self._tasks[game_id] = task

    @property
    def claimed(self) -> frozenset[int]:
        """The games it runs on a claim, whose lease this process renews meanwhile."""
        return frozenset(self._claimed)

    def running(self, game_id: int) -> bool:
        return game_id in self._tasks

    async def settled(self, game_id: int, timeout: float) -> None:
        """Wait until the game's computers have made (and told) their moves, or ``timeout`` seconds."""
        task = self._tasks.get(game_id)
        if task is not None:
            await asyncio.wait({task}, timeout=timeout)

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
        budgets = TurnBudgets(self._new_turn)
        try:
            await self._hold(game_id)
            while game_id in self._again:
                self._again.discard(game_id)
                while moves < self.max_moves:
                    outcome = await self._step(game_id, budgets)
                    if outcome is None:
                        break
                    if isinstance(outcome, Stale):
                        log.info("game %s changed while a computer thought; it thinks again", game_id)
                        continue
                    moves += 1
                    turns += outcome.turn_passed
                    if time_to_tell(outcome, turns):
                        turns = 0
                        await self._tell(outcome)
                        if not (watched(outcome) or outcome.finished) and outcome.game.computer_pause:
                            await self.sleep(outcome.game.computer_pause)  # no lock is held here
            if moves >= self.max_moves:
                log.warning(
                    "game %s: %d computer moves in one run; the reminder round goes on", game_id, moves
                )
        except ThinkingStopped:
            log.info("game %s: the computer players stopped; the move is made after the restart", game_id)
        except GameDamaged:  # the damage check logged what it found and paused the game
            log.warning("game %s is damaged and paused; its computer players wait", game_id)
        except Exception:  # the reminder round wakes the game again (``resume_computer_turns``)
            log.exception("the computer players of game %s failed", game_id)
        finally:
            self._again.discard(game_id)
            self._tasks.pop(game_id, None)
            if game_id in self._claimed and self.release is not None:
                self._claimed.discard(game_id)
                try:
                    await self.release(game_id)
                except Exception:  # it runs out by itself
                    log.warning("could not give back the claim on game %s", game_id, exc_info=True)

    async def _hold(self, game_id: int) -> None:
        """Claim the game for this run unless it is claimed already; held by another process, it runs
        unclaimed (a move made meanwhile by either is refused to the other by its version)."""
        if self.claim is None or game_id in self._claimed:
            return
        try:
            if await self.claim(game_id):
                self._claimed.add(game_id)
        except Exception:
            log.warning("could not claim game %s; its computers play unclaimed", game_id, exc_info=True)

    async def _tell(self, outcome: MoveOutcome) -> None:
        if self.listener is None:
            return
        try:
            await self.listener(outcome)
        except Exception:  # the move stands; the next post carries its summary
            log.exception("could not tell of a computer move in game %s", outcome.game.id)


def wake_computers(runner: ComputerRunner, game: GameRow, seats: Sequence[SeatRow]) -> None:
    """Let ``runner`` move the computer seats that must act now, after the operation under way: nobody
    waits for a computer, and the game's lock is never held while one thinks."""
    if game.status == "active" and any(s.is_ai and s.seat in game.to_act for s in seats):
        runner.wake(game.id)
