"""The computer players' entry point: levels, fallback, determinism."""

from __future__ import annotations

import pytest

from rules.ai import LEVELS, choose_move, players_for

LEGAL = [f"move {i}" for i in range(30)]


def test_random_level_returns_a_legal_move_and_is_deterministic() -> None:
    """Level 0 picks from the list, the same seed gives the same move, different seeds spread out."""
    picks = [choose_move("chess", {}, LEGAL, 0, seed) for seed in range(200)]
    assert all(p in LEGAL for p in picks)
    assert picks == [choose_move("chess", {}, LEGAL, 0, seed) for seed in range(200)]
    assert len(set(picks)) > 15


def test_unknown_level_falls_back_to_the_best_level() -> None:
    """A game without heuristics still answers at any level, with a legal move."""
    assert set(players_for("chess")) == {0}
    assert choose_move("chess", {}, LEGAL, 5, 1) in LEGAL


def test_no_legal_move_is_an_error() -> None:
    with pytest.raises(ValueError):
        choose_move("santafe", {}, [], 0, 1)


def test_levels_are_named() -> None:
    assert LEVELS[0] == "random" and LEVELS[1] == "heuristic" and LEVELS[2] == "lookahead"


def test_each_game_registers_its_levels() -> None:
    """Santa Fe has a heuristic and a lookahead level, Great Western Trail a heuristic one; a level a game
    lacks is played by its best one."""
    assert set(players_for("santafe")) == {0, 1, 2}
    assert set(players_for("gwt")) == {0, 1}
