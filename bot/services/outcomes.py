"""What a change of a game is told as: a pure function from a move's result (the game just before and
just after it, read under the game's lock) to the ``MoveOutcome`` the bot announces, and the note a step
made for a player carries. No database, no clock: everything it needs is handed in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.services import notices
from bot.services.models import GameInfo, MoveOutcome, Notification, PlayedMove
from bot.services.report import Report
from bot.storage.preferences import UserSettings
from bot.storage.records import GameRow, SeatRow
from rules.core.english import english
from rules.core.events import TURN_START, Event, event, is_public
from rules.core.protocol import Engine, State
from rules.core.texts import Said


@dataclass(frozen=True)
class Move:
    """The change told: the seat that moved and its move and events (None and empty for a start, a
    hand-over, a deadline), and the person who made it (None for the computer or the bot itself)."""

    seat: int | None
    move: str | None = None
    events: tuple[Event, ...] = ()
    acting_user: int | None = None


def made_for(events: list[Event], seat: int, label: str, done: Said | None = None) -> list[Event]:
    """A forced step's events, its first public line saying it was made for the player ("Player 3 draws
    a city card (made for Player 3: the only move)."); with none, a line of its own: ``done``, the
    sentence the engine tells the move by (``engine.said_done``), else the English ``label``."""
    note = f"made for Player {seat + 1}: the only move"
    for index, ev in enumerate(events):
        if is_public(ev) and ev.get("type") != TURN_START and str(ev.get("text", "")).strip():
            if ev.get("msg"):  # an event of facts: the note is worded where it is shown
                return [*events[:index], {**ev, "made_for": seat}, *events[index + 1 :]]
            text = str(ev["text"]).strip().removesuffix(".")
            return [*events[:index], {**ev, "text": f"{text} ({note})."}, *events[index + 1 :]]
    if done is not None:
        told = event("auto_play", english(done), seat=seat, say=done)
        return [*events, {**told, "made_for": seat}]
    return [*events, event("auto_play", f"Player {seat + 1}: {label} ({note}).", seat=seat)]


def outcome(
    info: GameInfo,
    rules: Engine,
    game: GameRow,
    seats_before: Sequence[SeatRow],
    seats: Sequence[SeatRow],
    state: State,
    played: Sequence[PlayedMove],
    done: Move,
    prefs: Mapping[int, UserSettings],
    report: Report | None,
    *,
    mover_moves: Sequence[tuple[str, str]] = (),
    mover_decision: str = "",
    extra: Sequence[Notification] = (),
) -> MoveOutcome:
    """What ``done`` did, from the seats just before it and the game (``info``, ``game``, ``seats``,
    ``state``) just after it. Seats that had to act had their waiting clock running, which is how
    ``to_act_before`` is known from ``seats_before``. ``prefs`` say who takes direct messages;
    ``mover_moves`` and ``mover_decision`` are the mover's next choices and their key, when they decide
    again."""
    finished = game.status == "finished"
    before = {s.seat: s.waiting_since for s in seats_before}
    seat = done.seat
    notes = [*extra, *_notices(info, rules, state, seats, before, prefs, done.acting_user, finished)]
    person_moved = seat is not None and done.acting_user is not None and not finished
    turn_passed = seat is not None and (
        seat not in game.to_act
        or any(s.waiting_since not in (None, before.get(s.seat)) for s in seats if s.seat != seat)
    )
    return MoveOutcome(
        game=info,
        seat=seat,
        move=done.move,
        events=done.events,
        public_events=tuple(ev for p in played for ev in p.events if is_public(ev)),
        played=tuple(played),
        to_act=game.to_act,
        to_act_users=info.to_act_users,
        turn_passed=turn_passed,
        finished=finished,
        result=rules.result(state) if finished else None,
        notifications=tuple(notes),
        to_act_before=tuple(sorted(s.seat for s in seats_before if s.waiting_since is not None)),
        turn_started=any(ev.get("type") == TURN_START and is_public(ev) for p in played for ev in p.events),
        mover_moves=tuple(mover_moves),
        mover_view=rules.view(state, seat) if person_moved and seat is not None else None,
        mover_decision=mover_decision,
        report=report,
    )


def _notices(
    info: GameInfo,
    rules: Engine,
    state: State,
    seats: Sequence[SeatRow],
    before: Mapping[int, Any],
    prefs: Mapping[int, UserSettings],
    acting_user: int | None,
    finished: bool,
) -> list[Notification]:
    """The game's end for every person still seated, else "your turn" for each whose turn began with this
    change (not the one who made it)."""
    notes = []
    for s in seats:
        if s.is_ai or s.user_id is None or s.state not in ("active", "away"):
            continue
        where: dict[str, Any] = {
            "game_id": info.id,
            "channel_id": info.channel_id,
            "user_id": s.user_id,
            "dm": prefs[s.user_id].dms,
        }
        if finished:
            notes.append(Notification.said("game_over", "notice.game_over", {"title": info.title}, **where))
        elif s.waiting_since not in (None, before.get(s.seat)) and s.user_id != acting_user:
            said = notices.your_turn(info, rules.view(state, s.seat))
            notes.append(Notification.said("your_turn", *said, **where))
    return notes
