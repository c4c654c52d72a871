"""The stored next-due time: a reminder round reads only games with something due, the stored times follow
every change, and computer seats a crash left waiting are moved by the loop."""

from __future__ import annotations

import asyncio
from datetime import datetime

from bot.services import GameService
from bot.services.policy import COMPUTER_GRACE, next_due_at
from bot.storage import due as due_store
from bot.storage import games as store
from bot.storage import preferences
from bot.storage.sql import run_many
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, started


async def work_of_a_round(service: GameService) -> tuple[int, int]:
    """How many SQL statements and SQLite VM steps one idle reminder round takes."""
    await service.run_due()  # brings the stored times up to date first
    statements: list[str] = []
    steps = [0]

    def step() -> int:
        steps[0] += 1
        return 0

    async def hooks(on: bool) -> None:
        """SQLite's own hooks on the writing connection (set on its thread by aiosqlite)."""
        driver = service.db.writer.raw
        await driver.set_trace_callback(statements.append if on else None)
        await driver.set_progress_handler(step if on else None, 1)

    await hooks(True)
    try:
        assert await service.run_due() == []
    finally:
        await hooks(False)
    return len(statements), steps[0]


async def test_an_idle_round_does_the_same_work_for_three_games_as_for_thirty(service, db_path):
    """Neither more statements nor more rows read: the round finds due games through an index (counted
    by SQLite's own hooks on the file's writing connection)."""
    for n in range(3):
        await started(service, channel=CHANNEL + n, reminder_minutes=60, deadline_minutes=600)
    few = await work_of_a_round(service)
    for n in range(3, 30):
        await started(service, channel=CHANNEL + n, reminder_minutes=60, deadline_minutes=600)
    assert await work_of_a_round(service) == few


async def expected_next_due(service: GameService) -> datetime | None:
    """The next-due time computed from scratch from every active game, as the policy defines it."""
    async with service.db.reading() as conn:
        games = await store.games_with_status(conn, ["active"])
        times = []
        for game in games:
            seats = await store.seats_of(conn, game.id)
            prefs = {
                s.user_id: await preferences.user_settings(conn, s.user_id)
                for s in seats
                if s.user_id is not None
            }
            times.append(next_due_at(game, seats, prefs))
    return min((t for t in times if t is not None), default=None)


async def test_the_stored_time_follows_every_change_that_moves_it(service, clock):
    info = await started(service, (ANN, BOB, CID), reminder_minutes=60, deadline_minutes=600)
    await started(service, (BOB, ANN), channel=CHANNEL + 1, reminder_minutes=90)
    changes = [
        lambda: service.submit(CHANNEL, ANN, "pass"),
        lambda: service.mute(BOB, info.id, until_next_turn=True),
        lambda: service.update_user_settings(ANN, reminder_minutes=15),
        lambda: service.mute(BOB, info.id),
        lambda: service.unmute(BOB),
        lambda: service.set_away(CHANNEL, BOB, True),
        lambda: service.update_game_timing(CHANNEL, ANN, reminder_minutes=30, deadline_minutes=45),
        lambda: service.set_away(CHANNEL, BOB, False),
        lambda: service.update_user_settings(BOB, muted=True),
        lambda: service.update_user_settings(BOB, muted=False),
        lambda: service.run_due(),  # a reminder sent
        lambda: service.hand_to_ai(CHANNEL, BOB, 1),
        lambda: service.take_back_seat(CHANNEL, BOB),
        lambda: service.abandon(CHANNEL + 1, BOB),
    ]
    for step, change in enumerate(changes):
        clock.advance(minutes=20)
        await change()
        assert await service.next_due_at() == await expected_next_due(service), f"after change {step}"


async def test_games_from_before_the_stored_times_are_computed_at_the_first_round(service, db_where, clock):
    await started(service, reminder_minutes=60)
    async with service.db.transaction() as conn:  # how the next_due migration leaves games that already exist
        await conn.exec_driver_sql("UPDATE games SET next_due_at = NULL, due_stale = 1")
    clock.advance(minutes=60)
    assert [(n.kind, n.user_id) for n in await service.run_due()] == [("reminder", ANN)]


def interrupted(*args, **kwargs):  # type: ignore[no-untyped-def]
    """Cancels the task waiting for the move (a module-level function: it runs in a worker process)."""
    raise asyncio.CancelledError


