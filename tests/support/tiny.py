"""Registering the tiny game under the id ``tiny`` so ``rules.get("tiny")`` finds it."""

from __future__ import annotations

import rules

MODULE = "tests.support.tinygame"


def register() -> None:
    """Make ``rules.get("tiny")`` work (tests and the crash-test subprocess)."""
    rules.register("tiny", MODULE)


def unregister() -> None:
    rules.unregister("tiny")
