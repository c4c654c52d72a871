"""P4: scale. Move latency in a large database vs a small one, many games at once, memory per cached game,
interactions during reminder rounds with many active games, and the cost of syncing every commit.

Several processes on one database: ``processes`` plays 200 games at once shared out among 1 and 3 processes
(and reports the writes' wait for their locks as a share of a move's time), ``elsewhere`` times a player's
interactions while another process runs reminder rounds over 10,000 active games. ``--postgres URL`` runs
every case on that PostgreSQL server (a database each) instead of SQLite files.

Run: python bench/scale.py [--big 10000] [--concurrent 200] [--cached 1000] [--active 10000] [--only NAME]
     [--processes 3] [--postgres postgresql://user@host/database]
Targets: move latency ratio (10,000 games vs 10) <= 1.2; interaction latency during reminder rounds
(10,000 active games vs 10) <= 1.2; waiting for write locks <= 5 % of a move's time at 200 games.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

import rules
from bot.services import FakeClock, GameService
from bot.services.core import EXPORT_FORMAT
from bot.storage import locks, open_database, sql
from bot.storage.connection import Location, location
from rules.core.playout import random_playout

#: A PostgreSQL server the cases run on instead of SQLite files (``--postgres URL``), each case in a database
#: of its own, made anew.
POSTGRES: str | None = None
BASE_TIME = datetime(2026, 1, 1, tzinfo=UTC)

GAME = "santafe"
PLAYERS = 3
TARGET_RATIO = 1.2
CASES = ("latency", "concurrent", "memory", "rounds", "sync", "processes", "elsewhere")


async def place(folder: Path, name: str) -> Location:
    """Where case ``name`` keeps its games: a new SQLite file in ``folder``, or a new PostgreSQL database."""
    if POSTGRES is None:
        path = folder / f"{name}.db"
        path.unlink(missing_ok=True)
        return Location(path=path)
    server = location(POSTGRES).url
    assert server is not None
    database = "bench_" + name.replace("-", "_")
    engine = create_async_engine(server, poolclass=sa.pool.NullPool)
    try:
        async with engine.connect() as conn:
            conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
            await conn.exec_driver_sql(f'CREATE DATABASE "{database}"')
    finally:
        await engine.dispose()
    return Location(url=sa.make_url(server).set(database=database).render_as_string(hide_password=False))


def target(where: Location) -> str:
    """What ``open_database`` (or another process) is given to open ``where``."""
    return where.url or str(where.path)


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
    db = await open_database(await place(folder, f"scale-{games}"))
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
    db = await open_database(await place(folder, "concurrent"))
    try:
        service = GameService(db)
        for channel in range(games):
            await start_game(service, 20_000_000 + channel)
        t0 = time.perf_counter()
        results = await asyncio.gather(*(play_moves(service, 20_000_000 + c, moves) for c in range(games)))
        elapsed = time.perf_counter() - t0
        latencies = [x for r in results for x in r]
        median, p95 = statistics.median(latencies) * 1000, percentile(latencies, 0.95) * 1000
        print(
            f"P4 concurrent: {games} games x {moves} moves: {len(latencies)} moves in {elapsed:.2f} s "
            f"= {len(latencies) / elapsed:.0f} moves/s; latency median {median:.1f} ms, p95 {p95:.1f} ms, "
            f"max {max(latencies) * 1000:.1f} ms"
        )
    finally:
        await db.close()


async def memory(folder: Path, games: int) -> None:
    db = await open_database(await place(folder, "memory"))
    try:
        service = GameService(db, cache_size=games)
        gc.collect()
        before = rss_kib()
        for channel in range(games):
            await start_game(service, 30_000_000 + channel)
            await play_moves(service, 30_000_000 + channel, 3)
        gc.collect()
        after = rss_kib()
        print(
            f"P4 memory: {games} active games cached: RSS grew {(after - before) / 1024:.1f} MiB "
            f"({(after - before) / games:.1f} KiB per game); process RSS {after / 1024:.1f} MiB"
        )
    finally:
        await db.close()


async def clone_active_games(service: GameService, count: int, first_channel: int) -> None:
    """``count`` running games with daily reminders (the default) and a three-day deadline, copied row by
    row from one started game; their players' turns began at moments spread over the last day, so a few
    reminders fall due every minute."""
    await service.create_game(
        1,
        first_channel,
        1000,
        "P0",
        GAME,
        seat_order="join",
        reminder_minutes=24 * 60,
        deadline_minutes=3 * 24 * 60,
    )
    for seat in range(1, PLAYERS):
        await service.join(first_channel, 1000 + seat, f"P{seat}")
    template = (await service.start(first_channel, 1000)).game
    async with service.db.transaction(locks=(locks.EVERYTHING,)) as conn:
        game = dict(await sql.one(conn, "SELECT * FROM games WHERE id = :g", g=template.id) or {})
        seats = [
            dict(r) for r in await sql.rows(conn, "SELECT * FROM seats WHERE game_id = :g", g=template.id)
        ]
        snapshot = dict(
            await sql.one(conn, "SELECT * FROM snapshots WHERE game_id = :g", g=template.id) or {}
        )
        start = service.clock()
        for n in range(1, count):
            # without a stored next-due time, as games from before it was stored
            row = {k: v for k, v in game.items() if k not in ("id", "next_due_at", "due_stale")}
            row["channel_id"] = first_channel + n
            game_id = (await sql.run(conn, insert_sql("games", row) + " RETURNING id", **row)).scalar_one()
            waiting = (start - timedelta(minutes=n % 1440)).isoformat()
            for seat in seats:
                user = seat["user_id"] + 10 * n
                new = {
                    **seat,
                    "game_id": game_id,
                    "user_id": user,
                    "waiting_since": waiting if seat["waiting_since"] else None,
                }
                await sql.run(conn, insert_sql("seats", new), **new)
            snap = {**snapshot, "game_id": game_id}
            await sql.run(conn, insert_sql("snapshots", snap), **snap)


def insert_sql(table: str, row: dict[str, Any]) -> str:
    return f"INSERT INTO {table} ({', '.join(row)}) VALUES ({', '.join(':' + c for c in row)})"


async def interactions(service: GameService, channel: int, count: int) -> list[float]:
    """What a player's interactions cost: look at the game, list the moves, submit one (timed together)."""
    latencies = []
    for _ in range(count):
        start = time.perf_counter()
        game = await service.get_game(channel)
        if game.status != "active":
            break
        user = next(s.user_id for s in game.seats if s.seat == game.to_act[0])
        legal = await service.legal_moves(channel, user)
        await service.submit(channel, user, legal[0][0], expected_version=game.version)
        latencies.append(time.perf_counter() - start)
    return latencies


