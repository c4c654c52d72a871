"""The engine contract every game implements (see docs/adding-a-game.md and docs/architecture.md).

A ``State`` is an engine's own object; only the engine looks inside it. Everything that leaves the
engine is JSON-able: moves are text, views and results are dicts, events are dicts. An engine builds
its views and results as ``TypedDict``s (``View`` extended by the game's own, ``rules.core.result.Result``)
and hands them over with ``plain``.

Every view carries these keys, whatever the game, so the bot and the renderer can rely on them:

    game      the rules id ("gwt", "santafe")
    viewer    the seat the view is for, or None for a spectator
    players   the number of seats
    to_act    sorted list of seats that must act now
    over      whether the game has ended
    decision  None when over, else {"seats": [...], "prompt": "what must be decided now, in words"}
    round     the current round or turn number, as the game counts it

plus the game's own public board and, for the viewer only, their private hand and choices. A seat's view
is the spectator's view plus keys of its own (``hand`` when the game's spec has ``hands=True``): never
another seat's hidden cards. A move whose text is a secret says so in its events (``hides_move``, see
``rules.core.events``).

Every engine implements both ``Rules`` and ``Notation`` (together: ``Engine``); ``rules.get`` refuses a
registered engine that lacks a method of either. The bot reads every typed move through ``parse_move``
and labels every move with ``describe_move`` (or, for readers of every language, with the facts of an
optional ``say_move``, whose English ``describe_move`` returns): an engine with nothing better to offer
parses with ``rules.core.notation.match_move(text, self.legal_moves(state, seat))`` and describes a move by
its text.
``tests/contract`` checks every registered game against this contract.

Beyond the contract an engine may offer the capabilities of ``OPTIONAL`` (a label's facts, a move's
price, a hand in words, the move a deadline plays, whether a forced step tells a secret, the revision of
the rules a new game is played by); the bot asks ``isinstance(engine, SaysMoves)`` and the like (each a
``Protocol`` of one method) before it calls one, and ``offered(engine)`` names those an engine has.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeAlias, TypedDict, cast, runtime_checkable

from rules.core.events import Event
from rules.core.result import Result
from rules.core.texts import Said

State: TypeAlias = Any


@runtime_checkable
class Rules(Protocol):
    """One game's rules: pure functions of an immutable-by-contract state."""

    id: str
    title: str
    min_players: int
    max_players: int

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """A fresh game; raises ``SetupError`` for a bad player count or option."""
        ...

    def to_act(self, state: State) -> frozenset[int]:
        """Seats that must act now (several at once in simultaneous phases); empty when over."""
        ...

    def legal_moves(self, state: State, seat: int) -> list[str]:
        """Every legal move of ``seat`` in canonical notation, in a stable order."""
        ...

    def play(self, state: State, seat: int, move: str) -> tuple[State, list[Event]]:
        """The state after ``seat`` plays ``move`` and the events it caused.

        Accepts any unambiguous spelling of a legal move. Never changes ``state``; raises a
        ``RulesError`` when the move is refused.
        """
        ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator). JSON-able."""
        ...

    def is_over(self, state: State) -> bool: ...

    def result(self, state: State) -> dict[str, Any]:
        """Final scores: see ``rules.core.result`` for the shape."""
        ...

    def dump(self, state: State) -> dict[str, Any]:
        """The exact state as JSON-able data; ``load(dump(s))`` is equal to ``s``."""
        ...

    def load(self, data: Mapping[str, Any]) -> State: ...


# Optional keys come from a ``total=False`` class rather than ``NotRequired``: under postponed
# annotations Python 3.11 counts a ``NotRequired`` key as required at run time.
class _Seats(TypedDict):
    seats: list[int]


class Decision(_Seats, total=False):
    """What the seats to act decide now: ``prompt`` in English and ``say`` as facts (a computer's quick
    view may leave the words out), ``kind`` the game's own name for the decision."""

    prompt: str
    say: Said | None
    kind: str


class View(TypedDict):
    """The keys every view carries (the module's docstring); a game's view adds its own."""

    game: str
    viewer: int | None
    players: int
    to_act: list[int]
    over: bool
    decision: Decision | None
    round: int


VIEW_KEYS = View.__required_keys__


def plain(typed: View | Result) -> dict[str, Any]:
    """A game's typed view or result as the plain dict ``Rules`` hands the bot (the same object): the
    engines build them as ``TypedDict``s (``View`` and each game's own, ``Result``), checked where they are
    built; the bot still reads them as dicts."""
    return cast(dict[str, Any], typed)


