"""Every building is explained: its text, its cost and points, its /rules topic and its line in the table."""

from __future__ import annotations

import rules
from rules.core.english import english, messages
from rules.gwt.buildings import cost_words, text
from rules.gwt.content import BUILDINGS, NEUTRAL_BUILDINGS


def test_every_building_has_a_text_and_a_topic() -> None:
    spec = rules.spec("gwt")
    listing = english(spec.help["all buildings"][1])
    for code in (*NEUTRAL_BUILDINGS, *BUILDINGS):
        assert text(code).strip(), code
        title, topic = (english(part) for part in spec.subtopics[f"building {code.lower()}"])
        assert code in title and text(code) in topic
        assert f"**{code}**" in listing
    written = {key.removeprefix("gwt.building.") for key in messages() if key.startswith("gwt.building.")}
    assert written == {*NEUTRAL_BUILDINGS, *BUILDINGS}


def test_a_private_building_says_its_craftsmen_points_and_hands() -> None:
    assert cost_words("1a") == "1 craftsman · 1 VP · green hand"
    assert cost_words("7b") == "5 craftsmen · 6 VP · green hand and black hand"
    assert cost_words("9b") == "6 craftsmen · 8 VP"
    topic = english(rules.spec("gwt").subtopics["building 10a"][1])
    assert "9 craftsmen · 13 VP · black hand" in topic
