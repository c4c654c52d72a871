"""A time bank per seat, as pure arithmetic on stored times (the clock that is fair to a busy day).

A game with a bank (``games.bank_minutes``) gives each seat that many minutes in a bank, spent only while
the seat must act and refilled by ``bank_increment_minutes`` whenever a wait of the seat ends (its move,
or a skip): the bank after a wait is ``max(0, bank - spent) + increment``, capped at the bank it started
with, so speed saves a full bank but never more. The bank replaces the game's fixed deadline: when it runs
out, the deadline's action (skip, computer, vote) is taken.

Each seat stores its bank as it was when its clock last started (``seats.bank_seconds``, NULL: still the
full bank), and the clock counts from ``counting_from``: the later of when the seat started waiting and
when its holiday ends (``seats.holiday_until``). A holiday taken while the seat waits first books what
that wait has spent so far (``book``), so the running-out time is always a function of the stored row:
restart-safe, and the same in every process. Holidays come out of a per-game allowance
(``games.holiday_days``); the unused rest of one cut short is given back (``seats.holiday_used`` counts
seconds).

A server's managers may give new games a default bank (``/admin defaults``, stored in the server's settings
under the same column names): a game opened with neither a bank nor a deadline chosen gets it.

The host may add, change or remove a game's bank later (``afresh``): every seat's bank starts again at the
new full bank, and a wait under way counts from the change, as does the game's deadline once the bank is
gone.

Two warnings fall due per decision, a day and an hour before the bank runs out (``WARNINGS``); one that
is already past when the clock starts is not given (the ping says the bank).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.services.errors import NotAllowed
from bot.storage.preferences import GuildSettings
from bot.storage.records import GameRow, SeatRow
from rules.core.texts import said

DAY = 24 * 60  # minutes
# (bank minutes, increment minutes) of each named preset, Board Game Arena's turn-based speeds
PRESETS = {
    "3d+1d": (3 * DAY, DAY),
    "7d+1d": (7 * DAY, DAY),
    "14d+2d": (14 * DAY, 2 * DAY),
}
CHOICES = ("off", *PRESETS, "custom")
DEFAULT_HOLIDAY_DAYS = 7
MAX_BANK_DAYS = 60
MAX_INCREMENT_HOURS = 14 * 24
MAX_HOLIDAY_DAYS = 60
# the warnings of a running bank: this long before it runs out (each once per decision), with their notices
WARNINGS = (timedelta(days=1), timedelta(hours=1))
WARNING_NOTICES = ("notice.bank.day_left", "notice.bank.hour_left")


@dataclass(frozen=True)
class TimeBank:
    """A game's bank: minutes each seat starts with, minutes a finished wait adds, days of holiday."""

    bank_minutes: int
    increment_minutes: int
    holiday_days: int = DEFAULT_HOLIDAY_DAYS


class Keep:
    """The time bank a change leaves as it is (``KEEP``), as against a new one or none."""


KEEP = Keep()


def choose(
    preset: str | None,
    bank_days: int | None = None,
    increment_hours: int | None = None,
    holiday_days: int | None = None,
) -> TimeBank | None:
    """The bank the host chose (None: off), or refused with why. A preset names the bank and increment;
    ``custom`` (or no preset with ``bank_days`` given) takes them from ``bank_days``/``increment_hours``."""
    if preset is None and bank_days is None:
        if increment_hours is not None or holiday_days is not None:
            raise NotAllowed(said("refusal.bank.which"))
        return None
    preset = preset or "custom"
    if preset not in CHOICES:
        raise NotAllowed(said("refusal.bank.preset", choices=", ".join(CHOICES)))
    if preset == "off":
        if bank_days is not None or increment_hours is not None or holiday_days is not None:
            raise NotAllowed(said("refusal.bank.which"))
        return None
    if preset == "custom":
        if bank_days is None:
            raise NotAllowed(said("refusal.bank.days", most=MAX_BANK_DAYS))
        bank, step = bank_days * DAY, (increment_hours or 0) * 60
    else:
        if bank_days is not None or increment_hours is not None:
            raise NotAllowed(said("refusal.bank.preset_and_custom"))
        bank, step = PRESETS[preset]
    holidays = DEFAULT_HOLIDAY_DAYS if holiday_days is None else holiday_days
    chosen = TimeBank(bank, step, holidays)
    check(chosen)
    return chosen


def check(bank: TimeBank) -> None:
    """Refuse a bank out of bounds: the days, the increment, then the holidays (``choose`` checks what the
    host chose so; the service, a bank given to it)."""
    if not 1 <= bank.bank_minutes <= MAX_BANK_DAYS * DAY:
        raise NotAllowed(said("refusal.bank.days", most=MAX_BANK_DAYS))
    if not 0 <= bank.increment_minutes <= MAX_INCREMENT_HOURS * 60:
        raise NotAllowed(said("refusal.bank.increment", most=MAX_INCREMENT_HOURS))
    if not 0 <= bank.holiday_days <= MAX_HOLIDAY_DAYS:
        raise NotAllowed(said("refusal.bank.holiday_days", most=MAX_HOLIDAY_DAYS))


