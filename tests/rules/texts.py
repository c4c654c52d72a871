"""What players read from an engine during a random game: shared by every game's text tests."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules.core.playout import random_playout

# how engines name players: the bot writes exactly this as the player's name
PLAYER = re.compile(r"\bPlayer (\d)\b")


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


def assert_plain_words(texts: list[str], labels: list[str], players: int, raw: re.Pattern[str]) -> None:
    """Players named "Player N" of a real seat; no raw id (``raw``), no "(s)"; labels ≤ 90 characters."""
    for text in texts + labels:
        assert not re.search(r"\bplayer \d", text), text
        assert not raw.search(text), text
        assert "(s)" not in text, text          # a number is followed by the right singular or plural
        assert all(1 <= int(n) <= players for n in PLAYER.findall(text)), text
    assert max(len(label) for label in labels) <= 90
    assert any(PLAYER.search(t) for t in texts)
