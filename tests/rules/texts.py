"""What players read from an engine during a random game: shared by every game's text tests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.playout import random_playout


def texts_of_a_random_game(
    rules: Any, players: int, seed: int, options: Mapping[str, Any] | None = None
) -> tuple[list[str], list[str]]:
    """Every event text and prompt, and every label offered, in one random game played to the end.

    ``rules`` is an engine with both the ``Rules`` and the ``Notation`` protocol.
    """
    texts: list[str] = []
    labels: list[str] = []

    def check(state, seat, move, events):  # type: ignore[no-untyped-def]
        texts.extend(ev["text"] for ev in events)
        decision = rules.view(state, None)["decision"]
        if decision:
            texts.append(decision["prompt"])
            labels.extend(rules.describe_move(state, s, m) for s in decision["seats"]
                          for m in rules.legal_moves(state, s))

    assert random_playout(rules, players, seed, options, check=check).finished
    return texts, labels
