"""Copying every row of one database into an empty other: a SQLite file into PostgreSQL when a bot
outgrows one machine, or back (``python -m bot copy-database FROM TO``)."""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from bot.storage import locks
from bot.storage.connection import Location
from bot.storage.db import Database, open_database
from bot.storage.sql import Conn, batches, is_postgres, run_many, value

# Every table of the schema, each after the tables its rows refer to.
TABLES = (
    "games",
    "seats",
    "moves",
    "undone_moves",
    "snapshots",
    "results",
    "rated_games",
    "ratings",
    "rating_history",
    "kick_votes",
    "progress_posts",
    "live_boards",
    "turn_pings",
    "turn_dms",
    "lobby_messages",
    "guild_settings",
    "user_settings",
    "user_languages",
)
# Tables of the running processes, not of the games: a copy starts without them.
NOT_COPIED = ("request_shares",)
# Tables whose ids the database hands out: PostgreSQL's counters must go on from the copied ones.
COUNTED_IDS = ("games", "undone_moves")
ROWS_PER_BATCH = 500


class CopyRefused(Exception):
    """The copy cannot be made; the message says why, for the person who asked."""


@dataclass(frozen=True)
class Copied:
    rows: dict[str, int]  # per table


async def _tables(conn: Conn) -> set[str]:
    if is_postgres(conn):
        sql = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    return set((await conn.execute(sa.text(sql))).scalars()) - {"alembic_version"}


async def copy_database(source: Location, dest: Location) -> Copied:
    """Copy every row of ``source`` into ``dest`` (both brought to the newest schema first), in one
    transaction of ``dest``: it holds all of them or, if anything fails, none. ``dest`` must be empty."""
    if str(source) == str(dest):
        raise CopyRefused("The database cannot be copied onto itself.")
    src = await open_database(source)
    try:
        dst = await open_database(dest)
        try:
            return await _copy(src, dst, dest)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src: Database, dst: Database, dest: Location) -> Copied:
    counts: dict[str, int] = {}
    async with src.reading() as read, dst.transaction(locks=(locks.EVERYTHING,)) as write:
        known = await _tables(read) - set(NOT_COPIED)
        if known != set(TABLES):  # a table added to the schema must be added here too, or it is lost
            raise CopyRefused(f"The copy does not know the tables {sorted(known ^ set(TABLES))}.")
        for table in TABLES:
            if await value(write, f"SELECT COUNT(*) FROM {table}"):
                raise CopyRefused(
                    f"{dest} already holds games or settings ({table}); copy into an empty database."
                )
        for table in TABLES:
            counts[table] = 0
            async for batch in batches(read, f"SELECT * FROM {table}", ROWS_PER_BATCH):
                columns = list(batch[0].keys())
                names, marks = ", ".join(columns), ", ".join(f":{c}" for c in columns)
                await run_many(
                    write, f"INSERT INTO {table} ({names}) VALUES ({marks})", [dict(row) for row in batch]
                )
                counts[table] += len(batch)
        if is_postgres(write):
            for table in COUNTED_IDS:
                await write.execute(
                    sa.text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                        f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                    )
                )
    return Copied(counts)
