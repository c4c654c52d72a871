"""SQL for finished-game results and the statistics drawn from them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any

from bot.storage.records import columns, from_row
from bot.storage.sql import Conn, insert, rows, run

# Statistics count only games dealt here: an imported game's deal and earlier moves come from a file
# anyone can write, so its result never counts, whether it arrived finished or was finished here.
COUNTED = "game_id IN (SELECT id FROM games WHERE imported_moves IS NULL)"
# A person's own result: a seat the computer played most of is not one (it is listed, never ranked).
OWN = "is_ai = 0 AND computer_from IS NULL"

# The moves of a result's seat made by its person, and all of its moves (the move log says who made each).
_THEIRS = (
    "SELECT {what} FROM moves AS p WHERE p.game_id = results.game_id AND p.seat = results.seat"
    " AND p.actor = 'player' AND p.user_id = results.user_id"
)
_NOT_THEIRS = (
    "SELECT MIN(m.version) FROM moves AS m WHERE m.game_id = results.game_id AND m.seat = results.seat"
    " AND NOT (m.actor = 'player' AND m.user_id IS NOT NULL AND m.user_id = results.user_id)"
)
_ALL = "SELECT COUNT(*) FROM moves AS m WHERE m.game_id = results.game_id AND m.seat = results.seat"
# A person's seat counts for them only when they made most of its moves; otherwise it is marked with the
# move from which the computer played it: the first not theirs after their last own move (or, when they
# took the seat back at the end, the first not theirs at all). Deadline and admin moves are not theirs.
# (Only seats with a person are marked, so ``results.user_id`` is never NULL in these comparisons.)
# A resigned seat stays a game its person lost, or resigning would hide a losing game from the statistics.
COMPUTER_FROM = (
    f"UPDATE results SET computer_from = COALESCE(({_NOT_THEIRS} AND m.version >"
    f" ({_THEIRS.format(what='COALESCE(MAX(p.version), 0)')})), ({_NOT_THEIRS}))"
    " WHERE game_id = :game_id AND is_ai = 0 AND resigned = 0 AND user_id IS NOT NULL"
    f" AND 2 * ({_THEIRS.format(what='COUNT(*)')}) <= ({_ALL})"
)


@dataclass(frozen=True)
class ResultRow:
    game_id: int
    seat: int
    guild_id: int | None
    rules_id: str
    user_id: int | None
    name: str
    is_ai: bool
    resigned: bool
    score: int
    rank: int
    won: bool  # an outright first place
    players: int
    finished_at: datetime
    shared: bool = False  # a first place tied with others: not a win
    computer_from: int | None = None  # set by ``insert_results`` from the move log


# What a result is written with: all but ``computer_from``, which ``insert_results`` sets from the move log.
RESULT_COLUMNS = tuple(f.name for f in fields(ResultRow) if f.name != "computer_from")


async def insert_results(conn: Conn, results: Sequence[ResultRow]) -> None:
    """Store a finished game's results, then mark the seats its people did not mostly play themselves."""
    for r in results:
        await insert(conn, "results", **columns(r, *RESULT_COLUMNS))
    for game_id in {r.game_id for r in results}:
        await run(conn, COMPUTER_FROM, game_id=game_id)


def _row(row: Any) -> ResultRow:
    return from_row(ResultRow, row)


async def results_of_game(conn: Conn, game_id: int) -> list[ResultRow]:
    return [
        _row(r)
        for r in await rows(
            conn, "SELECT * FROM results WHERE game_id = :game_id ORDER BY seat", game_id=game_id
        )
    ]


async def per_game_summary(conn: Conn, guild_id: int, user_id: int | None = None) -> list[dict[str, Any]]:
    """Per rules id: games played, won outright, first places shared and the average score — of one user
    (their own results only), or of the whole guild (the wins and shared firsts of people's own results)."""
    if user_id is None:
        sql = (
            f"SELECT rules_id, COUNT(DISTINCT game_id) AS played,"
            f" SUM(CASE WHEN won = 1 AND {OWN} THEN 1 ELSE 0 END) AS won,"
            f" SUM(CASE WHEN shared = 1 AND {OWN} THEN 1 ELSE 0 END) AS shared,"
            f" AVG(score) AS avg_score FROM results WHERE guild_id = :guild_id AND {COUNTED}"
            " GROUP BY rules_id ORDER BY rules_id"
        )
    else:
        sql = (
            "SELECT rules_id, COUNT(*) AS played, SUM(won) AS won, SUM(shared) AS shared,"
            " AVG(score) AS avg_score FROM results"
            f" WHERE guild_id = :guild_id AND user_id = :user_id AND {OWN} AND {COUNTED}"
            " GROUP BY rules_id ORDER BY rules_id"
        )
    return [
        {
            "rules_id": r["rules_id"],
            "played": int(r["played"]),
            "won": int(r["won"] or 0),
            "shared": int(r["shared"] or 0),
            "avg_score": round(float(r["avg_score"]), 1),  # PostgreSQL's AVG is a Decimal
        }
        for r in await rows(conn, sql, guild_id=guild_id, user_id=user_id)
    ]


async def recent_results(
    conn: Conn, guild_id: int, user_id: int | None = None, limit: int = 10
) -> list[ResultRow]:
    """The newest result rows: the user's (those the computer played for them too, which say so), or the
    first places of the guild's newest games."""
    if user_id is None:
        sql = (
            f"SELECT * FROM results WHERE guild_id = :guild_id AND (won = 1 OR shared = 1) AND {COUNTED}"
            " ORDER BY finished_at DESC, game_id DESC LIMIT :limit"
        )
    else:
        sql = (
            f"SELECT * FROM results WHERE guild_id = :guild_id AND user_id = :user_id AND is_ai = 0"
            f" AND {COUNTED} ORDER BY finished_at DESC, game_id DESC LIMIT :limit"
        )
    return [_row(r) for r in await rows(conn, sql, guild_id=guild_id, user_id=user_id, limit=limit)]


async def leaderboard(
    conn: Conn, guild_id: int, rules_id: str | None = None, limit: int = 20
) -> list[dict[str, Any]]:
    """People ranked by outright wins, then shared first places, then win rate, then average score; only
    their own results count (not a seat the computer played most of)."""
    where = f"guild_id = :guild_id AND {OWN} AND user_id IS NOT NULL AND {COUNTED}"
    if rules_id is not None:
        where += " AND rules_id = :rules_id"
    sql = (
        "SELECT user_id, COUNT(*) AS played, SUM(won) AS won, SUM(shared) AS shared, AVG(score) AS avg_score,"
        " (SELECT name FROM results AS latest WHERE latest.user_id = results.user_id"
        f"  AND latest.{COUNTED} ORDER BY finished_at DESC LIMIT 1) AS name"
        f" FROM results WHERE {where} GROUP BY user_id"
        " ORDER BY SUM(won) DESC, SUM(shared) DESC, CAST(SUM(won) AS REAL) / COUNT(*) DESC, AVG(score) DESC,"
        " user_id LIMIT :limit"
    )
    return [
        {
            "user_id": r["user_id"],
            "name": r["name"],
            "played": int(r["played"]),
            "won": int(r["won"]),
            "shared": int(r["shared"]),
            "win_rate": round(int(r["won"]) / int(r["played"]), 3),
            "avg_score": round(float(r["avg_score"]), 1),
        }
        for r in await rows(conn, sql, guild_id=guild_id, rules_id=rules_id, limit=limit)
    ]
