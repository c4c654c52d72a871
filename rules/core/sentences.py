"""A made move as the log tells it: a sentence made from the move's label (``rules.core.texts``), the
engines' ``say_done`` (``rules.core.protocol.TellsMoves``).

A game's sentences are clauses (``<game>.did.*``, no full stop) until ``<game>.event.did`` ends one as the
language ends sentences. A priced label (``<game>.words.dot``) is told by what comes before its dot: what
follows it, the events tell. Every other label finds its clause by its message's prefix
(``rules.core.texts.clause_by_prefix``), unless the game tells it by a rule of its own (``special``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.texts import Said, clause_by_prefix, message_of, said

# A game's own rule for one label message: (the game's sentences, the message, a copy of its arguments,
# the seat that moved) -> the clause, or None where no sentence tells the move.
Special = Callable[["Sentences", str, dict[str, Any], int], Said | None]


@dataclass(frozen=True)
class Sentences:
    """How the log tells the moves of game ``game``: ``clauses`` maps a label prefix to the prefix of its
    clauses, ``special`` a label message to the rule that tells it instead."""

    game: str
    clauses: Mapping[str, str]
    special: Mapping[str, Special] = field(default_factory=dict)

    def say_done(self, label: Said | str, seat: int) -> Said | None:
        """The sentence telling that ``seat`` made the move labelled ``label``; ``None`` for a label no
        sentence tells (a move labelled as typed)."""
        done = self.clause(label, seat)
        return None if done is None else said(f"{self.game}.event.did", done=done)

    def clause(self, label: Any, seat: int) -> Said | None:
        """The clause telling the move labelled ``label`` (a label, or a part of one) that ``seat`` made."""
        parts = message_of(label)
        if parts is None:
            return None
        msg, args = parts
        if msg == f"{self.game}.words.dot":  # a priced label: what follows the dot, the events tell
            return self.clause(args.get("first"), seat)
        if msg in self.special:
            return self.special[msg](self, msg, args, seat)
        return clause_by_prefix(self.clauses, msg, seat, args)
