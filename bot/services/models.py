"""What the service hands back: plain frozen data, no database rows and no engine states."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.i18n import ENGLISH, translate
from bot.services import wording
from rules.core.events import Event

if TYPE_CHECKING:
    from bot.services.report import Report

SeatState = str  # "active" | "away" | "replaced" (played by the computer for now) | "resigned"
Status = str  # "lobby" | "active" | "finished" | "abandoned"


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    ai_level: int | None
    state: SeatState
    waiting_since: datetime | None = None
    offered_to: int | None = None  # the only person who may take this seat; nobody else is seated by it
    # in a game with a time bank: its bank when its clock last started, when it runs out (while it must
    # act and is not on holiday), and when its holiday ends
    bank_left: timedelta | None = None
    bank_out_at: datetime | None = None
    holiday_until: datetime | None = None

    @property
    def human(self) -> bool:
        """A person plays this seat now (not the computer)."""
        return not self.is_ai and self.user_id is not None


@dataclass(frozen=True)
class GameInfo:
    id: int
    guild_id: int | None
    channel_id: int
    rules_id: str
    title: str
    options: dict[str, Any]  # as the host chose them: without the rules revision stored with them
    status: Status
    version: int  # the number of moves made; undo lowers it
    revision: int  # bumped by every change of position (undo too): never repeats
    seats: tuple[SeatInfo, ...]
    host_id: int
    created_at: datetime
    updated_at: datetime
    turn_started_at: datetime | None
    to_act: tuple[int, ...]
    reminder_minutes: int | None
    deadline_minutes: int | None
    deadline_action: str
    max_players: int
    min_players: int
    seat_order: str
    imported_moves: int | None = None  # None: dealt here; else the moves the import file brought
    paused_at: datetime | None = None  # the bot left the game's server: nothing happens until it is back
    damaged: bool = False  # paused because its rows are damaged beyond what its log rebuilds
    pictures: str = "every-turn"  # or "on-request": turn messages come without the board (/board has it)
    computer_posts: str = "round"  # a game nobody plays in person is told at every "turn", "round" or "end"
    computer_pause: int = 0  # seconds its computers wait after each post, so watchers can follow
    channel_style: str = "quiet"  # or "every-turn": a full turn message at every change of turn
    auto_play: bool = True  # a person's step with one legal move and nothing to decide is made at once
    language: str = "en"  # the catalog its public posts are written in (bot/i18n.py)
    bank_minutes: int | None = None  # each seat's time bank at the start (None: no bank)
    bank_increment_minutes: int = 0  # what each finished wait adds to a seat's bank
    holiday_days: int = 0  # days of holiday each seat may take in the game

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def seat_of(self, user_id: int) -> SeatInfo | None:
        """The seat ``user_id`` holds (also one the computer plays for them), if any."""
        return next((s for s in self.seats if s.user_id == user_id and s.state != "resigned"), None)

    @property
    def to_act_users(self) -> tuple[int, ...]:
        """Users who must act now (seats the computer plays are not listed)."""
        return tuple(s.user_id for s in self.seats if s.seat in self.to_act and s.human)  # type: ignore[misc]


@dataclass(frozen=True)
class Notification:
    """Something to tell someone: ``user_id`` None means the game's channel."""

    # "your_turn" | "reminder" | "deadline" | "vote_open" | "replaced" | "game_over" | "abandoned" (its
    # channel was deleted) | "paused" (the bot left the server) | "resumed" (the bot is back) |
    # "damaged" (its rows are damaged and its log cannot rebuild them: paused until a restore)
    kind: str
    text: str
    game_id: int
    channel_id: int
    user_id: int | None = None
    dm: bool = False  # the user accepts direct messages
    # the catalog message it says and its parameters, so each reader gets it in their language; None: a
    # notice no catalog holds yet, told as ``text``
    message: str | None = None
    params: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def said(cls, kind: str, message: str, params: dict[str, Any], **where: Any) -> Notification:
        """A notice of catalog ``message``; its ``text`` is the English."""
        return cls(kind, _notice(ENGLISH, message, params), message=message, params=params, **where)

    def text_in(self, language: str) -> str:
        """The notice in ``language`` (a catalog's code)."""
        return self.text if self.message is None else _notice(language, self.message, self.params)


@dataclass(frozen=True)
class Forced:
    """What ``force_skip`` did to one seat that had to act (``name`` is the seat's): ``what`` is
    "skipped" (its turn passed), "no_pass" (the game has no pass here, so the computer plays the seat
    until its player takes it back), "computer" (the deadline rule hands it to the computer, likewise)
    or "vote" (the others now vote on handing it to the computer)."""

    seat: int
    name: str
    what: str


