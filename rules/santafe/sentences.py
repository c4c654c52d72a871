"""A move as the log tells it once made: a sentence ("Ann plays Boise (value 6).") made from the move's
label (``rules.santafe.notation.say_label``), which menus show as a choice ("Play Boise (value 6)"), or
from a hidden move's stand-in.

Each label message ``santafe.label.<name>`` has its sentence ``santafe.did.<name>``, each stand-in
``santafe.hidden.<name>`` its ``santafe.did.hidden_<name>``: the same arguments, and ``player``, the seat
that moved. A sentence is a clause until ``santafe.event.did`` ends it as the language ends sentences
(``rules.core.sentences``). A card played with a Branch Line card (``santafe.label.with_branch``) has a
clause of its own, ``santafe.did.<name>_with_branch``; what a label adds after its dot (what a piece
earns) the events tell.

A move whose own event tells it (``TELLING``: "Ann lays the Santa Fe from Chicago towards Des Moines.")
is told by that event in the log instead (``rules.core.events.TELLS_MOVE``).
"""

from __future__ import annotations

from typing import Any

from rules.core.events import HIDES_MOVE, TELLS_MOVE, Event, is_public
from rules.core.sentences import Sentences
from rules.core.texts import Said, said
from rules.core.texts import seat as player

# The kinds of event that tell a move of each kind of action in full, when the move's first public event.
TELLING = {
    "engineer": ("engineer", "pass"),
    "lay": ("lay",),
    "branch": ("lay",),
    "stop": ("pass",),
    "exchange": ("keep",),
    "draw": ("draw", "pass"),
    "buy_track": ("buy_track", "pass"),
}
_CLAUSES = {"santafe.label.": "santafe.did.", "santafe.hidden.": "santafe.did.hidden_"}


def _with_branch(sentences: Sentences, msg: str, args: dict[str, Any], seat: int) -> Said | None:
    """A city card played with a Branch Line card: the card's own clause ``..._with_branch``."""
    play = args.get("play")
    if not isinstance(play, dict) or not str(play.get("msg", "")).startswith("santafe.label.play_"):
        return None
    name = str(play["msg"]).removeprefix("santafe.label.")
    return said(
        f"santafe.did.{name}_with_branch", player=player(seat), **play["args"], railroad=args["railroad"]
    )


SENTENCES = Sentences("santafe", _CLAUSES, {"santafe.label.with_branch": _with_branch})
say_done = SENTENCES.say_done


def mark_teller(kind: str, seat: int, events: list[Event]) -> None:
    """Mark the event that tells the move of ``seat`` (an action of ``kind``) in full, if one does: the
    move's first public event, of a kind that tells it (``TELLING``), about the mover and hiding nothing."""
    first = next((ev for ev in events if is_public(ev)), None)
    if (
        first is not None
        and first.get("type") in TELLING.get(kind, ())
        and first.get("seat") == seat
        and not first.get(HIDES_MOVE)
    ):
        first[TELLS_MOVE] = True
