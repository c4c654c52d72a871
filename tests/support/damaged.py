"""Damaged databases for the integrity tests: a real file written by playing games, one page scrambled."""

from __future__ import annotations

import asyncio
import random
import shutil
from pathlib import Path

from bot.services import FakeClock, GameService
from bot.storage import open_database
from tests.support.fixtures import act

PAGE_SIZE = 4096  # SQLite's default, which the bot keeps


async def _play(path: Path, games: int, moves: int) -> None:
    db = await open_database(path)
    service = GameService(db, FakeClock(), new_seed=lambda: 7)
    try:
        for channel in range(1, games + 1):
            await service.create_game(10, channel, 1, "Ann", "santafe", seat_order="join")
            await service.join(channel, 2, "Bob")
            await service.start(channel, 1)
            for _ in range(moves):
                await act(service, channel=channel)
    finally:
        await service.close()
        await db.close()  # checkpointed: everything is in the main file, no -wal left


def played_database(path: Path, games: int = 8, moves: int = 30) -> Path:
    """A database of ``games`` Santa Fe games, ``moves`` moves each, the same bytes every time."""
    asyncio.run(_play(path, games, moves))
    return path


def pages(path: Path) -> int:
    return path.stat().st_size // PAGE_SIZE


def scrambled(source: Path, dest: Path, page: int) -> Path:
    """A copy of ``source`` whose page ``page`` (1-based) is overwritten with bytes drawn from its number."""
    shutil.copyfile(source, dest)
    with dest.open("r+b") as file:
        file.seek((page - 1) * PAGE_SIZE)
        file.write(random.Random(page).randbytes(PAGE_SIZE))
    return dest
