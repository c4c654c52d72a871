"""What the channel is to be told of a game at one position, read with the move that made it.

A move's outcome carries a ``Report`` built under the game's lock right after the move (in the reading
block that also reads who takes direct messages), so the announcer posts from it instead of asking the
service again: the spectators' view, the moves the channel was not told of yet, the live board and who
was pinged for a decision still theirs, and the public events of every move its lines or its picture may
go back to. It answers the announcer's questions about that position only (``covers``); about another,
the service is asked (``bot.play.reads``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.events import Event


@dataclass(frozen=True)
class LiveBoard:
    """What a quiet channel's live board message shows (``bot/play/live.py``)."""

    message_id: int
    pictured_version: int  # the move its picture shows; -1: none, or a position gone back from
    posts_since: int = 0  # the bot's posts in the channel after it
    pictured_for: str = ""  # who acted when its picture was drawn (``acting_key``)
    lines_after: int = -1  # its lines tell every move after this one; -1: those the channel was not told
    person_at: int = -1  # the move after which it last showed a person to act; -1: none


@dataclass(frozen=True)
class BoardState:
    """What the live board is about to be brought up to: the moves the channel was told of, the board (if
    any), and who was pinged for a decision still theirs (seat -> person)."""

    told: int
    board: LiveBoard | None
    pinged: dict[int, int]


@dataclass(frozen=True)
class ToldMove:
    """One move of the log as the channel is told of it: its number, its seat and its public events."""

    version: int
    seat: int
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Report:
    """A game at ``version`` (``revision``) as the announcer tells it; ``moves`` are every move after move
    ``since`` up to ``version`` (``since`` is at most the moves told, and at most each move the live board
    goes back to: its picture's, its lines' and the last one after which it showed a person to act)."""

    game_id: int
    version: int
    revision: int
    view: dict[str, Any] | None  # the spectators' view (None for a game not started)
    board: BoardState
    since: int
    moves: tuple[ToldMove, ...]

    def covers(self, upto: int, after: int | None = None) -> bool:
        """Whether the report answers a question about the moves after ``after`` up to ``upto``."""
        return upto == self.version and (after is None or after >= self.since)

    def untold_public_events(self) -> list[Event]:
        """The public events of the moves the channel was not told of, oldest first."""
        return self.public_events_between(self.board.told)

    def untold_movers(self) -> list[int]:
        """The seats that moved since the channel was last told, in the order they first moved."""
        return list(dict.fromkeys(m.seat for m in self.moves if m.version > self.board.told))

    def public_events_between(self, after: int) -> list[Event]:
        """The public events of the moves after move ``after`` (at least ``since``), oldest first."""
        return [ev for m in self.moves if m.version > after for ev in m.events]

    def movers_after(self, after: int) -> set[int]:
        """The seats that made a move after move ``after`` (at least ``since``)."""
        return {m.seat for m in self.moves if m.version > after}


def reach(board: BoardState) -> int:
    """The earliest move the announcer may tell from, given the live board: the moves told, and each move
    the board's lines or picture go back to (``bot.play.live``)."""
    known = board.board
    marks = [board.told]
    if known is not None:
        marks += [m for m in (known.pictured_version, known.lines_after, known.person_at) if m >= 0]
    return max(0, min(marks))
