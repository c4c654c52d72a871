"""The host adds, changes or removes a game's time bank with /game timing, driven by the fake clock: every
seat's bank starts afresh at the new bank and the decision under way counts from the change; with the bank
gone the game's deadline applies, from the change too; refusals change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.services import FakeClock, GameService, NotAllowed, NotHost
from bot.services.timebank import TimeBank
from tests.support.fixtures import ANN, BOB, CHANNEL, act, started

DAY = 24 * 60
BANK = TimeBank(3 * DAY, DAY, 7)  # "3 days + 1 day per move"
LONGER = TimeBank(7 * DAY, DAY, 7)  # "7 days + 1 day per move"


async def test_a_bank_added_to_a_running_game_replaces_its_deadline_from_now(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, deadline_minutes=DAY)
    clock.advance(hours=20)
    game = await service.update_game_timing(CHANNEL, ANN, time_bank=BANK)
    assert game.deadline_minutes is None and game.bank_minutes == 3 * DAY
    assert game.seats[0].bank_out_at == clock() + timedelta(days=3)
    clock.advance(days=1)  # the old deadline would have run out by now
    assert await service.run_due() == [] and (await service.get_game(CHANNEL)).to_act == (0,)


async def test_a_changed_bank_starts_every_seat_afresh_and_warns_again(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    clock.advance(days=2, hours=12)
    await act(service, "pass")  # Ann: half a day left, plus a day
    clock.advance(days=2, hours=23)
    assert [n.message for n in await service.run_due()] == ["notice.bank.hour_left"]  # Bob's
    game = await service.update_game_timing(CHANNEL, BOB, admin=True, time_bank=LONGER)
    assert [s.bank_left for s in game.seats] == [timedelta(days=7)] * 2
    assert game.seats[1].bank_out_at == clock() + timedelta(days=7)
    clock.advance(days=6)
    assert [n.message for n in await service.run_due()] == ["notice.bank.day_left"]  # warned afresh
    assert (await service.get_game(CHANNEL)).to_act == (1,)


async def test_a_removed_bank_leaves_the_deadline_given_counting_from_now(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    clock.advance(days=2)
    game = await service.update_game_timing(CHANNEL, ANN, time_bank=None, deadline_minutes=DAY)
    assert game.bank_minutes is None and game.deadline_minutes == DAY
    assert game.seats[0].bank_left is None and game.seats[0].bank_out_at is None
    clock.advance(hours=23)
    assert await service.run_due() == [] and (await service.get_game(CHANNEL)).to_act == (0,)
    clock.advance(hours=2)
    assert "notice.skipped" in [n.message for n in await service.run_due()]
    assert (await service.get_game(CHANNEL)).to_act == (1,)


async def test_a_bank_with_a_deadline_or_by_another_player_is_refused_and_changes_nothing(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, deadline_minutes=DAY)
    before = await service.repo.rows((await service.get_game(CHANNEL)).id)
    clock.advance(hours=1)
    with pytest.raises(NotAllowed) as caught:
        await service.update_game_timing(CHANNEL, ANN, time_bank=BANK, deadline_minutes=60)
    assert "replaces the deadline" in caught.value.message
    with pytest.raises(NotHost):
        await service.update_game_timing(CHANNEL, BOB, time_bank=BANK)
    assert await service.repo.rows(before[0].id) == before


async def test_a_muted_decision_stays_muted_when_the_bank_changes(
    service: GameService, clock: FakeClock
) -> None:
    game = await started(service, reminder_minutes=60, time_bank=BANK)
    await service.mute(ANN, game.id, until_next_turn=True)
    clock.advance(hours=1)
    await service.update_game_timing(CHANNEL, ANN, time_bank=LONGER)
    clock.advance(hours=3)
    assert [n for n in await service.run_due() if n.message == "notice.reminder"] == []
