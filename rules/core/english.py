"""The English of an engine's facts (``rules/core/texts.py``), read from the games' English catalogs.

An engine that says a text as facts (a move's label, say) still owes some readers English it writes
itself: a refusal's message, an event's stored ``text``, its own tests. It takes that English from the
same catalog the bot shows English readers, so the two can never differ. Seats read "Player N", as in
every English text an engine writes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, ParamSpec

from babel.messages.pofile import read_po

P = ParamSpec("P")
GAMES = Path(__file__).resolve().parent.parent


@cache
def messages() -> dict[str, tuple[str, ...]]:
    """Every game's English messages by id: the text, or its singular and plural forms."""
    found: dict[str, tuple[str, ...]] = {}
    for path in sorted(GAMES.glob("*/locales/en/LC_MESSAGES/*.po")):
        with path.open("rb") as file:
            for message in read_po(file, locale="en"):
                if message.id:
                    key = message.id if isinstance(message.id, str) else message.id[0]
                    text = message.string
                    found[key] = (text,) if isinstance(text, str) else tuple(text or ())
    return found


def english(value: Any) -> str:
    """``value`` (a message ``said(...)``, or any argument of one) as English text."""
    if isinstance(value, list):
        return "; ".join(english(item) for item in value)
    if not isinstance(value, dict):
        return str(value)
    if "seat" in value:
        return f"Player {int(value['seat']) + 1}"
    if "prose" in value:
        return str(value["prose"])
    if "lines" in value:
        return "\n".join(english(item) for item in value["lines"])
    if "items" in value:
        items = [english(item) for item in value["items"]]
        if value.get("and") and len(items) > 1:
            return f"{', '.join(items[:-1])} and {items[-1]}"
        return ", ".join(items)
    args = {key: english(arg) for key, arg in (value.get("args") or {}).items()}
    forms = messages()[str(value["msg"])]
    count = (value.get("args") or {}).get("count")
    text = forms[1] if len(forms) > 1 and isinstance(count, int) and count != 1 else forms[0]
    return text.format_map(args)


def in_english(say: Callable[P, Any]) -> Callable[P, str]:
    """The function that writes in English what ``say`` says as facts, taking the same arguments."""

    def written(*args: P.args, **kwargs: P.kwargs) -> str:
        return english(say(*args, **kwargs))

    written.__doc__ = f"``{say.__name__}`` in English."
    return written
