"""Registering a game: one line in ``rules._MODULES``; an engine that lacks part of the contract is refused
as soon as it is looked up, naming what it lacks."""

from __future__ import annotations

import sys
import types

import pytest

import rules
from rules.core.protocol import Engine, missing
from tests.contract.conftest import GAMES
from tests.support import tinygame


class WithoutNotation:
    """The tiny game's rules with no ``parse_move`` or ``describe_move``."""

    def __getattr__(self, name: str) -> object:
        if name in ("parse_move", "describe_move"):
            raise AttributeError(name)
        return getattr(tinygame.RULES, name)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_registered_engine_is_rules_and_notation(game_id: str) -> None:
    assert isinstance(rules.get(game_id), Engine)
    assert missing(rules.get(game_id)) == []


def test_an_engine_without_notation_is_refused_when_looked_up(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("tests.contract.half_game")
    module.RULES = WithoutNotation()  # type: ignore[attr-defined]
    module.SPEC = tinygame.SPEC  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(rules._MODULES, "half", module.__name__)
    with pytest.raises(TypeError, match="RULES lacks describe_move, parse_move"):
        rules.get("half")
    assert "half" in rules.ids()  # refused, not silently dropped