async def during_rounds(
    folder: Path, games: int, moves: int, name: str | None = None
) -> tuple[list[float], list[float], float]:
    """Interaction latencies while reminder rounds run back to back (the clock a minute on per round);
    returns them, the times of those rounds, and the time of the first round (every next-due computed)."""
    db = await open_database(await place(folder, name or f"rounds-{games}"))
    try:
        clock = FakeClock(BASE_TIME)
        service = GameService(db, clock)
        t0 = time.perf_counter()
        await clone_active_games(service, games, 40_000_000)
        print(f"  made {games} active games in {time.perf_counter() - t0:.1f} s")
        await start_game(service, 1)
        t0 = time.perf_counter()
        await service.run_due()
        first = time.perf_counter() - t0
        rounds: list[float] = []
        playing = True

        async def loop() -> None:
            while playing:
                clock.advance(minutes=1)
                t = time.perf_counter()
                await service.run_due()
                rounds.append(time.perf_counter() - t)
                await asyncio.sleep(0)

        task = asyncio.create_task(loop())
        latencies = await interactions(service, 1, moves)
        playing = False
        await task
        return latencies, rounds, first
    finally:
        await db.close()


async def reminder_rounds(folder: Path, big: int, small: int, moves: int) -> None:
    await during_rounds(folder, small, 5, "warm-up")  # imports and first-use costs out of the figures
    results = {n: await during_rounds(folder, n, moves) for n in (small, big)}
    for n, (latencies, rounds, first) in results.items():
        print(
            f"P4 rounds: {n} active games: first round (every next-due computed) {first * 1000:.0f} ms; "
            f"{len(rounds)} rounds during the moves, median {statistics.median(rounds) * 1000:.2f} ms, "
            f"max {max(rounds) * 1000:.1f} ms; interaction (get_game + legal_moves + submit) median "
            f"{statistics.median(latencies) * 1000:.2f} ms, p95 {percentile(latencies, 0.95) * 1000:.2f} ms"
        )
    ratio = statistics.median(results[big][0]) / statistics.median(results[small][0])
    tail = percentile(results[big][0], 0.95) / percentile(results[small][0], 0.95)
    print(
        f"P4 rounds: interaction latency ratio {big} vs {small} active games: median {ratio:.2f}, "
        f"p95 {tail:.2f} (target <= {TARGET_RATIO})"
    )


