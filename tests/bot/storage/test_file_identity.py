"""The database file deleted or replaced under the running bot: every later write is refused (and the
player told so) instead of being acknowledged into a file nobody will open again."""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

import pytest

from bot.services import DatabaseUnavailable, GameService
from bot.storage import Database, open_database
from bot.storage.db import DatabaseUnavailable as FileGone
from tests.bot.cogs.conftest import open_table
from tests.support.fixtures import ANN, CHANNEL, act, started

REFUSAL = "The game database is unavailable; your move did not count"


def take_away(path: Path, how: str) -> None:
    """Delete the file, or rename another database over it (what a careless restore does)."""
    if how == "deleted":
        path.unlink()
        return
    other = path.with_name("other.db")
    sqlite3.connect(other).close()
    os.replace(other, path)


async def write_note(db: Database, text: str) -> None:
    async with db.transaction() as conn:
        await conn.exec_driver_sql("CREATE TABLE IF NOT EXISTS notes (text TEXT)")
        await conn.exec_driver_sql("INSERT INTO notes VALUES (?)", (text,))


@pytest.mark.parametrize("how", ["deleted", "replaced"])
async def test_a_write_after_the_file_is_taken_away_is_refused_and_logged(
    db: Database, db_path: Path, how: str, caplog: pytest.LogCaptureFixture
) -> None:
    await write_note(db, "before")
    take_away(db_path, how)
    with caplog.at_level(logging.ERROR, logger="bot.storage.db"), pytest.raises(FileGone):
        await write_note(db, "after")
    (record,) = caplog.records
    assert str(db_path) in record.getMessage() and how in record.getMessage()
    with pytest.raises(FileGone):  # for good, even if a file turns up at the path again
        await write_note(db, "later")
    assert len(caplog.records) == 1  # logged once, not at every refused write


async def test_a_file_taken_away_during_a_transaction_fails_that_write(db: Database, db_path: Path) -> None:
    """The check after COMMIT: a write that went into the unlinked file is not reported as done."""
    with pytest.raises(FileGone):
        async with db.transaction() as conn:
            await conn.exec_driver_sql("CREATE TABLE notes (text TEXT)")
            db_path.unlink()


async def test_reads_and_close_still_work_after_the_file_is_gone(db: Database, db_path: Path) -> None:
    await write_note(db, "before")
    db_path.unlink()
    async with db.reading() as conn:
        assert (await conn.exec_driver_sql("SELECT text FROM notes")).scalars().all() == ["before"]


@pytest.mark.parametrize("how", ["deleted", "replaced"])
async def test_a_move_after_the_file_is_taken_away_is_refused_and_nothing_acknowledged_is_lost(
    service: GameService, db_path: Path, tmp_path: Path, how: str
) -> None:
    await started(service)
    await act(service)  # acknowledged: it must survive
    backup = tmp_path / "backup.db"
    await service.db.backup(backup)
    take_away(db_path, how)
    with pytest.raises(DatabaseUnavailable, match=REFUSAL):
        await act(service)
    # the administrator restores the copy; it holds every move a player was told counted
    os.replace(backup, db_path)
    restarted = GameService(await open_database(db_path))
    try:
        assert (await restarted.get_game(CHANNEL)).version == 1
    finally:
        await restarted.close()
        await restarted.db.close()


async def test_the_player_is_told_privately_that_the_move_did_not_count(
    service: GameService, db_path: Path
) -> None:
    table = await open_table(service)
    await started(service, options={"rounds": 2})
    db_path.unlink()
    answer = await table.run(ANN, "move", move="draw")
    assert answer.last.ephemeral and REFUSAL in answer.last.content
    assert "An administrator has been told" in answer.last.content
    assert table.public == []  # the channel heard of no move
