"""The time bank's arithmetic (``bot.services.timebank``): pure functions of a game's and a seat's rows."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.services import timebank
from bot.services.errors import NotAllowed
from bot.services.timebank import TimeBank
from bot.storage.records import GameRow, SeatRow

T0 = datetime(2026, 1, 5, 12, tzinfo=UTC)
DAY, HOUR = timedelta(days=1), timedelta(hours=1)


def game(bank_days: int = 3, increment_hours: int = 24, holiday_days: int = 7) -> GameRow:
    return GameRow(
        1, 10, 100, 1, "tiny", {}, 1, "active", 0, 0, None, "join", (0,), T0, T0, T0, None, None, "skip",
        bank_minutes=bank_days * 24 * 60,
        bank_increment_minutes=increment_hours * 60,
        holiday_days=holiday_days,
    )  # fmt: skip


def seat(**changes: object) -> SeatRow:
    return replace(SeatRow(1, 0, 1, "Ann", False, None, "active", T0, waiting_since=T0), **changes)  # type: ignore[arg-type]


def test_a_bank_is_read_back_from_the_columns_it_is_stored_in() -> None:
    bank = TimeBank(5 * 24 * 60, 12 * 60, 3)
    assert timebank.bank_of(replace(game(), **timebank.columns(bank))) == bank


def test_the_presets_and_a_custom_bank() -> None:
    assert timebank.choose(None) is None and timebank.choose("off") is None
    assert timebank.choose("3d+1d") == TimeBank(3 * 24 * 60, 24 * 60, 7)
    assert timebank.choose("14d+2d", holiday_days=0) == TimeBank(14 * 24 * 60, 2 * 24 * 60, 0)
    assert timebank.choose("custom", 5, 12, 3) == TimeBank(5 * 24 * 60, 12 * 60, 3)
    assert timebank.choose(None, 2) == TimeBank(2 * 24 * 60, 0, 7)  # days alone: a custom bank


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (("custom", -1), "refusal.bank.days"),
        (("custom", 0), "refusal.bank.days"),
        (("custom", 61), "refusal.bank.days"),
        (("custom",), "refusal.bank.days"),
        (("custom", 3, -2), "refusal.bank.increment"),
        (("custom", 3, 24, -1), "refusal.bank.holiday_days"),
        (("7d+1d", 3), "refusal.bank.preset_and_custom"),
        (("weekly",), "refusal.bank.preset"),
        ((None, None, 5), "refusal.bank.which"),
        (("off", None, None, 3), "refusal.bank.which"),
    ],
)
def test_bad_banks_are_refused_with_why(args: tuple[object, ...], refusal: str) -> None:
    with pytest.raises(NotAllowed) as caught:
        timebank.choose(*args)  # type: ignore[arg-type]
    assert caught.value.said is not None and caught.value.said["msg"] == refusal


def test_the_bank_runs_out_from_the_start_of_the_wait() -> None:
    g = game()
    assert timebank.runs_out_at(g, seat()) == T0 + 3 * DAY
    assert timebank.runs_out_at(g, seat(bank_seconds=3600)) == T0 + HOUR
    assert timebank.runs_out_at(g, seat(waiting_since=None)) is None
    assert timebank.runs_out_at(replace(g, bank_minutes=None), seat()) is None


def test_a_finished_wait_books_what_it_spent_and_adds_the_increment_up_to_the_full_bank() -> None:
    g = game()
    assert timebank.settle(g, seat(), T0 + 2 * DAY) == int((2 * DAY).total_seconds())  # 3 - 2 + 1
    assert timebank.settle(g, seat(), T0 + HOUR) == int((3 * DAY).total_seconds())  # capped
    assert timebank.settle(g, seat(), T0 + 5 * DAY) == int(DAY.total_seconds())  # nothing left + 1


def test_a_holiday_moves_the_start_of_the_count() -> None:
    g = game()
    # a holiday taken while waiting: a day spent before it, the count starts again when it ends
    booked = timebank.book(g, seat(), T0 + DAY)
    on_leave = seat(bank_seconds=booked, holiday_until=T0 + 3 * DAY)
    assert timebank.runs_out_at(g, on_leave) == T0 + 5 * DAY
    assert timebank.left(g, on_leave, T0 + 2 * DAY) == 2 * DAY  # standing still
    # a holiday that ended before the wait began changes nothing
    assert timebank.runs_out_at(g, seat(holiday_until=T0 - DAY)) == T0 + 3 * DAY
    assert timebank.on_holiday(on_leave, T0 + DAY) and not timebank.on_holiday(on_leave, T0 + 3 * DAY)


def test_warnings_come_a_day_and_an_hour_before_each_once() -> None:
    g = game()
    assert timebank.warning_due(g, seat()) == (0, T0 + 2 * DAY)
    assert timebank.warning_due(g, seat(bank_warned=1)) == (1, T0 + 3 * DAY - HOUR)
    assert timebank.warning_due(g, seat(bank_warned=2)) is None
    # a bank already under a day skips the day's warning
    assert timebank.warning_due(g, seat(bank_seconds=5 * 3600)) == (1, T0 + 4 * HOUR)


def test_the_holiday_allowance() -> None:
    g = game(holiday_days=7)
    assert timebank.holiday_left(g, seat()) == 7 * DAY
    assert timebank.holiday_left(g, seat(holiday_used=2 * 86400 + 60)).days == 4


def test_a_late_warning_stands_for_the_earlier_ones() -> None:
    g = game()
    assert timebank.latest_warning(g, seat(), T0 + DAY) is None
    assert timebank.latest_warning(g, seat(), T0 + 2 * DAY) == 0
    assert timebank.latest_warning(g, seat(), T0 + 3 * DAY) == 1
    assert timebank.latest_warning(g, seat(bank_warned=2), T0 + 3 * DAY) is None