async def sync_cost(folder: Path, moves: int) -> None:
    """Move latency with every commit synced (DATABASE_SYNC=full) and without (normal), on this disk."""
    medians = {}
    for mode in ("normal", "full"):
        db = await open_database(folder / f"sync-{mode}.db", sync=mode)
        try:
            service = GameService(db)
            latencies: list[float] = []
            for channel in range(5):
                await start_game(service, 50_000_000 + channel)
                latencies += await play_moves(service, 50_000_000 + channel, moves)
        finally:
            await db.close()
        medians[mode] = statistics.median(latencies)
        print(
            f"P4 sync: DATABASE_SYNC={mode}: move median {medians[mode] * 1000:.2f} ms, "
            f"p95 {percentile(latencies, 0.95) * 1000:.2f} ms"
        )
    print(
        f"P4 sync: full costs {(medians['full'] - medians['normal']) * 1000:.2f} ms a move "
        f"({medians['full'] / medians['normal']:.2f} x normal)"
    )


# --- several processes on one database ------------------------------------------------------------------


def _player_process(where: str, channels: list[int], moves: int, ready: Any, go: Any, results: Any) -> None:
    """One bot process's share of the games: start them, wait for the others, play them all at once."""

    async def run() -> None:
        db = await open_database(where)
        service = GameService(db)
        try:
            for channel in channels:
                await start_game(service, channel)
            ready.release()
            await asyncio.to_thread(go.wait)
            t0, waited, queued = time.perf_counter(), db.writes.waited, db.writes.queued
            done = await asyncio.gather(*(play_moves(service, c, moves) for c in channels))
            elapsed = time.perf_counter() - t0
            waits = (db.writes.waited - waited, db.writes.queued - queued)
            results.put((elapsed, [x for r in done for x in r], waits))
        finally:
            await service.close()
            await db.close()

    asyncio.run(run())


async def processes_case(folder: Path, games: int, moves: int, count: int, kind: str) -> tuple[float, float]:
    """``games`` games played at once, shared out among ``count`` processes; returns (moves/s, p95 s)."""
    where = await place(folder, f"processes-{count}")
    await (await open_database(where)).close()  # the schema, before the processes start
    spawn = multiprocessing.get_context("spawn")
    ready, go, results = spawn.Semaphore(0), spawn.Event(), spawn.Queue()
    shares = [[60_000_000 + g for g in range(games) if g % count == n] for n in range(count)]
    workers = [
        spawn.Process(target=_player_process, args=(target(where), share, moves, ready, go, results))
        for share in shares
    ]
    for worker in workers:
        worker.start()
    for _ in workers:
        await asyncio.to_thread(ready.acquire)
    go.set()
    found = [await asyncio.to_thread(results.get) for _ in workers]
    for worker in workers:
        await asyncio.to_thread(worker.join)
    elapsed = max(e for e, _, _ in found)
    latencies = [x for _, r, _ in found for x in r]
    rate, p95 = len(latencies) / elapsed, percentile(latencies, 0.95)
    median = statistics.median(latencies)
    # the writes' wait for their locks (in the process and in the database), as a share of the moves' time,
    # and on PostgreSQL for a connection to write on
    waited, queued = (sum(w[i] for _, _, w in found) for i in (0, 1))
    print(
        f"P4 processes: {kind}, {count} process(es), {games} games x {moves} moves at once:"
        f" {len(latencies)} moves in {elapsed:.2f} s = {rate:.0f} moves/s; latency median"
        f" {median * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms; waiting for write locks"
        f" {waited / len(latencies) * 1000:.1f} ms a move, {waited / sum(latencies):.1%} of a move's time;"
        f" for a connection {queued / len(latencies) * 1000:.1f} ms a move"
    )
    return rate, p95


