"""Higher's picture words (what ``render/higher/words.py`` would hold): the English of its
``picture.higher.*`` messages."""

from __future__ import annotations

from typing import Any

FACTS: dict[str, Any] = {}

ENGLISH: dict[str, str] = {
    "higher.top": "top card: {card}",
    "higher.cards": "{count} cards · {played} played",
}
