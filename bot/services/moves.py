"""Writing moves: one move, its snapshot and the new version in one transaction; and the forced steps
made at once after it when auto-play is on."""

from __future__ import annotations

from bot.services import engine, outcomes, positions, rater
from bot.services.clock import Clock
from bot.services.models import PlayedMove
from bot.services.policy import undo_refusal
from bot.storage import games as store
from bot.storage import results
from bot.storage.db import Database
from bot.storage.records import GameRow, MoveRow, SeatRow
from rules.core.events import HIDES_MOVE, Event, turn_starters
from rules.core.protocol import State

# Forced steps made in a row at most (each one is a real step of the rules; this only bounds the loop).
MAX_FORCED = 50


class Moves:
    """Writes moves to ``db`` and keeps ``cache`` in step with them."""

    def __init__(self, db: Database, clock: Clock, cache: engine.StateCache) -> None:
        self.db = db
        self.clock = clock
        self.cache = cache

    async def commit(
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
                game, seats = await positions.store_position(
                    conn, game, seats, new_state, version=version, now=now, starting=turn_starters(events)
                )
                await store.append_move(
                    conn, MoveRow(game.id, version, seat, user_id, move, events, actor, now)
                )
                if game.status == "finished":
                    await results.insert_results(
                        conn, positions.result_rows(game, seats, rules.result(new_state), now)
                    )
        except BaseException:
            self.cache.drop(game.id)
            raise
        self.cache.put(game.id, game.revision, new_state)
        if game.status == "finished":
            await rater.rate_finished(self.db)
        return game, seats, PlayedMove(version, seat, user_id, move, tuple(events), actor)

    async def forced(
        self, game: GameRow, seats: list[SeatRow], state: State, after: PlayedMove | None = None
    ) -> tuple[GameRow, list[SeatRow], State, list[PlayedMove]]:
        """With auto-play on, make at once every step a person must take that is no choice at all: exactly
        one legal move, and nothing secret in it (a card chosen unseen stays the player's to pick, even when
        it is the only one) nor in its being the only one (``GuardsForcedSteps``: in a hidden-hand game it
        can tell what the hand lacks). Computer seats are left to the runner. The summary says who it was
        made for.

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
                    if len(legal) == 1 and not engine.forced_step_reveals(rules, state, seat.seat, legal[0]):
                        new_state, events = rules.play(state, seat.seat, legal[0])
                        if not any(ev.get(HIDES_MOVE) for ev in events):
                            label = engine.said_label(rules, state, seat.seat, legal[0])
                            done = engine.said_done(rules, label, seat.seat)
                            english = engine.label(rules, state, seat.seat, legal[0])
                            noted = outcomes.made_for(list(events), seat.seat, english, done)
                            forced = (seat, legal[0], new_state, noted)
                            break
            if forced is None:
                break
            seat, move, state, events = forced
            game, seats, record = await self.commit(
                game, seats, seat.seat, seat.user_id, move, state, events, "player"
            )
            made.append(record)
        return game, seats, state, made
