"""SQL for ratings (migration 0019): which finished games wait to be rated, each player's rating per game
and server (guild 0: across servers), its history, and the lists drawn from them. The model is
bot/ratings.py; a rating is only ever written here, in a transaction holding ``locks.RATINGS``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.ratings import Rating, Seat
from bot.storage.records import columns, from_time, to_time
from bot.storage.results import COUNTED
from bot.storage.sql import Conn, insert, rows, run, upsert, value

#: The guild id of the ratings across servers (no Discord id is 0).
EVERYWHERE = 0
#: How far before the newest rated game a game left unrated is still found by the next rating (one
#: older than that waits for ``python -m bot recompute-ratings``).
LOOK_BACK = timedelta(days=7)


@dataclass(frozen=True)
class FinishedGame:
    game_id: int
    guild_id: int | None
    rules_id: str
    finished_at: datetime


@dataclass(frozen=True)
class RatingRow:
    player: str
    user_id: int | None
    rules_id: str
    rating: Rating
    name: str | None = None  # the person's name in their newest counted result


@dataclass(frozen=True)
class HistoryRow:
    game_id: int
    rules_id: str
    before: Rating
    after: Rating
    finished_at: datetime


async def unrated_games(conn: Conn) -> list[FinishedGame]:
    """Counted finished games not rated yet, oldest result first (the order a recompute rates them in):
    those that finished at most ``LOOK_BACK`` before the newest game rated (all of them when none is), so
    that the look stays short however many games were played."""
    newest = await value(conn, "SELECT finished_at FROM rated_games ORDER BY position DESC LIMIT 1")
    newest_at = from_time(newest)
    since = "" if newest_at is None else to_time(newest_at - LOOK_BACK)
    found = await rows(
        conn,
        "SELECT game_id, MIN(guild_id) AS guild_id, MIN(rules_id) AS rules_id,"
        " MIN(finished_at) AS finished_at FROM results WHERE finished_at >= :since"
        " AND EXISTS (SELECT 1 FROM games AS g WHERE g.id = results.game_id AND g.imported_moves IS NULL)"
        " AND NOT EXISTS (SELECT 1 FROM rated_games AS r WHERE r.game_id = results.game_id)"
        " GROUP BY game_id ORDER BY MIN(finished_at), game_id",
        since=since,
    )
    return [
        FinishedGame(r["game_id"], r["guild_id"], r["rules_id"], from_time(r["finished_at"]))  # type: ignore[arg-type]
        for r in found
    ]


async def seats_of(conn: Conn, game_id: int) -> list[Seat]:
    """A finished game's seats as its results say, with each computer seat's level."""
    found = await rows(
        conn,
        "SELECT r.user_id, r.is_ai, r.resigned, r.rank, r.computer_from, s.ai_level FROM results AS r"
        " LEFT JOIN seats AS s ON s.game_id = r.game_id AND s.seat = r.seat"
        " WHERE r.game_id = :game_id ORDER BY r.seat",
        game_id=game_id,
    )
    return [
        Seat(
            r["user_id"], bool(r["is_ai"]), r["ai_level"], bool(r["resigned"]), r["rank"], r["computer_from"]
        )
        for r in found
    ]


async def current(conn: Conn, guild_id: int, rules_id: str, players: Iterable[str]) -> dict[str, Rating]:
    wanted = sorted(set(players))
    if not wanted:
        return {}
    found = await rows(
        conn,
        "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = :guild_id AND rules_id = :rules_id"
        " AND player IN :players",
        guild_id=guild_id,
        rules_id=rules_id,
        players=wanted,
    )
    return {r["player"]: Rating(r["mu"], r["sigma"], r["games"]) for r in found}


async def save(
    conn: Conn,
    game: FinishedGame,
    guild_id: int,
    before: Mapping[str, Rating],
    after: Mapping[str, Rating],
    fresh: Rating,
) -> None:
    """Write each player's rating after ``game`` (in ``guild_id``'s ratings) and its history row."""
    at = to_time(game.finished_at)
    for player, new in sorted(after.items()):
        old = before.get(player, fresh)
        user_id = int(player.split(":", 1)[1]) if player.startswith("user:") else None
        key = {"guild_id": guild_id, "rules_id": game.rules_id, "player": player}
        await upsert(conn, "ratings", tuple(key), **key, user_id=user_id, **columns(new), updated_at=at)
        await insert(
            conn,
            "rating_history",
            game_id=game.game_id,
            **key,
            mu_before=old.mu,
            sigma_before=old.sigma,
            mu=new.mu,
            sigma=new.sigma,
            finished_at=at,
        )


async def mark_rated(conn: Conn, game: FinishedGame) -> None:
    position = await value(conn, "SELECT COALESCE(MAX(position), 0) + 1 FROM rated_games")
    await run(
        conn,
        "INSERT INTO rated_games (game_id, position, finished_at) VALUES (:game_id, :position, :at)",
        game_id=game.game_id,
        position=position,
        at=to_time(game.finished_at),
    )


async def forget_all(conn: Conn) -> None:
    """Every rating, its history and which games were rated: a recompute starts from nothing."""
    for table in ("rating_history", "ratings", "rated_games"):
        await run(conn, f"DELETE FROM {table}")


def _rating_row(r: Any) -> RatingRow:
    return RatingRow(
        r["player"], r["user_id"], r["rules_id"], Rating(r["mu"], r["sigma"], r["games"]), r.get("name")
    )


_NAME = (
    "(SELECT name FROM results AS latest WHERE latest.user_id = ratings.user_id"
    f" AND latest.{COUNTED} ORDER BY finished_at DESC LIMIT 1) AS name"
)


async def board(conn: Conn, guild_id: int, rules_id: str, *, people: bool, limit: int) -> list[RatingRow]:
    """The ratings of one game in one server (or ``EVERYWHERE``), best shown rating first: people's, or
    the computer levels' ladder."""
    kind = "user_id IS NOT NULL" if people else "user_id IS NULL"
    found = await rows(
        conn,
        f"SELECT player, user_id, rules_id, mu, sigma, games, {_NAME} FROM ratings"
        f" WHERE guild_id = :guild_id AND rules_id = :rules_id AND {kind}"
        " ORDER BY mu - 3 * sigma DESC, games DESC, player LIMIT :limit",
        guild_id=guild_id,
        rules_id=rules_id,
        limit=limit,
    )
    return [_rating_row(r) for r in found]


