"""The service's side of the engine contract, with the smallest engines the contract allows."""

from __future__ import annotations

from typing import Any

import pytest

from bot.services import engine
from rules.core.errors import IllegalMoveError
from rules.core.notation import match_move


class Bare:
    """An engine whose notation is the shared matching and whose labels are the moves themselves."""

    def legal_moves(self, state: Any, seat: int) -> list[str]:
        return ["take 1", "take 2", "pass"]

    def play(self, state: Any, seat: int, move: str) -> tuple[Any, list[dict[str, Any]]]:
        return [*state, move], []

    def parse_move(self, state: Any, seat: int, text: str) -> str:
        return match_move(text, self.legal_moves(state, seat))

    def describe_move(self, state: Any, seat: int, move: str) -> str:
        return move


class WithSkip(Bare):
    def skip_move(self, state: Any, seat: int) -> str | None:
        return "take 1"


class NoPass(Bare):
    def legal_moves(self, state: Any, seat: int) -> list[str]:
        return ["take 1", "take 2"]


def test_a_move_is_read_through_the_engines_notation():
    assert engine.canonical(Bare(), [], 0, "  PASS ") == "pass"
    assert engine.play(Bare(), [], 0, "Take 2") == ("take 2", ["take 2"], [])
    with pytest.raises(IllegalMoveError):
        engine.canonical(Bare(), [], 0, "jump")


def test_a_label_is_the_engines_description():
    assert engine.label(Bare(), [], 0, "take 1") == "take 1"


def test_the_skip_move_is_the_engines_choice_or_a_pass():
    assert engine.skip_move(WithSkip(), [], 0) == "take 1"
    assert engine.skip_move(Bare(), [], 0) == "pass"
    assert engine.skip_move(NoPass(), [], 0) is None


def test_the_state_cache_forgets_the_least_recently_used():
    cache = engine.StateCache(capacity=2)
    cache.put(1, 5, "a")
    cache.put(2, 5, "b")
    assert cache.get(1, 5) == "a"  # 1 is now the most recent
    cache.put(3, 1, "c")
    assert cache.get(2, 5) is None and cache.get(1, 5) == "a" and cache.get(3, 1) == "c"
    assert cache.get(1, 6) is None  # another revision is not this state
    cache.drop(1)
    assert cache.get(1, 5) is None and len(cache) == 1


class WithDetail(Bare):
    def detail_move(self, state: Any, seat: int, move: str) -> str:
        return "costs $2, paid to Player 2" if move == "take 2" else ""


def test_labelled_moves_carry_the_engines_detail_with_players_named():
    labelled = engine.labelled_moves(WithDetail(), [], 0, engine.Reader({1: "Bob"}))
    assert labelled == [("take 1", "take 1"), ("take 2", "take 2"), ("pass", "pass")]  # pairs as ever
    assert [m.detail for m in labelled] == ["", "costs $2, paid to Bob", ""]  # type: ignore[attr-defined]
    bare = engine.labelled_moves(Bare(), [], 0)
    assert [m.detail for m in bare] == ["", "", ""]  # type: ignore[attr-defined]
