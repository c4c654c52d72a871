"""The names the pictures print for the objects of moves, and the one short form of each where a picture
has no room for the whole name. Typed moves accept all of them as well as the notation's ids:

    cities       "deliver colorado springs", "deliver colorado spr." -> "deliver colorado-springs"
    breeds       "buy brown swiss for 6", "buy br. swiss for 6"      -> "buy brown-swiss for 6"
                 "west highland-4", "texas longhorn-6"               -> "highland-4", "longhorn-6"
    workers      "hire cr 6" (the letters on worker discs)           -> "hire craftsman 6"

Pictures take their short forms from here, so what a picture prints is always a name a move understands.
"""

from __future__ import annotations

import re

from rules.gwt.content import CITIES
from rules.gwt.words import BREEDS, city

# One short form per name, used only where a picture cannot print the whole name.
CITY_SHORT = {"colorado-springs": "Colorado Spr.", "san-francisco": "S. Francisco"}
BREED_SHORT = {"brown-swiss": "Br. Swiss", "highland": "Highland", "longhorn": "Longhorn"}
WORKER_LETTER = {"cowboy": "Cb", "craftsman": "Cr", "engineer": "En"}


def city_label(slug: str) -> str:
    """What a picture with little room prints for a city."""
    return CITY_SHORT.get(slug, city(slug))


def breed_label(breed: str) -> str:
    """What a picture with little room prints for a breed."""
    return BREED_SHORT.get(breed, BREEDS[breed])


def _spellings(shown: str) -> set[str]:
    """A printed name as it may be typed: lower case, with or without its abbreviating dots."""
    lower = shown.lower()
    return {lower, lower.replace(".", "")}


def _table(names: dict[str, list[str]]) -> list[tuple[re.Pattern[str], str]]:
    """(pattern of a spelling, id) pairs, longest spelling first so "west highland" wins over "highland"."""
    pairs = {spelling: key for key, shown in names.items() for name in shown for spelling in _spellings(name)}
    pairs = {spelling: key for spelling, key in pairs.items() if spelling != key}
    return [
        (re.compile(rf"(?<![\w-]){re.escape(spelling)}(?![\w.])"), key)
        for spelling, key in sorted(pairs.items(), key=lambda pair: -len(pair[0]))
    ]


_CITIES = _table({slug: [city(slug), city_label(slug)] for slug in CITIES})
_BREEDS = _table({breed: [name, breed_label(breed)] for breed, name in BREEDS.items()})
_WORKERS = _table({worker: [letter] for worker, letter in WORKER_LETTER.items()})
# Verbs whose words name cities or workers; breeds are cards, named by many verbs.
_CITY_VERBS = {"deliver"}
_WORKER_VERBS = {"hire", "pick"}


def _replace(text: str, table: list[tuple[re.Pattern[str], str]]) -> str:
    for pattern, key in table:
        text = pattern.sub(key, text)
    return text


def to_ids(text: str) -> str:
    """Typed (lower-case, single-spaced) move text with the printed names of cities, breeds and workers
    replaced by their ids; the words after the verb only, so no verb is ever rewritten."""
    verb, _, rest = text.partition(" ")
    if not rest:
        return text
    rest = _replace(rest, _BREEDS)
    if verb in _CITY_VERBS:
        rest = _replace(rest, _CITIES)
    if verb in _WORKER_VERBS:
        rest = _replace(rest, _WORKERS)
    return f"{verb} {rest}"


__all__ = ["BREED_SHORT", "CITY_SHORT", "WORKER_LETTER", "breed_label", "city_label", "to_ids"]
