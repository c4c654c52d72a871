"""Schema migrations: numbered, applied once, upgrading an old database without losing its games."""

from __future__ import annotations

import importlib.util
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

import pytest

from bot.services import FakeClock, GameService
from bot.services.timebank import TimeBank
from bot.storage import LATEST, MigrationError, migrate_file, open_database
from bot.storage import migrate as migrations_module
from bot.storage.migrate import apply_migrations, migrations
from tests.support.databases import table_rows

NOW = datetime(2026, 1, 1, tzinfo=UTC).isoformat()
VERSIONS = migrations_module.REVISIONS_DIR / "versions"
# the migrations kept as the SQL they were first written in; the later ones are Alembic's operations
FROZEN = 14


def revision_module(number: int) -> ModuleType:
    """The revision file of migration ``number``, loaded as a module."""
    path = next(VERSIONS.glob(f"{number:04d}_*.py"))
    spec = importlib.util.spec_from_file_location(f"revision_{number:04d}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def revisions_with(tmp_path: Path, keep: int, extra: str, name: str = "extra") -> Path:
    """A copy of the revisions directory with migrations 1..``keep`` and, after them, a revision whose
    ``upgrade`` body is ``extra``."""
    directory = tmp_path / "revisions"
    shutil.copytree(migrations_module.REVISIONS_DIR, directory, ignore=shutil.ignore_patterns("__pycache__"))
    for path in (directory / "versions").glob("*.py"):
        if int(path.name[:4]) > keep:
            path.unlink()
    number = keep + 1
    (directory / "versions" / f"{number:04d}_{name}.py").write_text(
        "import sqlalchemy as sa\nfrom alembic import op\n\n"
        f'revision = "{number:04d}"\ndown_revision = "{keep:04d}"\n\n\n'
        f"def upgrade() -> None:\n    {extra}\n"
    )
    return directory


def columns(path, table: str) -> list[str]:  # type: ignore[no-untyped-def]
    with sqlite3.connect(path) as conn:
        return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def tables(path) -> set[str]:  # type: ignore[no-untyped-def]
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_migrations_are_numbered_without_gaps_and_there_are_several():
    found = migrations()
    assert [m.number for m in found] == list(range(1, len(found) + 1))
    assert LATEST == len(found) >= 2


def add_game(
    conn: sqlite3.Connection,
    *,
    announced: bool = False,
    told: bool = False,
    guild_id: int = 10,
    options: str = "{}",
) -> None:
    """Game 1 of Ann and Bob with one move, Ann's pass; ``announced``: the schema has
    ``games.announced_version``; ``told``: it has ``moves.events``, and the move carries its event."""
    extra, value = (", announced_version", ", 1") if announced else ("", "")
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, host_id, rules_id, options, seed, status, version,"
        f" to_act, created_at, updated_at{extra})"
        f" VALUES (1, ?, 100, 1, 'tiny', ?, 7, 'active', 1, '[1]', ?, ?{value})",
        (guild_id, options, NOW, NOW),
    )
    conn.execute(
        "INSERT INTO seats (game_id, seat, user_id, name, joined_at, waiting_since)"
        " VALUES (1, 0, 1, 'Ann', ?, NULL), (1, 1, 2, 'Bob', ?, ?)",
        (NOW, NOW, NOW),
    )
    if told:
        conn.execute(
            "INSERT INTO moves (game_id, version, seat, user_id, move, events, played_at)"
            """ VALUES (1, 1, 0, 1, 'pass', '[{"kind": "pass", "text": "Seat 0 ends the turn."}]', ?)""",
            (NOW,),
        )
    else:
        conn.execute(
            "INSERT INTO moves (game_id, version, seat, user_id, move, played_at)"
            " VALUES (1, 1, 0, 1, 'pass', ?)",
            (NOW,),
        )


async def test_a_new_database_is_at_the_newest_schema_in_wal_mode_with_foreign_keys(db, db_path):
    assert await db.schema_version() == LATEST
    async with db.reading() as conn:
        assert (await conn.exec_driver_sql("PRAGMA foreign_keys")).scalar() == 1
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert {"games", "seats", "moves", "snapshots", "undone_moves", "results", "user_settings"} <= tables(
        db_path
    )


