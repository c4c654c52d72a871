"""How hard commits go to disk: every commit synced by default (a move survives a power cut), or the
cheaper mode when the operator chooses it."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from bot.storage import open_database

# PRAGMA synchronous reports 1 for NORMAL and 2 for FULL (https://www.sqlite.org/pragma.html#pragma_synchronous)
LEVELS = {"normal": 1, "full": 2}


async def synchronous(db) -> int:  # type: ignore[no-untyped-def]
    async with db.reading() as conn:
        return int(await conn.scalar(text("PRAGMA synchronous")))


async def test_every_commit_is_synced_unless_told_otherwise(tmp_path):
    db = await open_database(tmp_path / "g.db")
    try:
        assert await synchronous(db) == LEVELS["full"]
    finally:
        await db.close()


@pytest.mark.parametrize("mode", ["full", "normal"])
async def test_the_chosen_mode_is_used(tmp_path, mode):
    db = await open_database(tmp_path / "g.db", sync=mode)
    try:
        assert await synchronous(db) == LEVELS[mode]
    finally:
        await db.close()


async def test_an_unknown_mode_is_refused(tmp_path):
    with pytest.raises(ValueError, match="sync"):
        await open_database(tmp_path / "g.db", sync="off")
