"""What each building does, in the players' words: the text of every neutral (A–G) and private building
(1a–10b), its cost and points, and the /rules topics built from them.

The texts, written for this bot from the rulebook's building overview, are the game's catalog messages
(``gwt.building.<code>``), so each reader reads them in their language; ``content.BUILDINGS`` holds
the numbers the engine plays by (craftsmen, victory points, hands, actions) and is read here, never
repeated.
"""

from __future__ import annotations

from rules.core.english import english
from rules.core.texts import Said, listing, said
from rules.gwt.content import BUILDINGS, NEUTRAL_BUILDINGS
from rules.gwt.words import HANDS


def say_text(code: str) -> Said:
    """What a building does: its local actions, each optional, in the order printed on the tile (the
    catalog's gwt.building.<code>, written for this bot from the rulebook's building overview)."""
    return said(f"gwt.building.{code}")


def text(code: str) -> str:
    """What a building does, in English."""
    return english(say_text(code))


def craftsmen_words(n: int) -> str:
    return english(said("gwt.words.craftsmen", count=n))


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


def points_words(code: str) -> str:
    return english(say_points(code))


def cost_words(code: str) -> str:
    """A private building's price and points: "2 craftsmen · 3 VP · black hand"; "neutral" for A–G."""
    if code in NEUTRAL_BUILDINGS:
        return "neutral"
    return f"{craftsmen_words(BUILDINGS[code][0])} · {points_words(code)}"


def topic_key(code: str) -> str:
    return f"building {code}"


def topic(code: str) -> tuple[str, str]:
    """The /rules topic of one building: its title and text."""
    if code in NEUTRAL_BUILDINGS:
        return (
            f"Building {code} (neutral)",
            f"Neutral building {code}: {text(code)}. Anyone who stops here takes these actions.",
        )
    craftsmen, _vp, hands, _actions = BUILDINGS[code]
    fee = (
        (
            " Others who pass or stop here pay you the fee of its "
            + " and ".join(HANDS[h] for h in hands)
            + "."
        )
        if hands
        else ""
    )
    return (
        f"Building {code}",
        f"Private building {code} ({cost_words(code)}): {text(code)}. Building it takes "
        f"{craftsmen_words(craftsmen)} and $2 per craftsman (at B) and it scores its victory points"
        f" at the end. Only you use its actions;"
        f" others stopping here take an auxiliary action.{fee}",
    )


def table() -> tuple[str, str]:
    """Every building on one page: code, cost and points, what it does."""
    lines = [f"**{code}**: {text(code)}" for code in NEUTRAL_BUILDINGS]
    lines += [f"**{code}** ({cost_words(code)}): {text(code)}" for code in BUILDINGS]
    return ("All buildings", "\n".join(lines))


def topics() -> dict[str, tuple[str, str]]:
    """The /rules subtopics of the buildings, one per building: "building a" … "building 10b"."""
    return {topic_key(c).lower(): topic(c) for c in (*NEUTRAL_BUILDINGS, *BUILDINGS)}
