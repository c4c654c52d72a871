"""Several bot processes on one database: each game's due work (a reminder, a deadline, computer seats
left waiting) is done by one of them, and a process that dies holding some leaves it to the others once
the lease of its claim has run out; a clean stop gives it back at once. Each process is a GameService on a
Database of its own."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.services import FakeClock, GameService
from bot.services.policy import COMPUTER_GRACE
from bot.services.timing import LEASE, RENEW_EVERY
from bot.storage import open_database, sql
from bot.storage.connection import Location
from bot.storage.records import GameRow
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


@asynccontextmanager
async def died(where: Location, clock: FakeClock) -> AsyncIterator[GameService]:
    """A process that ends without a clean stop (killed): its connections close, its claims stay."""
    db = await open_database(where)
    try:
        yield GameService(db, clock, new_seed=lambda: 1234)
    finally:
        await db.close()


async def waiting_on_a_computer(service: GameService, clock: FakeClock) -> GameRow:
    """A started game in which the computer seat must answer Ann's pass, its run cut short a while ago
    (longer than the grace left to a process making the move right now)."""
    await service.create_game(10, CHANNEL, ANN, "Ann", "tiny", {"rounds": 2}, seat_order="join")
    await service.add_ai(CHANNEL, ANN)
    await service.start(CHANNEL, ANN)
    await stranded(service)
    clock.advance(seconds=COMPUTER_GRACE.total_seconds())
    game, _ = await service.repo.rows((await service.get_game(CHANNEL)).id)
    assert game.to_act == (1,)
    return game


async def moved_since(service: GameService, before: GameRow) -> bool:
    await service.runner.idle()
    game, _ = await service.repo.rows(before.id)
    return game.version > before.version and 1 not in game.to_act


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


async def test_the_work_of_a_process_that_died_is_taken_over_once_its_lease_runs_out(
    service, db_where, clock
):
    info = await started(service, reminder_minutes=60)
    clock.advance(minutes=61)
    async with died(db_where, clock) as dead:
        # it claimed the game's work, and died before doing it
        assert await dead.timing._claim([info.id], clock()) == {info.id}
    assert await service.run_due() == []  # the lease holds: perhaps it is still at work
    assert await service.renew_claims() is False
    clock.advance(seconds=LEASE.total_seconds())
    assert await service.renew_claims() is True  # the renewal asks for a round now
    [note] = await service.run_due()
    assert (note.kind, note.user_id) == ("reminder", ANN)
    assert await service.run_due() == []
    assert await service.renew_claims() is False


async def test_a_process_at_work_keeps_its_claim_while_it_renews_it_and_loses_it_a_lease_after(
    service, db_where, clock
):
    waiting = await waiting_on_a_computer(service, clock)
    async with processes(db_where, clock, 1) as (busy,):
        assert await busy.timing._claim([waiting.id], clock()) == {waiting.id}
        busy.timing._in_round = frozenset({waiting.id})  # a long round at work in that game
        for _ in range(24):  # two minutes, each renewal on time
            clock.advance(seconds=RENEW_EVERY.total_seconds())
            assert await busy.renew_claims() is False
            assert await service.renew_claims() is False
            assert await service.resume_computer_turns() == []
        # it hangs: no renewal any more; within a lease and one renewal the other takes the game over
        clock.advance(seconds=LEASE.total_seconds() - RENEW_EVERY.total_seconds())
        assert await service.resume_computer_turns() == []
        clock.advance(seconds=RENEW_EVERY.total_seconds())
        assert await service.renew_claims() is True
        assert await service.resume_computer_turns() == [waiting.id]
        assert await moved_since(service, waiting)


async def test_a_clean_stop_gives_its_claims_back_at_once(service, db_where, clock):
    waiting = await waiting_on_a_computer(service, clock)
    async with processes(db_where, clock, 1) as (stopping,):
        assert await stopping.timing._claim([waiting.id], clock()) == {waiting.id}
        assert await service.resume_computer_turns() == []
    # no time passed
    assert await service.resume_computer_turns() == [waiting.id]
    assert await moved_since(service, waiting)


async def test_a_restart_takes_over_the_claims_of_its_earlier_life(service, db_where, clock):
    """Killed while its computer thought, the process starts again as a new holder: on SQLite it is the
    only process that claims, so its earlier life's claim ends at once; on PostgreSQL another process may
    hold it, so it waits for that claim's lease alone."""
    waiting = await waiting_on_a_computer(service, clock)
    async with died(db_where, clock) as earlier:
        assert await earlier.timing._claim([waiting.id], clock()) == {waiting.id}
    await service.take_over_claims()
    if db_where.postgres:
        assert await service.resume_computer_turns() == []
        clock.advance(seconds=LEASE.total_seconds())
    assert await service.resume_computer_turns() == [waiting.id]
    assert await moved_since(service, waiting)


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


async def test_a_process_killed_while_the_computer_a_move_woke_thinks_is_taken_over_within_a_lease(
    service, db_where, clock, monkeypatch
):
    """Ann's move, made through another process, gives the computer the turn; that process is killed while
    its computer thinks. Its run held a claim (several processes: PostgreSQL), so once the lease has run
    out this process's renewal asks for a round, which makes the move: well before the minute after which
    a computer seat counts as left behind."""
    if not db_where.postgres:
        return  # one process claims on SQLite, and its restart takes over at once (above)
    await service.create_game(10, CHANNEL, ANN, "Ann", "tiny", {"rounds": 2}, seat_order="join")
    await service.add_ai(CHANNEL, ANN)
    await service.start(CHANNEL, ANN)
    await service.run_due()  # this process's first round is behind it: only the grace or a lease helps
    thinking = asyncio.Event()
    async with died(db_where, clock) as doomed:

        async def forever(*args: object, **kwargs: object) -> None:
            thinking.set()
            await asyncio.Event().wait()

        monkeypatch.setattr(doomed.thinkers, "choose", forever)
        await doomed.submit(CHANNEL, ANN, "pass")
        await thinking.wait()
        waiting, _ = await service.repo.rows((await service.get_game(CHANNEL)).id)
        doomed.runner.release = None  # killed: its run ends with the process, nothing is given back
        await doomed.runner.close()
    assert waiting.to_act == (1,)
    assert await service.resume_computer_turns() == []
    clock.advance(seconds=LEASE.total_seconds())
    assert await service.renew_claims() is True
    assert await service.resume_computer_turns() == [waiting.id]
    assert await moved_since(service, waiting)
