"""Many submissions at once — in one process, from two connections, from several processes:
exactly the legal moves are applied, each once, and the versions stay contiguous."""

from __future__ import annotations

import asyncio

import pytest

from bot.services import Busy, GameNotActive, GameService, StaleVersion
from bot.storage import open_database
from rules.core.errors import RulesError
from tests.support import worker
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, DOT, started


async def contiguous(service: GameService) -> list[tuple[int, int, str]]:
    data = await service.export(CHANNEL)
    assert [m["version"] for m in data["moves"]] == list(range(1, data["version"] + 1))
    return [(m["version"], m["seat"], m["move"]) for m in data["moves"]]


async def test_the_same_move_sent_many_times_at_once_is_applied_once(service):
    await started(service)
    results = await asyncio.gather(
        *(service.submit(CHANNEL, ANN, "pass", expected_version=0) for _ in range(20)), return_exceptions=True
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert len(applied) == 1 and applied[0].version == 1
    assert all(isinstance(r, StaleVersion) for r in results if isinstance(r, BaseException))
    assert await contiguous(service) == [(1, 0, "pass")]


async def test_a_double_click_without_a_version_is_refused_by_the_rules(service):
    await started(service)
    results = await asyncio.gather(
        *(service.submit(CHANNEL, ANN, "pass") for _ in range(5)), return_exceptions=True
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, RulesError) for r in results if isinstance(r, BaseException))
    assert (await service.get_game(CHANNEL)).version == 1


async def test_everyones_simultaneous_moves_sent_at_once_are_all_applied_once(service):
    await started(service, (ANN, BOB, CID, DOT))
    for user in (ANN, BOB, CID, DOT):
        await service.submit(CHANNEL, user, "pass")
    hands = {u: (await service.view_for(CHANNEL, u))[1]["hand"] for u in (ANN, BOB, CID, DOT)}
    attempts = [service.submit(CHANNEL, u, f"bid {hands[u][0]}") for u in hands for _ in range(3)]
    attempts += [service.submit(CHANNEL, ANN, "pass") for _ in range(3)]  # not legal in the bid
    results = await asyncio.gather(*attempts, return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert sorted(r.seat for r in applied) == [0, 1, 2, 3]
    assert all(isinstance(r, RulesError) for r in results if isinstance(r, BaseException))
    moves = await contiguous(service)
    assert len(moves) == 8 and sorted(seat for _, seat, _ in moves[4:]) == [0, 1, 2, 3]
    assert await service.check_replay((await service.get_game(CHANNEL)).id)


async def test_two_connections_racing_apply_the_move_once(service, db_where, clock):
    """Two services with their own connections and locks stand for two processes."""
    await started(service)
    other_db = await open_database(db_where)
    try:
        other = GameService(other_db, clock)
        await other.get_game(CHANNEL)
        for round_ in range(10):
            info = await service.get_game(CHANNEL)
            user = info.seats[info.to_act[0]].user_id
            move = (await service.legal_moves(CHANNEL, user))[0][0]
            results = await asyncio.gather(
                service.submit(CHANNEL, user, move, expected_version=info.version),
                other.submit(CHANNEL, user, move, expected_version=info.version),
                return_exceptions=True,
            )
            ok = [r for r in results if not isinstance(r, BaseException)]
            assert len(ok) == 1, (round_, results)
            errors = [r for r in results if isinstance(r, BaseException)]
            assert all(isinstance(r, (StaleVersion, Busy)) for r in errors), errors
        assert len(await contiguous(service)) == 10
        # each side's cache follows the other's writes
        assert (await other.view_for(CHANNEL, ANN))[1] == (await service.view_for(CHANNEL, ANN))[1]
    finally:
        await other_db.close()


async def test_a_stale_cache_is_never_trusted(service, db_where, clock):
    await started(service)
    other_db = await open_database(db_where)
    try:
        other = GameService(other_db, clock)
        await other.view_for(CHANNEL, ANN)  # caches version 0
        await service.submit(CHANNEL, ANN, "pass")
        outcome = await other.submit(CHANNEL, BOB, "pass")  # must build on version 1, not its cached 0
        assert outcome.version == 2
        assert await contiguous(other) == [(1, 0, "pass"), (2, 1, "pass")]
    finally:
        await other_db.close()


async def test_processes_racing_for_the_same_move_apply_it_once(service, db_where):
    await started(service)
    workers = [
        worker.start(
            "race", db_where.url or str(db_where.path), str(ANN), "pass", "0", str(CHANNEL), stdin=True
        )
        for _ in range(4)
    ]
    for w in workers:
        assert w.stdout is not None and w.stdout.readline().strip() == "ready"
    for w in workers:  # release them together
        assert w.stdin is not None
        w.stdin.write("go\n")
        w.stdin.flush()
    lines = [w.communicate()[0].strip() for w in workers]
    assert sorted(lines)[0] == "applied 1" and lines.count("applied 1") == 1, lines
    assert all(line in ("refused StaleVersion", "refused Busy") for line in lines if line != "applied 1")
    assert await contiguous(service) == [(1, 0, "pass")]


async def test_an_undo_elsewhere_is_noticed_even_at_the_same_version(service, db_where, clock):
    """Undo brings the version back: the cache and the write check go by the revision too."""
    await started(service)
    hand = (await service.view_for(CHANNEL, ANN))[1]["hand"]
    await service.submit(CHANNEL, ANN, f"play {hand[0]}")
    other_db = await open_database(db_where)
    try:
        other = GameService(other_db, clock)
        await other.view_for(CHANNEL, ANN)  # caches the position after "play hand[0]" at version 1
        await service.undo(CHANNEL, ANN)
        await service.submit(CHANNEL, ANN, f"play {hand[1]}")  # version 1 again, another position
        _, view = await other.view_for(CHANNEL, ANN)
        assert view["table"][0] == [hand[1]]
        outcome = await other.submit(CHANNEL, ANN, f"play {hand[0]}")
        assert outcome.version == 2
        assert await contiguous(other) == [(1, 0, f"play {hand[1]}"), (2, 0, f"play {hand[0]}")]
    finally:
        await other_db.close()


async def test_a_move_that_waited_while_the_game_was_abandoned_hears_it_has_just_ended(service):
    """The move waits for the game's lock while the host abandons the game: it is told the game has just
    ended, as when it read the game open before the abandon, never that the channel has no game."""
    await started(service)
    await service.submit(CHANNEL, ANN, "pass")  # the channel's game is known to the process now
    game = await service.get_game(CHANNEL)
    async with service.repo.lock(game.id):  # an operation on the game goes on
        abandon = asyncio.ensure_future(service.abandon(CHANNEL, ANN))
        await asyncio.sleep(0)
        move = asyncio.ensure_future(service.submit(CHANNEL, BOB, "pass"))
        await asyncio.sleep(0)  # both wait for the lock, the abandon first
    await abandon
    with pytest.raises(GameNotActive) as refused:
        await move
    assert refused.value.message == "That game has just ended."
