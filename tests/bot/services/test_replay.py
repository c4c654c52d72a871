"""The log is the truth: every stored game replays to its snapshot, and a missing or wrong snapshot or a
cold cache only costs a replay."""

from __future__ import annotations

import json

from bot.services import GameService, engine
from bot.storage import games as store
from bot.storage import sql
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, GUILD, act, lobby, play_to_end, started


async def test_every_stored_game_replays_to_its_snapshot(service, db):
    await started(service, (ANN, BOB, CID))  # finished
    await play_to_end(service)
    await started(service, (ANN, BOB), CHANNEL + 1)  # with an undo and a restore
    for _ in range(4):
        await act(service, channel=CHANNEL + 1)
    await service.submit(CHANNEL + 1, ANN, "pass")
    await service.submit(
        CHANNEL + 1, BOB, "play " + str((await service.view_for(CHANNEL + 1, BOB))[1]["hand"][0])
    )
    await service.undo(CHANNEL + 1, BOB)
    await service.restore(CHANNEL + 1, 2, admin=True)
    await lobby(service, (ANN,), CHANNEL + 2)  # computers and a resignation
    await service.add_ai(CHANNEL + 2, ANN, 0)
    await service.add_ai(CHANNEL + 2, ANN, 1)
    await service.start(CHANNEL + 2, ANN)
    await act(service, channel=CHANNEL + 2)
    await service.import_game(GUILD, CHANNEL + 3, await service.export(CHANNEL + 1), host_id=ANN)
    async with db.reading() as conn:
        ids = await store.all_game_ids(conn)
    assert len(ids) == 4
    for game_id in ids:
        assert await service.check_replay(game_id)


async def test_a_wrong_snapshot_is_detected_and_not_used(service, clock):
    info = await started(service)
    for _ in range(3):
        await act(service)
    expected = (await service.view_for(CHANNEL, ANN))[1]
    async with service.db.transaction() as conn:
        await sql.run(conn, "UPDATE snapshots SET version = 1 WHERE game_id = :game", game=info.id)
    assert not await service.check_replay(info.id)
    cold = GameService(service.db, clock)  # nothing cached: must rebuild from the log
    assert (await cold.view_for(CHANNEL, ANN))[1] == expected
    await cold.submit(CHANNEL, ANN, "pass")  # and play on; the new snapshot is right again
    assert await cold.check_replay(info.id)


async def test_a_missing_snapshot_costs_only_a_replay(service, clock):
    info = await started(service)
    await act(service)
    expected = (await service.view_for(CHANNEL, BOB))[1]
    async with service.db.transaction() as conn:
        await sql.run(conn, "DELETE FROM snapshots WHERE game_id = :game", game=info.id)
    cold = GameService(service.db, clock)
    assert (await cold.view_for(CHANNEL, BOB))[1] == expected


async def test_the_state_cache_keeps_the_most_recent_games(db, clock, tiny_game):
    service = GameService(db, clock, new_seed=lambda: 3, cache_size=2)
    games = [await started(service, (ANN, BOB), channel) for channel in (1, 2, 3)]
    assert len(service.cache) == 2
    assert service.cache.get(games[0].id, games[0].revision) is None  # the oldest was evicted
    await service.view_for(1, ANN)  # and comes back from its snapshot
    assert service.cache.get(games[0].id, games[0].revision) is not None
    assert service.cache.get(games[1].id, games[1].revision) is None


async def test_a_move_on_a_cached_game_does_not_replay_it(service, monkeypatch):
    await started(service)
    await act(service)

    def no_replay(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the game was replayed")

    monkeypatch.setattr(engine, "replay", no_replay)
    for _ in range(5):
        await act(service)
    assert (await service.get_game(CHANNEL)).version == 6


async def test_a_snapshot_whose_contents_differ_from_the_replay_is_reported(service):
    info = await started(service)
    await act(service)
    assert await service.check_replay(info.id)
    async with service.db.transaction() as conn:
        state = json.loads(
            await sql.value(conn, "SELECT state FROM snapshots WHERE game_id = :game", game=info.id)
        )
        state["bonus"][0] = 99
        await sql.run(
            conn,
            "UPDATE snapshots SET state = :state WHERE game_id = :game",
            state=json.dumps(state),
            game=info.id,
        )
    assert not await service.check_replay(info.id)
