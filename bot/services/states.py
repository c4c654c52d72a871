"""A game's current state: from the in-memory cache, else the stored snapshot, else a replay of its log;
a log that does not replay pauses the game as damaged (``Damage.paused_as_damaged``)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.services import engine
from bot.services.damage import Damage
from bot.services.errors import GameDamaged
from bot.storage import games as store
from bot.storage.db import Database
from bot.storage.records import GameRow, MoveRow, SeatRow
from rules.core.protocol import State
from rules.core.texts import said

log = logging.getLogger(__name__)


class States:
    """The current state of each game, read from ``db`` and kept in ``cache``."""

    def __init__(self, db: Database, cache: engine.StateCache, damage: Damage) -> None:
        self.db = db
        self.cache = cache
        self.damage = damage

    async def current(self, game: GameRow, seats: Sequence[SeatRow]) -> State:
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
            await self.damage.paused_as_damaged(game, str(exc))
            raise GameDamaged(said("refusal.damaged")) from None
