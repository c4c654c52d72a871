"""Events: the JSON-able records ``play`` returns for the game log and notifications.

Every event has ``type`` and ``text`` (one readable English sentence for the log); events are stored as
JSON, so they must read back from it unchanged (text keys only). ``private_to`` is ``None`` for a public
event or the seat that alone may read it.

Undo depends on two markers, so an engine must set them:

- ``irreversible``: the move revealed hidden information or used randomness; it can never be undone.
- a public ``turn_start`` event (``TURN_START``, with ``seat``, or ``seats`` when several start acting at
  once): a player's turn begins here. The bot lets a player undo only their own last move, and only back
  to the last ``turn_start``: a move whose events hold one ended the mover's turn and stays. So every
  move after which a seat must act that did not have to act before emits ``turn_start``; without it the
  mover could take back a move the next player has already seen and answered. ``turn_start`` also
  groups the notifications of a turn and starts the seat's reminder and deadline clock anew, also for
  a seat that was acting already (``turn_starters``).
- ``game_end`` (``GAME_END``) is the last event of the move that ends the game.

``tests/contract`` checks these for every registered game.
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


def turn_starters(events: list[Event]) -> set[int]:
    """The seats whose turn the ``turn_start`` events in ``events`` begin (``seat`` or ``seats``)."""
    found: set[int] = set()
    for ev in events:
        if ev.get("type") == TURN_START:
            found.update(ev.get("seats") or ())
            if ev.get("seat") is not None:
                found.add(ev["seat"])
    return found
