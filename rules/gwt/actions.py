"""GWT actions with typed fields, one class a kind, for the kinds converted so far (``Walk``,
``Build``).

An option's action is a tuple whose first item names its kind (``rules/gwt/content.py`` lists the
kinds); most code still reads it by position. A kind converted here is a ``NamedTuple``: still that
same tuple (equal, hashed, ordered and unpacked alike, so options, labels and computer players are
unchanged), built by its constructor and read by name through its accessor, which mypy checks.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple


class Walk(NamedTuple):
    """Move the cattleman to ``dest`` past the spots of ``route`` (in order), paying their fees unless
    ``free`` (the first placement, a building's free move)."""

    kind: Literal["walk"]
    dest: str
    route: list[str]
    free: bool


def walk(dest: str, route: list[str], free: bool) -> Walk:
    return Walk("walk", dest, route, free)


def as_walk(action: tuple[Any, ...]) -> Walk:
    """``action``, a ``walk``, read by its fields."""
    if isinstance(action, Walk):
        return action
    kind, dest, route, free = action
    if kind != "walk":
        raise ValueError(f"not a walk: {action!r}")
    return Walk(kind, dest, route, free)


class Build(NamedTuple):
    """Build the player's building ``number`` (one of ``Player.buildings``) on ``loc``, for ``cost``
    dollars (its craftsmen, or those it adds to the building it replaces, times the action's rate)."""

    kind: Literal["build"]
    number: str
    loc: str
    cost: int


def build(number: str, loc: str, cost: int) -> Build:
    return Build("build", number, loc, cost)


def as_build(action: tuple[Any, ...]) -> Build:
    """``action``, a build option (not the local action ``("build", rate)`` that offers them), by its
    fields."""
    if isinstance(action, Build):
        return action
    kind, number, loc, cost = action
    if kind != "build":
        raise ValueError(f"not a build: {action!r}")
    return Build(kind, number, loc, cost)
