"""The service's side of the engine contract: canonical moves, replays, skips and a cache of states."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import rules
from bot.i18n import ENGLISH, language_of
from bot.services import wording
from bot.storage.records import GameRow, MoveRow
from rules.core.errors import ErrorCode, RulesError
from rules.core.events import Event
from rules.core.notation import match_label, normalize, suggest
from rules.core.players import replace_players
from rules.core.protocol import (
    DetailsMoves,
    Engine,
    GuardsForcedSteps,
    RevisesRules,
    Rules,
    SaysDetails,
    SaysMoves,
    SkipsTurns,
    State,
    TellsMoves,
)
from rules.core.texts import Said, said

# Moves an engine may offer that end a turn without doing anything: what a deadline's "skip" plays.
SKIP_MOVES = ("pass", "skip")
# Legal moves a refusal suggests ("Did you mean: ...?").
SUGGESTIONS = 3


def rules_for(rules_id: str) -> Engine:
    return rules.get(rules_id)


@dataclass(frozen=True)
class Reader:
    """Whom moves are labelled for: in the language of ``locale`` (English by default), players named as
    ``names`` (by seat) has them, else "Player N"."""

    names: Mapping[int, str] | None = None
    locale: object = None


#: English, with players as "Player N"
PLAIN = Reader()


def canonical(game: Engine, state: State, seat: int, text: str, reader: Reader = PLAIN) -> str:
    """The canonical legal move ``text`` means: the engine's reading of it (``Notation.parse_move``), or
    the label a player sees for it, whole or cut short, as ``reader`` reads labels or in English.

    Raises the engine's ``RulesError`` otherwise; when the text is simply not a legal move, the message
    suggests the closest legal moves.
    """
    try:
        return str(game.parse_move(state, seat, text))
    except RulesError as exc:
        if exc.code in (ErrorCode.NOT_YOUR_TURN, ErrorCode.GAME_OVER) or not isinstance(text, str):
            raise
        labelled = labels(game, state, seat, reader)
        found = match_label(text, labelled)
        if len(found) == 1:
            return found[0]
        # English labels are understood from every reader, with the players' names and as the engine
        # writes them ("building 3a of Player 1")
        names = reader.names
        english = [Reader(names, ENGLISH)] if language_of(reader.locale) != ENGLISH and names else []
        for other in [*english, Reader(None, ENGLISH)]:
            if found:
                break
            found = match_label(text, labels(game, state, seat, other))
            if len(found) == 1:
                return found[0]
        if exc.code == ErrorCode.AMBIGUOUS or not labelled:
            raise
        close = suggest(text, labelled, SUGGESTIONS)
        if not close:
            raise
        moves = " | ".join(close)
        says = said("rules.did_you_mean", refusal=exc.said, moves=moves) if exc.said else None
        raise type(exc)(f"{_stopped(exc.message)} Did you mean: {moves}?", code=exc.code, say=says) from exc


def _stopped(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def said_label(game: Engine, state: State, seat: int, move: str) -> Said | str:
    """The label of a legal move as the engine says it: facts (``say_move``, which an engine may offer),
    else its English label."""
    if isinstance(game, SaysMoves):
        return game.say_move(state, seat, move)
    return str(game.describe_move(state, seat, move))


def said_done(game: Engine, label: Said | str, seat: int) -> Said | None:
    """The sentence telling that ``seat`` made the move labelled ``label`` (a label ``said_label`` gave,
    or a hidden move's stand-in), as the engine says it (``say_done``); ``None`` where it has none."""
    return game.say_done(label, seat) if isinstance(game, TellsMoves) else None


def label(game: Engine, state: State, seat: int, move: str, reader: Reader = PLAIN) -> str:
    """The label of a legal move, as ``reader`` reads it."""
    return wording.text_of(reader.locale, said_label(game, state, seat, move), reader.names)


def with_names(text: str, names: Mapping[int, str]) -> str:
    """``text`` with each "Player N" whose seat has a name in ``names`` (by seat) written as that name."""
    return replace_players(text, names.get)


class Labelled(tuple[str, str]):
    """A legal move and its label, a pair as ever, with ``detail``: what the engine says the move costs and
    earns ("" when it says nothing), for the line beside the label in a menu."""

    detail: str

    def __new__(cls, move: str, label: str, detail: str = "") -> Labelled:
        pair = super().__new__(cls, (move, label))
        pair.detail = detail
        return pair


def detail(game: Engine, state: State, seat: int, move: str, reader: Reader = PLAIN) -> str:
    """The engine's detail of a legal move (what it costs and earns: ``say_detail`` or ``detail_move``,
    which an engine may offer) as ``reader`` reads it, else ""."""
    if isinstance(game, SaysDetails):
        return wording.text_of(reader.locale, game.say_detail(state, seat, move), reader.names)
    if isinstance(game, DetailsMoves):
        return wording.text_of(reader.locale, game.detail_move(state, seat, move), reader.names)
    return ""


def labels(game: Engine, state: State, seat: int, reader: Reader = PLAIN) -> list[tuple[str, str]]:
    """Every legal move of ``seat`` with its label alone, in the engine's order: what a typed move is read
    against (the details, a third of the labelling's time for GWT, are shown but never typed)."""
    return [(move, label(game, state, seat, move, reader)) for move in game.legal_moves(state, seat)]


def labelled_moves(game: Engine, state: State, seat: int, reader: Reader = PLAIN) -> list[tuple[str, str]]:
    """Every legal move of ``seat`` with its label (and its detail, see ``Labelled``), in the engine's
    order, as ``reader`` reads them."""
    return [
        Labelled(move, text, detail(game, state, seat, move, reader))
        for move, text in labels(game, state, seat, reader)
    ]


def decision_key(seat: int, last_move: int, moves: Iterable[object]) -> str:
    """What names one decision of ``seat``: its legal moves in the engine's order (so that "move number N"
    means one move) and the number of the last move made for it (so that a decision with the same moves
    later on, after it moved, is another one). Twelve hex digits, short enough for a custom id."""
    listed = "\n".join(str(move) for move in moves)
    digest = hashlib.blake2b(f"{seat}\n{last_move}\n{listed}".encode(), digest_size=6)
    return digest.hexdigest()


def play(
    game: Engine, state: State, seat: int, text: str, reader: Reader = PLAIN
) -> tuple[str, State, list[Event]]:
    """Check and apply a move (typed as ``canonical`` reads it for ``reader``); returns (canonical move,
    new state, events)."""
    move = canonical(game, state, seat, text, reader)
    new_state, events = game.play(state, seat, move)
    return move, new_state, list(events)


def skip_move(game: Rules, state: State, seat: int) -> str | None:
    """The legal move that ends ``seat``'s turn doing nothing, if the rules allow one now."""
    if isinstance(game, SkipsTurns):
        return game.skip_move(state, seat)
    legal = game.legal_moves(state, seat)
    return next((m for m in legal if normalize(m) in SKIP_MOVES), None)


def forced_step_reveals(game: Rules, state: State, seat: int, move: str) -> bool:
    """Whether making ``move``, ``seat``'s only legal move, for them would tell the table a secret: the
    engine says (``GuardsForcedSteps``); an engine that does not say reveals nothing by it."""
    return isinstance(game, GuardsForcedSteps) and game.forced_step_reveals(state, seat, move)


def current_options(game: Rules, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a new game is stored with: those chosen, and for an engine whose rules have revisions
    (``RevisesRules``) the one it is played by, so that it replays by it however the rules change."""
    return game.current_options(options) if isinstance(game, RevisesRules) else dict(options)


def replay(
    game: Rules, players: int, seed: int, options: Mapping[str, Any], moves: Iterable[tuple[int, str]]
) -> State:
    """The state after ``moves`` (canonical, as logged) from a new game."""
    state = game.new_game(players, seed, options)
    for seat, move in moves:
        state, _ = game.play(state, seat, move)
    return state


class BrokenLog(Exception):
    """A game's move log cannot rebuild its state: a move is missing or the engine refuses one."""


def replay_log(game: Rules, players: int, row: GameRow, moves: Sequence[MoveRow]) -> State:
    """The state after the logged ``moves`` of the game ``row`` (numbered 1 to its version, in order);
    ``BrokenLog`` when they are not all there or one does not play."""
    if [m.version for m in moves] != list(range(1, row.version + 1)):
        raise BrokenLog(f"its move log does not hold moves 1 to {row.version}")
    damaged = [m.version for m in moves if not m.intact()]
    if damaged:  # replaying a changed move would rebuild a position that never was
        raise BrokenLog(f"its move {damaged[0]} does not match its checksum")
    try:
        return replay(game, players, row.seed, row.options, [(m.seat, m.move) for m in moves])
    except Exception as exc:  # an engine refuses a damaged move in its own way
        raise BrokenLog(f"its move log does not replay ({type(exc).__name__}: {exc})") from None


class StateCache:
    """The states of the most recently used games, so a move does not replay its game.

    Keyed by game id; an entry is only used when its revision (bumped by every change of position, undo
    included) equals the one asked for, so an entry left behind by another process's write is ignored.
    """

    def __init__(self, capacity: int = 64) -> None:
        self.capacity = capacity
        self._items: OrderedDict[int, tuple[int, State]] = OrderedDict()

    def get(self, game_id: int, revision: int) -> State | None:
        item = self._items.get(game_id)
        if item is None or item[0] != revision:
            return None
        self._items.move_to_end(game_id)
        return item[1]

    def put(self, game_id: int, revision: int, state: State) -> None:
        self._items[game_id] = (revision, state)
        self._items.move_to_end(game_id)
        while len(self._items) > self.capacity:
            self._items.popitem(last=False)

    def drop(self, game_id: int) -> None:
        self._items.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._items)