@dataclass(frozen=True)
class ForcedSkip:
    """What ``force_skip`` did, seat by seat, and the notices to deliver."""

    seats: tuple[Forced, ...]
    notifications: tuple[Notification, ...]


@dataclass(frozen=True)
class PlayedMove:
    version: int
    seat: int
    user_id: int | None
    move: str
    events: tuple[Event, ...]
    actor: str  # "player" | "ai" | "deadline" | "admin"


@dataclass(frozen=True)
class MoveOutcome:
    """The result of a submitted move (or a start, a hand-over, a deadline, a computer's move).

    ``seat``/``move``/``events`` describe the move (``None``/empty for a start); ``played`` holds the
    move written (the computer seats move afterwards, in the background runner, each with an outcome of
    its own). ``public_events`` are all events anyone may read.

    Everything here was worked out under the game's lock, from the position just before the move and just
    after it, so two moves sent at the same moment each get their own true before and after:
    ``to_act_before`` is who had to act just before the move, ``turn_started`` whether any move played
    began someone's turn (a public ``turn_start`` event, such as Santa Fe's first track layer after the
    cards are revealed).
    """

    game: GameInfo
    seat: int | None
    move: str | None
    events: tuple[Event, ...]
    public_events: tuple[Event, ...]
    played: tuple[PlayedMove, ...]
    to_act: tuple[int, ...]
    to_act_users: tuple[int, ...]
    turn_passed: bool
    finished: bool
    result: dict[str, Any] | None
    notifications: tuple[Notification, ...] = field(default=())
    to_act_before: tuple[int, ...] = ()
    turn_started: bool = False
    # the mover's next choices ((canonical, label) pairs; empty unless it is still their turn), the key of
    # that decision (``Decision.key``) and their own view, all of the position this outcome describes
    mover_moves: tuple[tuple[str, str], ...] = ()
    mover_view: dict[str, Any] | None = None
    mover_decision: str = ""
    # what the channel is to be told of the position this outcome describes, read with it (``report``)
    report: Report | None = None

    @property
    def version(self) -> int:
        return self.game.version

    @property
    def still_choosing(self) -> bool:
        """A simultaneous choice goes on: the mover is done, the others who were choosing still are, and
        nobody's turn began."""
        return (
            self.seat is not None
            and self.seat not in self.to_act
            and not self.turn_started
            and bool(self.to_act)
            and set(self.to_act) < set(self.to_act_before)
        )


@dataclass(frozen=True)
class UndoOutcome:
    game: GameInfo
    seat: int
    undone: str  # the canonical move taken back
    version: int  # the version after the undo


@dataclass(frozen=True)
class DueItem:
    """A reminder or a deadline that is due (or will be, at ``due_at``)."""

    kind: str  # "reminder" | "bank" (a time-bank warning) | "deadline"
    game_id: int
    channel_id: int
    seat: int
    user_id: int | None
    due_at: datetime


@dataclass(frozen=True)
class Decision:
    """What a player may do now: their legal moves ((canonical, label) pairs, in the engine's order) and
    the key naming this decision (``engine.decision_key``). A button carries the key; a press is good
    while the player's key is the same, whatever the others did meanwhile."""

    moves: tuple[tuple[str, str], ...]
    key: str


@dataclass(frozen=True)
class News:
    """What a seat's player has not read yet: the public events of every move since their own last move
    (``since``: its number, 0 before their first) or since the news last shown to them, up to move
    ``upto``. Handed back to ``news_shown`` once the player has read it."""

    game_id: int
    seat: int
    since: int
    upto: int
    upto_move: str  # tells the move ``upto`` from another played in its place after an undo
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Choices:
    """What a player is shown when they ask for their options: the game, their seat (None: not seated),
    the news since their last move, their decision (no moves: nothing to decide) and, with one, their
    own view."""

    game: GameInfo
    seat: int | None
    news: News | None
    decision: Decision
    view: dict[str, Any] | None


def _notice(language: str, message: str, params: dict[str, Any]) -> str:
    """``message`` in ``language``; a parameter that is an engine's facts (a prompt) is worded there too."""
    worded = {
        k: wording.say(language, v, {}) if isinstance(v, dict) and wording.has_facts(v) else v
        for k, v in params.items()
    }
    return translate(language, message, **worded)
