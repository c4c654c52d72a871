"""Reminders and deadlines: computed from stored times, with an injected clock, surviving a restart."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.services import Forced, GameService, NotAllowed, NotHost, NotInGame
from bot.storage import open_database
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, GUILD, act, started


async def test_a_reminder_falls_due_after_the_interval_and_then_again(service, clock):
    info = await started(service, reminder_minutes=60)
    assert await service.due() == []
    assert await service.next_due_at() == info.turn_started_at + timedelta(minutes=60)
    clock.advance(minutes=59)
    assert await service.run_due() == []
    clock.advance(minutes=1)
    [item] = await service.due()
    assert (item.kind, item.seat, item.user_id, item.game_id) == ("reminder", 0, ANN, info.id)
    [note] = await service.run_due()
    # direct messages are off until the player turns them on
    assert (note.kind, note.user_id, note.channel_id, note.dm) == ("reminder", ANN, CHANNEL, False)
    assert await service.run_due() == []  # not twice
    clock.advance(minutes=60)
    assert [n.kind for n in await service.run_due()] == ["reminder"]


async def test_a_round_run_for_a_given_moment_counts_the_next_reminder_from_it(service, clock):
    """A round run for ``now`` (later than the service's clock) notes the reminder as sent at ``now``: the
    next one falls due an interval after it, not an interval after the clock's moment."""
    info = await started(service, reminder_minutes=60)
    later = info.turn_started_at + timedelta(minutes=90)
    assert [n.kind for n in await service.run_due(later)] == ["reminder"]
    assert await service.run_due(later + timedelta(minutes=59)) == []
    assert [n.kind for n in await service.run_due(later + timedelta(minutes=60))] == ["reminder"]


async def test_the_reminder_clock_restarts_with_each_turn(service, clock):
    await started(service, reminder_minutes=60)
    clock.advance(minutes=50)
    await service.submit(CHANNEL, ANN, "pass")
    clock.advance(minutes=50)
    assert await service.due() == []
    clock.advance(minutes=10)
    assert [(i.kind, i.user_id) for i in await service.due()] == [("reminder", BOB)]


async def test_reminders_resume_after_a_restart(service, clock, db_where):
    await started(service, reminder_minutes=60)
    clock.advance(minutes=61)
    expected = await service.due()
    reopened = await open_database(db_where)
    try:
        fresh = GameService(reopened, clock)
        assert await fresh.due() == expected
        assert [n.user_id for n in await fresh.run_due()] == [ANN]
        assert await service.due() == []  # the other process sees it was sent
    finally:
        await reopened.close()


async def test_a_players_own_interval_overrides_the_game(service, clock):
    await started(service, reminder_minutes=600)
    await service.update_user_settings(ANN, reminder_minutes=30)
    clock.advance(minutes=30)
    assert [i.user_id for i in await service.due()] == [ANN]


async def test_no_reminders_when_the_game_turns_them_off(service, clock):
    await started(service, reminder_minutes=None)
    clock.advance(days=3)
    assert await service.due() == []


async def test_no_reminders_or_deadlines_for_seats_the_computer_plays(service, clock):
    await started(service, (ANN, BOB, CID), reminder_minutes=60, deadline_minutes=60)
    await service.submit(CHANNEL, ANN, "pass")
    await service.hand_to_ai(CHANNEL, CID, 2)
    clock.advance(minutes=30)
    assert await service.due() == []
    clock.advance(minutes=30)
    assert {(i.kind, i.user_id) for i in await service.due()} == {("deadline", BOB)}


async def test_muting(service, clock):
    info = await started(service, reminder_minutes=60)
    await service.mute(ANN, info.id, until_next_turn=True)
    clock.advance(minutes=120)
    assert await service.due() == []
    await service.submit(CHANNEL, ANN, "pass")
    await service.submit(CHANNEL, BOB, "pass")
    await service.submit(CHANNEL, ANN, f"bid {(await service.view_for(CHANNEL, ANN))[1]['hand'][0]}")
    await service.submit(CHANNEL, BOB, f"bid {(await service.view_for(CHANNEL, BOB))[1]['hand'][0]}")
    # round 2 begins with Bob; then Ann's next turn is reminded again
    await service.submit(CHANNEL, BOB, "pass")
    clock.advance(minutes=60)
    assert [i.user_id for i in await service.due()] == [ANN]
    await service.mute(ANN, info.id)
    assert await service.due() == []
    await service.unmute(ANN, info.id)
    assert [i.user_id for i in await service.due()] == [ANN]
    await service.mute(ANN)
    assert await service.due() == [] and (await service.user_settings(ANN)).muted
    await service.unmute(ANN)
    assert [i.user_id for i in await service.due()] == [ANN]
    with pytest.raises(NotInGame):
        await service.mute(CID, info.id)


async def test_away_players_get_neither_reminders_nor_deadlines(service, clock):
    await started(service, reminder_minutes=60, deadline_minutes=120)
    await service.set_away(CHANNEL, ANN, True)
    clock.advance(days=2)
    assert await service.due() == [] and await service.run_due() == []


async def test_a_deadline_skips_the_turn_when_the_rules_offer_a_pass(service, clock):
    await started(service, reminder_minutes=None, deadline_minutes=120)
    clock.advance(minutes=120)
    assert [(i.kind, i.user_id) for i in await service.due()] == [("deadline", ANN)]
    notes = await service.run_due()
    assert sorted((n.kind, n.user_id) for n in notes) == [("deadline", ANN), ("your_turn", BOB)]
    info = await service.get_game(CHANNEL)
    assert info.version == 1 and info.to_act == (1,)
    exported = await service.export(CHANNEL)
    assert exported["moves"] == [{"version": 1, "seat": 0, "move": "pass", "actor": "deadline"}]
    assert "(deadline)" in (await service.log(CHANNEL, ANN))[0]


async def test_a_deadline_with_no_pass_hands_the_seat_to_the_computer(service, clock):
    await started(service, reminder_minutes=None, deadline_minutes=120)
    await service.submit(CHANNEL, ANN, "pass")
    await service.submit(CHANNEL, BOB, "pass")  # both must bid now: the bid has no pass
    await service.submit(CHANNEL, BOB, f"bid {(await service.view_for(CHANNEL, BOB))[1]['hand'][0]}")
    clock.advance(minutes=121)
    notes = await service.run_due()
    assert ("replaced", ANN) in [(n.kind, n.user_id) for n in notes]
    await service.runner.idle()
    info = await service.get_game(CHANNEL)
    assert info.seats[0].is_ai and info.seats[0].state == "replaced"
    assert info.version == 4 and info.to_act == (1,)  # the computer bid for Ann, Bob's turn now
    await service.take_back_seat(CHANNEL, ANN)


async def test_a_deadline_that_hands_the_seat_to_the_computer(service, clock):
    await started(service, (ANN, BOB, CID), reminder_minutes=None, deadline_minutes=60, deadline_action="ai")
    clock.advance(minutes=60)
    notes = await service.run_due()
    assert ("replaced", ANN) in [(n.kind, n.user_id) for n in notes]
    await service.runner.idle()
    info = await service.get_game(CHANNEL)
    assert info.seats[0].is_ai and info.to_act == (1,)


async def test_a_deadline_vote_lets_the_others_decide(service, clock):
    await started(
        service, (ANN, BOB, CID), reminder_minutes=None, deadline_minutes=60, deadline_action="vote"
    )
    clock.advance(minutes=60)
    [note] = await service.run_due()
    assert note.kind == "vote_open" and note.user_id is None and note.params["votes"] == 2
    assert note.text.endswith("give the seat to the computer: 2.")
    assert await service.run_due() == []  # asked once
    with pytest.raises(NotAllowed):
        await service.vote_kick(CHANNEL, ANN, 0)  # not about yourself
    with pytest.raises(NotAllowed):
        await service.vote_kick(CHANNEL, ANN, 1)  # no vote about Bob
    with pytest.raises(NotInGame):
        await service.vote_kick(CHANNEL, 99, 0)
    info = await service.vote_kick(CHANNEL, BOB, 0)
    assert not info.seats[0].is_ai
    info = await service.vote_kick(CHANNEL, BOB, 0)  # the same voter twice counts once
    assert not info.seats[0].is_ai
    outcome = await service.vote_kick(CHANNEL, CID, 0)
    await service.runner.idle()
    assert outcome.game.seats[0].is_ai and 0 not in (await service.get_game(CHANNEL)).to_act


async def test_the_vote_closes_when_the_late_player_moves(service, clock):
    await started(
        service, (ANN, BOB, CID), reminder_minutes=None, deadline_minutes=60, deadline_action="vote"
    )
    clock.advance(minutes=60)
    await service.run_due()
    await service.vote_kick(CHANNEL, BOB, 0)
    await service.submit(CHANNEL, ANN, "pass")
    with pytest.raises(NotAllowed):
        await service.vote_kick(CHANNEL, CID, 0)


async def test_force_skip_applies_the_deadline_now(service, clock):
    await started(service, reminder_minutes=None)
    with pytest.raises(NotHost):
        await service.force_skip(CHANNEL, BOB)
    forced = await service.force_skip(CHANNEL, BOB, admin=True)
    assert ("deadline", ANN) in [(n.kind, n.user_id) for n in forced.notifications]
    assert forced.seats == (Forced(0, "Ann", "skipped"),)
    assert (await service.get_game(CHANNEL)).to_act == (1,)


async def test_force_skip_says_what_it_did_where_there_is_no_pass_and_by_each_rule(service, clock):
    """In the bid (no pass) the default rule hands the seats to the computer for want of a pass; the "ai"
    rule by itself; the "vote" rule opens a vote. Each notice says a server manager did it."""
    await started(service, reminder_minutes=None)
    await act(service, "pass")
    await act(service, "pass")  # both bid now
    forced = await service.force_skip(CHANNEL, ANN, admin=True)
    assert forced.seats == (Forced(0, "Ann", "no_pass"), Forced(1, "Bob", "no_pass"))
    said = [(n.kind, n.message) for n in forced.notifications if n.kind == "replaced"]
    assert said == [("replaced", "notice.forced.no_pass")] * 2
    await service.runner.idle()

    await started(service, channel=CHANNEL + 1, reminder_minutes=None, deadline_action="ai")
    forced = await service.force_skip(CHANNEL + 1, ANN, admin=True)
    assert forced.seats == (Forced(0, "Ann", "computer"),)
    assert [n.message for n in forced.notifications if n.kind == "replaced"] == ["notice.forced.computer"]
    await service.runner.idle()

    await started(service, channel=CHANNEL + 2, reminder_minutes=None, deadline_action="vote")
    forced = await service.force_skip(CHANNEL + 2, ANN, admin=True)
    assert forced.seats == (Forced(0, "Ann", "vote"),)
    assert [n.message for n in forced.notifications] == ["notice.forced.vote_open"]


async def test_the_host_changes_the_timing_of_a_game(service):
    await started(service)
    info = await service.update_game_timing(CHANNEL, ANN, reminder_minutes=30, deadline_action="vote")
    assert (info.reminder_minutes, info.deadline_action) == (30, "vote")
    with pytest.raises(NotHost):
        await service.update_game_timing(CHANNEL, BOB, reminder_minutes=30)
    with pytest.raises(NotAllowed):
        await service.update_game_timing(CHANNEL, ANN, seed=3)
    with pytest.raises(NotAllowed):
        await service.update_game_timing(CHANNEL, ANN, deadline_minutes=0)


async def test_guild_and_user_settings_are_checked(service):
    with pytest.raises(NotAllowed):
        await service.update_guild_settings(GUILD, deadline_action="nap")
    with pytest.raises(NotAllowed):
        await service.update_guild_settings(GUILD, reminder_minutes=-1)
    with pytest.raises(NotAllowed):
        await service.update_user_settings(ANN, reminder_minutes=0)
    assert (await service.guild_settings(GUILD)).reminder_minutes is None
    settings = await service.update_user_settings(ANN, dms=False)
    assert settings.dms is False and (await service.user_settings(ANN)).dms is False


async def test_notifications_say_whether_the_user_takes_direct_messages(service):
    await started(service)
    await service.update_user_settings(BOB, dms=False)
    outcome = await service.submit(CHANNEL, ANN, "pass")
    assert [(n.user_id, n.dm) for n in outcome.notifications] == [(BOB, False)]


async def test_deadline_notices_respect_direct_message_choices(service, clock):
    await started(service, reminder_minutes=30, deadline_minutes=120)
    await service.update_user_settings(ANN, dms=False)
    await service.update_user_settings(BOB, dms=True)
    clock.advance(minutes=30)
    [reminder] = await service.run_due()
    assert (reminder.user_id, reminder.dm) == (ANN, False)
    clock.advance(minutes=90)
    notes = await service.run_due()
    assert {(n.kind, n.user_id, n.dm) for n in notes} == {("deadline", ANN, False), ("your_turn", BOB, True)}


async def test_a_seat_the_computer_plays_has_no_vote(service, clock):
    await started(
        service, (ANN, BOB, CID), reminder_minutes=None, deadline_minutes=60, deadline_action="vote"
    )
    await service.hand_to_ai(CHANNEL, CID, 2)
    clock.advance(minutes=60)
    [note] = await service.run_due()
    assert note.params["votes"] == 1  # Bob is the only one left to ask
    with pytest.raises(NotAllowed):
        await service.vote_kick(CHANNEL, CID, 0)
    outcome = await service.vote_kick(CHANNEL, BOB, 0)
    assert outcome.game.seats[0].is_ai


async def test_unknown_settings_are_refused(service):
    with pytest.raises(NotAllowed, match="Unknown settings: colour"):
        await service.update_user_settings(ANN, colour="blue")
    with pytest.raises(NotAllowed, match="Unknown settings"):
        await service.update_guild_settings(GUILD, prefix="!")
