"""Statistics from finished games: per game and per player, and the leaderboard."""

from __future__ import annotations

from typing import Any

from bot.storage import results
from bot.storage.db import Database


class Stats:
    """Statistics from finished games: per game and per player, and the leaderboard (read from ``db``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def stats(self, guild_id: int, user_id: int | None = None, recent: int = 10) -> dict[str, Any]:
        """Per game: played, won outright, first places shared, average score (of the user, or the whole
        guild); and recent results."""
        async with self.db.reading() as conn:
            per_game = await results.per_game_summary(conn, guild_id, user_id)
            rows = await results.recent_results(conn, guild_id, user_id, recent)
        return {
            "guild_id": guild_id,
            "user_id": user_id,
            "per_game": per_game,
            "played": sum(g["played"] for g in per_game),
            "won": sum(g["won"] for g in per_game),
            "shared": sum(g["shared"] for g in per_game),
            "recent": [
                {
                    "game_id": r.game_id,
                    "rules_id": r.rules_id,
                    "user_id": r.user_id,
                    "name": r.name,
                    "score": r.score,
                    "rank": r.rank,
                    "won": r.won,
                    "shared": r.shared,
                    "computer_from": r.computer_from,
                    "players": r.players,
                    "finished_at": r.finished_at,
                }
                for r in rows
            ],
        }

    async def computer_played(self, game_id: int) -> dict[int, int]:
        """A finished game's seats the computer played most of for their person: seat -> the move from
        which it played them (those results count in no ranking)."""
        async with self.db.reading() as conn:
            rows = await results.results_of_game(conn, game_id)
        return {r.seat: r.computer_from for r in rows if r.computer_from is not None}

    async def leaderboard(
        self, guild_id: int, rules_id: str | None = None, limit: int = 20
    ) -> list[dict[str, Any]]:
        """People of the guild ranked by wins, then shared first places, then win rate, then average score."""
        async with self.db.reading() as conn:
            return await results.leaderboard(conn, guild_id, rules_id, limit)
