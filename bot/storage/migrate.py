"""Numbered migrations, applied by Alembic: one revision file each, ``revisions/versions/NNNN_name.py``.

A revision is Alembic's: its ``upgrade`` says with Alembic's operations (``op.create_table``,
``op.add_column``…) what changes, compiled for SQLite and for PostgreSQL alike (64-bit integers there:
``BIG_INT``); where the two databases must differ it runs one SQL statement per database. Revisions 0001–0014
are frozen as they were first written, as SQL: their statements, one by one, per database (``run_frozen``).
Each revision runs in its own transaction that also records it (Alembic's ``alembic_version`` table) and, on
SQLite, its number (``PRAGMA user_version``, kept by ``revisions/env.py``), so a database is always at exactly
one migration number. A SQLite database written before Alembic kept the schema knows only its
``user_version``: it is stamped at that revision first, and upgraded in place from there. How to add one:
``revisions/README.md``.
``python -m bot migrate`` calls ``migrate_file`` and ``python -m bot backup PATH`` calls ``backup_file``.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy.ext.asyncio import create_async_engine

from bot.storage.connection import Location, location, open_file, sqlite_engine
from bot.storage.sql import Conn

REVISIONS_DIR = Path(__file__).with_name("revisions")
# Held (a session's advisory lock) while one process migrates PostgreSQL, so processes starting together
# take turns: the second finds the schema current.
MIGRATE_LOCK_KEY = 0x6267616D6D67  # "bgammg"
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.py$")
# The integer of every column: 64 bits on PostgreSQL, SQLite's INTEGER (a primary key of that exact type is
# the row id)
BIG_INT = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


class MigrationError(RuntimeError):
    """The database cannot be brought to the schema this code expects."""


@dataclass(frozen=True)
class Migration:
    number: int
    name: str


def migrations(directory: Path | None = None) -> list[Migration]:
    """Every migration (the revisions in ``directory``, by default ``revisions/versions``), in order; their
    numbers must run 1, 2, 3… without gaps."""
    found: list[Migration] = []
    for path in sorted((directory or REVISIONS_DIR / "versions").glob("*.py")):
        match = _NAME.match(path.name)
        if match is None:
            raise MigrationError(f"Migration file name not understood: {path.name}")
        found.append(Migration(int(match.group(1)), match.group(2)))
    numbers = [m.number for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise MigrationError(f"Migrations must be numbered 1..n without gaps, found {numbers}")
    return found


LATEST = len(migrations())


def revision_id(number: int) -> str:
    """Alembic's name for the numbered migration (revisions/versions/NNNN_name.py)."""
    return f"{number:04d}"


def run_frozen(sqlite: Sequence[str], postgresql: Sequence[str]) -> None:
    """The body of a frozen revision: run its statements for the database at hand, in order, in the
    revision's transaction."""
    from alembic import op

    bind = op.get_bind()
    for statement in postgresql if bind.dialect.name == "postgresql" else sqlite:
        bind.exec_driver_sql(statement)


def record_number(connection: sa.Connection, revision: str) -> None:
    """Keep SQLite's ``PRAGMA user_version`` at the revision just applied, in its transaction (what
    ``schema_version`` and older tools read); PostgreSQL's number is Alembic's revision itself."""
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql(f"PRAGMA user_version = {int(revision)}")


def downgrade_refused() -> None:
    raise MigrationError("Migrations are not undone; restore a backup made before the upgrade instead.")


def _version(connection: sa.Connection) -> int:
    if connection.dialect.name == "postgresql":
        # PostgreSQL databases were always kept by Alembic: its revision is the number
        return int(MigrationContext.configure(connection).get_current_revision() or 0)
    return int(connection.exec_driver_sql("PRAGMA user_version").scalar_one())


def _upgrade(path: str | Path, target: int | None) -> tuple[int, int]:
    # transactions begin with BEGIN IMMEDIATE (sqlite3 would otherwise run the DDL outside any transaction)
    # and wait for other writers, as the bot's own
    engine = sqlite_engine(Path(path))
    try:
        with engine.connect() as connection:
            return _upgrade_on(connection, target)
    finally:
        engine.dispose()


