"""/mygames for a person seated in many games across many servers: reply time through the real
discord.py client and the loopback Discord, from the interaction sent to the reply received, asked in a
server and in a direct message; and, beside it, /games in one of the servers.

The games (Great Western Trail, the person and one other each, half of them waiting for the person) are
opened through the game service directly, so that only the reading is timed.

Run: PYTHONPATH=. python bench/mygames.py [--games 200] [--servers 50] [--asks 60]
Target: 95th percentile <= 300 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.client import BoardGameBot
from bot.services import FakeClock, GameService
from bot.settings import Settings
from bot.storage import open_database
from loopback import LoopbackDiscord

TARGET_P95_MS = 300.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def bench(games: int, servers: int, asks: int, folder: Path) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {
        "mygames in a server": [],
        "mygames in a DM": [],
        "games (one server)": [],
    }
    db_path = folder / "mygames.db"
    async with LoopbackDiscord() as loopback:
        guilds = [loopback.add_guild(f"Server {n}") for n in range(servers)]
        alice = loopback.add_user("alice", guilds=guilds)
        others = [loopback.add_user(f"player{n}", guilds=guilds) for n in range(4)]
        channels = [loopback.add_channel(guilds[n % servers], f"table-{n}") for n in range(games)]
        db = await open_database(db_path)
        try:
            service = GameService(db, FakeClock(), new_seed=lambda: 20261128)
            settings = Settings(token="unused", database_path=db_path, reminder_poll_seconds=3600)
            async with loopback.run_bot(BoardGameBot(games=service, settings=settings)):
                for n, channel in enumerate(channels):
                    other = others[n % len(others)]
                    first, second = (alice, other) if n % 2 == 0 else (other, alice)
                    guild_id = int(guilds[n % servers].id)
                    await service.create_game(
                        guild_id, int(channel.id), int(first.id), first.name, "gwt", seat_order="join"
                    )
                    await service.join(int(channel.id), int(second.id), second.name)
                    await service.start(int(channel.id), int(first.id))
                dm = loopback.dm_channel(alice)
                first = await alice.slash("mygames", channels[0])
                assert f"({games})" in first.content.splitlines()[0], first.content[:200]
                for _ in range(asks):
                    for kind, where, command in (
                        ("mygames in a server", channels[0], "mygames"),
                        ("mygames in a DM", dm, "mygames"),
                        ("games (one server)", channels[0], "games"),
                    ):
                        start = time.perf_counter()
                        await alice.slash(command, where)
                        samples[kind].append((time.perf_counter() - start) * 1000)
        finally:
            await db.close()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--servers", type=int, default=50)
    parser.add_argument("--asks", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        samples = asyncio.run(bench(args.games, args.servers, args.asks, Path(tmp)))
    print(f"{args.games} games across {args.servers} servers, {args.asks} asks each")
    for kind, values in samples.items():
        p95 = percentile(values, 0.95)
        print(
            f"{kind:22} median {statistics.median(values):6.1f} ms  p95 {p95:6.1f} ms"
            f"  max {max(values):6.1f} ms  p95/target {p95 / TARGET_P95_MS:.2f}"
        )


if __name__ == "__main__":
    main()