async def test_migrate_file_reports_what_it_did_and_is_idempotent(tmp_path):
    path = tmp_path / "fresh.db"
    assert await migrate_file(path) == (0, LATEST)
    assert await migrate_file(path) == (LATEST, LATEST)


async def test_a_database_made_by_the_first_migration_upgrades_with_its_games(tmp_path, tiny_game):
    path = tmp_path / "old.db"
    assert await migrate_file(path, target=1) == (0, 1)
    assert "results" not in tables(path) and "last_reminded_at" not in columns(path, "seats")
    with sqlite3.connect(path) as conn:
        add_game(conn)
    assert await migrate_file(path) == (1, LATEST)
    assert {"results", "guild_settings", "user_settings", "kick_votes"} <= tables(path)
    with sqlite3.connect(path) as conn:
        conn.row_factory = sqlite3.Row
        seat = conn.execute("SELECT * FROM seats WHERE seat = 1").fetchone()
        assert (seat["name"], seat["muted"], seat["last_reminded_at"]) == ("Bob", 0, None)
        assert seat["waiting_since"] == NOW
        assert tuple(conn.execute("SELECT version, revision FROM games").fetchone()) == (1, 0)
        assert conn.execute("SELECT move FROM moves").fetchall()[0][0] == "pass"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    db = await open_database(path)
    try:
        assert await db.schema_version() == LATEST
        # the service plays on in the old game: no snapshot yet, so its state comes from a replay
        service = GameService(db)
        _, view = await service.view_for(100, 2)
        assert view["viewer"] == 1 and view["to_act"] == [1]
        outcome = await service.submit(100, 2, "pass", expected_version=1)
        assert outcome.version == 2 and await service.check_replay(1)
    finally:
        await db.close()


async def test_a_database_newer_than_the_code_is_refused(tmp_path):
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(MigrationError, match="newer"):
        await open_database(path)


async def test_a_failing_migration_leaves_the_database_at_the_previous_one(tmp_path, monkeypatch):
    path = tmp_path / "broken.db"
    await migrate_file(path, target=1)
    broken = 'op.create_table("half", sa.Column("x", sa.Integer())); op.execute("THIS IS NOT SQL")'
    monkeypatch.setattr(migrations_module, "REVISIONS_DIR", revisions_with(tmp_path, 1, broken, "broken"))
    with pytest.raises(MigrationError, match="broken"):
        await apply_migrations(path, target=2)
    assert "half" not in tables(path)
    with sqlite3.connect(path) as conn2:
        assert conn2.execute("PRAGMA user_version").fetchone()[0] == 1
        assert conn2.execute("SELECT version_num FROM alembic_version").fetchall() == [("0001",)]


def test_badly_named_migration_files_are_refused(tmp_path):
    (tmp_path / "0001_ok.py").write_text("")
    (tmp_path / "0003_gap.py").write_text("")
    with pytest.raises(MigrationError, match="gaps"):
        migrations(tmp_path)
    (tmp_path / "two.py").write_text("")
    with pytest.raises(MigrationError, match="not understood"):
        migrations(tmp_path)


async def test_a_database_at_schema_3_gains_the_hosting_limit_and_the_told_version(tmp_path, tiny_game):
    """Schema 4 adds the server's own hosting limit (unset for existing servers); schema 5 counts the
    moves of running games as already told, so the first summary after the upgrade holds only news."""
    path = tmp_path / "three.db"
    assert await migrate_file(path, target=3) == (0, 3)
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO guild_settings (guild_id, deadline_minutes) VALUES (10, 120)")
        add_game(conn, told=True)
    assert "max_games_per_user" not in columns(path, "guild_settings")
    assert await migrate_file(path) == (3, LATEST)
    assert "max_games_per_user" in columns(path, "guild_settings")
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT announced_version FROM games WHERE id = 1").fetchone()[0] == 1
    db = await open_database(path)
    try:
        service = GameService(db)
        guild = await service.guild_settings(10)
        assert (guild.deadline_minutes, guild.max_games_per_user) == (120, None)
        assert (await service.update_guild_settings(10, max_games_per_user=3)).max_games_per_user == 3
        assert await service.untold_public_events(1, 1) == []  # move 1 was played before the upgrade
        outcome = await service.submit(100, 2, "pass", expected_version=1)
        told = await service.untold_public_events(1, outcome.version)
        assert told and told[0]["text"] == "Seat 1 ends the turn."
    finally:
        await db.close()


