"""Short names of the trail's places: what the board picture prints beside each spot and players type.

The notation keeps the board ids (``A-2``, ``FLOOD-RISK-1``, ``TEEPEE--3``); people read and say these
names instead:

    A … G                  the neutral buildings, by their letter
    1 … 22                 the building spots, numbered along the trail from the start ("spot 12" in words)
    Flood 1 … Rockfall 4   the hazard spaces, numbered along their row from the trail's fork
    Teepee -3 … Teepee +10 the teepee spaces, by the trade value printed on them
    Start, Kansas City

``to_ids`` turns typed names into ids, so ``move 12``, ``move spot 12``, ``remove flood 2``,
``trade teepee 4`` (or ``+4``) and ``move kc`` (Kansas City) parse.
"""

from __future__ import annotations

import re

from rules.gwt.content import TEEPEE_SPACES, TRAIL

NAMES: dict[str, str] = {"START": "Start", "KANSAS_CITY": "Kansas City"}
_spot = 0
for _loc, (_kind, _) in TRAIL.items():
    if _kind == "neutral":
        NAMES[_loc] = _loc
    elif _kind == "private":
        _spot += 1
        NAMES[_loc] = str(_spot)
    elif _kind == "hazard":
        _type, _n = _loc.split("-")
        NAMES[_loc] = f"{_type.title()} {_n}"
for _loc, _value in TEEPEE_SPACES.items():
    NAMES[_loc] = f"Teepee {_value:+d}"

IDS: dict[str, str] = {name.lower(): loc for loc, name in NAMES.items()}
# Verbs whose words after the verb name places, and which of those words are not places.
_PLACE_VERBS = {"move", "build", "copy", "remove", "trade"}
_NOT_PLACES = {"via", "direct"}
# Short names players use for a place besides its printed name.
SHORT: dict[str, str] = {"kc": "KANSAS_CITY"}
_TWO_WORDS = re.compile(r"\b(flood|drought|rockfall|teepee|spot|kansas) ([+-]?\d+|city)\b")


def name(loc: str) -> str:
    """The printed name of a trail id ("A-2" -> "2", "FLOOD-1" -> "Flood 1"); unknown ids unchanged."""
    return NAMES.get(loc, loc)


def words(loc: str) -> str:
    """A place inside a sentence: building spots read "spot 12", the start "the start"."""
    shown = name(loc)
    if shown.isdigit():
        return f"spot {shown}"
    return "the start" if loc == "START" else shown


def _joined(match: re.Match[str]) -> str:
    first, second = match.group(1), match.group(2)
    if first == "spot":
        return IDS.get(second, match.group(0))
    if first == "teepee" and second[0].isdigit():  # "teepee 4" is the +4 teepee
        second = f"+{second}"
    return IDS.get(f"{first} {second}", match.group(0))


def to_ids(text: str) -> str:
    """Typed (lower-case, single-spaced) move text with every place name replaced by its board id.

    Only the words of verbs that name places are read, so "engine 12", "hire cowboy 6" and
    "deliver kansas-city" keep theirs; "build" names its place last, after the building."""
    if text.split(" ")[0] not in _PLACE_VERBS:
        return text
    parts = _TWO_WORDS.sub(_joined, text).split(" ")
    # build names its place last ("build 4a 12"); the other verbs name places in every later word
    first = len(parts) - 1 if parts[0] == "build" else 1
    for i in range(first, len(parts)):
        word = parts[i]
        if word in SHORT:
            parts[i] = SHORT[word]
        elif word not in _NOT_PLACES and word in IDS and (
            word.isdigit() or len(word) == 1 or word == "start"
        ):
            parts[i] = IDS[word]
    return " ".join(parts)


__all__ = ["IDS", "NAMES", "name", "to_ids", "words"]
