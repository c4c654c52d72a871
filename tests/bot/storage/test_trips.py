"""Each statement of a transaction is one awaited trip to its driver, and its error is raised where it
happens: a transaction never goes on past a statement that failed."""

from __future__ import annotations

from collections import Counter
from typing import Any

import aiosqlite
import pytest
import sqlalchemy as sa

from bot.services import GameService
from bot.storage import Database, sql
from bot.storage import games as store
from bot.storage.drivers import SqliteConnection
from tests.bot.storage.test_readers import count_notes
from tests.support.fixtures import CHANNEL, act, started


async def test_a_failed_write_raises_at_its_statement_and_undoes_its_whole_transaction(db: Database) -> None:
    async with db.transaction() as conn:
        await conn.exec_driver_sql("CREATE TABLE notes (text TEXT UNIQUE)")
    reached = []
    with pytest.raises(sql.IntegrityError):
        async with db.transaction() as conn:
            await sql.run(conn, "INSERT INTO notes VALUES (:note)", note="first")
            try:
                await sql.run(conn, "INSERT INTO notes VALUES (:note)", note="first")  # refused
            finally:
                reached.append("after the refused insert")
            await sql.run(conn, "INSERT INTO notes VALUES (:note)", note="second")
            reached.append("never")
    assert reached == ["after the refused insert"]
    assert await count_notes(db) == 0
    # the writer is left clean: the next transaction commits
    async with db.transaction() as conn:
        await sql.run(conn, "INSERT INTO notes VALUES (:note)", note="third")
        assert await sql.value(conn, "SELECT count(*) FROM notes") == 1
    assert await count_notes(db) == 1


async def test_a_refused_seat_raises_where_it_is_written(service: GameService) -> None:
    info = await started(service)
    async with service.db.reading() as conn:
        (seat, *_) = await store.seats_of(conn, info.id)
    with pytest.raises(sql.IntegrityError):
        async with service.db.transaction(game=info.id) as conn:
            await store.insert_seat(conn, seat)  # the seat is taken: raised here, not at the commit
            pytest.fail("the transaction went on past a refused statement")


class Refused(Exception):
    pass


async def test_a_version_check_that_finds_the_game_moved_on_raises_at_once(service: GameService) -> None:
    info = await started(service)
    with pytest.raises(Refused):
        async with service.db.transaction(game=info.id) as conn:
            await store.set_version(
                conn,
                info.id,
                expected=info.version + 1,  # another writer's move was not seen
                revision=0,
                new=info.version + 2,
                refused=Refused(),
                status="finished",
            )
            await store.update_game(conn, info.id, host_id=999)
            pytest.fail("the transaction went on past a refused version check")
    after = await service.get_game(CHANNEL)
    assert (after.version, after.status, after.host_id) == (info.version, "active", info.host_id)


@pytest.fixture
def trips(monkeypatch: pytest.MonkeyPatch, service: GameService) -> Counter[str]:
    """The trips to a connection's thread from now on, by connection: "writer" or "reader"."""
    if service.db.postgres:
        pytest.skip("trips to a connection's thread are SQLite's")
    counted: Counter[str] = Counter()
    # every call aiosqlite sends to its connection's thread goes through ``Connection._execute``
    call = aiosqlite.Connection._execute

    async def counting(self: aiosqlite.Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        writer = service.db.writer
        counted["writer" if writer is not None and self is writer.raw else "reader"] += 1
        return await call(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counting)
    return counted


async def test_a_reading_block_is_one_trip_a_statement(service: GameService, trips: Counter[str]) -> None:
    await started(service)
    await act(service)  # the readers are open and the game is cached from now on
    await service.runner.idle()
    trips.clear()
    await service.get_game(CHANNEL)  # the game's row and its seats: two statements
    assert trips == {"reader": 2}  # its begin and end take no trip


async def test_a_reading_block_whose_end_fails_says_so_and_its_connection_is_replaced(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    if db.postgres:
        pytest.skip("SQLite's reading connections")
    async with db.transaction() as conn:
        await conn.exec_driver_sql("CREATE TABLE notes (text TEXT)")
    assert await count_notes(db) == 0
    (reader,) = db._readers

    def failing() -> None:
        raise sa.exc.OperationalError("COMMIT", None, OSError("disk I/O error"))

    monkeypatch.setattr(reader, "end_reading", failing)
    with pytest.raises(sa.exc.OperationalError):
        await count_notes(db)
    assert reader not in db._readers and isinstance(reader, SqliteConnection)
    async with db.transaction() as conn:
        await conn.exec_driver_sql("INSERT INTO notes VALUES ('new')")
    assert await count_notes(db) == 1  # on a fresh connection
