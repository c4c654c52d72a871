"""Lobby: create, join, computer seats, leave, seat order, start, cancel — and each refusal."""

from __future__ import annotations

import pytest

from bot.services import (
    AlreadyJoined,
    AlreadyStarted,
    GameExists,
    GameNotActive,
    NoGameHere,
    NotAllowed,
    NotEnoughPlayers,
    NotHost,
    NotInGame,
    TableFull,
)
from rules.core.errors import SetupError
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, DOT, GUILD, lobby, started


async def test_create_puts_the_host_in_seat_0(service, clock):
    info = await service.create_game(GUILD, CHANNEL, ANN, "Ann", "tiny", {"rounds": 3})
    assert info.status == "lobby" and info.version == 0
    assert info.title == "Tiny" and info.options == {"rounds": 3}
    assert [(s.seat, s.user_id, s.name, s.is_ai) for s in info.seats] == [(0, ANN, "Ann", False)]
    assert info.host_id == ANN and info.created_at == clock.now
    assert (
        info.reminder_minutes == 24 * 60 and info.deadline_minutes is None and info.deadline_action == "skip"
    )
    assert (info.min_players, info.max_players) == (2, 4)


async def test_a_second_game_in_a_busy_channel_is_refused(service):
    await lobby(service)
    with pytest.raises(GameExists):
        await service.create_game(GUILD, CHANNEL, CID, "Cid", "tiny")
    other = await service.create_game(GUILD, CHANNEL + 1, CID, "Cid", "tiny")
    assert other.channel_id == CHANNEL + 1


async def test_a_finished_or_cancelled_game_frees_the_channel(service):
    await lobby(service)
    await service.cancel(CHANNEL, ANN)
    info = await service.create_game(GUILD, CHANNEL, BOB, "Bob", "tiny")
    assert info.host_id == BOB and info.status == "lobby"


async def test_bad_options_unknown_games_and_bad_settings_are_refused_at_creation(service):
    with pytest.raises(SetupError):
        await service.create_game(GUILD, CHANNEL, ANN, "Ann", "tiny", {"rounds": 0})
    with pytest.raises(SetupError):
        await service.create_game(GUILD, CHANNEL, ANN, "Ann", "no-such-game")
    with pytest.raises(NotAllowed):
        await service.create_game(GUILD, CHANNEL, ANN, "Ann", "tiny", max_players=9)
    with pytest.raises(NotAllowed):
        await service.create_game(GUILD, CHANNEL, ANN, "Ann", "tiny", seat_order="alphabetical")
    with pytest.raises(NotAllowed):
        await service.create_game(GUILD, CHANNEL, ANN, "Ann", "tiny", deadline_action="explode")
    with pytest.raises(NotAllowed):
        await service.create_game(GUILD, CHANNEL, ANN, "Ann", "tiny", reminder_minutes=-5)
    with pytest.raises(NoGameHere):
        await service.get_game(CHANNEL)


async def test_timing_comes_from_the_guild_unless_given(service):
    await service.update_guild_settings(
        GUILD, reminder_minutes=90, deadline_minutes=600, deadline_action="ai"
    )
    info = await service.create_game(GUILD, CHANNEL, ANN, "Ann", "tiny")
    assert (info.reminder_minutes, info.deadline_minutes, info.deadline_action) == (90, 600, "ai")
    other = await service.create_game(
        GUILD,
        CHANNEL + 1,
        BOB,
        "Bob",
        "tiny",
        reminder_minutes=None,
        deadline_minutes=60,
        deadline_action="vote",
    )
    assert (other.reminder_minutes, other.deadline_minutes, other.deadline_action) == (None, 60, "vote")


async def test_join_and_its_refusals(service):
    with pytest.raises(NoGameHere):
        await service.join(CHANNEL, BOB, "Bob")
    await service.create_game(GUILD, CHANNEL, ANN, "Ann", "tiny", max_players=3)
    info = await service.join(CHANNEL, BOB, "Bob")
    assert [s.user_id for s in info.seats] == [ANN, BOB]
    with pytest.raises(AlreadyJoined):
        await service.join(CHANNEL, BOB, "Bob")
    await service.join(CHANNEL, CID, "Cid")
    with pytest.raises(TableFull):
        await service.join(CHANNEL, DOT, "Dot")


async def test_the_engine_maximum_bounds_the_table(service):
    await lobby(service, (ANN, BOB, CID, DOT))
    with pytest.raises(TableFull):
        await service.join(CHANNEL, 5, "Eve")
    with pytest.raises(TableFull):
        await service.add_ai(CHANNEL, ANN)


async def test_computer_seats_are_added_by_the_host_only(service):
    await lobby(service)
    info = await service.add_ai(CHANNEL, ANN, level=0)
    assert info.seats[2].is_ai and info.seats[2].ai_level == 0 and info.seats[2].user_id is None
    assert info.seats[2].name == "Computer 1"
    with pytest.raises(NotHost):
        await service.add_ai(CHANNEL, BOB)


