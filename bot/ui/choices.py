"""Long lists of moves made short: families of moves that share their first words ("build 4a …") become
one entry, opened in a second step, and single moves come before long families.

Pure and game-agnostic: it reads only the canonical moves (whose first words name what is done, then
with what, then where) and their labels, as every engine writes them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

# Discord's limit on the options of one select menu.
MENU_LIMIT = 25
# Families this small are listed move by move when there is room.
SMALL = 5


@dataclass(frozen=True)
class Family:
    """Moves sharing their first words: ``key`` (notation words), ``shared`` (the first words of their
    labels, or in a language without spaces the run they share, which the entry reads with how many moves
    it holds)."""

    key: str
    shared: str
    indexes: tuple[int, ...]


Entry = int | Family


def _words(move: str, depth: int) -> str:
    return " ".join(move.split()[:depth])


def _common_words(labels: Sequence[str]) -> str:
    """The whole words every label begins with (as the first label writes them); words compare without
    the opening brackets or quotes before them, which say how a label is put together ("(build" and
    "build" are one word), not what it says."""
    first = labels[0].split(" ")
    count = len(first)
    for label in labels[1:]:
        words = label.split(" ")
        differs = (i for i, (a, b) in enumerate(zip(first, words, strict=False)) if _said(a) != _said(b))
        count = min(count, next(differs, count), len(words))
    return " ".join(first[:count])


def _said(word: str) -> str:
    """``word`` without its opening brackets and quotes (Unicode's opening and initial punctuation)."""
    start = next((i for i, c in enumerate(word) if unicodedata.category(c) not in ("Ps", "Pi")), len(word))
    return word[start:]


# Where a label's own words end and what they cost or give begins ("（2ドル）", "・職人1人").
_DETAIL = re.compile(r"[(（・·]")


def _common_run(labels: Sequence[str]) -> str:
    """The longest run of characters every label holds, up to its detail, for labels written without
    spaces (Japanese: "1番マスに1aを建てる", "2番マスに1aを建てる" share "…番マスに1aを建てる"); "" if
    none is two characters long."""
    shortest = min(labels, key=len)
    for size in range(len(shortest), 1, -1):
        for start in range(len(shortest) - size + 1):
            run = shortest[start : start + size]
            if all(run in label for label in labels):
                shared = _DETAIL.split(run, maxsplit=1)[0].strip()
                if len(shared) < 2:
                    continue
                return shared if labels[0].startswith(shared) else f"…{shared}"
    return ""


def _family(moves: Sequence[tuple[str, str]], key: str, indexes: list[int]) -> Family:
    labels = [moves[i][1] for i in indexes]
    # a label's words, else (a language without spaces) its longest shared run: never the notation
    shared = _common_words(labels) or _common_run(labels) or key
    return Family(key, shared, tuple(indexes))


def _split(moves: Sequence[tuple[str, str]], indexes: list[int], depth: int, limit: int) -> list[Entry]:
    """Entries for ``indexes`` grouped by their first ``depth`` words; too big families split deeper."""
    by_key: dict[str, list[int]] = {}
    for i in indexes:
        by_key.setdefault(_words(moves[i][0], depth), []).append(i)
    entries: list[Entry] = []
    for key, members in by_key.items():
        if len(members) == 1:
            entries.append(members[0])
            continue
        deeper = {_words(moves[i][0], depth + 1) for i in members}
        if len(members) > limit and 1 < len(deeper) < len(members):
            entries.extend(_split(moves, members, depth + 1, limit))
        else:
            entries.append(_family(moves, key, members))
    return entries


def _listing(moves: Sequence[tuple[str, str]], limit: int) -> tuple[list[int], list[Family]]:
    """The single moves (engine order) and the families of a long list of moves."""
    found = _split(moves, list(range(len(moves))), 1, limit)
    singles = [e for e in found if isinstance(e, int)]
    grouped = [e for e in found if isinstance(e, Family)]
    # a handful of moves of one kind (the auxiliary actions) is listed move by move while all fits
    room = limit - len(found)
    for family in sorted(grouped, key=lambda f: len(f.indexes)):
        if len(family.indexes) > SMALL or len(family.indexes) - 1 > room:
            break
        room -= len(family.indexes) - 1
        singles.extend(family.indexes)
        grouped.remove(family)
    return sorted(singles), grouped


def entries(moves: Sequence[tuple[str, str]], limit: int = MENU_LIMIT) -> list[Entry]:
    """What a menu of ``moves`` ((move, label) pairs) lists: every move if they fit one menu, else the
    single moves (engine order) and then the families, each no bigger than ``limit`` if the moves allow.
    A move is listed by its index in ``moves``."""
    if len(moves) <= limit:
        return list(range(len(moves)))
    singles, grouped = _listing(moves, limit)
    return [*singles, *grouped]


def families(moves: Sequence[tuple[str, str]], limit: int = MENU_LIMIT) -> list[Family]:
    """The families of ``entries``, in order; a family's number is its place here."""
    return [e for e in entries(moves, limit) if isinstance(e, Family)]


def suggestion_order(moves: Sequence[tuple[str, str]], limit: int = MENU_LIMIT) -> list[int]:
    """Every move index: in engine order if all fit ``limit``, else single moves first (engine order),
    then the families from the smallest, so a short list of suggestions shows what a player most likely
    wants (ending the phase, the local actions) before seventy places to build."""
    if len(moves) <= limit:
        return list(range(len(moves)))
    singles, grouped = _listing(moves, limit)
    return singles + [i for family in sorted(grouped, key=lambda f: len(f.indexes)) for i in family.indexes]