async def stranded(service: GameService, channel: int = CHANNEL) -> None:
    """Ann passes; the process 'dies' (the runner's task is cancelled) while the computer chooses its
    reply."""
    real = service.ai
    service.ai = interrupted
    await service.submit(channel, ANN, "pass")
    await service.runner.idle()
    service.ai = real


async def test_a_computer_seat_left_waiting_is_moved_after_a_grace_by_a_running_loop(service, clock):
    await service.create_game(10, CHANNEL, ANN, "Ann", "tiny", {"rounds": 2}, seat_order="join")
    await service.add_ai(CHANNEL, ANN)
    await service.start(CHANNEL, ANN)
    await service.run_due()  # the loop has run since the start: the next rounds wait for the grace
    await stranded(service)
    info = await service.get_game(CHANNEL)
    assert info.to_act == (1,)
    clock.advance(seconds=COMPUTER_GRACE.total_seconds() / 2)
    assert await service.resume_computer_turns() == []  # perhaps another process is making that move
    clock.advance(seconds=COMPUTER_GRACE.total_seconds() / 2)
    assert await service.resume_computer_turns() == [info.id]
    await service.runner.idle()
    moved = await service.get_game(CHANNEL)
    assert moved.version > info.version and 1 not in moved.to_act
    assert await service.resume_computer_turns() == [] and await service.run_due() == []
    await service.runner.idle()
    assert (await service.get_game(CHANNEL)).revision == moved.revision


async def test_a_game_the_runner_is_moving_is_not_woken_twice(service, monkeypatch):
    await service.create_game(10, CHANNEL, ANN, "Ann", "tiny", {"rounds": 2}, seat_order="join")
    await service.add_ai(CHANNEL, ANN)
    await service.start(CHANNEL, ANN)
    await stranded(service)
    game_id = (await service.get_game(CHANNEL)).id
    monkeypatch.setattr(service.runner, "running", lambda g: g == game_id)
    assert await service.resume_computer_turns() == []  # its run is under way
    monkeypatch.undo()
    assert await service.resume_computer_turns(service.clock() + COMPUTER_GRACE) == [game_id]
    await service.runner.idle()
    assert 1 not in (await service.get_game(CHANNEL)).to_act


async def test_a_game_whose_computer_move_fails_does_not_stop_the_others(service, clock, monkeypatch):
    """A broken game is logged and left (the reminder round wakes it again); the other games' computer
    turns go on."""
    for channel in (CHANNEL, CHANNEL + 1):
        await service.create_game(10, channel, ANN, "Ann", "tiny", {"rounds": 2}, seat_order="join")
        await service.add_ai(channel, ANN)
        await service.start(channel, ANN)
    await stranded(service)
    await stranded(service, CHANNEL + 1)
    real = service._ai_move
    broken = (await service.get_game(CHANNEL)).id

    async def fails_in_one_game(game, *args):  # type: ignore[no-untyped-def]
        if game.id == broken:
            raise RuntimeError("a bug in one game")
        return await real(game, *args)

    monkeypatch.setattr(service, "_ai_move", fails_in_one_game)
    assert len(await service.resume_computer_turns()) == 2
    await service.runner.idle()
    assert 1 in (await service.get_game(CHANNEL)).to_act
    assert 1 not in (await service.get_game(CHANNEL + 1)).to_act


async def test_a_round_ends_while_moves_keep_changing_its_games(service, monkeypatch):
    """People moving faster than the round computes next-due times keep marking games stale again: the
    round's sweep computes each game once and ends (it used to start over while any game was stale, and
    under load never ended); the games changed behind it are computed in the next round."""
    ids = [(await started(service, channel=CHANNEL + n, reminder_minutes=60)).id for n in range(3)]
    store_next_due = due_store.store_next_due
    computed: list[int] = []

    async def changed_again(conn, due):  # type: ignore[no-untyped-def]
        due = list(due)
        await store_next_due(conn, due)
        computed.extend(game_id for game_id, _ in due)
        await run_many(conn, "UPDATE games SET due_stale = 1 WHERE id = :id", [{"id": g} for g, _ in due])

    monkeypatch.setattr(due_store, "store_next_due", changed_again)
    await asyncio.wait_for(service.next_due_at(), timeout=30)  # one sweep
    assert sorted(computed) == sorted(ids)  # each once
    await asyncio.wait_for(service.run_due(), timeout=30)  # the round (a sweep for its computers, one after)
    monkeypatch.setattr(due_store, "store_next_due", store_next_due)
    await service.run_due()
    async with service.db.reading() as conn:
        assert await due_store.stale_games(conn) == []
