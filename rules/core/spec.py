"""What the bot and the pictures need to know about a game beyond its rules: the game spec.

Each game's package ``rules/<id>/`` exports ``SPEC`` (a ``GameSpec``) beside ``RULES``; ``rules.spec(id)``
returns it. Every title, colour, player count, option, help topic and computer level the bot shows is read
from here, so a new game needs no edit outside its own folders.

>>> from rules.core.spec import Option
>>> Option("advanced", "rivers and mountains").kind
'switch'
>>> Option("rounds", "how many rounds", default=2, minimum=1, maximum=9).kind
'number'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from rules.core.errors import wrong_player_count
from rules.core.rng import Rng

# A computer player that does not think: (its own view, its legal moves, a seeded rng) -> a legal move.
Player = Callable[[dict[str, Any], Sequence[str], Rng], str]


OptionKind = Literal["choice", "switch", "number"]


@dataclass(frozen=True)
class Option:
    """One setup option of ``Rules.new_game``, of one of three kinds (``kind``): "choice" (one of
    ``choices``, text), "switch" (a ``bool`` default: yes or no) or "number" (an ``int`` default, from
    ``minimum`` to ``maximum``).

    ``name`` is the key ``new_game`` takes; ``label`` the name players see and type (a Discord command
    option name: lower case, at most 32 characters); ``description`` at most 100 characters.
    """

    name: str
    description: str
    choices: tuple[str, ...] = ()
    default: str | bool | int = False
    label: str = ""
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.name)
        if self.choices and self.default not in self.choices:
            raise ValueError(f"option {self.name}: the default {self.default!r} is not one of its choices")
        if self.kind == "number" and (self.minimum is None or self.maximum is None):
            raise ValueError(f"option {self.name}: a number needs a minimum and a maximum")

    @property
    def kind(self) -> OptionKind:
        if self.choices:
            return "choice"
        return "switch" if isinstance(self.default, bool) else "number"


@dataclass(frozen=True)
class Budget:
    """How long a thinking player may think: ``seconds`` of its own CPU time for what is left of its turn
    (the player takes its share for the decision at hand, ``rules.core.budget``), and at most ``wall``
    seconds by the wall clock when set (whichever runs out first ends the thinking); or, when ``playouts``
    is set, exactly that many playouts for each decision (the same seed then always gives the same move)."""

    seconds: float = 1.0
    playouts: int | None = None
    wall: float | None = None


@dataclass(frozen=True)
class Computer:
    """A computer player of one level: what it does, in a line, and the function that plays:
    ``play(its own view, its legal moves, a seeded rules.core.rng.Rng)`` -> one of the legal moves; a
    player that ``thinks`` (searches) is called with a fourth argument, its ``Budget``.

    ``player`` is that function or its path, ``"module:name"``. A game's spec names its players by path:
    the players read the game's engine, so a spec importing them would make the game's package and its
    players import each other; a path is imported on the first ``play``.
    """

    description: str
    player: Callable[..., str] | str
    thinks: bool = False

    @property
    def play(self) -> Callable[..., str]:
        """The function that plays."""
        return self.player if callable(self.player) else _load(self.player)


@cache
def _load(path: str) -> Callable[..., str]:
    """The function named ``"module:name"``."""
    module, _, name = path.partition(":")
    found = getattr(importlib.import_module(module), name)
    if not callable(found):
        raise TypeError(f"{path} is not a function")
    return found  # type: ignore[no-any-return]


@dataclass(frozen=True)
class GameSpec:
    """Everything about one game that is not its rules.

    ``help`` maps a topic key to (title, text), each facts of the game's catalog (``rules.core.texts``)
    or English, and holds at least "goal" (at most 25: the topics
    autocomplete lists before anything is typed); ``subtopics`` holds more topics of the same shape that
    autocomplete offers once typed words match them (one per building, say); ``computers`` maps a level
    (1 and up; level 0, random legal moves, every game has) to its player; ``hands``: whether seats hold
    private cards (``/hand``, the hand picture); ``tiebreak`` names the result's tie-break figure when
    the game has one; ``colour`` is the game's RGB colour for embeds; ``think_seconds`` is the CPU time a
    thinking computer spends on one turn unless told otherwise (``Budget``), set by how many decisions a
    turn of the game holds.
    """

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    colour: tuple[int, int, int]
    options: tuple[Option, ...] = ()
    help: Mapping[str, tuple[Any, Any]] = field(default_factory=dict)
    subtopics: Mapping[str, tuple[Any, Any]] = field(default_factory=dict)
    computers: Mapping[int, Computer] = field(default_factory=dict)
    hands: bool = False
    tiebreak: str | None = None
    think_seconds: float = 1.0

    def __post_init__(self) -> None:
        if "goal" not in self.help:
            raise ValueError(f"{self.id}: the help topics need a 'goal'")
        if set(self.help) & set(self.subtopics):
            raise ValueError(f"{self.id}: a topic is both a topic and a subtopic")
        if 0 in self.computers:
            raise ValueError(f"{self.id}: level 0 (random moves) is every game's own")
        if not self.think_seconds > 0:
            raise ValueError(f"{self.id}: a computer needs some time to think")
        labels = [o.label for o in self.options]
        if len(set(labels)) != len(labels):
            raise ValueError(f"{self.id}: two options share a name")

    def defaults(self) -> dict[str, Any]:
        """Every option at its default, as ``new_game`` takes them."""
        return {o.name: o.default for o in self.options}

    @property
    def top_level(self) -> int:
        """The strongest computer level (0 when the game has only random play)."""
        return max(self.computers, default=0)


class SpecIdentity:
    """A base for a game's engine whose ``Rules`` identity (``id``, ``title``, ``min_players``,
    ``max_players``) is its spec's, so that the game states it once, in the spec:
    ``class MyRules(SpecIdentity, spec=SPEC)``."""

    id: str
    title: str
    min_players: int
    max_players: int

    def __init_subclass__(cls, *, spec: GameSpec, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.id, cls.title = spec.id, spec.title
        cls.min_players, cls.max_players = spec.min_players, spec.max_players

    def check_players(self, players: object) -> None:
        """Refuse (``SetupError``) a player count that is not a whole number from the spec's least to
        its most."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise wrong_player_count(self.title, self.min_players, self.max_players, players)
