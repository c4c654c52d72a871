"""Events: the JSON-able records ``play`` returns for the game log and notifications.

Every event has ``type`` and ``text`` (one readable English sentence, the stored copy for readers without
the catalogs); an event may also say what happened as facts, ``msg`` and ``args`` (``rules/core/texts.py``),
which the bot shows in the reader's language. Events are stored as JSON, so they must read back from it
unchanged (text keys only). ``private_to`` is ``None`` for a public
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

A move's own text can be a secret: "play boise" during a simultaneous choice names the card the others
must not know yet. Such a move carries a public event with ``HIDES_MOVE`` (``event(..., hides_move=...)``):
its value is what everyone but the mover reads in place of the move ("chose a card"; facts of the
game's catalog, ``rules.core.texts``, or English). It stays hidden
until a later move (or the same one) carries ``REVEALS`` (``event(..., reveals=True)``), or for good
when the hiding event says ``for_good=True`` (cards discarded unseen). ``shown_moves`` applies this to a
game's moves for one viewer.

A move's label may say less than an event of it: "deliver to Wichita" is told in full by "Player 1
delivered to Wichita (transport costs $2)." Such an event carries ``TELLS_MOVE``, and a reading that
shows the move's label (the log) shows that event in its place rather than saying the move twice.

``tests/contract`` checks these for every registered game.
"""

from __future__ import annotations

from typing import Any

from rules.core.texts import Said

Event = dict[str, Any]

TURN_START = "turn_start"
GAME_END = "game_end"
HIDES_MOVE = "hides_move"
FOR_GOOD = "for_good"
REVEALS = "reveals"
TELLS_MOVE = "tells_move"


def event(
    type_: str,
    text: str,
    *,
    private_to: int | None = None,
    irreversible: bool = False,
    hides_move: Said | str | None = None,
    for_good: bool = False,
    reveals: bool = False,
    say: Said | None = None,
    **data: Any,
) -> Event:
    """Build an event record (``hides_move``, ``for_good``, ``reveals``: see the module's docstring)."""
    record: Event = {"type": type_, "text": text, "private_to": private_to}
    if irreversible:
        record["irreversible"] = True
    if hides_move is not None:
        record[HIDES_MOVE] = hides_move
        if for_good:
            record[FOR_GOOD] = True
    if reveals:
        record[REVEALS] = True
    if say is not None:
        record["msg"], record["args"] = say["msg"], say["args"]
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


def hidden_move(events: list[Event]) -> Event | None:
    """The public event that hides the move these events came from, if its text is a secret."""
    return next((ev for ev in events if is_public(ev) and ev.get(HIDES_MOVE)), None)


def shown_moves(moves: list[tuple[int, Any, list[Event]]], viewer: int | None) -> list[Any]:
    """What ``viewer`` (``None``: a spectator) may read of each ``(seat, move, events)`` of a game, in
    order: the move itself (its text or its label), or its stand-in while it is hidden from them."""
    shown: list[Any] = []
    waiting: list[tuple[int, Any]] = []  # (index, move) of the moves a reveal will show
    for seat, move, events in moves:
        hider = hidden_move(events) if seat != viewer else None
        shown.append(move if hider is None else hider[HIDES_MOVE])
        if hider is not None and not hider.get(FOR_GOOD):
            waiting.append((len(shown) - 1, move))
        if any(is_public(ev) and ev.get(REVEALS) for ev in events):
            for index, text in waiting:
                shown[index] = text
            waiting = []
    return shown
