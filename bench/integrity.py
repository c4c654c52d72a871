"""The database check at start-up: how long SQLite's quick_check and integrity_check take on a large file of
finished games, how far past its cap the capped start-up check runs, and how long the check of every
stored state against its checksum takes (``GameService.check_states``, run at every start).

Run: python bench/integrity.py [--games 2400] [--dir DIR]   (2,400 Santa Fe games make about 200 MB)
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from scale import seed_database

from bot.__main__ import START_CHECK_SECONDS
from bot.services import GameService
from bot.storage import open_database
from bot.storage.integrity import check_file


async def build(path: Path, games: int) -> None:
    db = await open_database(path, sync="normal")  # building only: no need to sync every import
    try:
        service = GameService(db)
        t0 = time.perf_counter()
        await seed_database(service, games)
        await service.close()
        print(f"built {games} games in {time.perf_counter() - t0:.0f} s")
    finally:
        await db.close()


async def checksums(path: Path, repeat: int) -> str:
    """The start-up pass over every stored state's checksum, ``repeat`` times on the sound file."""
    db = await open_database(path)
    service = GameService(db)
    try:
        reports = [await service.check_states() for _ in range(repeat)]
    finally:
        await service.close()
        await db.close()
    assert all(not r.rebuilt and not r.paused for r in reports)
    seconds = [r.seconds for r in reports]
    return f"{reports[0].checked} states, median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s"


def timed(path: Path, repeat: int, **options: object) -> str:
    runs = [check_file(path, **options) for _ in range(repeat)]  # type: ignore[arg-type]
    assert all(r.sound for r in runs), runs[0].problems
    seconds = [r.seconds for r in runs]
    finished = sum(r.finished for r in runs)
    middle, worst = statistics.median(seconds), max(seconds)
    return f"median {middle:.2f} s, max {worst:.2f} s, {finished}/{repeat} finished"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--dir", type=Path, default=None, help="where the database goes (default: a temp dir)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        path = Path(folder) / "big.db"
        asyncio.run(build(path, args.games))
        print(f"database: {path.stat().st_size / 2**20:.0f} MiB")
        print(
            f"start-up check (quick_check, cap {START_CHECK_SECONDS:.0f} s): "
            f"{timed(path, args.repeat, seconds=START_CHECK_SECONDS)}"
        )
        print(f"quick_check to the end: {timed(path, args.repeat)}")
        print(f"integrity_check (python -m bot check, migrate): {timed(path, args.repeat, full=True)}")
        print(f"states against their checksums (at every start): {asyncio.run(checksums(path, args.repeat))}")
        for cap in (0.0, 0.5):
            print(f"quick_check capped at {cap} s: {timed(path, args.repeat, seconds=cap)}")


if __name__ == "__main__":
    main()
