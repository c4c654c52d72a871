"""Opening a database the way every part of the bot uses it: a SQLite file (Python's sqlite3, each
connection on aiosqlite's thread of its own) or a PostgreSQL server (a pool of asyncpg connections); and,
for Alembic's migrations only, a synchronous SQLAlchemy engine on a SQLite file."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import sqlalchemy as sa

# Writers wait this long for another process's write lock before SQLite reports "database is locked".
BUSY_TIMEOUT_MS = 15_000

# How hard each commit pushes to the disk (https://www.sqlite.org/pragma.html#pragma_synchronous). In WAL
# mode "full" syncs the log at every commit, so a move the player was told about survives a power cut;
# "normal" syncs only at checkpoints: a crash of the process loses nothing, a power cut may lose the last
# commits, and commits are cheaper.
SYNC_MODES = ("full", "normal")
DEFAULT_SYNC = "full"

_POSTGRES_SCHEMES = ("postgresql://", "postgres://", "postgresql+asyncpg://")


@dataclass(frozen=True)
class Location:
    """Where the database is: a SQLite file, or a PostgreSQL server's URL."""

    path: Path | None = None
    url: str | None = None

    @property
    def postgres(self) -> bool:
        return self.url is not None

    def __str__(self) -> str:
        # a URL's password is never shown
        if self.url is None:
            return str(self.path)
        url = sa.make_url(self.url).set(drivername="postgresql")
        return url.render_as_string(hide_password=True)


def location(value: str | Path) -> Location:
    """``DATABASE_URL``'s meaning: a ``postgresql://`` URL, a ``sqlite:///`` URL, or a file path."""
    text = str(value).strip()
    if text.startswith(_POSTGRES_SCHEMES):
        url = sa.make_url(text).set(drivername="postgresql+asyncpg")
        return Location(url=url.render_as_string(hide_password=False))
    if text.startswith("sqlite:///"):
        return Location(path=Path(text.removeprefix("sqlite:///")))
    if "://" in text:
        raise ValueError(
            f"DATABASE_URL must be a file path, sqlite:///PATH or postgresql://…, not {text.split('://')[0]}://…"
        )
    return Location(path=Path(text))


def open_file(path: str | Path, *, sync: str = DEFAULT_SYNC) -> sqlite3.Connection:
    """A sqlite3 connection in autocommit mode (transactions are begun explicitly), WAL, foreign keys on,
    commits synced to disk as ``sync`` (one of ``SYNC_MODES``) says; it waits ``BUSY_TIMEOUT_MS`` for
    another process's write lock."""
    if sync not in SYNC_MODES:
        raise ValueError(f"sync must be one of {SYNC_MODES}, not {sync!r}")
    # used on one thread only (aiosqlite's), but a connection left unclosed is closed by the garbage
    # collector wherever it runs, which sqlite3 would refuse (and log) if tied to the thread
    conn = sqlite3.connect(
        str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(f"PRAGMA synchronous = {sync.upper()}")
        conn.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        conn.close()
        raise
    return conn


def sqlite_engine(path: Path, *, sync: str = DEFAULT_SYNC, begin: str = "BEGIN IMMEDIATE") -> sa.Engine:
    """An engine that opens the file by path (never through a URL, so no character of its name means
    anything) and begins each transaction with ``begin``: "BEGIN IMMEDIATE" for writers, which take
    SQLite's write lock at once, or "BEGIN" (Python's sqlite3 would otherwise begin them late; this is
    SQLAlchemy's documented way to have SQLite's own transactions)."""
    engine = sa.create_engine(
        "sqlite://", creator=lambda: open_file(path, sync=sync), poolclass=sa.pool.NullPool
    )

    @sa.event.listens_for(engine, "begin")
    def _begin(conn: sa.Connection) -> None:
        conn.exec_driver_sql(begin)

    return engine


# Connections one process keeps open to PostgreSQL (its server allows 100 by default, for every process).
POSTGRES_CONNECTIONS = 10


def postgres_dsn(url: str) -> str:
    """asyncpg's form of a ``location`` URL (it knows no ``+asyncpg`` driver name)."""
    return sa.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def _reset(conn: asyncpg.Connection) -> None:
    # a connection comes back between transactions (each ends with COMMIT or ROLLBACK) and with only
    # transaction-scoped advisory locks: asyncpg's default reset (a round trip undoing session state the
    # bot never sets) is not needed
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


async def postgres_pool(url: str, *, connections: int = POSTGRES_CONNECTIONS) -> asyncpg.Pool:
    """A pool of at most ``connections`` asyncpg connections to the server at ``url``, opened as they are
    needed; a server that cannot be reached is reported here."""
    dsn = postgres_dsn(url)
    try:
        pool = await asyncpg.create_pool(
            dsn, min_size=1, max_size=connections, reset=_reset, max_inactive_connection_lifetime=300
        )
    except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:  # refused: a password, no such database
        raise sa.exc.OperationalError("connect", None, exc, hide_parameters=True) from exc  # type: ignore[arg-type]
    assert pool is not None
    return pool
