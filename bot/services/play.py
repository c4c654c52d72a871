"""Moves: submitting, undoing under the table policy, and restoring an earlier position."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bot.services import engine, outcomes, positions
from bot.services.errors import Committed, NoSuchVersion, NotAllowed, StaleVersion, UndoRefused
from bot.services.models import GameInfo, MoveOutcome, PlayedMove, UndoOutcome
from bot.services.parts import Feature
from bot.services.policy import undo_refusal
from bot.services.repository import info, require_seat
from bot.services.runner import wake_computers
from bot.storage import games as store
from bot.storage.records import GameRow, SeatRow
from rules.core.errors import NotYourTurnError
from rules.core.texts import said


class Play(Feature):
    """Moves: submitting, undoing under the table policy, and restoring an earlier position."""

    async def submit(
        self,
        channel_id: int,
        user_id: int,
        move_text: str,
        expected_version: int | None = None,
        *,
        expected_revision: int | None = None,
        expected_decision: str | None = None,
        locale: object = None,
    ) -> MoveOutcome:
        """Play a move for the user's seat; computer-played seats that must act then move in the
        background (``runner``), not in this call.

        ``expected_version`` is the version the user saw (from a button): if the game moved on since, the
        move is refused with ``StaleVersion``. ``expected_revision`` is the stricter check: an undo brings
        the version back, never the revision. ``expected_decision`` is the key of the user's decision a
        button was drawn for (``Decision.key``): refused with ``StaleVersion`` unless the user's legal
        moves are still those and nothing was played for their seat since; what others played meanwhile
        does not matter. Engine refusals (``RulesError``) pass through unchanged.
        The move may be typed as its label in the language of ``locale`` (or in English), and the
        mover's next choices come labelled in that language.
        """
        async with self.repo.locked(channel_id, active=True) as (game, seats):
            seat = require_seat(seats, user_id)
            if seat.is_ai:
                raise NotAllowed(said("refusal.computer_plays"))
            if expected_version is not None and expected_version != game.version:
                raise StaleVersion(said("refusal.moved_on", version=game.version, expected=expected_version))
            if expected_revision is not None and expected_revision != game.revision:
                raise StaleVersion(said("refusal.stale"))
            rules = engine.rules_for(game.rules_id)
            state = await self.states.current(game, seats)
            if expected_decision is not None:
                await self._require_decision(game, seat.seat, state, expected_decision)
            if seat.seat not in game.to_act:
                acting = [s for s in seats if s.seat in game.to_act]
                waiting = ", ".join(s.name for s in acting) or "nobody"
                if not acting:
                    says = said("rules.nobody")
                elif all(s.is_ai for s in acting):  # the runner is choosing their move: nobody is waited for
                    says = said("rules.not_your_turn_thinking", names=waiting)
                else:
                    says = said("rules.not_your_turn", waiting=waiting)
                raise NotYourTurnError(f"It is not your turn; waiting for {waiting}.", say=says)
            reader = engine.Reader({s.seat: s.name for s in seats}, locale)  # as the labels were shown
            move, new_state, events = engine.play(rules, state, seat.seat, move_text, reader)
            before = list(seats)
            game, seats, record = await self.moves.commit(
                game, seats, seat.seat, user_id, move, new_state, events, "player"
            )
            with self._saved(game, seats, record):
                game, seats, new_state, forced = await self.moves.forced(game, seats, new_state, record)
                wake_computers(self.runner, game, seats)
                return await self.telling.outcome(
                    game,
                    before,
                    seats,
                    new_state,
                    [record, *forced],
                    outcomes.Move(seat.seat, move, tuple(events), user_id),
                    locale=locale,
                )

    @contextmanager
    def _saved(self, game: GameRow, seats: list[SeatRow], record: PlayedMove) -> Iterator[None]:
        """After ``record`` was committed: a failure of what follows (a forced step, reading who to
        notify) becomes ``Committed``, so the mover hears that the move counted, not that nothing
        changed; the computers who act after it are woken all the same."""
        try:
            yield
        except Exception as exc:
            wake_computers(self.runner, game, seats)
            raise Committed(game.id, game.channel_id, record.version) from exc

    async def _require_decision(self, game: GameRow, seat: int, state: Any, expected: str) -> None:
        """Refuse a button drawn for another decision of ``seat`` than the one it faces now (none, when it
        is not to act)."""
        acting = seat in game.to_act
        moves = engine.rules_for(game.rules_id).legal_moves(state, seat) if acting else []
        if await self.gamelog.decision_key(game, seat, moves) != expected:
            raise StaleVersion(said("refusal.stale"))

    async def undo(self, channel_id: int, user_id: int) -> UndoOutcome:
        """Take back the user's last move, if the undo policy allows it (see ``policy.undo_refusal``)."""
        async with self.repo.locked(channel_id, active=True) as (game, seats):
            seat = require_seat(seats, user_id)
            async with self.db.reading() as conn:
                last = await store.last_moves(conn, game.id, 1)
            refusal = undo_refusal(last[0] if last else None, seat.seat, user_id)
            if refusal is not None:
                raise UndoRefused(refusal)
            game, seats = await self._rewind(game, seats, game.version - 1, by_user=user_id, reason="undo")
            return UndoOutcome(info(game, seats), seat.seat, last[0].move, game.version)

    async def _rewind(
        self, game: GameRow, seats: list[SeatRow], version: int, *, by_user: int | None, reason: str
    ) -> tuple[GameRow, list[SeatRow]]:
        """Drop every move after ``version`` (kept in ``undone_moves``) and rebuild the state by replay."""
        state = await self.gamelog.replayed(game, len(seats), version)
        now = self.clock()
        try:
            async with self.db.transaction(game=game.id) as conn:
                # an undo stays within the mover's turn, so the clocks run on (undoing buys no time);
                # a restored position is a new situation for everyone, so every clock restarts
                game, seats = await positions.store_position(
                    conn,
                    game,
                    seats,
                    state,
                    version=version,
                    now=now,
                    restart_clocks=reason == "restore",
                    undoing=reason == "undo",
                )
                await store.remove_moves_after(
                    conn, game.id, version, now=now, by_user=by_user, reason=reason
                )
        except BaseException:
            self.cache.drop(game.id)
            raise
        self.cache.put(game.id, game.revision, state)
        return game, seats

    async def restore(self, channel_id: int, version: int, *, admin: bool = False) -> GameInfo:
        """An admin puts the game back to an earlier version (the later moves are kept aside, not lost)."""
        if not admin:
            raise NotAllowed(said("refusal.restore_admin"))
        async with self.repo.locked(channel_id, active=True) as (game, seats):
            if not 0 <= version < game.version:
                raise NoSuchVersion(said("refusal.version", last=game.version - 1))
            game, seats = await self._rewind(game, seats, version, by_user=None, reason="restore")
            return info(game, seats)

    async def undone_moves(self, channel_id: int) -> list[dict[str, Any]]:
        """The audit trail of moves taken back by undo or restore."""
        game, _ = await self.repo.latest_rows(channel_id)
        async with self.db.reading() as conn:
            return await store.undone_moves_of(conn, game.id)
