"""Opening a SQLite file the way every part of the bot uses it."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

# Writers wait this long for another process's write lock before SQLite reports "database is locked".
BUSY_TIMEOUT_MS = 15_000


async def connect(path: str | Path) -> aiosqlite.Connection:
    """A connection in autocommit mode (transactions are begun explicitly), WAL, foreign keys on."""
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        conn.row_factory = aiosqlite.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA journal_mode = WAL")
        # NORMAL is durable against a crash of the process (not of the machine) in WAL mode.
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await conn.close()
        raise
    return conn
