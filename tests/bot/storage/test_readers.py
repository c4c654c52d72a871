"""Reads on their own connections: a read of one game does not wait for another's write or read."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from bot.storage import Database
from bot.storage.db import READERS


async def count_notes(db: Database) -> int:
    async with db.reading() as conn:
        return int(await conn.scalar(text("SELECT count(*) FROM notes")))


async def held_write(db: Database, note: str) -> tuple[asyncio.Task[None], asyncio.Event]:
    """A write of a note (to game 1: on PostgreSQL, what it locks) that holds the writing connection,
    inside its transaction, until the event returned is set; returned once it is inside."""
    inside, release = asyncio.Event(), asyncio.Event()

    async def write() -> None:
        async with db.transaction(game=1) as conn:
            await conn.execute(text("INSERT INTO notes VALUES (:note)"), {"note": note})
            inside.set()
            await release.wait()

    writer = asyncio.create_task(write())
    await inside.wait()
    return writer, release


async def test_a_read_runs_while_a_write_is_under_way_and_sees_what_was_committed(db: Database) -> None:
    async with db.transaction() as conn:
        await conn.exec_driver_sql("CREATE TABLE notes (text TEXT)")
        await conn.exec_driver_sql("INSERT INTO notes VALUES ('first')")
    writer, release = await held_write(db, "second")
    # the write holds the writing connection: the read does not wait for it, and sees the committed row
    assert await asyncio.wait_for(count_notes(db), 30) == 1
    release.set()
    await writer
    assert await count_notes(db) == 2


async def test_reads_run_side_by_side_on_their_own_connections(db: Database) -> None:
    async with db.transaction() as conn:
        await conn.exec_driver_sql("CREATE TABLE notes (text TEXT)")
    inside, release = asyncio.Event(), asyncio.Event()
    seen: list[object] = []

    async def held_read() -> None:
        async with db.reading() as conn:
            seen.append(conn)
            if len(seen) == READERS:
                inside.set()
            await release.wait()

    readers = [asyncio.create_task(held_read()) for _ in range(READERS)]
    await asyncio.wait_for(inside.wait(), 30)  # every read is inside its block at once
    assert len({id(c) for c in seen}) == READERS
    assert db.postgres or db.writer not in seen  # SQLite's writing connection is the writes' alone
    release.set()
    await asyncio.gather(*readers)
    assert await count_notes(db) == 0  # the connections are reused


async def test_a_failing_read_leaves_its_connection_usable(db: Database) -> None:
    async with db.transaction() as conn:
        await conn.exec_driver_sql("CREATE TABLE notes (text TEXT)")
    for _ in range(READERS + 1):
        try:
            async with db.reading() as conn:
                await conn.exec_driver_sql("SELECT * FROM no_such_table")
        except DBAPIError:  # SQLite says OperationalError, PostgreSQL ProgrammingError
            pass
    assert await count_notes(db) == 0


async def test_once_the_file_is_replaced_reads_stay_on_the_file_opened(db: Database, db_path: Path) -> None:
    async with db.transaction() as conn:
        await conn.exec_driver_sql("CREATE TABLE notes (text TEXT)")
        await conn.exec_driver_sql("INSERT INTO notes VALUES ('kept')")
    other = db_path.with_name("other.db")
    sqlite3.connect(other).close()
    os.replace(other, db_path)
    # a new reading connection would open the other file (no notes table): the writing one reads instead
    assert await count_notes(db) == 1


async def test_the_writes_count_how_long_they_waited_for_the_writer_and_held_it(db: Database) -> None:
    """What the load bench reports of the database: each write transaction counted, with the time it held
    the writer and the time it waited while another held it."""
    before = db.writes.count
    async with db.transaction() as conn:
        await conn.exec_driver_sql("CREATE TABLE notes (text TEXT)")
    first, release = await held_write(db, "first")
    waited = db.writes.waited

    async def second_write() -> None:
        async with db.transaction(game=1) as conn:  # the same game's
            await conn.exec_driver_sql("INSERT INTO notes VALUES ('second')")

    second = asyncio.create_task(second_write())
    await asyncio.sleep(0)  # the second write has asked for the writer and waits for the first
    asked_by = time.perf_counter()
    await asyncio.sleep(0.05)
    held_for = time.perf_counter() - asked_by  # at least: the first goes on holding it until released
    release.set()
    await asyncio.gather(first, second)
    assert db.writes.count - before == 3
    assert db.writes.waited - waited >= held_for and db.writes.held >= held_for
