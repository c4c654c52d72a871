"""The typed GWT actions (``rules.gwt.actions``): each is the very tuple it stands for, so options,
labels and computer players see the same values, and its fields name what the positions held."""

from __future__ import annotations

import pytest

import rules
from rules.core.playout import random_playout
from rules.gwt.actions import Build, Walk, as_build, as_walk, build, walk
from rules.gwt.labels import unwrap


def test_a_walk_is_the_tuple_it_stands_for() -> None:
    step = walk("3", ["1", "2"], False)
    assert step == ("walk", "3", ["1", "2"], False)
    kind, dest, route, free = step
    assert (kind, dest, route, free) == ("walk", step.dest, step.route, step.free)
    assert as_walk(("walk", "3", ["1", "2"], False)) == step
    assert as_walk(step) is step


def test_a_build_is_the_tuple_it_stands_for() -> None:
    step = build("4", "12", 6)
    assert step == ("build", "4", "12", 6) and step[2] == step.loc and step[3] == step.cost
    assert as_build(("build", "4", "12", 6)) == step
    assert as_build(step) is step


def test_the_accessors_refuse_another_kind() -> None:
    with pytest.raises(ValueError, match="not a walk"):
        as_walk(("move", "3", [], False))
    with pytest.raises(ValueError, match="not a build"):
        as_build(("hire", "4", "12", 6))


def test_every_walk_and_build_a_game_offers_is_typed() -> None:
    engine = rules.get("gwt")
    walks: list[object] = []
    builds: list[object] = []

    def check(state: object, seat: int, move: str, events: object) -> None:
        if engine.is_over(state):
            return
        for action in engine._options(state).values():  # type: ignore[attr-defined]
            inner = unwrap(action)
            if inner and inner[0] == "walk":
                walks.append(inner)
            if inner and inner[0] == "build":
                builds.append(inner)

    random_playout(engine, 2, 1, max_moves=600, check=check)
    assert walks and all(isinstance(w, Walk) for w in walks)
    assert builds and all(isinstance(b, Build) for b in builds)
