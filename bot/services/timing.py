"""Reminders and deadlines, computed from stored times so they resume after a restart."""

from __future__ import annotations

from datetime import datetime

from bot.services import engine
from bot.services.core import DEFAULT_AI_LEVEL, ServiceCore
from bot.services.errors import NotAllowed
from bot.services.models import DueItem, GameInfo, MoveOutcome, Notification
from bot.services.policy import due_items, kick_majority
from bot.storage import games as store
from bot.storage.records import GameRow, SeatRow


class Timing(ServiceCore):
    """Reminders and deadlines, computed from stored times so they resume after a restart."""

    async def due(self, now: datetime | None = None) -> list[DueItem]:
        """Reminders and deadlines that are due at ``now`` (default: the clock), earliest first."""
        moment = now or self.clock()
        items = [item for item in await self._pending() if item.due_at <= moment]
        # a seat whose deadline has come gets the deadline's consequence, not one more reminder
        overdue = {(i.game_id, i.seat) for i in items if i.kind == "deadline"}
        return [i for i in items if i.kind == "deadline" or (i.game_id, i.seat) not in overdue]

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
        title = engine.rules_for(game.rules_id).title
        return await self._notice("reminder", f"Reminder: it is your turn in {title}.", game, item.user_id)

    async def _deadline(self, game: GameRow, seats: list[SeatRow], seat_no: int) -> list[Notification]:
        """Apply the game's deadline consequence to an overdue seat: skip its turn when the rules offer a
        pass, else (or when so chosen) hand it to the computer, or ask the others to vote."""
        seat = next(s for s in seats if s.seat == seat_no)
        rules = engine.rules_for(game.rules_id)
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
                text = f"Time ran out: your turn in {rules.title} was skipped."
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
                    extra=[await self._notice("deadline", text, game, seat.user_id)],
                )
                return list(outcome.notifications)
        voters = [s for s in seats if s.seat != seat_no and not s.is_ai and s.user_id is not None]
        if game.deadline_action == "vote" and voters:
            async with self.db.transaction() as conn:
                await store.update_seat(conn, game.id, seat_no, vote_opened_at=self.clock())
            need = kick_majority(len(voters))
            votes = "1 vote" if need == 1 else f"{need} votes"
            text = f"{seat.name} is out of time in {rules.title}: {votes} give the seat to the computer."
            return [await self._notice("vote_open", text, game, None)]
        text = f"Time ran out: the computer now plays your seat in {rules.title}; take it back any time."
        note = await self._notice("replaced", text, game, seat.user_id)
        outcome = await self._hand_over(
            game, seats, seat, state="replaced", level=DEFAULT_AI_LEVEL, acting_user=None, notes=[note]
        )
        return list(outcome.notifications)

    async def vote_kick(self, channel_id: int, voter_id: int, seat: int) -> MoveOutcome | GameInfo:
        """Vote to hand an overdue player's seat to the computer; a majority of the others decides."""
        async with self._locked_active(channel_id) as (game, seats):
            voter = self._require_seat(seats, voter_id)
            if voter.is_ai:
                raise NotAllowed("The computer is playing your seat; take it back to vote.")
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
