"""Opening a SQLite file the way every part of the bot uses it."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite

# Writers wait this long for another process's write lock before SQLite reports "database is locked".
BUSY_TIMEOUT_MS = 15_000

# How hard each commit pushes to the disk (https://www.sqlite.org/pragma.html#pragma_synchronous). In WAL
# mode "full" syncs the log at every commit, so a move the player was told about survives a power cut;
# "normal" syncs only at checkpoints: a crash of the process loses nothing, a power cut may lose the last
# commits, and commits are cheaper.
SYNC_MODES = ("full", "normal")
DEFAULT_SYNC = "full"


def _try_open(path: str | Path) -> None:
    sqlite3.connect(str(path)).close()


async def connect(path: str | Path, *, sync: str = DEFAULT_SYNC) -> aiosqlite.Connection:
    """A connection in autocommit mode (transactions are begun explicitly), WAL, foreign keys on, commits
    synced to disk as ``sync`` (one of ``SYNC_MODES``) says."""
    if sync not in SYNC_MODES:
        raise ValueError(f"sync must be one of {SYNC_MODES}, not {sync!r}")
    # aiosqlite does not wait for its worker thread when the file cannot be opened, and that thread then
    # fails noisily once the event loop is closed; opening the file once first reports the error cleanly
    await asyncio.to_thread(_try_open, path)
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        conn.row_factory = aiosqlite.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute(f"PRAGMA synchronous = {sync.upper()}")
        await conn.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await conn.close()
        raise
    return conn
