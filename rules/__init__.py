"""Pure game engines, registered by id.

>>> import rules
>>> rules.get("santafe").title
'Santa Fe'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from rules.core import Rules, RulesError, SetupError

# game id -> module that exposes RULES; imported on first use so one broken game cannot hide another.
_MODULES = {"gwt": "rules.gwt", "santafe": "rules.santafe"}
_loaded: dict[str, Rules] = {}


def get(game_id: str) -> Rules:
    """The rules object for ``game_id``; raises ``SetupError`` for an unknown id."""
    key = game_id.strip().lower()
    if key not in _MODULES:
        known = ", ".join(sorted(_MODULES))
        raise SetupError(f"Unknown game '{game_id}'. Known games: {known}.")
    if key not in _loaded:
        _loaded[key] = importlib.import_module(_MODULES[key]).RULES
    return _loaded[key]


class _Games(Mapping[str, Rules]):
    """``rules.GAMES``: a read-only mapping id -> Rules, loading engines lazily."""

    def __getitem__(self, key: str) -> Rules:
        try:
            return get(key)
        except SetupError as exc:
            raise KeyError(key) from exc

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


GAMES: Mapping[str, Rules] = _Games()

__all__ = ["GAMES", "Rules", "RulesError", "get"]
