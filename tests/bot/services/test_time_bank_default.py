"""A server's default time bank for new games (``/admin defaults``), driven by the fake clock: saved,
changed and removed with the server's other defaults; a game opened with neither a bank nor a deadline
chosen gets it, instead of the server's default deadline, and so does an imported game; a bank chosen,
``off`` or a deadline chosen win; refusals save nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.services import FakeClock, GameService, NotAllowed
from bot.services.timebank import TimeBank, bank_of
from tests.support.fixtures import ANN, CHANNEL, GUILD, NAMES, act, started

DAY = 24 * 60
BANK = TimeBank(3 * DAY, DAY, 7)  # "3 days + 1 day per move"
CUSTOM = TimeBank(10 * DAY, 12 * 60, 2)


async def test_the_default_bank_is_saved_kept_and_removed(service: GameService) -> None:
    assert bank_of(await service.guild_settings(GUILD)) is None
    saved = await service.update_guild_settings(GUILD, time_bank=CUSTOM, deadline_minutes=DAY)
    assert bank_of(saved) == CUSTOM and saved.deadline_minutes == DAY
    await service.update_guild_settings(GUILD, reminder_minutes=60)  # other settings leave it alone
    assert bank_of(await service.guild_settings(GUILD)) == CUSTOM
    assert bank_of(await service.guild_settings(GUILD + 1)) is None  # each server its own
    await service.update_guild_settings(GUILD, time_bank=None)
    kept = await service.guild_settings(GUILD)
    assert bank_of(kept) is None and (kept.reminder_minutes, kept.deadline_minutes) == (60, DAY)


@pytest.mark.parametrize(
    "bad", [TimeBank(0, DAY, 7), TimeBank(61 * DAY, 0, 7), TimeBank(DAY, 15 * DAY, 7), TimeBank(DAY, 0, 61)]
)
async def test_a_bad_default_bank_is_refused_and_nothing_saved(service: GameService, bad: TimeBank) -> None:
    await service.update_guild_settings(GUILD, time_bank=BANK)
    with pytest.raises(NotAllowed):
        await service.update_guild_settings(GUILD, time_bank=bad, deadline_minutes=60)
    settings = await service.guild_settings(GUILD)
    assert bank_of(settings) == BANK and settings.deadline_minutes is None


async def test_a_game_opened_without_bank_or_deadline_gets_the_default_bank(
    service: GameService, clock: FakeClock
) -> None:
    await service.update_guild_settings(GUILD, time_bank=BANK, deadline_minutes=60)
    game = await started(service, reminder_minutes=None)
    assert (game.bank_minutes, game.bank_increment_minutes, game.holiday_days) == (3 * DAY, DAY, 7)
    assert game.deadline_minutes is None  # the bank is the clock, not the server's hour
    assert game.seats[0].bank_out_at == clock() + timedelta(days=3)
    clock.advance(hours=2)
    assert await service.run_due() == [] and (await service.get_game(CHANNEL)).to_act == (0,)
    clock.advance(days=1)
    await act(service, "pass")  # Ann: two days left, plus a day
    clock.advance(days=2, hours=23)
    assert await service.run_due() != [] and (await service.get_game(CHANNEL)).to_act == (1,)  # warnings
    clock.advance(hours=1, minutes=1)  # Bob's full bank runs out, taking the deadline's action
    assert "notice.skipped" in [n.message for n in await service.run_due()]


async def test_a_later_change_of_the_default_leaves_open_games_alone(service: GameService) -> None:
    await service.update_guild_settings(GUILD, time_bank=BANK)
    await started(service)
    await service.update_guild_settings(GUILD, time_bank=CUSTOM)
    game = await service.get_game(CHANNEL)
    assert (game.bank_minutes, game.bank_increment_minutes, game.holiday_days) == (3 * DAY, DAY, 7)


async def test_off_opens_without_a_bank_under_the_servers_deadline(service: GameService) -> None:
    await service.update_guild_settings(GUILD, time_bank=BANK, deadline_minutes=DAY)
    game = await started(service, time_bank=None)
    assert game.bank_minutes is None and game.deadline_minutes == DAY


async def test_a_deadline_chosen_opens_with_it_and_no_bank(service: GameService) -> None:
    await service.update_guild_settings(GUILD, time_bank=BANK)
    game = await started(service, deadline_minutes=2 * 60)
    assert game.bank_minutes is None and game.deadline_minutes == 2 * 60
    other = await service.create_game(GUILD, CHANNEL + 1, ANN, NAMES[ANN], "tiny", deadline_minutes=None)
    assert other.bank_minutes is None and other.deadline_minutes is None  # "no deadline" chosen: no bank


async def test_a_bank_chosen_wins_over_the_default(service: GameService) -> None:
    await service.update_guild_settings(GUILD, time_bank=BANK)
    game = await started(service, time_bank=CUSTOM)
    assert (game.bank_minutes, game.bank_increment_minutes, game.holiday_days) == (10 * DAY, 12 * 60, 2)


async def test_a_game_outside_a_server_has_no_default_bank(service: GameService) -> None:
    await service.update_guild_settings(GUILD, time_bank=BANK)
    game = await service.create_game(None, CHANNEL, ANN, NAMES[ANN], "tiny")
    assert game.bank_minutes is None


async def test_an_imported_game_gets_the_servers_default_bank_and_no_deadline(
    service: GameService, clock: FakeClock
) -> None:
    await started(service)
    data = await service.export(CHANNEL)
    await service.abandon(CHANNEL, ANN)
    await service.update_guild_settings(GUILD, time_bank=BANK, deadline_minutes=60)
    game = await service.import_game(GUILD, CHANNEL + 1, data, host_id=ANN, host_name="Ann")
    assert (game.bank_minutes, game.bank_increment_minutes, game.holiday_days) == (3 * DAY, DAY, 7)
    assert game.deadline_minutes is None
    assert game.seats[0].bank_out_at == clock() + timedelta(days=3)  # Ann's seat, hers to play


async def test_an_imported_game_gets_the_servers_default_reminders_and_deadline(
    service: GameService,
) -> None:
    await started(service)
    data = await service.export(CHANNEL)
    await service.abandon(CHANNEL, ANN)
    await service.update_guild_settings(
        GUILD, reminder_minutes=120, deadline_minutes=DAY, deadline_action="ai"
    )
    game = await service.import_game(GUILD, CHANNEL + 1, data, host_id=ANN, host_name="Ann")
    assert (game.reminder_minutes, game.deadline_minutes, game.deadline_action) == (120, DAY, "ai")
    assert game.bank_minutes is None
