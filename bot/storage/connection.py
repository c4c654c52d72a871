"""Opening a database the way every part of the bot uses it: a SQLite file (Python's sqlite3, each
connection on a thread of its own: ``threaded``) or a PostgreSQL server (asyncpg, SQLAlchemy's asyncio
engine), both through SQLAlchemy."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

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
    # used on one thread only (``threaded``), but a connection left unclosed is closed by the garbage
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


def postgres_engine(url: str, *, connections: int = POSTGRES_CONNECTIONS) -> AsyncEngine:
    return create_async_engine(
        url, pool_size=connections, max_overflow=0, pool_timeout=3600, pool_pre_ping=True
    )
