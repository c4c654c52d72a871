"""What a change told, read under the game's lock right after it: the outcome handed back to the cogs
(``outcomes.outcome``), with who takes direct messages and the channel's report read in one block."""

from __future__ import annotations

from collections.abc import Sequence

from bot.services import engine, outcomes
from bot.services.gamelog import GameLog
from bot.services.models import MoveOutcome, Notification, PlayedMove
from bot.services.report import BoardState, LiveBoard, Report, ToldMove, reach
from bot.services.repository import info
from bot.storage import games as store
from bot.storage import preferences
from bot.storage.db import Database
from bot.storage.preferences import UserSettings
from bot.storage.records import GameRow, SeatRow
from rules.core.events import is_public
from rules.core.protocol import State


class Telling:
    """The outcome of a move, a start, a hand-over or a deadline, read from ``db``."""

    def __init__(self, db: Database, gamelog: GameLog) -> None:
        self.db = db
        self.gamelog = gamelog

    async def outcome(
        self,
        game: GameRow,
        seats_before: Sequence[SeatRow],
        seats: Sequence[SeatRow],
        state: State,
        played: Sequence[PlayedMove],
        change: outcomes.Move,
        *,
        extra: Sequence[Notification] = (),
        locale: object = None,
    ) -> MoveOutcome:
        """What ``change`` (a move, or a start, a hand-over, a deadline) did (``outcomes.outcome``), from
        the seats just before it and the game just after it, both read under the game's lock; with who
        takes direct messages and the channel's report read in one block, and, when the mover decides
        again, the key of that decision. The mover's next choices are labelled in the language of
        ``locale``."""
        rules = engine.rules_for(game.rules_id)
        seat, mover = change.seat, change.acting_user
        prefs, report = await self._read_after(game, seats, state)
        choices: tuple[tuple[str, str], ...] = ()
        key = ""
        if seat is not None and mover is not None and game.status != "finished" and seat in game.to_act:
            reader = engine.Reader({s.seat: s.name for s in seats}, locale)
            choices = tuple(engine.labelled_moves(rules, state, seat, reader))
            key = await self.gamelog.decision_key(game, seat, (m for m, _ in choices), played)
        return outcomes.outcome(
            info(game, seats),
            rules,
            game,
            seats_before,
            seats,
            state,
            played,
            change,
            prefs,
            report,
            mover_moves=choices,
            mover_decision=key,
            extra=extra,
        )

    async def _read_after(
        self, game: GameRow, seats: Sequence[SeatRow], state: State
    ) -> tuple[dict[int, UserSettings], Report]:
        """In one reading block, under the game's lock after a change: who of the seated takes direct
        messages, and the report the announcer tells the channel from (``report``)."""
        async with self.db.reading() as conn:
            prefs = await preferences.settings_of_users(
                conn, (s.user_id for s in seats if s.user_id is not None)
            )
            told, board = await store.live_board(conn, game.id)
            pinged = await store.pinged_for_now(conn, game.id, game.version)
            known = BoardState(told, None if board is None else LiveBoard(*board), pinged)
            since = reach(known)
            moves = await store.moves_after(conn, game.id, since) if since < game.version else []
        told_moves = tuple(
            ToldMove(m.version, m.seat, tuple(ev for ev in m.events if is_public(ev)))
            for m in moves
            if m.version <= game.version
        )
        view = engine.rules_for(game.rules_id).view(state, None)
        return prefs, Report(game.id, game.version, game.revision, view, known, since, told_moves)
