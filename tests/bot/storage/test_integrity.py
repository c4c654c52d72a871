"""SQLite's integrity checks on real databases written by playing games, with pages scrambled."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage.integrity import check_file
from tests.support.damaged import pages, played_database, scrambled


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played_database(tmp_path_factory.mktemp("played") / "games.db")


def test_a_sound_database_passes_both_checks(played: Path) -> None:
    for full in (False, True):
        result = check_file(played, full=full)
        assert result.sound and result.finished


def test_every_single_scrambled_page_is_found_by_the_quick_check(played: Path, tmp_path: Path) -> None:
    """Every page of the file is in use (no free pages), so scrambling any one of them is damage."""
    assert sqlite3.connect(played).execute("PRAGMA freelist_count").fetchone()[0] == 0
    total = pages(played)
    assert total > 50  # games, seats, moves, snapshots and their indexes, over several pages each
    missed = [p for p in range(1, total + 1) if check_file(scrambled(played, tmp_path / "x.db", p)).sound]
    assert missed == []


def test_the_full_check_finds_a_scrambled_page_too(played: Path, tmp_path: Path) -> None:
    result = check_file(scrambled(played, tmp_path / "x.db", pages(played) // 2), full=True)
    assert not result.sound and result.finished


def test_a_check_past_its_cap_stops_and_says_so(played: Path) -> None:
    result = check_file(played, seconds=0)
    assert not result.finished and result.sound  # nothing found in the part it checked


def test_a_missing_file_is_not_created(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="No database"):
        check_file(tmp_path / "none.db")
    assert not (tmp_path / "none.db").exists()


def test_a_schema_damaged_into_bytes_that_are_not_text_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    """SQLite's complaint quotes the damaged schema text, which Python cannot read as UTF-8."""
    path = tmp_path / "schema.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("CREATE INDEX games_by_name ON games (name)")
    conn.close()
    content = bytearray(path.read_bytes())
    content[content.index(b"CREATE INDEX games_by_name") + 4] = 0xAB
    path.write_bytes(content)
    result = check_file(path)
    assert result.problems == ("malformed database schema (damaged text, not UTF-8)",) and result.finished
