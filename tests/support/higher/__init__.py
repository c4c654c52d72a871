"""Higher: a toy hidden-hand game written from docs/adding-a-game.md alone, as its two folders would be
(``engine.py`` is what ``rules/higher/`` would hold, ``pictures.py`` and ``words.py`` what ``render/higher/``
would), registered for a test by ``register`` instead of its one line in ``rules._MODULES``."""

from __future__ import annotations

import sys

import rules
from tests.support.higher import pictures, words

ID = "higher"


def register() -> None:
    """Make ``rules.get("higher")`` and its pictures (``render.higher``, ``render.higher.words``) found."""
    rules.register(ID, "tests.support.higher.engine")
    sys.modules[f"render.{ID}"] = pictures
    sys.modules[f"render.{ID}.words"] = words


def unregister() -> None:
    rules.unregister(ID)
    sys.modules.pop(f"render.{ID}", None)
    sys.modules.pop(f"render.{ID}.words", None)
