"""Opening a database the way every part of the bot uses it: a SQLite file (through aiosqlite) or a
PostgreSQL server (through asyncpg), both behind SQLAlchemy's asyncio engine."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import AsyncAdaptedQueuePool

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


def _try_open(path: str | Path) -> None:
    sqlite3.connect(str(path)).close()


async def connect(path: str | Path, *, sync: str = DEFAULT_SYNC) -> aiosqlite.Connection:
    """A SQLite connection in autocommit mode (transactions are begun explicitly), WAL, foreign keys on,
    commits synced to disk as ``sync`` (one of ``SYNC_MODES``) says."""
    if sync not in SYNC_MODES:
        raise ValueError(f"sync must be one of {SYNC_MODES}, not {sync!r}")
    # aiosqlite does not wait for its worker thread when the file cannot be opened, and that thread then
    # fails noisily once the event loop is closed; opening the file once first reports the error cleanly
    await asyncio.to_thread(_try_open, path)
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute(f"PRAGMA synchronous = {sync.upper()}")
        await conn.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await conn.close()
        raise
    return conn


def sqlite_engine(path: Path, *, sync: str, connections: int, begin: str) -> AsyncEngine:
    """An engine of at most ``connections`` connections to the file, each transaction opened with
    ``begin`` ("BEGIN IMMEDIATE" for writers, which take SQLite's write lock at once, or "BEGIN").

    The file is opened by path, never through a URL, so no character of its name means anything; the
    driver runs in autocommit mode and SQLAlchemy's ``begin`` emits the BEGIN (SQLAlchemy's documented
    way to have SQLite's own transactions, since Python's sqlite3 would otherwise begin them late)."""

    async def open_file() -> Any:
        return await connect(path, sync=sync)

    engine = create_async_engine(
        "sqlite+aiosqlite://",
        async_creator=open_file,
        poolclass=AsyncAdaptedQueuePool,
        pool_size=connections,
        max_overflow=0,
        pool_timeout=3600,  # callers queue on their own semaphore or lock first
        # every block ends in COMMIT or ROLLBACK already: no second ROLLBACK when a connection goes back
        pool_reset_on_return=None,
    )

    @sa.event.listens_for(engine.sync_engine, "begin")
    def _begin(conn: sa.Connection) -> None:
        # straight to the driver: one trip to aiosqlite's thread, where a statement through SQLAlchemy's
        # cursor takes three (each trip is most of what a short transaction costs)
        conn.connection.dbapi_connection.run_async(lambda driver: driver.execute(begin))  # type: ignore[union-attr]

    return engine


# Connections one process keeps open to PostgreSQL (its server allows 100 by default, for every process).
POSTGRES_CONNECTIONS = 10


def postgres_engine(url: str, *, connections: int = POSTGRES_CONNECTIONS) -> AsyncEngine:
    return create_async_engine(
        url, pool_size=connections, max_overflow=0, pool_timeout=3600, pool_pre_ping=True
    )