@runtime_checkable
class Notation(Protocol):
    """What every engine offers beyond ``Rules`` for the bot: canonical parsing and readable labels.

    ``parse_move`` of a legal move's own text returns that text; ``describe_move`` is never empty and
    tells a seat's legal moves apart (players may type a label instead of the notation).
    """

    def parse_move(self, state: State, seat: int, text: str) -> str:
        """The canonical legal move meant by ``text``; raises ``RulesError`` if none or several."""
        ...

    def describe_move(self, state: State, seat: int, move: str) -> str:
        """A short human label for a legal move (autocomplete, buttons)."""
        ...


@runtime_checkable
class Engine(Rules, Notation, Protocol):
    """A game's engine as registered: its rules and its notation."""


@runtime_checkable
class SaysMoves(Protocol):
    """A move's label as facts of the game's catalog, read in each reader's language (``describe_move``
    is their English)."""

    def say_move(self, state: State, seat: int, move: str) -> Said | str: ...


@runtime_checkable
class TellsMoves(Protocol):
    """A move as the log tells it once made: a sentence of the game's catalog ("Ann ended the turn."),
    from the move's label as ``say_move`` gave it (or a hidden move's stand-in) and the seat that made
    it; ``None`` where the engine has none, and the log names the label instead. Menus keep the label."""

    def say_done(self, label: Said | str, seat: int) -> Said | None: ...


@runtime_checkable
class DetailsMoves(Protocol):
    """What a legal move costs and earns, in English, for the line beside its label in a menu ("" when
    there is nothing to add)."""

    def detail_move(self, state: State, seat: int, move: str) -> str: ...


@runtime_checkable
class SaysDetails(Protocol):
    """``detail_move`` as facts of the game's catalog."""

    def say_detail(self, state: State, seat: int, move: str) -> Said | str: ...


@runtime_checkable
class DescribesHands(Protocol):
    """The cards of a seat's view's ``hand`` in English, one a line."""

    def describe_hand(self, view: dict[str, Any]) -> list[str]: ...


@runtime_checkable
class SaysHands(Protocol):
    """``describe_hand`` as facts of the game's catalog, one a line."""

    def say_hand(self, view: dict[str, Any]) -> Sequence[Said | str]: ...


@runtime_checkable
class SkipsTurns(Protocol):
    """The move a deadline plays for an absent seat (``None``: none now); without it the bot plays a
    legal ``pass`` or ``skip``."""

    def skip_move(self, state: State, seat: int) -> str | None: ...


@runtime_checkable
class GuardsForcedSteps(Protocol):
    """Whether making ``move``, ``seat``'s only legal move, for them at once would tell the table what
    they hide: in a hidden-hand game "the only move" says what their hand could not do, and so does a
    step made the instant their turn begins. The bot then leaves the step for the player to take.
    Without it a forced step is taken to reveal nothing (a game without hidden hands needs none)."""

    def forced_step_reveals(self, state: State, seat: int, move: str) -> bool: ...


# the key under which a game's options name the revision of its rules (``RevisesRules``): stored with the
# game, never offered to players nor shown to them
REVISION_OPTION = "rules_revision"


@runtime_checkable
class RevisesRules(Protocol):
    """An engine whose rules changed after games were stored: a new game is stored with the options
    ``current_options`` gives, the chosen ones plus the current revision (under ``REVISION_OPTION``), and
    ``new_game`` plays by the revision its options name. Options without one (every game stored before
    the first change) are played by the first rules, so a stored game replays from its seed and moves
    exactly as it was played."""

    def current_options(self, options: Mapping[str, Any]) -> dict[str, Any]: ...


@runtime_checkable
class ScoresPositions(Protocol):
    """Each seat's points in a position, counted from what every player can see (never a hidden card),
    for a chart of a game's points over its moves; once the game is over, the result's totals."""

    def public_scores(self, state: State) -> list[int]: ...


OPTIONAL: tuple[type, ...] = (
    SaysMoves,
    TellsMoves,
    DetailsMoves,
    SaysDetails,
    DescribesHands,
    SaysHands,
    SkipsTurns,
    GuardsForcedSteps,
    RevisesRules,
    ScoresPositions,
)


def offered(engine: object) -> list[str]:
    """The names of the ``OPTIONAL`` capabilities ``engine`` offers, in their order."""
    return [capability.__name__ for capability in OPTIONAL if isinstance(engine, capability)]


def missing(engine: object) -> list[str]:
    """The names of the ``Engine`` members ``engine`` lacks (empty when it implements the contract)."""
    wanted = {
        name
        for protocol in (Rules, Notation)
        for name in [*vars(protocol), *protocol.__annotations__]
        if not name.startswith("_")
    }
    return sorted(name for name in wanted if not hasattr(engine, name))
