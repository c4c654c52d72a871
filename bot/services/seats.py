"""Who plays a seat: resigning, the computer taking over and handing back, offering and taking a seat,
away."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from bot.services import outcomes, timebank
from bot.services.errors import AlreadyJoined, NotAllowed
from bot.services.models import GameInfo, MoveOutcome, Notification
from bot.services.parts import Feature
from bot.services.policy import DEFAULT_AI_LEVEL, require_host
from bot.services.repository import info, require_seat, seat_of_user
from bot.services.runner import wake_computers
from bot.storage import games as store
from bot.storage.records import GameRow, SeatRow
from rules.core.texts import said


class Seats(Feature):
    """Who plays a seat: resigning, the computer taking over and handing back, offering and taking a
    seat, away."""

    async def resign(self, channel_id: int, user_id: int) -> MoveOutcome:
        """Give up: the computer plays the seat to the end and the result counts no win for it.

        When nobody but the computer would be left, the game is abandoned instead.
        """
        async with self.repo.locked(channel_id, active=True) as (game, seats):
            seat = require_seat(seats, user_id)
            # people still in the game (a seat the computer plays for a while still has its person)
            people = [
                s for s in seats if s.seat != seat.seat and s.user_id is not None and s.state != "resigned"
            ]
            if not people:
                try:
                    ended = await self.repo.abandon(game, self.clock())
                finally:
                    self.cache.drop(game.id)
                return MoveOutcome(
                    game=ended,
                    seat=seat.seat,
                    move=None,
                    events=(),
                    public_events=(),
                    played=(),
                    to_act=(),
                    to_act_users=(),
                    turn_passed=False,
                    finished=False,
                    result=None,
                )
            return await self.hand_over(
                game, seats, seat, state="resigned", level=DEFAULT_AI_LEVEL, acting_user=user_id
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
        async with self.repo.locked(channel_id, active=True) as (game, seats):
            target = next((s for s in seats if s.seat == seat), None)
            if target is None:
                raise NotAllowed(said("refusal.no_seat", seat=seat))
            if target.user_id != by_user_id:
                require_host(game, by_user_id, admin)
            if target.is_ai:
                raise NotAllowed(said("refusal.computer_already"))
            return await self.hand_over(
                game, seats, target, state="replaced", level=level, acting_user=by_user_id
            )

    async def take_back_seat(self, channel_id: int, user_id: int) -> GameInfo:
        """A player whose seat the computer has been playing (not after resigning) plays it again."""
        async with self.repo.locked(channel_id, active=True) as (game, seats):
            seat = next((s for s in seats if s.user_id == user_id and s.state == "replaced"), None)
            if seat is None:
                raise NotAllowed(said("refusal.no_computer_seat"))
            async with self.db.transaction(game=game.id) as conn:
                await store.update_seat(conn, game.id, seat.seat, is_ai=False, state="active")
                await store.update_game(conn, game.id, updated_at=self.clock())
            return info(*await self.repo.rows(game.id))

    async def offer_seat(
        self,
        channel_id: int,
        by_user_id: int,
        seat: int,
        user_id: int,
        *,
        admin: bool = False,
    ) -> GameInfo:
        """Offer ``seat`` to another person (by the seat's player, the host or an admin).

        Nothing changes at the table until that person takes it with ``claim_seat``: until then the
        seat is played as before. A newer offer for the same seat replaces the older one.
        """
        async with self.repo.locked(channel_id, active=True) as (game, seats):
            target = next((s for s in seats if s.seat == seat), None)
            if target is None:
                raise NotAllowed(said("refusal.no_seat", seat=seat + 1))
            if target.user_id != by_user_id:
                require_host(game, by_user_id, admin)
            if seat_of_user(seats, user_id) is not None:
                raise AlreadyJoined(said("refusal.person_seated"))
            async with self.db.transaction(game=game.id) as conn:
                await store.update_seat(conn, game.id, seat, offered_to=user_id)
                await store.update_game(conn, game.id, updated_at=self.clock())
            return info(*await self.repo.rows(game.id))

    async def claim_seat(
        self, channel_id: int, user_id: int, name: str, *, guild_id: int | None, seat: int | None = None
    ) -> GameInfo:
        """Take a seat kept for ``user_id`` (an imported game's, or one offered to them): only they can.

        ``guild_id`` is the server the request comes from; a game is only ever joined from its own
        server. ``seat`` None takes the (first) seat waiting for the user.
        """
        async with self.repo.locked(channel_id, active=True) as (game, seats):
            if guild_id != game.guild_id:
                raise NotAllowed(said("refusal.other_server"))
            waiting = [s for s in seats if s.offered_to == user_id and seat in (None, s.seat)]
            if not waiting:
                if seat is not None and any(s.seat == seat and s.offered_to is not None for s in seats):
                    raise NotAllowed(said("refusal.seat_kept", seat=seat + 1))
                raise NotAllowed(said("refusal.no_seat_waiting"))
            if seat_of_user(seats, user_id) is not None:
                raise AlreadyJoined(said("refusal.you_seated"))
            target = waiting[0]
            now = self.clock()
            acting = target.seat in game.to_act
            async with self.db.transaction(game=game.id) as conn:
                await store.update_seat(
                    conn,
                    game.id,
                    target.seat,
                    user_id=user_id,
                    name=name,
                    is_ai=False,
                    ai_level=None,
                    state="active",
                    muted=False,
                    muted_turn=None,
                    offered_to=None,
                    # the turn starts for them now: no reminder or deadline from before they sat down
                    waiting_since=now if acting else None,
                    last_reminded_at=None,
                    vote_opened_at=None,
                    # a holiday was the last player's: the bank of whoever sits down counts from now
                    holiday_until=None,
                )
                await store.clear_kick_votes(conn, game.id, target.seat)
                if target.user_id is not None and game.host_id == target.user_id:
                    await store.update_game(conn, game.id, host_id=user_id)
                await store.update_game(conn, game.id, updated_at=now)
            return info(*await self.repo.rows(game.id))

    async def set_away(self, channel_id: int, user_id: int, away: bool, days: int | None = None) -> GameInfo:
        """Mark the user away (no reminders, no deadline) or back. In a game with a time bank, away is a
        holiday of ``days`` out of the game's allowance, which stops the seat's bank until it ends or
        the player comes back (the rest of the holiday is given back)."""
        async with self.repo.locked(channel_id, active=True) as (game, seats):
            seat = require_seat(seats, user_id)
            if seat.state not in ("active", "away"):
                raise NotAllowed(said("refusal.computer_plays"))
            if game.bank_minutes:
                if away and days is None:  # a holiday in a game with a bank is a number of days
                    left = timebank.holiday_left(game, seat).days
                    raise NotAllowed(said("refusal.bank.away_days", left=left))
                return await self._holiday(game, seat, days if away else None)
            if days is not None:
                raise NotAllowed(said("refusal.bank.days_without_bank"))
            async with self.db.transaction(game=game.id) as conn:
                await store.update_seat(conn, game.id, seat.seat, state="away" if away else "active")
            return info(*await self.repo.rows(game.id))

    async def _holiday(self, game: GameRow, seat: SeatRow, days: int | None) -> GameInfo:
        """Start a holiday of ``days`` for ``seat`` (None: end the one under way); refused, changing
        nothing, when it is longer than what is left of the allowance. The seat is read again inside the
        write, so a move or a deadline another process wrote meanwhile is booked from, never overwritten."""
        now = self.clock()
        async with self.db.transaction(game=game.id) as conn:
            fresh = await store.game_by_id(conn, game.id)
            seat = next((s for s in await store.seats_of(conn, game.id) if s.seat == seat.seat), seat)
            changes = holiday_changes(fresh or game, seat, days, now)
            await store.update_seat(conn, game.id, seat.seat, **changes)
            await store.update_game(conn, game.id, updated_at=now)
        return info(*await self.repo.rows(game.id))

    async def hand_over(
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
        game, seats = await self.repo.rows(game.id)
        current = await self.states.current(game, seats)
        wake_computers(self.runner, game, seats)
        return await self.telling.outcome(
            game,
            seats,
            seats,
            current,
            (),
            outcomes.Move(seat.seat, acting_user=acting_user),
            extra=notes,
        )


def holiday_changes(game: GameRow, seat: SeatRow, days: int | None, now: datetime) -> dict[str, Any]:
    """The seat's columns once a holiday of ``days`` starts (None: once the one under way ends), or
    ``NotAllowed`` when it cannot."""
    changes: dict[str, Any] = {"state": "active"}
    if days is None:
        if not timebank.on_holiday(seat, now) or seat.holiday_until is None:
            raise NotAllowed(said("refusal.bank.not_on_holiday"))
        given_back = int((seat.holiday_until - now).total_seconds())
        return changes | {"holiday_until": now, "holiday_used": max(seat.holiday_used - given_back, 0)}
    left = timebank.holiday_left(game, seat).days
    if timebank.on_holiday(seat, now):
        raise NotAllowed(said("refusal.bank.on_holiday", at=timebank.stamp(seat.holiday_until or now)))
    if not 1 <= days <= left:
        raise NotAllowed(said("refusal.bank.holiday_length", left=left))
    if seat.waiting_since is not None and seat.seat in game.to_act:
        changes["bank_seconds"] = timebank.book(game, seat, now)  # the wait so far is spent
    return changes | {
        "holiday_until": now + timedelta(days=days),
        "holiday_used": seat.holiday_used + days * 86400,
    }
