"""Rules of the table that are not rules of the game: undo, reminders and deadlines, as pure functions.

Undo follows Board Game Arena: only the player who made the last move, only while their own turn lasts,
never back across another player's move, and never past a move that revealed something or used chance.

Reminders and deadlines are computed from stored times only (when each seat started waiting, when it was
last reminded), so they carry on unchanged after a restart. So is the moment a computer seat that must
move is overdue: its move is made in the same operation as the move before it, so a computer seat still
waiting after ``COMPUTER_GRACE`` was left behind by a crash and the reminder loop makes its move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from bot import i18n
from bot.services import timebank
from bot.services.errors import NotAllowed, NotHost
from bot.services.models import DueItem
from bot.storage.preferences import GuildSettings, UserSettings
from bot.storage.records import GameRow, MoveRow, SeatRow
from rules.core.events import is_irreversible, starts_turn
from rules.core.texts import Said, said

# A computer seat's move normally follows within a second; one still pending after this was interrupted.
COMPUTER_GRACE = timedelta(minutes=1)

# Defaults and the closed sets of the table's settings.
DEFAULT_REMINDER_MINUTES = 24 * 60
DEFAULT_AI_LEVEL = 1
SEAT_ORDERS = ("random", "join")
DEADLINE_ACTIONS = ("skip", "ai", "vote")
PICTURE_MODES = ("every-turn", "on-request")  # does every turn message show the board
# how often the channel of a game nobody plays in person hears of its computers' moves, and how long (in
# seconds) they wait after each post
COMPUTER_POSTS = ("turn", "round", "end")
MAX_COMPUTER_PAUSE = 3600
CHANNEL_STYLES = ("quiet", "every-turn")  # a live board and one-line pings, or a full message per turn


def check_language(language: str) -> None:
    """Refuse a language the catalogs do not hold (the pseudo-locale is one, for tests of the texts)."""
    if language not in (*i18n.LANGUAGES, i18n.PSEUDO):
        raise NotAllowed(said("refusal.language", choices=", ".join(i18n.LANGUAGES)))


class _GuildDefault:
    """Marks a setting left to the guild's default (``None`` already means "off")."""

    def __repr__(self) -> str:
        return "GUILD_DEFAULT"


GUILD_DEFAULT: Any = _GuildDefault()


def require_host(game: GameRow, user_id: int | None, admin: bool) -> None:
    """Refused unless ``user_id`` hosts ``game`` or manages the server (``admin``)."""
    if not admin and user_id != game.host_id:
        raise NotHost(said("refusal.not_host"))


def timing_defaults(
    guild: GuildSettings | None, reminder: Any, deadline: Any, action: Any
) -> tuple[int | None, int | None, str]:
    """A game's reminder and deadline minutes and deadline action, those left to the guild
    (``GUILD_DEFAULT``) filled in from its settings; refused when out of bounds."""
    if reminder is GUILD_DEFAULT:
        reminder = guild.reminder_minutes if guild and guild.reminder_minutes else DEFAULT_REMINDER_MINUTES
    if deadline is GUILD_DEFAULT:
        deadline = guild.deadline_minutes if guild else None
    if action is GUILD_DEFAULT or action is None:
        action = (guild.deadline_action if guild else None) or "skip"
    if action not in DEADLINE_ACTIONS:
        raise NotAllowed(said("refusal.deadline_action", choices=", ".join(DEADLINE_ACTIONS)))
    for value in (reminder, deadline):
        if value is not None and value <= 0:
            raise NotAllowed(said("refusal.times"))
    return reminder, deadline, action


def opening_timing(
    guild: GuildSettings | None,
    reminder: Any = GUILD_DEFAULT,
    deadline: Any = GUILD_DEFAULT,
    action: Any = GUILD_DEFAULT,
    bank: Any = GUILD_DEFAULT,
) -> tuple[int | None, int | None, str, timebank.TimeBank | None]:
    """A new game's reminder and deadline minutes, deadline action and time bank, those left to the guild
    (``GUILD_DEFAULT``) filled in from its settings. A bank left to the guild is its default bank when no
    deadline was chosen either (a deadline chosen, even none, opens without a bank); a bank is the clock,
    so it comes with no deadline (refused with one chosen); then as ``timing_defaults``."""
    if bank is GUILD_DEFAULT:
        bank = None if deadline is not GUILD_DEFAULT or guild is None else timebank.bank_of(guild)
    if bank is not None:
        if deadline is not GUILD_DEFAULT and deadline is not None:
            raise NotAllowed(said("refusal.bank.and_deadline"))
        deadline = None  # the bank is the clock, whatever the server's default deadline
    return (*timing_defaults(guild, reminder, deadline, action), bank)