async def test_the_host_removes_a_computer_seat_before_the_start_and_later_seats_move_up(service):
    await lobby(service, (ANN,))
    await service.add_ai(CHANNEL, ANN, level=0)
    await service.join(CHANNEL, BOB, "Bob")
    await service.add_ai(CHANNEL, ANN, level=0)
    for who, seat, refusal in ((BOB, 1, NotHost), (ANN, 2, NotAllowed), (ANN, 7, NotAllowed)):
        with pytest.raises(refusal):
            await service.remove_ai(CHANNEL, who, seat)
    info = await service.remove_ai(CHANNEL, ANN, 1)
    assert [(s.seat, s.name) for s in info.seats] == [(0, "Ann"), (1, "Bob"), (2, "Computer 2")]
    info = await service.add_ai(CHANNEL, ANN, level=0)  # the free name is taken again, never a twin
    assert [s.name for s in info.seats] == ["Ann", "Bob", "Computer 2", "Computer 1"]
    await service.start(CHANNEL, ANN)
    with pytest.raises(AlreadyStarted):
        await service.remove_ai(CHANNEL, ANN, 2)


async def test_leave_renumbers_and_hands_the_lobby_on(service):
    await lobby(service, (ANN, BOB, CID))
    info = await service.leave(CHANNEL, BOB)
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, ANN), (1, CID)]
    info = await service.leave(CHANNEL, ANN)
    assert info.host_id == CID and [s.user_id for s in info.seats] == [CID]
    with pytest.raises(NotInGame):
        await service.leave(CHANNEL, ANN)
    info = await service.leave(CHANNEL, CID)
    assert info.status == "abandoned"
    with pytest.raises(NoGameHere):
        await service.join(CHANNEL, BOB, "Bob")


async def test_the_last_person_leaving_closes_a_lobby_with_computer_seats(service):
    await lobby(service, (ANN,))
    await service.add_ai(CHANNEL, ANN)
    assert (await service.leave(CHANNEL, ANN)).status == "abandoned"


async def test_leaving_a_started_game_is_refused(service):
    await started(service)
    with pytest.raises(AlreadyStarted):
        await service.leave(CHANNEL, BOB)


async def test_move_seat_changes_the_order(service):
    await lobby(service, (ANN, BOB, CID))
    info = await service.move_seat(CHANNEL, ANN, CID, 0)
    assert [s.user_id for s in info.seats] == [CID, ANN, BOB]
    with pytest.raises(NotHost):
        await service.move_seat(CHANNEL, BOB, BOB, 0)
    with pytest.raises(NotAllowed):
        await service.move_seat(CHANNEL, ANN, BOB, 3)
    with pytest.raises(NotInGame):
        await service.move_seat(CHANNEL, ANN, DOT, 0)


async def test_start_in_join_order(service):
    await lobby(service, (ANN, BOB, CID))
    await service.move_seat(CHANNEL, ANN, BOB, 0)
    outcome = await service.start(CHANNEL, ANN)
    info = outcome.game
    assert info.status == "active" and info.version == 0
    assert [s.user_id for s in info.seats] == [BOB, ANN, CID]
    assert outcome.to_act == (0,) and outcome.to_act_users == (BOB,)
    assert outcome.seat is None and outcome.move is None and outcome.played == ()
    # the first player is told (the host who pressed start is not told about their own click)
    # nobody turned direct messages on, so the notice is for the channel only
    assert [(n.kind, n.user_id, n.dm) for n in outcome.notifications] == [("your_turn", BOB, False)]


async def test_random_seating_is_a_seeded_shuffle(service, db, clock):
    from bot.services import GameService

    orders = []
    for channel in range(200, 206):
        other = GameService(db, clock, new_seed=lambda c=channel: c * 7919)
        await lobby(other, (ANN, BOB, CID, DOT), channel, seat_order="random")
        info = (await other.start(channel, ANN)).game
        orders.append(tuple(s.user_id for s in info.seats))
        assert sorted(orders[-1]) == [ANN, BOB, CID, DOT]
    assert len(set(orders)) > 1  # not join order every time
    again = GameService(db, clock, new_seed=lambda: 200 * 7919)
    await lobby(again, (ANN, BOB, CID, DOT), 300, seat_order="random")
    assert tuple(s.user_id for s in (await again.start(300, ANN)).game.seats) == orders[0]


async def test_start_refusals(service):
    await lobby(service, (ANN,))
    with pytest.raises(NotEnoughPlayers):
        await service.start(CHANNEL, ANN)
    await service.join(CHANNEL, BOB, "Bob")
    with pytest.raises(NotHost):
        await service.start(CHANNEL, BOB)
    await service.start(CHANNEL, BOB, admin=True)
    with pytest.raises(AlreadyStarted):
        await service.start(CHANNEL, ANN)
    with pytest.raises(AlreadyStarted):
        await service.join(CHANNEL, CID, "Cid")


async def test_cancel_and_abandon(service):
    await lobby(service)
    with pytest.raises(NotHost):
        await service.cancel(CHANNEL, BOB)
    await service.start(CHANNEL, ANN)
    with pytest.raises(NotAllowed):
        await service.cancel(CHANNEL, ANN)
    with pytest.raises(NotHost):
        await service.abandon(CHANNEL, BOB)
    info = await service.abandon(CHANNEL, BOB, admin=True)
    assert info.status == "abandoned" and info.to_act == ()
    with pytest.raises(NoGameHere):
        await service.submit(CHANNEL, ANN, "pass")
    assert (await service.get_game(CHANNEL)).status == "abandoned"


async def test_submitting_in_a_lobby_is_refused(service):
    await lobby(service)
    with pytest.raises(GameNotActive):
        await service.submit(CHANNEL, ANN, "pass")
    with pytest.raises(GameNotActive):
        await service.view_for(CHANNEL, ANN)
    assert await service.legal_moves(CHANNEL, ANN) == []
