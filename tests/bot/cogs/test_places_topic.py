"""/rules explains the names of Great Western Trail's places, and the examples it gives are real moves."""

from __future__ import annotations

import rules
from rules.core.english import english
from rules.gwt.places import NAMES, to_ids


def test_places_topic_names_every_kind_of_place() -> None:
    body = english(rules.spec("gwt").help["places"][1])
    for words in ("A to G", "1 to 22", "Flood 1", "Rockfall", "Teepee -3", "Teepee +10", "spot 12"):
        assert words in body
    assert NAMES["G-2"] == "22" and NAMES["TEEPEE-10"] == "Teepee +10"
    assert to_ids("trade teepee +4") == "trade TEEPEE-4"
    assert to_ids("build 4a 12") == "build 4a C-2"