async def test_games_from_before_next_due_times_get_them_at_the_first_round(tmp_path, tiny_game):
    """The next_due migration stores each game's next-due time; games from before it are computed by the
    first round after the upgrade (a reminder already due is sent), and from then on the time is kept."""
    number = next(m.number for m in migrations() if m.name == "next_due")
    path = tmp_path / "before.db"
    assert await migrate_file(path, target=number - 1) == (0, number - 1)
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, host_id, rules_id, options, seed, status, version,"
            " to_act, created_at, updated_at, turn_started_at, reminder_minutes)"
            " VALUES (1, 10, 100, 1, 'tiny', '{}', 7, 'active', 0, '[0]', ?, ?, ?, 60)",
            (NOW, NOW, NOW),
        )
        conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, joined_at, waiting_since)"
            " VALUES (1, 0, 1, 'Ann', ?, ?), (1, 1, 2, 'Bob', ?, NULL)",
            (NOW, NOW, NOW),
        )
    assert await migrate_file(path) == (number - 1, LATEST)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT next_due_at, due_stale FROM games").fetchall() == [(None, 1)]
    db = await open_database(path)
    try:
        clock = FakeClock(datetime(2026, 1, 1, 2, tzinfo=UTC))
        service = GameService(db, clock)
        assert [(n.kind, n.user_id) for n in await service.run_due()] == [("reminder", 1)]
        assert await service.next_due_at() == datetime(2026, 1, 1, 3, tzinfo=UTC)
    finally:
        await db.close()


async def test_games_imported_before_the_upgrade_stop_counting_in_statistics(tmp_path, tiny_game):
    """An import wrote its game, seats and moves at one instant; such games are marked imported (and
    leave the statistics), while a game opened here, whose players sat down later, keeps counting."""
    number = next(m.number for m in migrations() if m.name == "seat_offers_and_imports")
    path = tmp_path / "before.db"
    await migrate_file(path, target=number - 1)
    later = datetime(2026, 1, 2, tzinfo=UTC).isoformat()
    with sqlite3.connect(path) as conn:
        for game_id, joined in ((1, NOW), (2, later)):  # 1 was imported, 2 was opened and joined here
            conn.execute(
                "INSERT INTO games (id, guild_id, channel_id, host_id, rules_id, options, seed, status,"
                " version, to_act, created_at, updated_at)"
                " VALUES (?, 10, ?, 1, 'tiny', '{}', 7, 'finished', 1, '[]', ?, ?)",
                (game_id, 100 + game_id, NOW, NOW),
            )
            conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, joined_at)"
                " VALUES (?, 0, 1, 'Ann', ?), (?, 1, 2, 'Bob', ?)",
                (game_id, NOW, game_id, joined),
            )
            conn.execute(
                "INSERT INTO moves (game_id, version, seat, user_id, move, played_at)"
                " VALUES (?, 1, 0, 1, 'pass', ?)",
                (game_id, NOW if game_id == 1 else later),
            )
            conn.execute(
                "INSERT INTO results (game_id, seat, guild_id, rules_id, user_id, name, is_ai, score, rank,"
                " won, players, finished_at) VALUES (?, 0, 10, 'tiny', 1, 'Ann', 0, 9, 1, 1, 2, ?),"
                " (?, 1, 10, 'tiny', 2, 'Bob', 0, 3, 2, 0, 2, ?)",
                (game_id, NOW, game_id, NOW),
            )
    await migrate_file(path)
    with sqlite3.connect(path) as conn:
        marked = conn.execute("SELECT id, imported_moves FROM games ORDER BY id").fetchall()
    assert marked == [(1, 1), (2, None)]
    db = await open_database(path)
    try:
        service = GameService(db)
        assert (await service.stats(10))["played"] == 1
        assert [(r["user_id"], r["played"]) for r in await service.leaderboard(10)] == [(1, 1), (2, 1)]
    finally:
        await db.close()


