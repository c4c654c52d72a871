"""Matching typed text to canonical moves, shared by every engine."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping

from rules.core.errors import AmbiguousMoveError, IllegalMoveError, ParseError
from rules.core.texts import said

_SPACES = re.compile(r"\s+")
# What may follow a typed prefix: a new word or a joined card ("play denver" for "play denver+branch red").
WORD_BREAKS = frozenset(" +")


def normalize(text: str) -> str:
    """Lower case, single spaces, no surrounding space: the form moves are compared in."""
    return _SPACES.sub(" ", text.strip().lower())


def match_move(
    text: str,
    legal: Iterable[str],
    *,
    aliases: Mapping[str, str] | None = None,
    describe: Callable[[str], str] | None = None,
) -> str:
    """The one legal move ``text`` means: exact (normalised) match, an alias, or a unique word prefix.

    A word prefix is whole words only ("buy 2" may stand for "buy 2 jersey"), so an unreachable
    location is never read as a neighbouring one ("move b" is not "move b-1").

    Raises ``ParseError`` for empty text, ``AmbiguousMoveError`` when a prefix fits several moves and
    ``IllegalMoveError`` when nothing fits. Engines that can tell "malformed" from "not legal now"
    check the syntax themselves first. ``describe`` gives a move's label: the ambiguous moves are named
    by it, since players read labels, not the notation.
    """
    wanted = normalize(text)
    if not wanted:
        raise ParseError("Type a move.", say=said("rules.type_a_move"))
    if aliases:
        wanted = normalize(aliases.get(wanted, wanted))
    moves = list(legal)
    by_norm = {normalize(m): m for m in moves}
    if wanted in by_norm:
        return by_norm[wanted]
    prefixed = [m for n, m in by_norm.items() if n.startswith(wanted) and n[len(wanted):][:1] in WORD_BREAKS]
    if len(prefixed) == 1:
        return prefixed[0]
    if prefixed:
        named = [describe(m) if describe else m for m in prefixed[:5]]
        shown = "; ".join(named) + ("; …" if len(prefixed) > 5 else "")
        raise AmbiguousMoveError(
            f"'{text.strip()}' could mean several moves: {shown}.",
            say=said("rules.ambiguous", text=text.strip(), moves=shown),
        )
    raise IllegalMoveError(
        f"'{text.strip()}' is not a legal move now.", say=said("rules.illegal_now", text=text.strip())
    )


# A label shown cut short has this where text was left out; typed back, that part may be anything.
CUT = "…"


def match_label(text: str, labelled: Iterable[tuple[str, str]]) -> list[str]:
    """The moves whose label ``text`` spells: exactly (normalised), else as a whole-word prefix.

    ``labelled`` holds (move, label) pairs. Labels are what players see on buttons and in autocomplete,
    so typing one back must mean its move; more than one result means the text is ambiguous. A prefix
    needs two words at least, so one stray word ("take") never plays a move; a label cut short
    ("build 4a on …", or "move … via E, F" with its middle left out) matches the labels it begins and
    ends like.
    """
    wanted = normalize(text)
    if not wanted:
        return []
    pairs = [(normalize(label), move) for move, label in labelled]
    exact = [m for n, m in pairs if n == wanted]
    if exact:
        return list(dict.fromkeys(exact))
    if CUT in wanted:
        head, tail = wanted.rsplit(CUT, 1)
        return list(dict.fromkeys(
            m for n, m in pairs
            if len(n) >= len(head) + len(tail) and n.startswith(head) and n.endswith(tail)
        ))
    if " " not in wanted:
        return []
    return list(dict.fromkeys(
        m for n, m in pairs if n.startswith(wanted) and n[len(wanted):][:1] in WORD_BREAKS
    ))


def shorten(label: str, labels: Iterable[str], limit: int) -> str:
    """``label`` in at most ``limit`` characters, as ``match_label`` reads back to it alone among
    ``labels`` (the seat's other labels): its end cut off when that is enough, else a middle part left
    out, since moves that begin alike often differ only at the end ("... via D, E, F")."""
    if len(label) <= limit:
        return label
    others = [n for n in (normalize(other) for other in labels) if n != normalize(label)]
    room = limit - len(CUT)
    # an end that starts a word and keeps as much as the beginning reads best ("… of Dave) via D, E"), so
    # those are tried first, longest first
    words = [t for t in range(room // 2, 0, -1) if label[-t - 1] == " "]
    for tail in [0, *words, *(t for t in range(1, room) if t not in words)]:
        for size in _head_sizes(label, room - tail):
            form = label[:size] + CUT + (label[len(label) - tail:] if tail else "")
            head, end = normalize(form).rsplit(CUT, 1)
            if any(n.startswith(head) and n.endswith(end) and len(n) >= len(head) + len(end) for n in others):
                continue
            if match_label(form, [(label, label)]) == [label]:
                return form
    return label[:room] + CUT  # no shorter form is unique: the plain cut, read as ambiguous


def _head_sizes(label: str, room: int) -> list[int]:
    """How much of ``label``'s beginning to keep in ``room`` characters: up to the end of a word first (a
    word cut in two reads as another word), unless that leaves out more than half; then all the room."""
    word_end = label.rfind(" ", 0, room + 1)
    return [word_end, room] if room // 2 < word_end < room else [room]


# How much of the typed text is compared for suggestions: a move is never longer.
SUGGEST_TEXT = 200


def suggest(text: str, labelled: Iterable[tuple[str, str]], limit: int = 3) -> list[str]:
    """Labels of up to ``limit`` legal moves closest to ``text`` (by label or by notation), best first."""
    wanted = normalize(text)[:SUGGEST_TEXT]
    if not wanted:
        return []
    by_text: dict[str, str] = {}
    for move, label in labelled:
        by_text.setdefault(normalize(label), label)
        by_text.setdefault(normalize(move), label)
    close = difflib.get_close_matches(wanted, list(by_text), n=limit * 2, cutoff=0.5)
    return list(dict.fromkeys(by_text[c] for c in close))[:limit]
