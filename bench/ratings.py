"""Rating a finished game: the time ``rater.rate_finished`` takes once a move ended a game (its own write
transaction: the game's counted seats read, rated in its server and across servers, written with their
history), measured on a database holding few and many rated games; the pure openskill update alone; and
``python -m bot recompute-ratings`` over every game.

Each game: four seats, three of 60 people of one server in turn and a level-2 computer, random places (a
tie now and then), its games and results written as the bot writes them; one game ends every 30 minutes
(so the week a rating looks back for games left unrated holds 336 of them).

Run: PYTHONPATH=. python bench/ratings.py [--games 2000] [--timed 100] [--postgres URL]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot import ratings as model
from bot.services import rater
from bot.storage import games as store
from bot.storage import locks, open_database
from bot.storage.connection import Location, location
from bot.storage.db import Database
from bot.storage.records import SeatRow
from bot.storage.results import ResultRow, insert_results

PEOPLE = 60
GUILD = 1
START = datetime(2026, 1, 1, tzinfo=UTC)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def finish_game(db: Database, number: int, rng: random.Random) -> None:
    """One finished game's rows, as the bot writes them when a move ends it."""
    now = START + timedelta(minutes=30 * number)
    people = rng.sample(range(1, PEOPLE + 1), 3)
    ranks = [rng.randint(1, 4) for _ in range(4)]
    async with db.transaction(locks=(locks.guild(GUILD),)) as conn:
        game_id = await store.insert_game(
            conn,
            guild_id=GUILD,
            channel_id=10_000 + number,
            host_id=people[0],
            rules_id="santafe",
            options={},
            seed=number,
            now=now,
            status="finished",
        )
        seats = [(p, False, None) for p in people] + [(None, True, 2)]
        for seat, (user, ai, level) in enumerate(seats):
            await store.insert_seat(conn, SeatRow(game_id, seat, user, f"p{user}", ai, level, "active", now))
        await insert_results(
            conn,
            [
                ResultRow(
                    game_id,
                    seat,
                    GUILD,
                    "santafe",
                    user,
                    f"p{user}",
                    ai,
                    False,
                    10 - ranks[seat],
                    ranks[seat],
                    ranks[seat] == 1 and ranks.count(1) == 1,
                    4,
                    now,
                    ranks[seat] == 1 and ranks.count(1) > 1,
                )
                for seat, (user, ai, level) in enumerate(seats)
            ],
        )


async def measure(where: Location, games: int, timed: int) -> None:
    db = await open_database(where)
    rng = random.Random(1)
    few: list[float] = []
    many: list[float] = []
    try:
        for number in range(games):
            await finish_game(db, number, rng)
            start = time.perf_counter()
            assert await rater.rate_finished(db) == 1
            took = (time.perf_counter() - start) * 1000
            if number < timed:
                few.append(took)
            elif number >= games - timed:
                many.append(took)
        for label, samples in ((f"first {timed} games", few), (f"last {timed} of {games}", many)):
            print(
                f"rate_finished, {label}: median {statistics.median(samples):.2f} ms,"
                f" p95 {percentile(samples, 0.95):.2f} ms, max {max(samples):.2f} ms"
            )
        print(f"ratio p95 many/few: {percentile(many, 0.95) / percentile(few, 0.95):.2f}")
        start = time.perf_counter()
        count = await rater.recompute(db)
        took = time.perf_counter() - start
        print(f"recompute-ratings: {count} games in {took:.2f} s ({took / count * 1000:.2f} ms a game)")
    finally:
        await db.close()
    game = [model.Placing(f"user:{i}", rank) for i, rank in enumerate((1, 2, 2, 4))]
    samples = []
    for _ in range(2000):
        start = time.perf_counter()
        model.rate(game, {})
        samples.append((time.perf_counter() - start) * 1e6)
    print(f"openskill update alone (4 seats): median {statistics.median(samples):.0f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--timed", type=int, default=100)
    parser.add_argument("--postgres", help="a PostgreSQL URL whose database the bench may fill")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        where = location(args.postgres) if args.postgres else Location(path=Path(tmp) / "ratings.db")
        asyncio.run(measure(where, args.games, args.timed))


if __name__ == "__main__":
    main()