async def test_finished_games_from_before_shared_places_are_recounted(tmp_path, tiny_game):
    """Schema 10: an old tie had counted a win for everyone tied, and a seat the computer finished had
    counted as its person's game. Both are recounted from what is stored: the places and the move log."""
    path = tmp_path / "nine.db"
    number = next(m.number for m in migrations() if m.name == "result_places")
    assert await migrate_file(path, target=number - 1) == (0, number - 1)
    with sqlite3.connect(path) as conn:
        for game in (1, 2):
            conn.execute(
                "INSERT INTO games (id, guild_id, channel_id, host_id, rules_id, options, seed, status,"
                " version, to_act, created_at, updated_at)"
                " VALUES (?, 10, ?, 1, 'tiny', '{}', 7, 'finished', 8, '[]', ?, ?)",
                (game, 100 + game, NOW, NOW),
            )
        # game 1: Ann and Bob tied for first, each made all their own moves
        # game 2: Cid made one move, then the computer played the seat from move 4 and won with 108
        moves = [(1, v, (v - 1) % 2, 1 + (v - 1) % 2, "player") for v in range(1, 9)]
        moves += [(2, 1, 0, 1, "player"), (2, 2, 1, 3, "player")]
        moves += [(2, v, (v - 1) % 2, 1 if v % 2 else None, "player" if v % 2 else "ai") for v in range(3, 9)]
        conn.executemany(
            "INSERT INTO moves (game_id, version, seat, user_id, move, actor, played_at)"
            " VALUES (?, ?, ?, ?, 'pass', ?, ?)",
            [(*m, NOW) for m in moves],
        )
        results = [
            (1, 0, 1, "Ann", 40, 1, 1),
            (1, 1, 2, "Bob", 40, 1, 1),
            (2, 0, 1, "Ann", 60, 2, 0),
            (2, 1, 3, "Cid", 108, 1, 1),
        ]
        conn.executemany(
            "INSERT INTO results (game_id, seat, guild_id, rules_id, user_id, name, is_ai, score, rank, won,"
            " players, finished_at) VALUES (?, ?, 10, 'tiny', ?, ?, 0, ?, ?, ?, 2, ?)",
            [(*r, NOW) for r in results],
        )
        # Dot resigned before her first move: still a game she lost, however the computer played it
        conn.execute(
            "INSERT INTO results (game_id, seat, guild_id, rules_id, user_id, name, is_ai, resigned, score,"
            " rank, won, players, finished_at) VALUES (2, 2, 10, 'tiny', 4, 'Dot', 0, 1, 0, 3, 0, 2, ?)",
            (NOW,),
        )
    assert await migrate_file(path) == (number - 1, LATEST)
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT game_id, seat, won, shared, computer_from FROM results ORDER BY game_id, seat"
        ).fetchall()
    assert rows == [
        (1, 0, 0, 1, None),
        (1, 1, 0, 1, None),
        (2, 0, 0, 0, None),
        (2, 1, 1, 0, 4),
        (2, 2, 0, 0, None),
    ]
    db = await open_database(path)
    try:
        service = GameService(db)
        cid = await service.stats(10, 3)
        assert (cid["played"], cid["won"], cid["per_game"]) == (0, 0, [])
        assert [r["computer_from"] for r in cid["recent"]] == [4]
        assert (await service.stats(10, 4))["played"] == 1
        board = await service.leaderboard(10)
        assert [(r["user_id"], r["won"], r["shared"], r["played"]) for r in board] == [
            (1, 0, 1, 2),
            (2, 0, 1, 1),
            (4, 0, 0, 1),
        ]
    finally:
        await db.close()


def told_turns(table: str) -> str:
    """The table of turns told to a person, as 0015 (turn_pings) and 0020 (turn_dms) first wrote it."""
    return f"""
CREATE TABLE {table} (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);"""


