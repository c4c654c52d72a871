"""Pure game engines and their specs, registered by id.

A game is a package ``rules/<id>/`` exporting ``RULES`` (the engine: ``rules.core.protocol.Rules`` and
``Notation``) and ``SPEC`` (``rules.core.spec.GameSpec``: title, options, help, computer players);
registering it is one line in ``_MODULES``. docs/adding-a-game.md walks through it.

>>> import rules
>>> rules.get("santafe").title
'Santa Fe'
>>> rules.spec("gwt").max_players
4
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

from rules.core import Rules, RulesError, SetupError
from rules.core.protocol import Engine, missing
from rules.core.spec import GameSpec

# game id -> module that exposes RULES; imported on first use so one broken game cannot hide another.
_MODULES = {"gwt": "rules.gwt", "santafe": "rules.santafe"}


def _module(game_id: str) -> ModuleType:
    key = game_id.strip().lower() if isinstance(game_id, str) else game_id
    if key not in _MODULES:
        known = ", ".join(sorted(_MODULES))
        raise SetupError(f"Unknown game '{game_id}'. Known games: {known}.")
    module = importlib.import_module(_MODULES[key])
    lacking = missing(getattr(module, "RULES", None))
    if lacking:  # a registration mistake, told at once rather than when a player first types a move
        raise TypeError(f"{module.__name__}.RULES lacks {', '.join(lacking)} (see rules.core.protocol)")
    return module


def get(game_id: str) -> Engine:
    """The engine of ``game_id``; raises ``SetupError`` for an unknown id and ``TypeError`` for a registered
    engine that lacks a member of ``Rules`` or ``Notation``."""
    engine: Engine = _module(game_id).RULES
    return engine


def spec(game_id: str) -> GameSpec:
    """The spec of ``game_id``; raises ``SetupError`` for an unknown id."""
    found: GameSpec = _module(game_id).SPEC
    return found


def ids() -> tuple[str, ...]:
    """Every registered game id, in registration order."""
    return tuple(_MODULES)


def specs() -> tuple[GameSpec, ...]:
    """Every registered game's spec, in registration order."""
    return tuple(spec(game_id) for game_id in _MODULES)


def modules() -> dict[str, str]:
    """Every registered game id -> the module holding its ``RULES`` and ``SPEC`` (a copy)."""
    return dict(_MODULES)


def register(game_id: str, module: str) -> None:
    """Register a game kept outside ``_MODULES``: the tests' games, or in a worker process the games its
    bot registered."""
    _MODULES[game_id] = module


def unregister(game_id: str) -> None:
    _MODULES.pop(game_id, None)


class _Games(Mapping[str, Rules]):
    """``rules.GAMES``: a read-only mapping id -> Rules, loading engines lazily."""

    def __getitem__(self, key: str) -> Rules:
        try:
            return get(key)
        except SetupError as exc:
            raise KeyError(key) from exc

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


GAMES: Mapping[str, Rules] = _Games()

__all__ = [
    "GAMES",
    "Engine",
    "GameSpec",
    "Rules",
    "RulesError",
    "get",
    "ids",
    "modules",
    "register",
    "spec",
    "specs",
    "unregister",
]
