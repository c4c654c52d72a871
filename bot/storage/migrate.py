"""Numbered SQL migrations, tracked with ``PRAGMA user_version``.

``migrations/NNNN_name.sql`` files are applied in order, each in its own transaction together with the
new ``user_version``, so a database is always at exactly one migration number. ``python -m bot migrate``
calls ``migrate_file`` and ``python -m bot backup PATH`` calls ``backup_file``.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from bot.storage.connection import connect

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


class MigrationError(RuntimeError):
    """The database cannot be brought to the schema this code expects."""


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    sql: str


def migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Every migration, in order; their numbers must run 1, 2, 3… without gaps."""
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise MigrationError(f"Migration file name not understood: {path.name}")
        found.append(Migration(int(match.group(1)), match.group(2), path.read_text(encoding="utf-8")))
    numbers = [m.number for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise MigrationError(f"Migrations must be numbered 1..n without gaps, found {numbers}")
    return found


LATEST = len(migrations())


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


async def apply_migrations(conn: aiosqlite.Connection, target: int | None = None) -> list[int]:
    """Bring the database up to ``target`` (default: the newest); returns the numbers applied."""
    wanted = LATEST if target is None else target
    current = await schema_version(conn)
    if current > LATEST:
        raise MigrationError(
            f"The database is at schema {current}, newer than this code knows ({LATEST}); update the bot."
        )
    applied: list[int] = []
    for migration in migrations():
        if migration.number <= current or migration.number > wanted:
            continue
        script = f"BEGIN IMMEDIATE;\n{migration.sql}\nPRAGMA user_version = {migration.number};\nCOMMIT;"
        try:
            await conn.executescript(script)
        except sqlite3.Error as exc:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise MigrationError(f"Migration {migration.number} ({migration.name}) failed: {exc}") from exc
        applied.append(migration.number)
    return applied


async def migrate_file(path: str | Path, target: int | None = None) -> tuple[int, int]:
    """Apply pending migrations to the database file at ``path``; returns (version before, version after)."""
    conn = await connect(path)
    try:
        before = await schema_version(conn)
        await apply_migrations(conn, target)
        return before, await schema_version(conn)
    finally:
        await conn.close()


async def backup_connection(conn: aiosqlite.Connection, dest: str | Path) -> Path:
    """Copy a live database to ``dest`` with SQLite's online backup API (safe while the bot runs)."""
    target_path = Path(dest)
    if target_path.exists() and target_path.is_dir():
        raise MigrationError(f"Backup destination {target_path} is a directory.")
    target = sqlite3.connect(str(target_path), check_same_thread=False)
    try:
        await conn.backup(target)
    finally:
        target.close()
    return target_path


async def backup_file(path: str | Path, dest: str | Path) -> Path:
    """Back up the database file at ``path`` to ``dest``."""
    if not Path(path).is_file():
        raise MigrationError(f"No database at {path}.")
    if Path(path).resolve() == Path(dest).resolve():
        raise MigrationError("A backup must go to another file than the database itself.")
    conn = await connect(path)
    try:
        return await backup_connection(conn, dest)
    finally:
        await conn.close()