def _upgrade_on(connection: sa.Connection, target: int | None) -> tuple[int, int]:
    """Bring the database of ``connection`` up to ``target`` (default: the newest)."""
    wanted = LATEST if target is None else target
    before = _version(connection)
    known = MigrationContext.configure(connection).get_current_revision()
    # Alembic commits each revision itself only outside a transaction of its caller
    connection.commit()
    if before > LATEST:
        raise MigrationError(
            f"The database is at schema {before}, newer than this code knows ({LATEST}); update the bot."
        )
    config = Config()
    config.set_main_option("script_location", str(REVISIONS_DIR))
    config.attributes["connection"] = connection
    if known is None and before > 0:
        # written before Alembic kept the schema: PRAGMA user_version says which revision it is at
        command.stamp(config, revision_id(before))
    if wanted > before:
        try:
            command.upgrade(config, revision_id(wanted))
        except (sa.exc.DBAPIError, MigrationError) as exc:
            connection.rollback()
            failed = migrations()[_version(connection)]
            raise MigrationError(
                f"Migration {failed.number} ({failed.name}) failed: {getattr(exc, 'orig', exc)}"
            ) from exc
    after = _version(connection)
    connection.commit()
    return before, after


async def _upgrade_postgres(url: str, target: int | None) -> tuple[int, int]:
    engine = create_async_engine(url, poolclass=sa.pool.NullPool)
    try:
        async with engine.connect() as conn:
            await conn.execute(sa.text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATE_LOCK_KEY})
            await conn.commit()
            try:
                return await conn.run_sync(_upgrade_on, target)
            finally:
                await conn.execute(sa.text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATE_LOCK_KEY})
                await conn.commit()
    finally:
        await engine.dispose()


async def _upgrade_at(where: Location, target: int | None) -> tuple[int, int]:
    if where.url is not None:
        return await _upgrade_postgres(where.url, target)
    assert where.path is not None
    return await asyncio.to_thread(_upgrade, where.path, target)


async def apply_migrations(where: str | Path | Location, target: int | None = None) -> list[int]:
    """Bring the database at ``where`` up to ``target`` (default: the newest) through Alembic;
    returns the numbers applied."""
    before, after = await _upgrade_at(_location(where), target)
    return list(range(before + 1, after + 1))


def _location(where: str | Path | Location) -> Location:
    return where if isinstance(where, Location) else location(where)


async def schema_version(conn: Conn) -> int:
    if conn.dialect.name == "postgresql":
        return int(await conn.scalar(sa.text("SELECT version_num FROM alembic_version")) or 0)
    return int(await conn.scalar(sa.text("PRAGMA user_version")) or 0)


async def migrate_file(where: str | Path | Location, target: int | None = None) -> tuple[int, int]:
    """Apply pending migrations to the database at ``where``; returns (version before, version after)."""
    place = _location(where)
    if place.path is not None:  # creates the file in WAL mode, as the bot opens it
        await asyncio.to_thread(lambda: open_file(place.path).close())  # type: ignore[arg-type]
    return await _upgrade_at(place, target)


def backup_connection(conn: sqlite3.Connection, dest: str | Path) -> Path:
    """Copy a live database to ``dest`` with SQLite's online backup API (safe while the bot runs); called
    on the thread of ``conn``."""
    target_path = Path(dest)
    if target_path.exists() and target_path.is_dir():
        raise MigrationError(f"Backup destination {target_path} is a directory.")
    target = sqlite3.connect(str(target_path))
    try:
        conn.backup(target)
    finally:
        target.close()
    return target_path


async def backup_file(path: str | Path, dest: str | Path) -> Path:
    """Back up the database file at ``path`` to ``dest``."""
    if not Path(path).is_file():
        raise MigrationError(f"No database at {path}.")
    if Path(path).resolve() == Path(dest).resolve():
        raise MigrationError("A backup must go to another file than the database itself.")

    def copy() -> Path:
        conn = open_file(path)
        try:
            return backup_connection(conn, dest)
        finally:
            conn.close()

    return await asyncio.to_thread(copy)
