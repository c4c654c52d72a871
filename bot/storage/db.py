"""The database handle the services share: one connection, explicit transactions, migrations at open."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.storage.connection import DEFAULT_SYNC, connect
from bot.storage.migrate import apply_migrations, backup_connection, schema_version


class Database:
    """One aiosqlite connection to a SQLite file.

    The connection is shared by every coroutine of the process, so statements of two transactions must not
    interleave on it: ``transaction`` and ``reading`` hold a lock for their whole block. Across processes
    SQLite's own locking (``BEGIN IMMEDIATE`` plus the busy timeout) serialises writers.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """Consistent reads: one snapshot of the database for the whole block."""
        async with self._lock:
            await self.conn.execute("BEGIN")
            try:
                yield self.conn
            finally:
                await self.conn.execute("COMMIT")

    async def schema_version(self) -> int:
        async with self._lock:
            return await schema_version(self.conn)

    async def backup(self, dest: str | Path) -> Path:
        """Copy the live database to ``dest`` (SQLite's online backup API)."""
        if Path(dest).resolve() == self.path.resolve():
            raise ValueError("A backup must go to another file than the database itself.")
        async with self._lock:
            return await backup_connection(self.conn, dest)

    async def close(self) -> None:
        await self.conn.close()


async def open_database(path: str | Path, *, migrate: bool = True, sync: str = DEFAULT_SYNC) -> Database:
    """Open (creating if needed) the database at ``path`` and apply pending migrations; ``sync`` is how
    hard commits go to disk (``connection.SYNC_MODES``)."""
    conn = await connect(path, sync=sync)
    try:
        if migrate:
            await apply_migrations(conn)
    except BaseException:
        await conn.close()
        raise
    return Database(conn, Path(path))
