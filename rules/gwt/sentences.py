"""A move as the log and the channel tell it once made: a sentence ("Ann hired a cowboy from row 2 for
$6.") made from the move's label (``rules.gwt.labels``), which menus show as an infinitive ("hire a
cowboy from row 2 for $6").

Each label message ``gwt.label.<name>`` has its sentence ``gwt.did.<name>``, each "do nothing" label
``gwt.skip.<name>`` its ``gwt.did.skip_<name>``: the same arguments as the label, and ``player``, the seat
that moved. A sentence is a clause (``gwt.did.*``, no full stop) until ``gwt.event.did`` ends it as the
language ends sentences, so that what a label wraps around another (a price, a risk action) wraps the
clause in turn: ``gwt.did.paid``, ``gwt.did.free``, ``gwt.did.risk``. A priced label's figures after the
dot (fees, craftsmen) are left to the events that follow the move.
"""

from __future__ import annotations

from typing import Any

from rules.core.texts import Said, clause_by_prefix, message_of, said
from rules.core.texts import seat as player

# Labels wrapping another label; the clause of the inner one is wrapped in turn.
_WRAPPERS = {
    "gwt.label.paid": "gwt.did.paid",
    "gwt.label.free": "gwt.did.free",
    "gwt.label.risk": "gwt.did.risk",
}
# Labels whose price is what the player gains: their own clause, rather than "for $N" paid.
_GAINS = {"gwt.label.pair": "gwt.did.pair_for", "gwt.label.pair_same": "gwt.did.pair_same_for"}
# Message prefixes of labels and of the clauses telling them.
_CLAUSES = {"gwt.label.": "gwt.did.", "gwt.skip.": "gwt.did.skip_"}
# Labels that are words of other messages too.
_WORDS = {"gwt.words.gain": "gwt.did.gain"}


def say_done(label: Said | str, seat: int) -> Said | None:
    """The sentence telling that ``seat`` made the move labelled ``label``; ``None`` for a label no
    sentence tells (a move labelled as typed)."""
    done = _clause(label, seat)
    return None if done is None else said("gwt.event.did", done=done)


def _clause(label: Any, seat: int) -> Said | None:
    parts = message_of(label)
    if parts is None:
        return None
    msg, args = parts
    if msg == "gwt.words.dot":  # a priced label: what follows the dot, the events tell
        return _clause(args.get("first"), seat)
    if msg in _WRAPPERS:
        inner = args.pop("action", None)
        if isinstance(inner, dict) and inner.get("msg") in _GAINS:
            if msg == "gwt.label.free":
                return _clause(inner, seat)
            return said(_GAINS[inner["msg"]], player=player(seat), **inner["args"], cost=args["cost"])
        done = _clause(inner, seat)
        return None if done is None else said(_WRAPPERS[msg], done=done, **args)
    if msg in _WORDS:
        return said(_WORDS[msg], player=player(seat), **args)
    return clause_by_prefix(_CLAUSES, msg, seat, args)
