"""Events: the JSON-able records ``play`` returns for the game log and notifications.

Every event has ``type`` and ``text`` (one readable English sentence, the stored copy for readers without
the catalogs); an event may also say what happened as facts, ``msg`` and ``args`` (``rules/core/texts.py``),
which the bot shows in the reader's language. Events are stored as JSON, so they must read back from it
unchanged (text keys only). ``private_to`` is ``None`` for a public event or the seat that alone may read
it. ``Event`` types them: the keys every event has, the markers below, and ``Details``, what a kind may
add (``event``'s keyword arguments; a new key goes there first).

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

from typing import Any, Final, TypedDict, Unpack, cast

from rules.core.texts import Said


class _Record(TypedDict):
    """The keys every event has."""

    type: str
    text: str
    private_to: int | None


class Details(TypedDict, total=False):
    """What an event may say beyond ``type``, ``text`` and ``private_to``: who it is about and, per kind,
    the facts the bot's log, news and pictures read (``seat`` for most; ``path``/``built`` on a GWT
    ``move``; ``railroad``/``segment`` on a Santa Fe ``lay``...). Optional keys come from a ``total=False``
    class rather than ``NotRequired``: under postponed annotations Python 3.11 counts a ``NotRequired``
    key as required at run time."""

    seat: int
    seats: list[int]
    move: str
    reason: str
    # GWT
    path: list[str]
    built: str
    cards: list[str]
    paid: int
    owner: int | None
    location: str
    city: str
    transport: int
    hand: list[str]
    income: int
    tile: str
    space: str
    worker: str
    row: int
    # Santa Fe
    railroad: str
    card: str
    discarded: list[str]
    count: int
    segment: str
    branch: bool
    cost: int
    bonus: int
    round: int
    first: int
    plays: list[Any]  # each a ``rules.santafe.flow.Play`` (rules.core imports no game)


class Event(_Record, Details, total=False):
    """An event record: ``type``, ``text``, ``private_to`` always; the markers (module docstring) and the
    facts (``msg``, ``args``) when set; a kind's own ``Details``."""

    irreversible: bool
    hides_move: Said | str
    for_good: bool
    reveals: bool
    tells_move: bool
    msg: str
    args: dict[str, Any]
    made_for: int  # the bot's mark on the line of a move it made for a seat (its only move)


TURN_START: Final = "turn_start"
GAME_END: Final = "game_end"
HIDES_MOVE: Final = "hides_move"
FOR_GOOD: Final = "for_good"
REVEALS: Final = "reveals"
TELLS_MOVE: Final = "tells_move"


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
    **data: Unpack[Details],
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
    record.update(cast(Event, data))  # mypy takes ``Details`` for no part of ``Event``: it is one
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
