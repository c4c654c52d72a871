"""A deleted channel or thread ends its games; the bot leaving a server pauses them until it is back."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.services import GamePaused
from bot.services.policy import COMPUTER_GRACE
from tests.bot.services.test_next_due import stranded
from tests.support.fixtures import ANN, BOB, CHANNEL, GUILD, NAMES, lobby, started, table_rows

THREAD = 101
OTHER_CHANNEL = 102
OTHER_GUILD = 20


async def test_a_deleted_channel_ends_its_game_with_no_result_and_nothing_more_happens(service, clock):
    info = await started(service, reminder_minutes=60, deadline_minutes=120, deadline_action="ai")
    await service.update_user_settings(ANN, dms=True)
    await service.update_user_settings(BOB, dms=False)
    notes = await service.channel_gone(CHANNEL)
    assert {(n.kind, n.user_id, n.dm) for n in notes} == {("abandoned", ANN, True), ("abandoned", BOB, False)}
    assert all(n.game_id == info.id and "deleted" in n.text for n in notes)
    game = await service.game_by_id(info.id)
    assert (game.status, game.to_act) == ("abandoned", ())
    # before, the computer took over every overdue seat and played the game to the end unseen
    clock.advance(days=30)
    assert await service.due() == []
    assert await service.run_due() == []
    assert (await service.game_by_id(info.id)).version == info.version
    assert (await service.stats(GUILD))["played"] == 0
    # not the players' game any more: not in /games, not counted toward the host's limit
    assert await service.games_of_user(ANN) == []
    assert await service.games_of_user(BOB) == []
    assert await service.channel_gone(CHANNEL) == []  # a second report changes nothing


async def test_a_deleted_channel_ends_the_games_of_its_threads_too(service):
    in_channel = await started(service)
    in_thread = await service.create_game(
        GUILD, THREAD, BOB, NAMES[BOB], "tiny", {"rounds": 2}, parent_id=CHANNEL
    )
    elsewhere = await service.create_game(GUILD, OTHER_CHANNEL, ANN, NAMES[ANN], "tiny", {"rounds": 2})
    notes = await service.channel_gone(CHANNEL)
    assert {(n.game_id, n.user_id) for n in notes} == {
        (in_channel.id, ANN),
        (in_channel.id, BOB),
        (in_thread.id, BOB),
    }
    assert (await service.game_by_id(in_thread.id)).status == "abandoned"
    assert (await service.game_by_id(elsewhere.id)).status == "lobby"


async def test_a_deleted_thread_ends_only_its_own_game(service):
    await started(service)
    in_thread = await service.create_game(
        GUILD, THREAD, BOB, NAMES[BOB], "tiny", {"rounds": 2}, parent_id=CHANNEL
    )
    [note] = await service.channel_gone(THREAD)
    assert (note.game_id, note.user_id) == (in_thread.id, BOB)
    assert (await service.get_game(CHANNEL)).status == "active"


async def test_a_channel_with_no_open_game(service):
    assert await service.channel_gone(CHANNEL) == []
    await started(service)
    await service.abandon(CHANNEL, ANN)
    assert await service.channel_gone(CHANNEL) == []


async def test_leaving_a_server_pauses_its_games_and_coming_back_resumes_the_clocks(service, clock):
    info = await started(service, reminder_minutes=60, deadline_minutes=120, deadline_action="ai")
    assert await service.next_due_at() == info.turn_started_at + timedelta(minutes=60)
    clock.advance(minutes=40)  # Ann has 20 minutes left before a reminder, 80 before her deadline
    notes = await service.guild_left(GUILD)
    assert {(n.kind, n.user_id) for n in notes} == {("paused", ANN), ("paused", BOB)}
    paused = await service.game_by_id(info.id)
    assert paused.paused and paused.status == "active"
    assert [g.id for g in await service.games_of_user(ANN)] == [info.id]  # still theirs, shown as paused
    clock.advance(days=10)
    assert await service.due() == [] and await service.next_due_at() is None
    assert await service.run_due() == []
    assert (await service.game_by_id(info.id)).version == info.version  # no computer moves
    assert await service.guild_left(GUILD) == []  # already paused

    back = clock()
    notes = await service.guild_back(GUILD)
    assert {(n.kind, n.user_id) for n in notes} == {("resumed", None), ("resumed", ANN), ("resumed", BOB)}
    resumed = await service.game_by_id(info.id)
    assert not resumed.paused
    assert await service.next_due_at() == back + timedelta(minutes=20)
    clock.advance(minutes=20)
    assert [(n.kind, n.user_id) for n in await service.run_due()] == [("reminder", ANN)]
    clock.advance(minutes=60)
    assert [(i.kind, i.user_id) for i in await service.due()] == [("deadline", ANN)]
    assert await service.guild_back(GUILD) == []  # nothing paused any more


async def test_a_turn_muted_before_the_pause_stays_muted_after_it(service, clock):
    info = await started(service, reminder_minutes=60)
    await service.mute(ANN, info.id, until_next_turn=True)
    await service.guild_left(GUILD)
    clock.advance(days=2)
    await service.guild_back(GUILD)
    clock.advance(days=2)
    assert await service.due() == []


async def test_an_outage_or_a_start_reports_servers_with_nothing_paused(service, clock):
    info = await started(service, reminder_minutes=60)
    assert await service.guild_back(GUILD) == []
    assert await service.next_due_at() == info.turn_started_at + timedelta(minutes=60)


async def test_a_lobby_pauses_and_resumes_too(service):
    info = await lobby(service)
    await service.guild_left(GUILD)
    assert (await service.game_by_id(info.id)).paused
    notes = await service.guild_back(GUILD)
    assert ("resumed", None) in {(n.kind, n.user_id) for n in notes}
    assert not (await service.game_by_id(info.id)).paused


async def test_only_the_servers_games_pause(service):
    here = await started(service)
    there = await service.create_game(OTHER_GUILD, OTHER_CHANNEL, ANN, NAMES[ANN], "tiny", {"rounds": 2})
    await service.guild_left(GUILD)
    assert (await service.game_by_id(here.id)).paused
    assert not (await service.game_by_id(there.id)).paused


async def test_at_start_up_the_games_of_servers_left_meanwhile_pause(service):
    here = await started(service)
    there = await service.create_game(OTHER_GUILD, OTHER_CHANNEL, ANN, NAMES[ANN], "tiny", {"rounds": 2})
    notes = await service.guilds_present([OTHER_GUILD])
    assert {(n.game_id, n.kind) for n in notes} == {(here.id, "paused")}
    assert (await service.game_by_id(here.id)).paused
    assert not (await service.game_by_id(there.id)).paused
    assert await service.guilds_present([OTHER_GUILD]) == []


async def test_a_paused_game_whose_channel_is_deleted_ends(service):
    info = await started(service)
    await service.guild_left(GUILD)
    await service.channel_gone(CHANNEL)
    assert (await service.game_by_id(info.id)).status == "abandoned"
    assert await service.guild_back(GUILD) == []


async def test_nothing_is_played_in_a_paused_game_but_it_can_be_ended(service, db_where):
    await started(service, (ANN, BOB), reminder_minutes=60)
    await service.guild_left(GUILD)
    before = await table_rows(db_where)
    with pytest.raises(GamePaused):
        await service.submit(CHANNEL, ANN, "pass")
    with pytest.raises(GamePaused):
        await service.hand_to_ai(CHANNEL, ANN, 0)
    assert await table_rows(db_where) == before
    assert (await service.abandon(CHANNEL, ANN)).status == "abandoned"


async def test_a_paused_lobby_cannot_start(service):
    await lobby(service)
    await service.guild_left(GUILD)
    with pytest.raises(GamePaused):
        await service.start(CHANNEL, ANN)
    await service.guild_back(GUILD)
    assert (await service.start(CHANNEL, ANN)).game.status == "active"


async def test_a_computer_turn_left_waiting_in_a_paused_game_waits_for_the_bot(service, clock):
    await service.create_game(GUILD, CHANNEL, ANN, NAMES[ANN], "tiny", {"rounds": 2}, seat_order="join")
    await service.add_ai(CHANNEL, ANN)
    await service.start(CHANNEL, ANN)
    await stranded(service)
    waiting = await service.get_game(CHANNEL)
    await service.guild_left(GUILD)
    clock.advance(days=1)
    assert await service.resume_computer_turns() == []
    assert (await service.get_game(CHANNEL)).version == waiting.version
    await service.guild_back(GUILD)
    clock.advance(seconds=COMPUTER_GRACE.total_seconds())  # its clock, too, goes on where it stopped
    assert await service.resume_computer_turns() == [waiting.id]
    await service.runner.idle()
    assert (await service.get_game(CHANNEL)).version > waiting.version
