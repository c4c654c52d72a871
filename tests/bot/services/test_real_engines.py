"""The service with the real engines: whole games of Santa Fe and Great Western Trail through the same
submit path people use, with undo tried after every move, computer seats, export and import."""

from __future__ import annotations

import pytest

import rules
from bot.services import GameService, UndoRefused, engine
from bot.storage import games as store
from rules.core.protocol import REVISION_OPTION
from rules.core.rng import Rng
from rules.gwt.revisions import CURRENT, FIRST, revision
from tests.support.fixtures import GUILD, turns

USERS = (11, 12, 13, 14, 15)
CHANNEL = 500


def engine_or_skip(rules_id: str) -> None:
    try:
        rules.get(rules_id)
    except ImportError as exc:  # the engine is not in this checkout
        pytest.skip(f"{rules_id} is not available: {exc}")


async def seat_everyone(service: GameService, rules_id: str, players: int) -> None:
    # one move a call, as the test counts them (auto-play has tests of its own)
    await service.create_game(GUILD, CHANNEL, USERS[0], "P0", rules_id, seat_order="join", auto_play=False)
    for i in range(1, players):
        await service.join(CHANNEL, USERS[i], f"P{i}")
    await service.start(CHANNEL, USERS[0])


@pytest.mark.parametrize(("rules_id", "players"), [("santafe", 2), ("santafe", 5), ("gwt", 2), ("gwt", 4)])
async def test_a_whole_game_through_the_service(db, clock, rules_id, players):
    engine_or_skip(rules_id)
    service = GameService(db, clock, new_seed=lambda: 2026)
    await seat_everyone(service, rules_id, players)
    pick = Rng(players)
    undone = 0
    async for info, user in turns(service, pick, 5000, CHANNEL):
        before = (await service.view_for(CHANNEL, user))[1]
        move, _label = pick.choice(await service.legal_moves(CHANNEL, user))
        outcome = await service.submit(CHANNEL, user, move, expected_version=info.version)
        assert outcome.move == move and outcome.version == info.version + 1
        assert all(e.get("private_to") is None for e in outcome.public_events)
        if info.version < 40:  # undo, where the policy allows it, restores exactly the position before
            try:
                back = await service.undo(CHANNEL, user)
            except UndoRefused:
                continue
            undone += 1
            assert back.version == info.version
            assert (await service.view_for(CHANNEL, user))[1] == before
            await service.submit(CHANNEL, user, move, expected_version=info.version)
    info = await service.get_game(CHANNEL)
    assert info.status == "finished" and info.to_act == ()
    assert await service.check_replay(info.id)
    stats = await service.stats(GUILD)
    assert stats["played"] == 1 and stats["per_game"][0]["rules_id"] == rules_id
    data = await service.export(CHANNEL)
    copy = await service.import_game(GUILD, CHANNEL + 1, data, host_id=USERS[0])
    assert copy.status == "finished" and copy.version == info.version
    assert (await service.view_for(CHANNEL + 1, None))[1] == (await service.view_for(CHANNEL, None))[1]
    assert len(await service.log(CHANNEL, USERS[0], limit=0)) == info.version
    assert undone > 0  # some moves of the first forty could be taken back, and were exactly


@pytest.mark.parametrize("rules_id", ["santafe", "gwt"])
async def test_private_views_differ_from_the_spectators(db, clock, rules_id):
    engine_or_skip(rules_id)
    service = GameService(db, clock, new_seed=lambda: 5)
    await seat_everyone(service, rules_id, 3)
    _, spectator = await service.view_for(CHANNEL, None)
    _, own = await service.view_for(CHANNEL, USERS[0])
    _, other = await service.view_for(CHANNEL, USERS[1])
    assert spectator["viewer"] is None and own["viewer"] == 0 and other["viewer"] == 1
    assert own != spectator and own != other


@pytest.mark.parametrize(
    ("rules_id", "level", "options"),
    [
        ("santafe", 0, {}),
        ("santafe", 1, {"advanced": True, "buy_track": True}),
        ("gwt", 0, {"building_sides": "random", "neutral": "random"}),
        ("gwt", 1, {}),
    ],
)
async def test_computer_seats_finish_a_game(db, clock, rules_id, level, options):
    engine_or_skip(rules_id)
    service = GameService(db, clock, new_seed=lambda: 8)
    info = await service.create_game(GUILD, CHANNEL, USERS[0], "P0", rules_id, options, seat_order="join")
    assert info.options == options
    for _ in range(2):
        await service.add_ai(CHANNEL, USERS[0], level=level)
    await service.start(CHANNEL, USERS[0])
    await service.hand_to_ai(CHANNEL, USERS[0], 0, level=level)
    await service.runner.idle()  # the runner plays the game to its end without a pause
    outcome = await service.game_by_id((await service.get_game(CHANNEL)).id)
    assert outcome.status == "finished" and await service.final_result(CHANNEL)
    data = await service.export(CHANNEL)
    assert {m["actor"] for m in data["moves"]} == {"ai"}
    assert data["options"] == engine.current_options(rules.get(rules_id), options)  # with the rules revision
    assert await service.check_replay(outcome.id)


async def test_a_new_game_is_stored_with_the_rules_revision_it_is_played_by(db, clock):
    """Great Western Trail's rules have revisions (``rules.gwt.revisions``): a game opened now is stored with
    the current one among its options, so its moves replay by the rules they were played by; the options
    the service hands back are the host's choices alone. A game stored without one (every game stored
    before) plays by the first rules, and replays so."""
    engine_or_skip("gwt")
    service = GameService(db, clock, new_seed=lambda: 8)
    info = await service.create_game(GUILD, CHANNEL, USERS[0], "P0", "gwt", {"neutral": "random"})
    assert info.options == {"neutral": "random"}
    async with db.transaction(game=info.id) as conn:
        row = await store.game_by_id(conn, info.id)
        assert row is not None and row.options == {"neutral": "random", REVISION_OPTION: CURRENT}
        await store.update_game(conn, info.id, options={"neutral": "random"})  # as stored before
    await service.join(CHANNEL, USERS[1], "P1")
    await service.start(CHANNEL, USERS[0])
    state = service.cache.get(info.id, (await service.get_game(CHANNEL)).revision)
    assert state is not None and revision(state) == FIRST
    assert await service.check_replay(info.id)
