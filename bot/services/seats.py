"""Who plays a seat: resigning, the computer taking over and handing back, replacing, away."""

from __future__ import annotations

from bot.services.core import DEFAULT_AI_LEVEL, ServiceCore
from bot.services.errors import AlreadyJoined, NotAllowed
from bot.services.models import GameInfo, MoveOutcome
from bot.storage import games as store


class Seats(ServiceCore):
    """Who plays a seat: resigning, the computer taking over and handing back, replacing, away."""

    async def resign(self, channel_id: int, user_id: int) -> MoveOutcome:
        """Give up: the computer plays the seat to the end and the result counts no win for it.

        When nobody but the computer would be left, the game is abandoned instead.
        """
        async with self._locked_active(channel_id) as (game, seats):
            seat = self._require_seat(seats, user_id)
            # people still in the game (a seat the computer plays for a while still has its person)
            people = [
                s for s in seats if s.seat != seat.seat and s.user_id is not None and s.state != "resigned"
            ]
            if not people:
                info = await self._abandon(game)
                return MoveOutcome(
                    game=info,
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
            return await self._hand_over(
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
