"""The typed views and results (``TypedDict``s) say exactly the keys the engines give, at every step of a
random game, for every seat and the spectator, nested parts included."""

from __future__ import annotations

import types
import typing
from typing import Any, get_args, get_origin, get_type_hints

import pytest

import rules
from rules.core.protocol import View
from rules.core.result import Result
from rules.core.rng import Rng
from rules.gwt.view import GwtView
from rules.santafe.view import SantaFeView

TYPED: dict[str, type] = {"gwt": GwtView, "santafe": SantaFeView}


def is_typed_dict(kind: Any) -> bool:
    return isinstance(kind, type) and hasattr(kind, "__required_keys__")


def misfits(value: Any, kind: Any, where: str) -> list[str]:
    """Where ``value`` has a key its ``TypedDict`` lacks or lacks one it requires, looking into nested
    typed dicts, lists of them and optional ones."""
    if get_origin(kind) in (typing.Union, types.UnionType):
        typed = [k for k in get_args(kind) if is_typed_dict(k) or get_origin(k) is list]
        return misfits(value, typed[0], where) if value is not None and typed else []
    if get_origin(kind) is list and value:
        return [m for i, item in enumerate(value) for m in misfits(item, get_args(kind)[0], f"{where}[{i}]")]
    if not is_typed_dict(kind):
        return []
    found = (
        [f"{where}: lacks {sorted(kind.__required_keys__ - set(value))}"]
        if kind.__required_keys__ - set(value)
        else []
    )
    extra = set(value) - set(kind.__required_keys__) - set(kind.__optional_keys__)
    found += [f"{where}: has {sorted(extra)}"] if extra else []
    hints = get_type_hints(kind)
    return found + [
        m for key in set(value) & set(hints) for m in misfits(value[key], hints[key], f"{where}.{key}")
    ]


def test_the_checker_finds_a_missing_and_an_extra_key() -> None:
    view = {"game": "x", "viewer": None, "players": 2, "to_act": [], "over": False, "decision": {"seats": []}}
    assert misfits({**view, "round": 1}, View, "v") == []
    assert misfits({**view, "extra": 1}, View, "v") == ["v: lacks ['round']", "v: has ['extra']"]
    assert misfits({**view, "round": 1, "decision": {"seat": 1}}, View, "v") == [
        "v.decision: lacks ['seats']",
        "v.decision: has ['seat']",
    ]


@pytest.mark.parametrize(("game_id", "seed"), [("gwt", 1), ("santafe", 2)])
def test_every_view_and_result_of_a_random_game_fits_its_type(game_id: str, seed: int) -> None:
    engine, rng, shape = rules.get(game_id), Rng(seed), TYPED[game_id]
    options = {"advanced": True, "buy_track": True} if game_id == "santafe" else {}
    state = engine.new_game(3, seed, options)
    while True:
        for seat in (None, 0, 1, 2):
            assert misfits(engine.view(state, seat), shape, f"view {seat}") == []
        if engine.is_over(state):
            break
        actor = min(engine.to_act(state))
        state, _ = engine.play(state, actor, rng.choice(engine.legal_moves(state, actor)))
    assert misfits(engine.result(state), Result, "result") == []
