"""Registering the tiny game under the id ``tiny`` so ``rules.get("tiny")`` finds it."""

from __future__ import annotations

from collections.abc import Sequence

import rules

MODULE = "tests.support.tinygame"


def register() -> None:
    """Make ``rules.get("tiny")`` work (tests and the crash-test subprocess)."""
    rules.register("tiny", MODULE)


def unregister() -> None:
    rules.unregister("tiny")


def playing_move(legal: Sequence[str]) -> str:
    """A tiny-game move that keeps a turn going for as long as it can: a card played while one can be,
    then a pass (or, in the bid, the first bid)."""
    return next((m for m in legal if m.startswith("play")), "pass" if "pass" in legal else legal[0])