async def rated_rules(conn: Conn, guild_id: int) -> list[str]:
    """The games with ratings in ``guild_id`` (or ``EVERYWHERE``)."""
    found = await rows(
        conn,
        "SELECT DISTINCT rules_id FROM ratings WHERE guild_id = :guild_id ORDER BY rules_id",
        guild_id=guild_id,
    )
    return [r["rules_id"] for r in found]


async def of_player(conn: Conn, guild_id: int, player: str) -> list[RatingRow]:
    """A player's ratings in ``guild_id`` (or ``EVERYWHERE``), one per game."""
    found = await rows(
        conn,
        f"SELECT player, user_id, rules_id, mu, sigma, games, {_NAME} FROM ratings"
        " WHERE guild_id = :guild_id AND player = :player ORDER BY rules_id",
        guild_id=guild_id,
        player=player,
    )
    return [_rating_row(r) for r in found]


async def history(conn: Conn, guild_id: int, rules_id: str, player: str, limit: int = 10) -> list[HistoryRow]:
    """A player's newest rating changes in one game and server, newest first."""
    found = await rows(
        conn,
        "SELECT h.game_id, h.rules_id, h.mu_before, h.sigma_before, h.mu, h.sigma, h.finished_at,"
        " r.position FROM rating_history AS h JOIN rated_games AS r ON r.game_id = h.game_id"
        " WHERE h.guild_id = :guild_id AND h.rules_id = :rules_id AND h.player = :player"
        " ORDER BY r.position DESC LIMIT :limit",
        guild_id=guild_id,
        rules_id=rules_id,
        player=player,
        limit=limit,
    )
    return [
        HistoryRow(
            r["game_id"],
            r["rules_id"],
            Rating(r["mu_before"], r["sigma_before"]),
            Rating(r["mu"], r["sigma"]),
            from_time(r["finished_at"]),  # type: ignore[arg-type]
        )
        for r in found
    ]