def _rounds_process(where: str, stop: Any, results: Any) -> None:
    """Reminder rounds back to back, the clock a minute on per round, until told to stop."""

    async def run() -> None:
        db = await open_database(where)
        clock = FakeClock(BASE_TIME)
        service = GameService(db, clock)
        rounds = []
        try:
            await service.run_due()
            while not stop.is_set():
                clock.advance(minutes=1)
                t = time.perf_counter()
                await service.run_due()
                rounds.append(time.perf_counter() - t)
            results.put(rounds)
        finally:
            await service.close()
            await db.close()

    asyncio.run(run())


async def rounds_elsewhere(folder: Path, games: int, moves: int) -> None:
    """A player's interactions in one process while another process runs reminder rounds over ``games``
    active games, against the same interactions with no round running."""
    where = await place(folder, f"elsewhere-{games}")
    db = await open_database(where)
    try:
        service = GameService(db, FakeClock(BASE_TIME))
        await clone_active_games(service, games, 40_000_000)
        await start_game(service, 1)
        await start_game(service, 2)
        quiet = await interactions(service, 1, moves)
        spawn = multiprocessing.get_context("spawn")
        stop, results = spawn.Event(), spawn.Queue()
        worker = spawn.Process(target=_rounds_process, args=(target(where), stop, results))
        worker.start()
        await asyncio.sleep(3)  # its first round (every next-due time computed) under way
        busy = await interactions(service, 2, moves)
        stop.set()
        rounds = await asyncio.to_thread(results.get)
        await asyncio.to_thread(worker.join)
    finally:
        await db.close()
    (busy50, busy95), (quiet50, quiet95) = (
        (statistics.median(x), percentile(x, 0.95)) for x in (busy, quiet)
    )
    print(
        f"P4 elsewhere: {games} active games, rounds in another process ({len(rounds)} rounds, median"
        f" {statistics.median(rounds) * 1000:.0f} ms): interaction median {busy50 * 1000:.2f} ms,"
        f" p95 {busy95 * 1000:.2f} ms; with no rounds {quiet50 * 1000:.2f} ms / {quiet95 * 1000:.2f} ms;"
        f" ratio median {busy50 / quiet50:.2f}, p95 {busy95 / quiet95:.2f}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", type=int, default=10_000)
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--concurrent", type=int, default=200)
    parser.add_argument("--cached", type=int, default=1000)
    parser.add_argument("--active", type=int, default=10_000)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--only", choices=[*CASES])
    parser.add_argument("--dir", type=Path, default=None, help="where the databases go (default: a temp dir)")
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="run on this PostgreSQL server (a database per case) instead of SQLite",
    )
    args = parser.parse_args()
    global POSTGRES
    POSTGRES = args.postgres
    wanted = {args.only} if args.only else set(CASES) - {"processes", "elsewhere"}
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        if "latency" in wanted:
            small = await latency_in(folder, args.small, args.moves)
            big = await latency_in(folder, args.big, args.moves)
            ratio = statistics.median(big) / statistics.median(small)
            print(
                f"P4 latency: {args.small} games median {statistics.median(small) * 1000:.2f} ms "
                f"(p95 {percentile(small, 0.95) * 1000:.2f}); {args.big} games median "
                f"{statistics.median(big) * 1000:.2f} ms (p95 {percentile(big, 0.95) * 1000:.2f}); "
                f"ratio {ratio:.2f} (target <= {TARGET_RATIO})"
            )
        if "concurrent" in wanted:
            await concurrent(folder, args.concurrent, 10)
        if "memory" in wanted:
            await memory(folder, args.cached)
        if "rounds" in wanted:
            await reminder_rounds(folder, args.active, args.small, args.moves)
        if "sync" in wanted and POSTGRES is None:
            await sync_cost(folder, args.moves)
        if "processes" in wanted:
            kind = "PostgreSQL" if POSTGRES else "SQLite"
            one = await processes_case(folder, args.concurrent, 10, 1, kind)
            several = await processes_case(folder, args.concurrent, 10, args.processes, kind)
            print(
                f"P4 processes: {kind}, {args.processes} processes vs 1: moves/s x{several[0] / one[0]:.2f},"
                f" p95 x{several[1] / one[1]:.2f}"
            )
        if "elsewhere" in wanted:
            await rounds_elsewhere(folder, args.active, args.moves)


if __name__ == "__main__":
    asyncio.run(main())