def bank_of(row: GameRow | GuildSettings) -> TimeBank | None:
    """The bank of a game, or a server's default bank for new games (None: none)."""
    if not row.bank_minutes:
        return None
    return TimeBank(row.bank_minutes, row.bank_increment_minutes, row.holiday_days)


def columns(bank: TimeBank | None) -> dict[str, int | None]:
    """The columns of a game's row, or of a server's settings, that hold ``bank`` (what ``bank_of`` reads
    back; None: no bank)."""
    if bank is None:
        return {"bank_minutes": None, "bank_increment_minutes": 0, "holiday_days": 0}
    return {
        "bank_minutes": bank.bank_minutes,
        "bank_increment_minutes": bank.increment_minutes,
        "holiday_days": bank.holiday_days,
    }


def afresh(game: GameRow, seat: SeatRow, now: datetime) -> dict[str, object]:
    """The seat's columns once the host changes or removes the game's bank at ``now``: its bank starts
    afresh at the game's (new) full bank, and a wait under way counts from now, so the new bank, or the
    deadline once the bank is gone, is measured from the change and not from when the wait began."""
    changes: dict[str, object] = {"bank_seconds": None, "bank_warned": 0}
    if seat.waiting_since is not None and seat.seat in game.to_act:
        changes["waiting_since"] = now
        if seat.muted_turn == seat.waiting_since:  # a player who muted this decision stays muted
            changes["muted_turn"] = now
    return changes


def full(game: GameRow) -> timedelta:
    return timedelta(minutes=game.bank_minutes or 0)


def banked(game: GameRow, seat: SeatRow) -> timedelta:
    """The seat's bank when its clock last started (not counting the wait under way)."""
    return full(game) if seat.bank_seconds is None else timedelta(seconds=seat.bank_seconds)


def counting_from(seat: SeatRow) -> datetime | None:
    """Since when the seat's wait spends its bank (the end of a holiday that ends later), or None."""
    if seat.waiting_since is None:
        return None
    if seat.holiday_until is not None and seat.holiday_until > seat.waiting_since:
        return seat.holiday_until
    return seat.waiting_since


def runs_out_at(game: GameRow, seat: SeatRow) -> datetime | None:
    """When the waiting seat's bank is spent, or None if it is not waiting (or the game has no bank)."""
    start = counting_from(seat)
    if not game.bank_minutes or start is None:
        return None
    return start + banked(game, seat)


def left(game: GameRow, seat: SeatRow, now: datetime) -> timedelta:
    """What is left in the seat's bank at ``now`` (never below nothing)."""
    start = counting_from(seat)
    spent = max(now - start, timedelta(0)) if start is not None else timedelta(0)
    return max(banked(game, seat) - spent, timedelta(0))


def settle(game: GameRow, seat: SeatRow, now: datetime) -> int:
    """The seat's bank in seconds once its wait ends at ``now``: what is left, plus the increment,
    at most the full bank."""
    after = left(game, seat, now) + timedelta(minutes=game.bank_increment_minutes)
    return int(min(after, full(game)).total_seconds())


def book(game: GameRow, seat: SeatRow, now: datetime) -> int:
    """The seat's bank in seconds when a holiday starts at ``now`` while it waits: what is left (the
    wait's time so far is spent, with no increment; the clock counts again when the holiday ends)."""
    return int(left(game, seat, now).total_seconds())


def warning_due(game: GameRow, seat: SeatRow) -> tuple[int, datetime] | None:
    """The next warning of the waiting seat's bank not yet given for this decision (its index in
    ``WARNINGS``) and when it falls due; None when none is left. A warning whose moment had passed
    when the clock started (a bank already shorter) is passed over."""
    out = runs_out_at(game, seat)
    if out is None:
        return None
    bank = banked(game, seat)
    for index in range(seat.bank_warned, len(WARNINGS)):
        if bank > WARNINGS[index]:
            return index, out - WARNINGS[index]
    return None


def latest_warning(game: GameRow, seat: SeatRow, now: datetime) -> int | None:
    """The last of the warnings not yet given that is due at ``now`` (one given late, after a pause of the
    bot, stands for the earlier ones it passed), or None."""
    found = None
    while (due := warning_due(game, seat)) is not None and due[1] <= now:
        found = due[0]
        seat = replace(seat, bank_warned=found + 1)
    return found


def holiday_left(game: GameRow, seat: SeatRow) -> timedelta:
    """The seat's holiday allowance not yet taken in this game."""
    return max(timedelta(days=game.holiday_days) - timedelta(seconds=seat.holiday_used), timedelta(0))


def on_holiday(seat: SeatRow, now: datetime) -> bool:
    return seat.holiday_until is not None and seat.holiday_until > now


def stamp(moment: datetime, style: str = "R") -> str:
    """Discord's timestamp markup: each reader's client shows it in their own zone and words."""
    return f"<t:{int(moment.timestamp())}:{style}>"
