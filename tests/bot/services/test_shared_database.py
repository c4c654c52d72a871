"""Several bot processes on one database: each game's due work (a reminder, a deadline, computer seats
left waiting) is done by one of them, and a process that dies holding some leaves it to the others once
its claim has run out. Each process is a GameService on a Database of its own."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.services import FakeClock, GameService
from bot.services.timing import CLAIM
from bot.storage import open_database, sql
from bot.storage.connection import Location
from tests.bot.services.test_next_due import stranded
from tests.support.fixtures import ANN, CHANNEL, started


@asynccontextmanager
async def processes(where: Location, clock: FakeClock, count: int) -> AsyncIterator[list[GameService]]:
    dbs = [await open_database(where) for _ in range(count)]
    services = [GameService(db, clock, new_seed=lambda: 1234) for db in dbs]
    try:
        yield services
    finally:
        for service, db in zip(services, dbs, strict=True):
            await service.close()
            await db.close()


async def test_each_due_reminder_and_deadline_is_done_by_one_process(service, db_where, clock):
    for n in range(6):
        await started(service, channel=CHANNEL + n, reminder_minutes=60, deadline_minutes=120)
    clock.advance(minutes=61)
    async with processes(db_where, clock, 3) as others:
        rounds = await asyncio.gather(*(s.run_due() for s in (service, *others)))
        reminded = sorted(n.channel_id for notes in rounds for n in notes)
        assert reminded == [CHANNEL + n for n in range(6)]  # each game's reminder once, whoever sent it
        clock.advance(minutes=60)
        rounds = await asyncio.gather(*(s.run_due() for s in (service, *others)))
        skipped = sorted(n.channel_id for notes in rounds for n in notes if n.kind == "deadline")
        assert skipped == [CHANNEL + n for n in range(6)]
    for n in range(6):  # each deadline applied once: one move, Ann's turn skipped
        assert (await service.get_game(CHANNEL + n)).version == 1


async def test_the_work_of_a_process_that_died_is_taken_over_when_its_claim_runs_out(
    service, db_where, clock
):
    info = await started(service, reminder_minutes=60)
    clock.advance(minutes=61)
    async with processes(db_where, clock, 1) as (dead,):
        # it claimed the game's work, and died before doing it
        assert await dead._claim([info.id], clock()) == {info.id}
    assert await service.run_due() == []  # the claim holds: perhaps it is still at work
    clock.advance(seconds=CLAIM.total_seconds())
    [note] = await service.run_due()
    assert (note.kind, note.user_id) == ("reminder", ANN)
    assert await service.run_due() == []


async def test_computer_seats_left_waiting_are_resumed_by_one_process(service, db_where, clock):
    await service.create_game(10, CHANNEL, ANN, "Ann", "tiny", {"rounds": 2}, seat_order="join")
    await service.add_ai(CHANNEL, ANN)
    await service.start(CHANNEL, ANN)
    await stranded(service)  # this process dies while its computer thinks
    waiting = await service.get_game(CHANNEL)
    assert waiting.to_act == (1,)
    async with processes(db_where, clock, 3) as others:  # starting together, as after an outage
        woken = await asyncio.gather(*(s.resume_computer_turns() for s in others))
        assert sorted(map(len, woken)) == [0, 0, 1]  # one of them took it
        for s in others:
            await s.runner.idle()
    moved = await service.get_game(CHANNEL)
    assert moved.version > waiting.version and 1 not in moved.to_act
    async with service.db.reading() as conn:
        ai_moves = await sql.value(
            conn, "SELECT COUNT(*) FROM moves WHERE game_id = :g AND actor = 'ai'", g=waiting.id
        )
    assert ai_moves == moved.version - waiting.version  # every move since was the computer's, each once
