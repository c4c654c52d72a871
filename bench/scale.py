"""P4: scale. Move latency in a large database vs a small one, many games at once, memory per cached game.

Run: python bench/scale.py [--big 10000] [--concurrent 200] [--cached 1000]
Targets: move latency ratio (10,000 games vs 10) <= 1.2.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import tempfile
import time
from pathlib import Path

import rules
from bot.services import GameService
from bot.services.core import EXPORT_FORMAT
from bot.storage import open_database
from rules.core.playout import random_playout

GAME = "santafe"
PLAYERS = 3
TARGET_RATIO = 1.2


def rss_kib() -> int:
    """The process's current resident memory (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def export_of(seed: int, moves: list[tuple[int, str]]) -> dict:
    """An export in the service's format, for seeding a database with finished games."""
    return {
        "format": EXPORT_FORMAT,
        "rules_id": GAME,
        "options": {},
        "seed": seed,
        "players": [{"seat": s, "user_id": 1000 + s, "name": f"P{s}"} for s in range(PLAYERS)],
        "moves": [{"seat": seat, "move": move} for seat, move in moves],
    }


async def start_game(service: GameService, channel: int, guild: int = 1) -> None:
    await service.create_game(guild, channel, 1000, "P0", GAME, seat_order="join")
    for seat in range(1, PLAYERS):
        await service.join(channel, 1000 + seat, f"P{seat}")
    await service.start(channel, 1000)


async def play_moves(service: GameService, channel: int, count: int) -> list[float]:
    """Play ``count`` moves (the first legal move of whoever must act), timing each submit."""
    latencies = []
    for _ in range(count):
        game = await service.get_game(channel)
        if game.status != "active":
            break
        user = next(s.user_id for s in game.seats if s.seat == game.to_act[0])
        legal = await service.legal_moves(channel, user)
        start = time.perf_counter()
        await service.submit(channel, user, legal[0][0], expected_version=game.version)
        latencies.append(time.perf_counter() - start)
    return latencies


async def seed_database(service: GameService, games: int) -> None:
    """``games`` finished games (imports of a pool of random playouts), plus a few active ones."""
    engine = rules.get(GAME)
    pool = []
    for seed in range(20):
        playout = random_playout(engine, PLAYERS, seed)
        pool.append(export_of(seed, playout.moves))
    for n in range(games):
        await service.import_game(1, 10_000_000 + n, pool[n % len(pool)], 1000)


async def latency_in(folder: Path, games: int, moves: int) -> list[float]:
    db = await open_database(folder / f"scale-{games}.db")
    try:
        service = GameService(db)
        t0 = time.perf_counter()
        await seed_database(service, games)
        print(f"  seeded {games} games in {time.perf_counter() - t0:.1f} s")
        latencies: list[float] = []
        for channel in range(5):
            await start_game(service, channel + 1)
            # a fresh service per game measures the uncached path too, the way a restart would
            latencies += await play_moves(service, channel + 1, moves)
        return latencies
    finally:
        await db.close()


async def concurrent(folder: Path, games: int, moves: int) -> None:
    db = await open_database(folder / "concurrent.db")
    try:
        service = GameService(db)
        for channel in range(games):
            await start_game(service, 20_000_000 + channel)
        t0 = time.perf_counter()
        results = await asyncio.gather(
            *(play_moves(service, 20_000_000 + c, moves) for c in range(games))
        )
        elapsed = time.perf_counter() - t0
        latencies = [x for r in results for x in r]
        median, p95 = statistics.median(latencies) * 1000, percentile(latencies, 0.95) * 1000
        print(f"P4 concurrent: {games} games x {moves} moves: {len(latencies)} moves in {elapsed:.2f} s "
              f"= {len(latencies) / elapsed:.0f} moves/s; latency median {median:.1f} ms, p95 {p95:.1f} ms, "
              f"max {max(latencies) * 1000:.1f} ms")
    finally:
        await db.close()


async def memory(folder: Path, games: int) -> None:
    db = await open_database(folder / "memory.db")
    try:
        service = GameService(db, cache_size=games)
        gc.collect()
        before = rss_kib()
        for channel in range(games):
            await start_game(service, 30_000_000 + channel)
            await play_moves(service, 30_000_000 + channel, 3)
        gc.collect()
        after = rss_kib()
        print(f"P4 memory: {games} active games cached: RSS grew {(after - before) / 1024:.1f} MiB "
              f"({(after - before) / games:.1f} KiB per game); process RSS {after / 1024:.1f} MiB")
    finally:
        await db.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", type=int, default=10_000)
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--concurrent", type=int, default=200)
    parser.add_argument("--cached", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        small = await latency_in(folder, args.small, args.moves)
        big = await latency_in(folder, args.big, args.moves)
        ratio = statistics.median(big) / statistics.median(small)
        print(f"P4 latency: {args.small} games median {statistics.median(small) * 1000:.2f} ms "
              f"(p95 {percentile(small, 0.95) * 1000:.2f}); {args.big} games median "
              f"{statistics.median(big) * 1000:.2f} ms (p95 {percentile(big, 0.95) * 1000:.2f}); "
              f"ratio {ratio:.2f} (target <= {TARGET_RATIO})")
        await concurrent(folder, args.concurrent, 10)
        await memory(folder, args.cached)


if __name__ == "__main__":
    asyncio.run(main())
