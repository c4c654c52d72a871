"""A game with a time bank, driven by the fake clock: the bank is spent only while a seat must act, a move
refills it, a holiday stops it, and a bank that runs out gets the deadline's action once, also with two
processes sharing the database; bad input changes nothing."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.play import everywhere
from bot.services import FakeClock, GameService, NotAllowed
from bot.services.timebank import TimeBank
from bot.storage import games as store
from bot.storage.connection import Location
from tests.bot.services.test_shared_database import processes
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, GUILD, act, lobby, started

DAY = 24 * 60
BANK = TimeBank(3 * DAY, DAY, 7)  # "3 days + 1 day per move", a week of holiday


async def bank_left(service: GameService, seat: int) -> timedelta | None:
    return (await service.get_game(CHANNEL)).seats[seat].bank_left


async def test_the_bank_runs_out_and_the_turn_is_skipped_once_by_two_processes(
    db_where: Location, clock: FakeClock, tiny_game: None
) -> None:
    async with processes(db_where, clock, 2) as (one, two):
        game = await started(one, reminder_minutes=None, time_bank=BANK)
        assert game.deadline_minutes is None and game.seats[0].bank_out_at == clock() + timedelta(days=3)
        clock.advance(days=3, seconds=-1)
        # the warnings a day and an hour before: the late one stands for both, given once
        warned = await asyncio.gather(one.run_due(), two.run_due())
        assert [n.message for notes in warned for n in notes] == ["notice.bank.hour_left"]
        assert await one.run_due() == [] and (await one.get_game(CHANNEL)).to_act == (0,)
        clock.advance(seconds=2)
        told = await asyncio.gather(one.run_due(), two.run_due())
        skipped = [n for notes in told for n in notes if n.message == "notice.skipped"]
        assert len(skipped) == 1 and skipped[0].user_id == ANN
        after = await one.get_game(CHANNEL)
        assert after.version == 1 and after.to_act == (1,)
        # Ann's bank was spent: what is left is the increment
        assert after.seats[0].bank_left == timedelta(days=1)
        assert await one.run_due() == [] and await two.run_due() == []


async def test_a_move_spends_what_the_wait_took_and_adds_the_increment_up_to_the_full_bank(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    clock.advance(days=2)
    await act(service, "pass")  # Ann: 3 days - 2 + 1
    assert await bank_left(service, 0) == timedelta(days=2)
    clock.advance(hours=1)
    await act(service, "pass")  # Bob: 3 days - 1 hour + 1 day, capped at 3 days
    assert await bank_left(service, 1) == timedelta(days=3)
    # Bob's pass ends the round's turns: both bid now, Ann with her two days
    game = await service.get_game(CHANNEL)
    assert game.to_act == (0, 1) and game.seats[0].bank_out_at == clock() + timedelta(days=2)


async def test_simultaneous_bids_each_spend_their_own_bank(service: GameService, clock: FakeClock) -> None:
    await started(service, reminder_minutes=None, time_bank=TimeBank(3 * DAY, 0, 7))
    await act(service, "pass")
    await act(service, "pass")  # both bid now, at the same moment
    game = await service.get_game(CHANNEL)
    assert game.to_act == (0, 1)
    outs = [s.bank_out_at for s in game.seats]
    clock.advance(hours=5)
    await service.submit(CHANNEL, BOB, (await service.legal_moves(CHANNEL, BOB))[0][0])
    clock.advance(hours=7)
    await service.submit(CHANNEL, ANN, (await service.legal_moves(CHANNEL, ANN))[0][0])
    game = await service.get_game(CHANNEL)
    # each bank is what was left when that bid was made: Bob 5 hours less, Ann 12 hours less
    assert outs[1] is not None and game.seats[1].bank_left == outs[1] - (clock() - timedelta(hours=7))
    assert outs[0] is not None and game.seats[0].bank_left == outs[0] - clock()


async def test_santa_fe_card_choices_each_spend_the_choosers_own_bank(
    service: GameService, clock: FakeClock
) -> None:
    await service.create_game(
        10, CHANNEL, ANN, "Ann", "santafe", {}, seat_order="join", reminder_minutes=None,
        time_bank=TimeBank(7 * DAY, 0, 7),
    )  # fmt: skip
    await service.join(CHANNEL, BOB, "Bob")
    await service.start(CHANNEL, ANN)
    while len((game := await service.get_game(CHANNEL)).to_act) < 2:  # lay track until all choose a card
        user = game.to_act_users[0]
        clock.advance(minutes=1)
        await service.submit(CHANNEL, user, (await service.legal_moves(CHANNEL, user))[0][0])
    outs = {s.user_id: s.bank_out_at for s in game.seats}
    spent = {}
    for user, hours in ((BOB, 3), (ANN, 10)):
        clock.advance(hours=hours)
        spent[user] = clock()
        await service.submit(CHANNEL, user, (await service.legal_moves(CHANNEL, user))[0][0])
    after = {s.user_id: s for s in (await service.get_game(CHANNEL)).seats}
    for user in (ANN, BOB):
        out = outs[user]
        assert out is not None and after[user].bank_left == out - spent[user]


async def test_a_holiday_stops_the_bank_and_coming_back_early_gives_the_rest_back(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    clock.advance(days=1)
    game = await service.set_away(CHANNEL, ANN, True, days=2)
    ann = game.seats[0]
    assert ann.holiday_until == clock() + timedelta(days=2)
    assert ann.bank_left == timedelta(days=2) and ann.bank_out_at == clock() + timedelta(days=4)
    clock.advance(days=3, hours=23)  # within the holiday and the two days after it
    assert [n.message for n in await service.run_due()] == ["notice.bank.hour_left"]
    assert (await service.get_game(CHANNEL)).to_act == (0,)
    clock.advance(hours=2)
    await service.run_due()
    assert (await service.get_game(CHANNEL)).to_act == (1,)  # now it ran out


async def test_coming_back_early_restarts_the_bank_and_returns_the_unused_days(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    await service.set_away(CHANNEL, ANN, True, days=5)
    clock.advance(days=1)
    game = await service.set_away(CHANNEL, ANN, False)
    assert game.seats[0].bank_out_at == clock() + timedelta(days=3)
    # six of the week's seven days are left: a holiday of six is taken, one of seven is not
    with pytest.raises(NotAllowed):
        await service.set_away(CHANNEL, ANN, True, days=7)
    assert (await service.set_away(CHANNEL, ANN, True, days=6)).seats[0].holiday_until is not None


async def test_a_holiday_longer_than_allowed_or_without_a_bank_is_refused_and_changes_nothing(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=TimeBank(3 * DAY, DAY, 2))
    before = await service.repo.rows((await service.get_game(CHANNEL)).id)
    for days in (3, 0, -1):
        with pytest.raises(NotAllowed):
            await service.set_away(CHANNEL, ANN, True, days=days)
    with pytest.raises(NotAllowed):  # a holiday is a number of days in a game with a bank
        await service.set_away(CHANNEL, ANN, True)
    with pytest.raises(NotAllowed):  # nobody comes back from a holiday they are not on
        await service.set_away(CHANNEL, ANN, False)
    assert await service.repo.rows(before[0].id) == before


async def test_a_bank_and_a_deadline_together_are_refused(service: GameService) -> None:
    with pytest.raises(NotAllowed) as caught:
        await lobby(service, deadline_minutes=60, time_bank=BANK)
    assert "replaces the deadline" in caught.value.message
    with pytest.raises(Exception):  # noqa: B017 - no game was opened
        await service.get_game(CHANNEL)
    await lobby(service, time_bank=BANK)
    with pytest.raises(NotAllowed):
        await service.update_game_timing(CHANNEL, ANN, deadline_minutes=60)
    assert (await service.get_game(CHANNEL)).deadline_minutes is None


async def test_days_away_without_a_bank_are_refused(service: GameService) -> None:
    await started(service)
    with pytest.raises(NotAllowed):
        await service.set_away(CHANNEL, ANN, True, days=2)
    assert (await service.get_game(CHANNEL)).seats[0].state == "active"


async def test_a_bank_replaces_the_servers_default_deadline(service: GameService, clock: FakeClock) -> None:
    await service.update_guild_settings(10, deadline_minutes=60)
    game = await started(service, reminder_minutes=None, time_bank=BANK)
    assert game.deadline_minutes is None
    clock.advance(hours=2)
    assert await service.run_due() == []  # the server's hour is not this game's clock
    assert (await service.get_game(CHANNEL)).to_act == (0,)


async def test_mygames_says_when_your_bank_runs_out(service: GameService, clock: FakeClock) -> None:
    game = await started(service, reminder_minutes=None, time_bank=BANK)
    out = clock() + timedelta(days=3)
    assert everywhere.time_left(game, ANN) == f"<t:{int(out.timestamp())}:R>"
    assert everywhere.time_left(game, BOB) == ""  # not Bob's turn


async def test_undoing_a_bid_gives_back_no_time_the_wait_had_spent(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    await act(service, "pass")
    await act(service, "pass")  # both bid now, each with the full three days
    clock.advance(days=2)
    await service.submit(CHANNEL, BOB, (await service.legal_moves(CHANNEL, BOB))[0][0])
    await service.undo(CHANNEL, BOB)
    game = await service.get_game(CHANNEL)
    # Bob waits again for the same bid: the two days are spent, and no increment came of the undone bid
    assert game.to_act == (0, 1)
    assert game.seats[1].bank_out_at == clock() + timedelta(days=1)


async def test_a_pause_after_a_holiday_spends_none_of_the_bank(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    await service.set_away(CHANNEL, ANN, True, days=1)  # Ann's wait counts from the holiday's end
    clock.advance(days=2)  # a day of holiday, a day of the bank
    await service.guild_left(GUILD)
    clock.advance(days=5)  # paused: no clock runs
    await service.guild_back(GUILD)
    ann = (await service.get_game(CHANNEL)).seats[0]
    assert ann.bank_out_at == clock() + timedelta(days=2)


async def test_a_pause_during_a_holiday_spends_none_of_the_bank(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    clock.advance(hours=12)
    await service.set_away(CHANNEL, ANN, True, days=2)  # until 2 days 12 hours
    clock.advance(days=1)
    await service.guild_left(GUILD)
    clock.advance(days=5)  # the holiday ends during the pause
    await service.guild_back(GUILD)
    ann = (await service.get_game(CHANNEL)).seats[0]
    assert ann.bank_out_at == clock() + timedelta(days=2, hours=12)


async def test_a_round_run_for_a_later_moment_gives_the_warning_due_then(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    later = clock() + timedelta(days=3, minutes=-30)  # within the last hour of Ann's bank
    assert [n.message for n in await service.run_due(later)] == ["notice.bank.hour_left"]


async def test_whoever_takes_a_seat_over_is_not_on_its_last_players_holiday(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    await service.set_away(CHANNEL, ANN, True, days=5)
    await service.offer_seat(CHANNEL, ANN, 0, CID)
    game = await service.claim_seat(CHANNEL, CID, "Cid", guild_id=GUILD)
    # Cid's clock runs from now with the seat's bank: the game does not wait out Ann's holiday for him
    assert game.seats[0].holiday_until is None or game.seats[0].holiday_until <= clock()
    assert game.seats[0].bank_out_at == clock() + timedelta(days=3)


async def test_a_holiday_books_the_bank_another_process_wrote_meanwhile(
    service: GameService, clock: FakeClock
) -> None:
    """The holiday's write reads the seat again: a bank another process wrote after this one read the
    seat (a refill, a deadline) is what the holiday books from, not the older value."""
    await started(service, reminder_minutes=None, time_bank=BANK)
    game, seats = await service.repo.rows((await service.get_game(CHANNEL)).id)
    ann = seats[0]
    async with service.db.transaction(game=game.id) as conn:  # another process's write, after the read
        await store.update_seat(conn, game.id, 0, bank_seconds=86400)
    clock.advance(hours=6)
    await service.seats._holiday(game, ann, 2)  # from the seat as read before that write
    assert await bank_left(service, 0) == timedelta(hours=18)  # 1 day, less the 6 hours waited


async def test_a_restore_spends_what_the_waits_took_and_adds_no_increment(
    service: GameService, clock: FakeClock
) -> None:
    await started(service, reminder_minutes=None, time_bank=BANK)
    clock.advance(days=2)
    await act(service, "pass")  # Ann: 3 days - 2 + 1
    clock.advance(days=2)  # Bob waits two of his three days
    await service.restore(CHANNEL, 0, admin=True)
    game = await service.get_game(CHANNEL)
    # Ann must act again; Bob's wait was ended by the restore, not by a move of his: no increment
    assert game.to_act == (0,)
    assert await bank_left(service, 1) == timedelta(days=1)
    assert game.seats[0].bank_out_at == clock() + timedelta(days=2)
