"""Rating finished games (bot/ratings.py's model), one at a time in the order their results were written:
each game's counted seats rate in its server and across servers. A game is rated right after the move that
finished it was committed, in a transaction of its own under ``locks.RATINGS`` (ratings span games); one
left unrated (the process stopped in between, or the write failed) is rated with the next game that ends
(when it finished within a week of the newest rated one), or by ``recompute``."""

from __future__ import annotations

import logging

from bot import ratings as model
from bot.storage import locks
from bot.storage import ratings as store
from bot.storage.db import Database
from bot.storage.sql import Conn

log = logging.getLogger(__name__)


async def _rate_unrated(conn: Conn) -> int:
    """Rate every counted finished game not rated yet, oldest first; how many were."""
    games = await store.unrated_games(conn)
    for game in games:
        placed = model.placings(await store.seats_of(conn, game.game_id))
        scopes = [store.EVERYWHERE] + ([game.guild_id] if game.guild_id else [])
        for guild_id in scopes:
            before = await store.current(conn, guild_id, game.rules_id, (p.player for p in placed))
            after = model.rate(placed, before)
            await store.save(conn, game, guild_id, before, after, model.NEW)
        await store.mark_rated(conn, game)
    return len(games)


async def rate_finished(db: Database) -> int:
    """Rate the finished games not rated yet (called once a move finished a game); how many were. A
    failure is logged and leaves them for the next call: the game's result is committed either way."""
    try:
        async with db.transaction(locks=(locks.RATINGS,)) as conn:
            return await _rate_unrated(conn)
    except Exception:
        log.exception("rating finished games failed; they are rated with the next game that ends")
        return 0


async def recompute(db: Database) -> int:
    """Forget every rating and rate every counted finished game again from its stored results, in the
    order of their results (``finished_at``, then game id): the same results give the same ratings,
    whatever was rated before and with whatever parameters. How many games were rated."""
    async with db.transaction(locks=(locks.RATINGS,)) as conn:
        await store.forget_all(conn)
        return await _rate_unrated(conn)