# Migrations 0015 to 0024 as they were first written, in SQL, before they became Alembic's operations:
# what the schema-equality test holds the operations to.
WRITTEN_AS_SQL = {
    15: """
ALTER TABLE live_boards ADD COLUMN pictured_for TEXT NOT NULL DEFAULT '';
ALTER TABLE live_boards ADD COLUMN lines_after INTEGER NOT NULL DEFAULT -1;
ALTER TABLE live_boards ADD COLUMN person_at INTEGER NOT NULL DEFAULT -1;"""
    + told_turns("turn_pings"),
    16: """
CREATE TABLE lobby_messages (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL
);""",
    17: """
CREATE TABLE request_shares (
    holder  TEXT PRIMARY KEY,
    budget  INTEGER NOT NULL CHECK (budget >= 0),
    seen_at TEXT NOT NULL
);""",
    18: """
ALTER TABLE snapshots ADD COLUMN checksum TEXT;
ALTER TABLE games ADD COLUMN damaged TEXT;""",
    19: """
CREATE TABLE ratings (
    guild_id   INTEGER,
    rules_id   TEXT,
    player     TEXT,
    user_id    INTEGER,
    mu         FLOAT NOT NULL,
    sigma      FLOAT NOT NULL,
    games      INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, rules_id, player)
);
CREATE INDEX ratings_by_user ON ratings (user_id);
CREATE TABLE rating_history (
    game_id      INTEGER REFERENCES games (id) ON DELETE CASCADE,
    guild_id     INTEGER,
    player       TEXT,
    rules_id     TEXT NOT NULL,
    mu_before    FLOAT NOT NULL,
    sigma_before FLOAT NOT NULL,
    mu           FLOAT NOT NULL,
    sigma        FLOAT NOT NULL,
    finished_at  TEXT NOT NULL,
    PRIMARY KEY (game_id, guild_id, player)
);
CREATE INDEX rating_history_by_player ON rating_history (guild_id, rules_id, player);
CREATE TABLE rated_games (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    finished_at TEXT NOT NULL
);
CREATE INDEX rated_games_in_order ON rated_games (position);
CREATE INDEX results_by_finish ON results (finished_at);""",
    20: told_turns("turn_dms"),
    21: """
ALTER TABLE moves ADD COLUMN checksum TEXT;""",
    22: """
ALTER TABLE games ADD COLUMN bank_minutes INTEGER;
ALTER TABLE games ADD COLUMN bank_increment_minutes INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE games ADD COLUMN holiday_days INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE seats ADD COLUMN bank_seconds INTEGER;
ALTER TABLE seats ADD COLUMN bank_warned INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE seats ADD COLUMN holiday_until TEXT;
ALTER TABLE seats ADD COLUMN holiday_used INTEGER DEFAULT 0 NOT NULL;""",
    23: """
ALTER TABLE games ADD COLUMN damage_told_at TEXT;""",
    24: """
ALTER TABLE guild_settings ADD COLUMN bank_minutes INTEGER;
ALTER TABLE guild_settings ADD COLUMN bank_increment_minutes INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE guild_settings ADD COLUMN holiday_days INTEGER DEFAULT 0 NOT NULL;""",
}


def script(number: int) -> str:
    """Migration ``number``'s SQLite script, as the numbered-migration code ran it before Alembic."""
    if number in WRITTEN_AS_SQL:
        return WRITTEN_AS_SQL[number]
    return "\n".join(revision_module(number).SQLITE)


def write_as_before_alembic(path, upto: int) -> None:  # type: ignore[no-untyped-def]
    """A database as the numbered-migration code wrote it before Alembic: each file run in one script
    with its number in PRAGMA user_version, and no alembic_version table."""
    with sqlite3.connect(path, isolation_level=None) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        for number in range(1, upto + 1):
            conn.executescript(
                f"BEGIN IMMEDIATE;\n{script(number)}\nPRAGMA user_version = {number};\nCOMMIT;"
            )


@pytest.mark.parametrize("upto", [LATEST, 10])
async def test_a_database_from_before_alembic_is_stamped_and_upgraded_in_place(tmp_path, tiny_game, upto):
    path = tmp_path / "old.db"
    write_as_before_alembic(path, upto)
    assert "alembic_version" not in tables(path)
    with sqlite3.connect(path) as conn:
        add_game(conn, announced=True)
        conn.execute("INSERT INTO user_settings (user_id, dms) VALUES (2, 0)")
    db = await open_database(path)
    try:
        assert await db.schema_version() == LATEST
        service = GameService(db)
        outcome = await service.submit(100, 2, "pass", expected_version=1)
        assert outcome.version == 2 and await service.check_replay(1)
    finally:
        await db.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(f"{LATEST:04d}",)]
        assert conn.execute("SELECT user_id, dms FROM user_settings").fetchall() == [(2, 0)]
        assert [r[0] for r in conn.execute("SELECT move FROM moves ORDER BY version")] == ["pass", "pass"]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        # the newest migrations' tables and columns are there whichever schema the file started from
        assert {"live_boards", "user_languages"} <= tables(path)
        assert {"language", "channel_style", "auto_play"} <= set(columns(path, "games"))
    # opening again finds nothing to do
    assert await migrate_file(path) == (LATEST, LATEST)


