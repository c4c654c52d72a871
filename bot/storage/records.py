"""Rows as plain frozen dataclasses, and the conversions between Python values and SQLite columns."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from rules.core.events import Event

log = logging.getLogger(__name__)

Row = TypeVar("Row")

# What converting a row whose columns were damaged raises: JSON or a time that no longer decodes
# (ValueError, json's error among them), a value of the wrong type.
UNDECODABLE = (ValueError, TypeError, KeyError)


def to_json(value: Any) -> str:
    """Compact, key-sorted JSON: equal values give equal text, so stored rows compare byte for byte."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def from_json(text: str | None, default: Any = None) -> Any:
    return default if text is None else json.loads(text)


def to_time(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:
        raise ValueError("times must be timezone-aware (UTC)")
    return value.isoformat()


def from_time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    rules_id: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    revision: int
    max_players: int | None
    seat_order: str
    to_act: tuple[int, ...]
    created_at: datetime
    updated_at: datetime
    turn_started_at: datetime | None
    reminder_minutes: int | None
    deadline_minutes: int | None
    deadline_action: str
    imported_moves: int | None = None  # None: dealt on this bot; else the moves its import file brought
    paused_at: datetime | None = None  # the bot left the game's server then; None: running normally
    parent_id: int | None = None  # the channel of a thread game's thread
    pictures: str = "every-turn"  # or "on-request": turn messages come without the board
    computer_posts: str = "round"  # a game nobody plays in person is told at every "turn", "round" or "end"
    computer_pause: int = 0  # seconds its computers wait after each post
    channel_style: str = "quiet"  # or "every-turn": a full turn message at every change of turn
    auto_play: bool = True  # a person's step with one legal move and nothing to decide is made at once
    language: str = "en"  # the catalog its public posts are written in
    damaged: str | None = None  # why it is paused: its rows are damaged and its log cannot rebuild them
    # a time bank (``services.timebank``): minutes each seat starts with (None: no bank), minutes a
    # finished wait adds, days of holiday each seat may take
    bank_minutes: int | None = None
    bank_increment_minutes: int = 0
    holiday_days: int = 0


@dataclass(frozen=True)
class SeatRow:
    game_id: int
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    ai_level: int | None
    state: str
    joined_at: datetime
    waiting_since: datetime | None = None
    last_reminded_at: datetime | None = None
    muted: bool = False
    muted_turn: datetime | None = None
    vote_opened_at: datetime | None = None
    offered_to: int | None = None  # the only person who may take this seat (import, replacement)
    bank_seconds: int | None = None  # its time bank when its clock last started (None: the full bank)
    bank_warned: int = 0  # how many of the bank's warnings this decision has had
    holiday_until: datetime | None = None  # its bank stands still until then
    holiday_used: int = 0  # seconds of the game's holiday allowance taken


@dataclass(frozen=True)
class Snapshot:
    version: int
    revision: int
    state: dict[str, Any]


@dataclass(frozen=True)
class MoveRow:
    game_id: int
    version: int
    seat: int
    user_id: int | None
    move: str
    events: list[Event]
    actor: str
    played_at: datetime
    # as stored (NULL for a move written before checksums); ``intact`` says whether it still matches
    checksum: str | None = None

    def sealed(self) -> str:
        """The checksum stored with the move: SHA-256 (hex) of what replaying it reads."""
        text = f"{self.game_id}:{self.version}:{self.seat}:{self.move}"
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def intact(self) -> bool:
        """Whether the row matches the checksum written with it (a row from before checksums is trusted)."""
        return self.checksum is None or self.checksum == self.sealed()


def game_from_row(row: Any) -> GameRow:
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        rules_id=row["rules_id"],
        options=from_json(row["options"], {}),
        seed=row["seed"],
        status=row["status"],
        version=row["version"],
        revision=row["revision"],
        max_players=row["max_players"],
        seat_order=row["seat_order"],
        to_act=tuple(from_json(row["to_act"], [])),
        created_at=from_time(row["created_at"]),  # type: ignore[arg-type]
        updated_at=from_time(row["updated_at"]),  # type: ignore[arg-type]
        turn_started_at=from_time(row["turn_started_at"]),
        reminder_minutes=row["reminder_minutes"],
        deadline_minutes=row["deadline_minutes"],
        deadline_action=row["deadline_action"],
        imported_moves=row["imported_moves"],
        paused_at=from_time(row["paused_at"]),
        parent_id=row["parent_id"],
        pictures=row["pictures"],
        computer_posts=row["computer_posts"],
        computer_pause=row["computer_pause"],
        channel_style=row["channel_style"],
        auto_play=bool(row["auto_play"]),
        language=row["language"],
        damaged=row["damaged"],
        bank_minutes=row["bank_minutes"],
        bank_increment_minutes=row["bank_increment_minutes"],
        holiday_days=row["holiday_days"],
    )


def seat_from_row(row: Any) -> SeatRow:
    return SeatRow(
        game_id=row["game_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        name=row["name"],
        is_ai=bool(row["is_ai"]),
        ai_level=row["ai_level"],
        state=row["state"],
        joined_at=from_time(row["joined_at"]),  # type: ignore[arg-type]
        waiting_since=from_time(row["waiting_since"]),
        last_reminded_at=from_time(row["last_reminded_at"]),
        muted=bool(row["muted"]),
        muted_turn=from_time(row["muted_turn"]),
        vote_opened_at=from_time(row["vote_opened_at"]),
        offered_to=row["offered_to"],
        bank_seconds=row["bank_seconds"],
        bank_warned=row["bank_warned"],
        holiday_until=from_time(row["holiday_until"]),
        holiday_used=row["holiday_used"],
    )


def decoded(found: Iterable[Any], convert: Callable[[Any], Row], bad: list[Any] | None = None) -> list[Row]:
    """Each row of a query over many games converted, but one whose columns no longer decode (damaged on
    disk): that one is left out and logged, its key (``game_id`` or ``id``) added to ``bad``, so one
    game's damage does not fail the listing, the due sweep or the start of every other game."""
    out: list[Row] = []
    for row in found:
        try:
            out.append(convert(row))
        except UNDECODABLE:
            first = row[0] if isinstance(row, tuple) else row  # a game with its seat: the game's row
            key = first["game_id"] if "game_id" in first else first["id"]
            log.warning("game %s: a stored row no longer decodes; left out of a listing", key)
            if bad is not None:
                bad.append(key)
    return out


def move_from_row(row: Any) -> MoveRow:
    return MoveRow(
        game_id=row["game_id"],
        version=row["version"],
        seat=row["seat"],
        user_id=row["user_id"],
        move=row["move"],
        events=from_json(row["events"], []),
        actor=row["actor"],
        played_at=from_time(row["played_at"]),  # type: ignore[arg-type]
        checksum=row["checksum"],
    )
