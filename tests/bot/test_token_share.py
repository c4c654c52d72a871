"""Processes on one token share Discord's global limit through the database they share: the parts the
processes hold never add up to more than the limit, as processes join, stop, die or lose the database.

Each process here is a ``GlobalPace`` and a ``TokenShare`` on its own connection to one database, with fake
clocks: renewals are called by the test, never by time passing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from bot import pacing
from bot.pacing import GlobalPace, TokenShare, part_of_limit
from bot.storage import Database, open_database, shares
from bot.storage.connection import Location
from tests.support.fixtures import db_kind, db_where

__all__ = ["db_kind", "db_where"]

LIMIT = 6


class Clocks:
    """The monotonic clock the paces count their windows by, and the wall clock of the renewals."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.wall = datetime(2026, 11, 28, 12, tzinfo=UTC)

    def advance(self, seconds: float) -> None:
        self.seconds += seconds
        self.wall += timedelta(seconds=seconds)


class Process:
    def __init__(self, name: str, db: Database, clocks: Clocks) -> None:
        self.db = db
        self.pace = GlobalPace(LIMIT, clock=lambda: clocks.seconds)
        self.share = TokenShare(self.pace, db, name, limit=LIMIT, clock=lambda: clocks.wall)

    @property
    def part(self) -> int:
        return self.pace.allowed


@pytest.fixture(autouse=True)
def no_renewals_by_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pacing, "RENEW", 3600.0)  # the background renewal never comes during a test


@pytest.fixture
def clocks() -> Clocks:
    return Clocks()


@pytest.fixture
async def processes(db_where: Location, clocks: Clocks) -> AsyncIterator[list[Process]]:
    """Three processes, each with a connection of its own to the shared database; none started."""
    made = [Process(name, await open_database(db_where), clocks) for name in ("a", "b", "c")]
    yield made
    for process in made:
        await process.share.stop()
        await process.db.close()


async def recorded(db: Database) -> dict[str, int]:
    """Each live process's part, as the others read it."""
    async with db.reading() as conn:
        found = await conn.execute(sa.text("SELECT holder, budget FROM request_shares"))
        return {holder: budget for holder, budget in found}


def within_limit(processes: list[Process]) -> None:
    assert sum(p.part for p in processes) <= LIMIT, [p.part for p in processes]


def test_a_part_is_an_equal_part_but_no_more_than_the_others_leave_free() -> None:
    assert part_of_limit(50, []) == 50
    assert part_of_limit(50, [17, 17]) == 16  # 17, 17 and 16: all of it
    assert part_of_limit(50, [17, 16]) == 17
    assert part_of_limit(50, [50]) == 0  # the other gives up half at its next renewal
    assert part_of_limit(50, [25, 10]) == 15
    assert part_of_limit(2, [1, 1, 0]) == 0  # more processes than requests: the late ones wait


async def test_processes_that_join_share_the_limit_and_never_hold_more_together(
    processes: list[Process],
) -> None:
    a, b, c = processes
    await a.share.start()
    assert a.part == LIMIT  # alone: all of it
    await b.share.start()
    await c.share.start()
    assert (b.part, c.part) == (0, 0)  # a holds it all until its next renewal
    within_limit(processes)
    for process in processes:
        await process.share.renew()
        within_limit(processes)
    assert [p.part for p in processes] == [2, 2, 2]
    assert await recorded(a.db) == {"a": 2, "b": 2, "c": 2}


async def test_a_part_given_up_is_free_only_once_the_window_no_longer_holds_it(
    processes: list[Process], clocks: Clocks
) -> None:
    a, b, _ = processes
    await a.share.start()
    for _ in range(LIMIT):
        await a.pace.wait()  # a uses all of it in this window
    await b.share.start()
    await a.share.renew()
    assert a.part == 3  # a takes no more from now on
    assert (await recorded(a.db))["a"] == LIMIT  # but what it began in this window still counts
    await b.share.renew()
    assert b.part == 0
    clocks.advance(pacing.WINDOW + pacing.SLACK)
    await a.share.renew()
    await b.share.renew()
    assert (a.part, b.part) == (3, 3)


async def test_a_process_that_stops_gives_its_part_back_and_a_dead_ones_returns_after_its_lease(
    processes: list[Process], clocks: Clocks
) -> None:
    a, b, c = processes
    for process in processes:
        await process.share.start()
    for process in processes:
        await process.share.renew()
    assert [p.part for p in processes] == [2, 2, 2]
    await c.share.stop()  # a clean stop
    await a.share.renew()
    await b.share.renew()
    assert (a.part, b.part) == (3, 3)
    # b dies: it renews no more; its part is still counted until its lease runs out
    clocks.advance(pacing.LEASE.total_seconds() - 1)
    await a.share.renew()
    assert a.part == 3
    clocks.advance(2)
    await a.share.renew()
    assert a.part == LIMIT
    assert await recorded(a.db) == {"a": LIMIT}


async def test_a_process_that_cannot_reach_the_database_keeps_its_part(
    processes: list[Process], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b, _ = processes
    await a.share.start()
    await b.share.start()
    await a.share.renew()
    await b.share.renew()
    assert (a.part, b.part) == (3, 3)

    async def unreachable(*_: object) -> list[int]:
        raise ConnectionRefusedError("the database is out of reach")

    monkeypatch.setattr(shares, "others", unreachable)
    await a.share.renew()  # refused: the part it had is one the others still count
    assert a.part == 3
    monkeypatch.undo()
    await a.share.renew()
    assert a.part == 3


async def test_a_process_starting_without_the_database_makes_no_request_until_it_has_a_part(
    processes: list[Process], monkeypatch: pytest.MonkeyPatch
) -> None:
    a = processes[0]

    async def unreachable(*_: object) -> list[int]:
        raise ConnectionRefusedError("the database is out of reach")

    monkeypatch.setattr(shares, "others", unreachable)
    await a.share.start()
    assert a.part == 0
    monkeypatch.undo()
    await a.share.renew()
    assert a.part == LIMIT
