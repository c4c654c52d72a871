"""Ratings as read by /leaderboard and /stats (written by ``rater`` when games end)."""

from __future__ import annotations

from typing import Any

from bot import ratings as model
from bot.storage import ratings as store
from bot.storage.db import Database

#: How many rating changes /stats shows per game.
HISTORY = 5


def _entry(row: store.RatingRow) -> dict[str, Any]:
    r = row.rating
    return {
        "player": row.player,
        "user_id": row.user_id,
        "level": model.level_of(row.player),
        "name": row.name,
        "rules_id": row.rules_id,
        "rating": round(r.shown, 1),
        "mu": round(r.mu, 1),
        "sigma": round(r.sigma, 1),
        "games": r.games,
        "provisional": r.provisional,
    }


class Ratings:
    """Ratings per game, in one server or across servers (``everywhere``), read from ``db``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def rating_board(
        self, guild_id: int, rules_id: str | None = None, *, everywhere: bool = False, limit: int = 20
    ) -> list[dict[str, Any]]:
        """Per game (one, or each with ratings): its people ranked by rating, and the computer levels'
        own ladder. ``[{"rules_id", "people": [entry], "computers": [entry]}]``."""
        scope = store.EVERYWHERE if everywhere else guild_id
        async with self.db.reading() as conn:
            games = [rules_id] if rules_id else await store.rated_rules(conn, scope)
            return [
                {
                    "rules_id": rid,
                    "people": [
                        _entry(r) for r in await store.board(conn, scope, rid, people=True, limit=limit)
                    ],
                    "computers": [
                        _entry(r) for r in await store.board(conn, scope, rid, people=False, limit=limit)
                    ],
                }
                for rid in games
            ]

    async def ratings_of(self, guild_id: int, user_id: int) -> list[dict[str, Any]]:
        """A person's rating in each game they are rated in here, with its newest changes (``history``:
        ``{"game_id", "before", "after"}``, newest first) and the computer levels' ratings beside it
        (``computers``), so they see where they stand against each level."""
        player = model.person(user_id)
        async with self.db.reading() as conn:
            found = []
            for row in await store.of_player(conn, guild_id, player):
                entry = _entry(row)
                entry["history"] = [
                    {
                        "game_id": h.game_id,
                        "before": round(h.before.shown, 1),
                        "after": round(h.after.shown, 1),
                    }
                    for h in await store.history(conn, guild_id, row.rules_id, player, HISTORY)
                ]
                entry["computers"] = [
                    _entry(r) for r in await store.board(conn, guild_id, row.rules_id, people=False, limit=10)
                ]
                found.append(entry)
            return found
