"""Events: the JSON-able records ``play`` returns for the game log and notifications.

Every event has ``type`` and ``text`` (one readable English sentence for the log). ``private_to`` is
``None`` for a public event or the seat that alone may read it. ``irreversible`` marks a move that
revealed hidden information or used randomness: such a move can never be undone. ``turn_start`` events
(with ``seat``) mark where a player's turn begins, which bounds undo and groups notifications.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]

TURN_START = "turn_start"
GAME_END = "game_end"


def event(
    type_: str,
    text: str,
    *,
    private_to: int | None = None,
    irreversible: bool = False,
    **data: Any,
) -> Event:
    """Build an event record."""
    record: Event = {"type": type_, "text": text, "private_to": private_to}
    if irreversible:
        record["irreversible"] = True
    record.update(data)
    return record


def is_public(ev: Event) -> bool:
    return ev.get("private_to") is None


def visible_to(ev: Event, seat: int | None) -> bool:
    """Whether ``seat`` (``None`` for a spectator) may read ``ev``."""
    return ev.get("private_to") is None or ev.get("private_to") == seat


def is_irreversible(events: list[Event]) -> bool:
    return any(ev.get("irreversible") for ev in events)


def starts_turn(events: list[Event]) -> bool:
    return any(ev.get("type") == TURN_START for ev in events)
