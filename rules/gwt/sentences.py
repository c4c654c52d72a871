"""A move as the log and the channel tell it once made: a sentence ("Ann hired a cowboy from row 2 for
$6.") made from the move's label (``rules.gwt.labels``), which menus show as an infinitive ("hire a
cowboy from row 2 for $6").

Each label message ``gwt.label.<name>`` has its sentence ``gwt.did.<name>``, each "do nothing" label
``gwt.skip.<name>`` its ``gwt.did.skip_<name>``: the same arguments as the label, and ``player``, the seat
that moved. A sentence is a clause (``gwt.did.*``, no full stop) until ``gwt.event.did`` ends it as the
language ends sentences (``rules.core.sentences``), so that what a label wraps around another (a price,
a risk action) wraps the clause in turn: ``gwt.did.paid``, ``gwt.did.free``, ``gwt.did.risk``. A priced
label's figures after the dot (fees, craftsmen) are left to the events that follow the move.
"""

from __future__ import annotations

from typing import Any

from rules.core.sentences import Sentences
from rules.core.texts import Said, said
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


def _wrapped(sentences: Sentences, msg: str, args: dict[str, Any], seat: int) -> Said | None:
    """A label wrapping another (``_WRAPPERS``): the inner label's clause, wrapped in turn."""
    inner = args.pop("action", None)
    if isinstance(inner, dict) and inner.get("msg") in _GAINS:
        if msg == "gwt.label.free":
            return sentences.clause(inner, seat)
        return said(_GAINS[inner["msg"]], player=player(seat), **inner["args"], cost=args["cost"])
    done = sentences.clause(inner, seat)
    return None if done is None else said(_WRAPPERS[msg], done=done, **args)


def _word(sentences: Sentences, msg: str, args: dict[str, Any], seat: int) -> Said:
    """A label that is words of other messages too (``_WORDS``)."""
    return said(_WORDS[msg], player=player(seat), **args)


SENTENCES = Sentences("gwt", _CLAUSES, {**dict.fromkeys(_WRAPPERS, _wrapped), **dict.fromkeys(_WORDS, _word)})
say_done = SENTENCES.say_done