def structure(path) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """Per table, what SQLite says of it: columns (type, NOT NULL, default, primary key), foreign keys and
    indexes (the words of a CREATE statement aside)."""
    with sqlite3.connect(path) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            name: (
                conn.execute(f"PRAGMA table_info({name})").fetchall(),
                conn.execute(f"PRAGMA foreign_key_list({name})").fetchall(),
                conn.execute(f"PRAGMA index_list({name})").fetchall(),
            )
            for name in names
            if name != "alembic_version"
        }


def statements(path, *, but: tuple[str, ...] = ()) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    with sqlite3.connect(path) as conn:
        found = conn.execute("SELECT type, name, sql FROM sqlite_master WHERE tbl_name != 'alembic_version'")
        return sorted(row for row in found if row[1] not in but)


async def test_the_revisions_make_the_same_schema_as_the_numbered_files_run_as_scripts(tmp_path):
    """The frozen statements, one by one inside Alembic's transactions, keep triggers, partial indexes and
    checks exactly as the scripts wrote them; the migrations written as operations make the same tables,
    columns, defaults, keys and indexes as their SQL did."""
    before, after = tmp_path / "scripts.db", tmp_path / "alembic.db"
    write_as_before_alembic(before, LATEST)
    await migrate_file(after)
    assert structure(before) == structure(after)
    converted = (
        "live_boards",
        "turn_pings",
        "turn_dms",
        "lobby_messages",
        "request_shares",
        "ratings",
        "rating_history",
        "rated_games",
        "ratings_by_user",
        "rating_history_by_player",
        "rated_games_in_order",
        "results_by_finish",
        "sqlite_autoindex_turn_pings_1",
        "sqlite_autoindex_turn_dms_1",
        "sqlite_autoindex_request_shares_1",
        "sqlite_autoindex_ratings_1",
        "sqlite_autoindex_rating_history_1",
    )
    assert statements(before, but=converted) == statements(after, but=converted)


def test_the_migrations_are_one_revision_file_each_and_the_later_ones_alembic_operations():
    """No SQL file beside the revisions: the frozen ones carry their statements, the later ones say with
    Alembic's operations what changes."""
    storage = migrations_module.REVISIONS_DIR.parent
    assert sorted(p.relative_to(storage).as_posix() for p in storage.rglob("*.sql")) == []
    for number in range(1, LATEST + 1):
        module = revision_module(number)
        frozen = hasattr(module, "SQLITE") and hasattr(module, "POSTGRESQL")
        assert frozen == (number <= FROZEN), number


async def test_a_revision_of_alembic_operations_is_applied_and_keeps_the_number(tmp_path, monkeypatch):
    """A new migration is only its revision: its operations run, and SQLite's user_version follows it."""
    path = tmp_path / "next.db"
    await migrate_file(path)
    added = 'op.add_column("games", sa.Column("colour", sa.Text(), nullable=False, server_default="red"))'
    monkeypatch.setattr(migrations_module, "REVISIONS_DIR", revisions_with(tmp_path, LATEST, added))
    assert await migrate_file(path, target=LATEST + 1) == (LATEST, LATEST + 1)
    assert "colour" in columns(path, "games")
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST + 1
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(f"{LATEST + 1:04d}",)]


async def test_each_revision_commits_by_itself_so_a_late_failure_keeps_the_earlier_ones(
    tmp_path, monkeypatch
):
    path = tmp_path / "late.db"
    await migrate_file(path, target=1)
    broken = 'op.create_table("half", sa.Column("x", sa.Integer())); op.execute("THIS IS NOT SQL")'
    monkeypatch.setattr(migrations_module, "REVISIONS_DIR", revisions_with(tmp_path, 2, broken, "broken"))
    with pytest.raises(MigrationError, match=r"Migration 3 \(broken\)"):
        await apply_migrations(path, target=3)
    assert "half" not in tables(path) and "results" in tables(path)  # 2 stayed, 3 left nothing behind
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [("0002",)]


