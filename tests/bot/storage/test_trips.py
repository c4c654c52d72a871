"""How many times a transaction waits for its connection's thread (SQLite): under load every wait is a turn
in the busy event loop, and a write holds the one writer for all of its waits."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.services import GameService
from bot.storage import Database, sql
from bot.storage import games as store
from bot.storage.threaded import ThreadedConnection
from tests.bot.storage.test_readers import count_notes
from tests.support.fixtures import CHANNEL, act, started


async def test_a_failed_write_sent_without_waiting_undoes_its_whole_transaction(db: Database) -> None:
    async with db.transaction() as conn:
        await conn.exec_driver_sql("CREATE TABLE notes (text TEXT UNIQUE)")
    with pytest.raises(sql.IntegrityError):
        async with db.transaction() as conn:
            await sql.send(conn, "INSERT INTO notes VALUES (:note)", note="first")
            await sql.send(conn, "INSERT INTO notes VALUES (:note)", note="first")  # refused
            await sql.send(conn, "INSERT INTO notes VALUES (:note)", note="second")
    assert await count_notes(db) == 0
    # the writer is left clean: the next transaction commits, and finds no error of the last one
    async with db.transaction() as conn:
        await sql.send(conn, "INSERT INTO notes VALUES (:note)", note="third")
        assert await sql.value(conn, "SELECT count(*) FROM notes") == 1  # sees what was sent before it
    assert await count_notes(db) == 1


class Refused(Exception):
    pass


async def test_a_version_check_that_finds_the_game_moved_on_fails_its_transaction(
    service: GameService,
) -> None:
    info = await started(service)
    with pytest.raises(Refused):
        async with service.db.transaction() as conn:
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
    after = await service.get_game(CHANNEL)
    assert (after.version, after.status, after.host_id) == (info.version, "active", info.host_id)


@pytest.fixture
def trips(monkeypatch: pytest.MonkeyPatch, service: GameService) -> Counter[str]:
    """The waits for a connection's thread from now on, by connection: "writer" or "reader"."""
    if service.db.postgres:
        pytest.skip("trips to a connection's thread are SQLite's")
    counted: Counter[str] = Counter()
    call = ThreadedConnection._call

    async def counting(self: ThreadedConnection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        counted["writer" if self is service.db.writer else "reader"] += 1
        return await call(self, fn, *args, **kwargs)

    monkeypatch.setattr(ThreadedConnection, "_call", counting)
    return counted


async def test_a_move_waits_once_for_the_writer_and_once_a_statement_for_a_reader(
    service: GameService, trips: Counter[str]
) -> None:
    await started(service)
    await act(service)  # the readers are open and the game is cached from now on
    await service.runner.idle()
    writes = service.db.writes.count
    trips.clear()
    await act(service)
    await service.runner.idle()
    made = service.db.writes.count - writes
    assert made >= 1
    # a move's write, its version check included, is sent without waiting: it waits for its commit alone
    assert trips["writer"] == made, (trips, made)

    trips.clear()
    await service.get_game(CHANNEL)  # the game's row and its seats: two statements, two waits
    assert trips == {"reader": 2}


async def test_a_reading_block_whose_end_fails_leaves_its_connection_usable(
    db: Database, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    if db.postgres:
        pytest.skip("a reading block's end is waited for on PostgreSQL")
    async with db.transaction() as conn:
        await conn.exec_driver_sql("CREATE TABLE notes (text TEXT)")
    assert await count_notes(db) == 0
    (reader,) = db._readers
    commit, failed = reader.sync.commit, list[bool]()

    def failing_once() -> None:
        if not failed:
            failed.append(True)
            raise RuntimeError("disk I/O error")
        commit()

    monkeypatch.setattr(reader.sync, "commit", failing_once)
    assert await count_notes(db) == 0  # ends without waiting: its commit fails on the thread meanwhile
    async with db.transaction() as conn:
        await conn.exec_driver_sql("INSERT INTO notes VALUES ('new')")
    # the failed end was rolled back: the same connection starts a fresh snapshot, which sees the row
    assert await count_notes(db) == 1
    assert db._readers == [reader]
    assert failed
    assert "could not end a reading transaction" in caplog.text
