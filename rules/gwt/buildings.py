"""What each building does, in the players' words: the text of every neutral (A–G) and private building
(1a–10b), its cost and points, and the /rules topics built from them.

The texts, written for this bot from the rulebook's building overview, are the game's catalog messages
(``gwt.building.<code>``), so each reader reads them in their language; ``content.BUILDINGS`` holds
the numbers the engine plays by (craftsmen, victory points, hands, actions) and is read here, never
repeated.
"""

from __future__ import annotations

from typing import Any

from rules.core.english import english
from rules.core.texts import Said, lines_of, listing, said
from rules.gwt.content import BUILDINGS, NEUTRAL_BUILDINGS


def say_text(code: str) -> Said:
    """What a building does: its local actions, each optional, in the order printed on the tile (the
    catalog's gwt.building.<code>, written for this bot from the rulebook's building overview)."""
    return said(f"gwt.building.{code}")


def text(code: str) -> str:
    """What a building does, in English."""
    return english(say_text(code))




def say_points(code: str) -> Said:
    """A private building's points and the hands that make others pay: "3 VP · black hand"."""
    _craftsmen, vp, hands, _actions = BUILDINGS[code]
    points = said("gwt.words.vp", points=vp)
    if not hands:
        return points
    return said(
        "gwt.words.dot",
        first=points,
        second=listing([said(f"gwt.hand.{h}") for h in hands], conjunction=True),
    )




def say_cost(code: str) -> Said:
    """A private building's price and points: "2 craftsmen · 3 VP · black hand"; "neutral" for A–G."""
    if code in NEUTRAL_BUILDINGS:
        return said("gwt.help.neutral.cost")
    craftsmen = said("gwt.words.craftsmen", count=BUILDINGS[code][0])
    return said("gwt.words.dot", first=craftsmen, second=say_points(code))


def cost_words(code: str) -> str:
    return english(say_cost(code))


def topic_key(code: str) -> str:
    return f"building {code}"


def topic(code: str) -> tuple[Said, Said]:
    """The /rules topic of one building: its title and text."""
    if code in NEUTRAL_BUILDINGS:
        return said("gwt.help.neutral.title", code=code), said(
            "gwt.help.neutral.text", code=code, text=say_text(code)
        )
    craftsmen, _vp, hands, _actions = BUILDINGS[code]
    told = said(
        "gwt.help.private.text",
        code=code,
        cost=say_cost(code),
        text=say_text(code),
        craftsmen=said("gwt.words.craftsmen", count=craftsmen),
    )
    if hands:
        told = said(
            "gwt.help.private.fee",
            text=told,
            hands=listing([said(f"gwt.hand.{h}") for h in hands], conjunction=True),
        )
    return said("gwt.help.private.title", code=code), told


def table() -> tuple[Said, Any]:
    """Every building on one page: code, cost and points, what it does."""
    lines = [said("gwt.help.table.neutral", code=code, text=say_text(code)) for code in NEUTRAL_BUILDINGS]
    lines += [
        said("gwt.help.table.private", code=code, cost=say_cost(code), text=say_text(code))
        for code in BUILDINGS
    ]
    return said("gwt.help.all_buildings.title"), lines_of(lines)


def topics() -> dict[str, tuple[Said, Said]]:
    """The /rules subtopics of the buildings, one per building: "building a" … "building 10b"."""
    return {topic_key(c).lower(): topic(c) for c in (*NEUTRAL_BUILDINGS, *BUILDINGS)}
