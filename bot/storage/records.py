"""Rows as plain frozen dataclasses, and the conversions between Python values and SQLite columns."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from datetime import datetime
from functools import cache
from typing import Any, TypeVar, get_type_hints

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


# How a row dataclass's field is stored, by its type: a time as ISO text, a flag as 0 or 1, the rest as is.
_READ: dict[Any, Callable[[Any], Any]] = {datetime: from_time, datetime | None: from_time, bool: bool}
_WRITE: dict[Any, Callable[[Any], Any]] = {datetime: to_time, datetime | None: to_time, bool: int}


@cache
def _field_types(cls: Any) -> dict[str, Any]:
    hints = get_type_hints(cls)
    return {f.name: hints[f.name] for f in fields(cls)}


def from_row(cls: Callable[..., Row], row: Any, **decoded: Any) -> Row:
    """The row dataclass ``cls`` from a database row: each field read from its column of the same name (a
    time by ``from_time``, a flag as a bool), but those ``decoded`` gives (JSON, say)."""
    types = _field_types(cls)
    read = {name: _READ.get(kind) for name, kind in types.items() if name not in decoded}
    return cls(
        **{name: row[name] if how is None else how(row[name]) for name, how in read.items()}, **decoded
    )


def columns(record: Any, *names: str) -> dict[str, Any]:
    """The fields ``names`` (default: all) of a row dataclass as their columns store them (a time by
    ``to_time``, a flag as 0 or 1): the parameters of an insert."""
    types = _field_types(record.__class__)
    return {name: _WRITE.get(types[name], _same)(getattr(record, name)) for name in names or types}


def _same(value: Any) -> Any:
    return value


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
    damage_told_at: datetime | None = None  # when its channel was told it is paused as damaged; None: owed
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
    return from_row(
        GameRow, row, options=from_json(row["options"], {}), to_act=tuple(from_json(row["to_act"], []))
    )


def seat_from_row(row: Any) -> SeatRow:
    return from_row(SeatRow, row)


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
    return from_row(MoveRow, row, events=from_json(row["events"], []))
