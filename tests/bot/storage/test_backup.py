"""Backups with SQLite's online backup API, taken while the database is open and in use."""

from __future__ import annotations

import sqlite3

import pytest

from bot.storage import MigrationError, backup_file
from tests.support.fixtures import ANN, CHANNEL, act, started


def dump(path) -> list[str]:  # type: ignore[no-untyped-def]
    with sqlite3.connect(path) as conn:
        return list(conn.iterdump())


async def test_a_backup_of_an_open_database_holds_every_row(service, db, db_path, tmp_path):
    await started(service)
    await act(service)
    dest = await db.backup(tmp_path / "copy.db")
    assert dump(dest) == dump(db_path)
    await act(service)  # the live database carries on; the copy stays as it was
    assert dump(dest) != dump(db_path)
    with sqlite3.connect(dest) as conn:
        assert conn.execute("SELECT COUNT(*) FROM moves").fetchone() == (1,)
        assert (
            conn.execute("PRAGMA user_version").fetchone()
            == sqlite3.connect(db_path).execute("PRAGMA user_version").fetchone()
        )


async def test_backup_file_copies_a_database_by_path(service, db_path, tmp_path):
    await started(service)
    await service.submit(CHANNEL, ANN, "pass")
    dest = await backup_file(db_path, tmp_path / "nightly.db")
    assert dump(dest) == dump(db_path)


async def test_backup_refusals(db, db_path, tmp_path):
    with pytest.raises(ValueError):
        await db.backup(db_path)
    with pytest.raises(MigrationError):
        await backup_file(db_path, db_path)
    with pytest.raises(MigrationError):
        await backup_file(tmp_path / "missing.db", tmp_path / "out.db")
    assert not (tmp_path / "missing.db").exists()
    with pytest.raises(MigrationError):
        await backup_file(db_path, tmp_path)
