"""Higher: a toy hidden-hand game written from docs/adding-a-game.md alone, as its two folders would hold
it: ``engine.py`` is what ``rules/higher/`` would (its ``RULES`` and ``SPEC``), ``pictures/`` what
``render/higher/`` would (its pictures and ``words.py``). Registered for a test by ``register`` rather
than by its line in ``rules._MODULES``; ``engine.PICTURES`` names its pictures package
(``render.packages``)."""

from __future__ import annotations

import rules

ID = "higher"


def register() -> None:
    """Make ``rules.get("higher")`` and its pictures found, in the workers too."""
    rules.register(ID, "tests.support.higher.engine")


def unregister() -> None:
    rules.unregister(ID)
