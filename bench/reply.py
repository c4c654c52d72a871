"""P1: reply time through the real discord.py client and the loopback Discord.

From the interaction sent to the bot's last reply received (the board image included), for a move, the hand
and the board, in a Santa Fe and a Great Western Trail game between three people.

Run: python bench/reply.py [--moves 60]
Target: 95th percentile <= 300 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.client import BoardGameBot
from bot.loopback import LoopbackDiscord, Reply
from bot.services import FakeClock, GameService
from bot.settings import Settings
from bot.storage import open_database

TARGET_P95_MS = 300.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def timed(samples: list[float], action: Callable[[], Awaitable[Reply]]) -> Reply:
    start = time.perf_counter()
    reply = await action()
    samples.append((time.perf_counter() - start) * 1000)
    return reply


async def bench_game(game: str, moves: int, folder: Path) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {"move": [], "hand": [], "board": []}
    rng = random.Random(1)
    db_path = folder / f"reply-{game}.db"
    async with LoopbackDiscord() as loopback:
        # Moves come far faster than people make them: shorter rate-limit windows, or the waits are measured.
        loopback.api.ratelimits.speed_up(100)
        guild = loopback.add_guild("Bench")
        channel = loopback.add_channel(guild, "games")
        people = [loopback.add_user(name, guilds=guild) for name in ("alice", "bob", "carol")]
        by_id = {int(p.id): p for p in people}
        db = await open_database(db_path)
        try:
            service = GameService(db, FakeClock(), new_seed=lambda: 20261121)
            settings = Settings(token="unused", database_path=db_path, reminder_poll_seconds=3600)
            async with loopback.run_bot(BoardGameBot(games=service, settings=settings)):
                await people[0].slash(f"game {game}", channel)
                for person in people[1:]:
                    await person.slash("game join", channel)
                await people[0].slash("game start", channel)
                for _ in range(moves):
                    info = await service.get_game(int(channel.id))
                    if info.status != "active":
                        break
                    user = by_id[info.to_act_users[0]]
                    choices = await user.autocomplete("move", channel, move="")
                    move = rng.choice(choices)["value"]
                    await timed(samples["move"], lambda u=user, m=move: u.slash("move", channel, move=m))
                    await timed(samples["hand"], lambda u=user: u.slash("hand", channel))
                    await timed(samples["board"], lambda u=user: u.slash("board", channel))
        finally:
            await db.close()
    return samples


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for game in ("santafe", "gwt"):
            samples = await bench_game(game, args.moves, Path(tmp))
            for kind, values in samples.items():
                p95 = percentile(values, 0.95)
                print(f"P1 {game:8} {kind:6} n={len(values):3} median {statistics.median(values):6.1f} ms  "
                      f"p95 {p95:6.1f} ms  max {max(values):6.1f} ms  p95/target {p95 / TARGET_P95_MS:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