def test_every_numbered_file_has_its_revision_in_order():
    """Each revisions/versions/NNNN_name.py follows the one numbered before it, so every database gets it."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(migrations_module.REVISIONS_DIR))
    scripts = ScriptDirectory.from_config(config)
    chain = [s.revision for s in reversed(list(scripts.walk_revisions()))]
    assert chain == [migrations_module.revision_id(m.number) for m in migrations()]
    assert scripts.get_current_head() == migrations_module.revision_id(LATEST)


async def test_a_file_name_with_url_characters_is_migrated_in_that_file(tmp_path):
    path = tmp_path / "games?mode=ro #1%20.db"
    assert await migrate_file(path) == (0, LATEST)
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".db") == [path.name]
    assert "games" in tables(path)


async def test_a_database_at_the_schema_before_claims_keeps_every_row_and_plays_on(tmp_path, tiny_game):
    """Games written at schema 13 (the last before several processes shared the database): the upgrade
    adds the claim columns, empty, and changes no row; the service plays on."""
    path = tmp_path / "g.db"
    assert await migrate_file(path, target=13) == (0, 13)
    with sqlite3.connect(path) as conn:  # as the code of schema 13 wrote them (today's writes newer columns)
        add_game(conn, told=True, guild_id=1, options='{"rounds": 2}')
    before = await table_rows(path)
    assert await migrate_file(path, target=14) == (13, 14)
    after = await table_rows(path)
    assert [row[:-2] for row in after["games"]] == before["games"]  # the two new columns come last
    assert [row[-2:] for row in after["games"]] == [(None, None)]
    assert {t: r for t, r in after.items() if t != "games"} == {
        t: r for t, r in before.items() if t != "games"
    }
    assert await migrate_file(path) == (14, LATEST)
    assert (await table_rows(path))["turn_pings"] == []  # nobody was pinged before
    assert (await table_rows(path))["turn_dms"] == []
    db = await open_database(path)
    try:
        service = GameService(db, FakeClock())
        assert (await service.submit(100, 2, "pass")).version == 2 and await service.check_replay(1)
    finally:
        await db.close()


async def test_games_paused_as_damaged_before_the_told_column_count_as_told(tmp_path, tiny_game):
    """Schema 23 remembers whether a damaged game's line was said; a game paused before it had its line
    queued then, so it is not said again at the next start. Other games owe nothing."""
    path = tmp_path / "g.db"
    assert await migrate_file(path, target=22) == (0, 22)
    with sqlite3.connect(path) as conn:
        add_game(conn, announced=True, told=True)
        conn.execute("UPDATE games SET damaged = 'its move 1 is damaged', paused_at = ? WHERE id = 1", (NOW,))
    assert await migrate_file(path) == (22, LATEST)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT damage_told_at FROM games").fetchall() == [(NOW,)]
        conn.execute("UPDATE games SET damaged = NULL, paused_at = NULL, damage_told_at = NULL")
    db = await open_database(path)
    try:
        service = GameService(db, FakeClock())
        assert not (await service.game_by_id(1)).damaged  # its row, with the new column, reads
    finally:
        await db.close()


async def test_servers_from_before_default_banks_have_none_and_keep_their_defaults(tmp_path, tiny_game):
    """Schema 24 gives a server a default time bank for new games; a server's settings from before it keep
    their reminders, deadline and hosting limit, with no default bank, and a bank saved then reads back."""
    path = tmp_path / "g.db"
    assert await migrate_file(path, target=23) == (0, 23)
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO guild_settings (guild_id, reminder_minutes, deadline_minutes, deadline_action,"
            " max_games_per_user) VALUES (10, 60, 120, 'ai', 3)"
        )
    assert await migrate_file(path) == (23, LATEST)
    with sqlite3.connect(path) as conn:
        found = conn.execute(
            "SELECT deadline_minutes, bank_minutes, bank_increment_minutes, holiday_days FROM guild_settings"
        ).fetchall()
    assert found == [(120, None, 0, 0)]
    db = await open_database(path)
    try:
        service = GameService(db, FakeClock())
        guild = await service.guild_settings(10)
        assert (guild.reminder_minutes, guild.deadline_action, guild.max_games_per_user) == (60, "ai", 3)
        assert guild.bank_minutes is None
        saved = await service.update_guild_settings(10, time_bank=TimeBank(3 * 24 * 60, 24 * 60, 7))
        assert (saved.bank_minutes, saved.bank_increment_minutes, saved.holiday_days) == (4320, 1440, 7)
        assert (await service.guild_settings(10)).deadline_minutes == 120
    finally:
        await db.close()