def undo_refusal(last: MoveRow | None, seat: int, user_id: int) -> Said | None:
    """Why ``user_id`` at ``seat`` may not take back ``last`` (the newest move), or None if they may."""
    if last is None:
        return said("refusal.undo.none")
    if last.seat != seat or last.user_id != user_id or last.actor != "player":
        return said("refusal.undo.not_yours")
    if is_irreversible(last.events):
        return said("refusal.undo.irreversible")
    if starts_turn(last.events):
        return said("refusal.undo.turn_ended")
    return None


def waiting_since(seat: SeatRow, to_act: Sequence[int]) -> datetime | None:
    """Since when the seat has had to act, or None if it need not act now."""
    return seat.waiting_since if seat.seat in to_act else None


def _running(game: GameRow) -> bool:
    """Active and not paused: a paused game's clocks stand still (the bot is not in its server)."""
    return game.status == "active" and game.paused_at is None


def reminder_due_at(game: GameRow, seat: SeatRow, prefs: UserSettings | None) -> datetime | None:
    """When ``seat``'s player should next be reminded, or None if they never will this turn."""
    if not _running(game) or seat.is_ai or seat.user_id is None or seat.state != "active":
        return None
    since = waiting_since(seat, game.to_act)
    if since is None:
        return None
    if seat.muted or (prefs is not None and prefs.muted) or seat.muted_turn == seat.waiting_since:
        return None
    minutes = (
        prefs.reminder_minutes if prefs is not None and prefs.reminder_minutes else game.reminder_minutes
    )
    if not minutes:
        return None
    due = (seat.last_reminded_at or since) + timedelta(minutes=minutes)
    # no reminder while on holiday: the first comes one interval after it ends
    if seat.holiday_until is not None and seat.holiday_until > since:
        due = max(due, seat.holiday_until + timedelta(minutes=minutes))
    return due


def deadline_due_at(game: GameRow, seat: SeatRow) -> datetime | None:
    """When ``seat`` runs out of time, or None (no deadline, away, the computer plays it, vote open); in a
    game with a time bank, when its bank runs out."""
    has_limit = game.deadline_minutes or game.bank_minutes
    if not _running(game) or not has_limit or seat.is_ai or seat.state != "active":
        return None
    if seat.user_id is None:  # a seat waiting for its person to take it: the game waits, nobody is chased
        return None
    since = waiting_since(seat, game.to_act)
    if since is None or seat.vote_opened_at is not None:
        return None
    if game.bank_minutes:
        return timebank.runs_out_at(game, seat)
    return since + timedelta(minutes=game.deadline_minutes or 0)


def due_items(game: GameRow, seats: Sequence[SeatRow], prefs: Mapping[int, UserSettings]) -> list[DueItem]:
    """Every pending reminder, time-bank warning and deadline of the game with the time it falls due
    (past or future)."""
    items: list[DueItem] = []
    for seat in seats:
        user_prefs = prefs.get(seat.user_id) if seat.user_id is not None else None
        deadline = deadline_due_at(game, seat)
        if deadline is not None:
            items.append(DueItem("deadline", game.id, game.channel_id, seat.seat, seat.user_id, deadline))
            warning = timebank.warning_due(game, seat)  # the next "1 day left" of a running bank
            if warning is not None:
                items.append(DueItem("bank", game.id, game.channel_id, seat.seat, seat.user_id, warning[1]))
        remind = reminder_due_at(game, seat, user_prefs)
        if remind is not None and (deadline is None or remind < deadline):
            items.append(DueItem("reminder", game.id, game.channel_id, seat.seat, seat.user_id, remind))
    return items


def computer_due_at(game: GameRow, seats: Sequence[SeatRow]) -> datetime | None:
    """When a computer seat that must act counts as left behind (by a crash), or None if none must act
    (or the game is paused)."""
    if not _running(game):
        return None
    starts = [s.waiting_since or game.updated_at for s in seats if s.is_ai and s.seat in game.to_act]
    return min(starts) + COMPUTER_GRACE if starts else None


def next_due_at(
    game: GameRow, seats: Sequence[SeatRow], prefs: Mapping[int, UserSettings]
) -> datetime | None:
    """The earliest moment the reminder loop has something to do for the game (the stored next-due time)."""
    times = [i.due_at for i in due_items(game, seats, prefs)]
    computer = computer_due_at(game, seats)
    if computer is not None:
        times.append(computer)
    return min(times, default=None)


def kick_majority(voters: int) -> int:
    """Votes needed to remove an overdue player: more than half of the other players."""
    return voters // 2 + 1
