"""What each building does, in the players' words: the text of every neutral (A–G) and private building
(1a–10b), its cost and points, and the /rules topics built from them.

The texts are written for this bot from the rulebook's building overview; ``content.BUILDINGS`` holds
the numbers the engine plays by (craftsmen, victory points, hands, actions) and is read here, never
repeated.
"""

from __future__ import annotations

from rules.gwt.content import BUILDINGS, NEUTRAL_BUILDINGS
from rules.gwt.words import HANDS

# One line per building: its local actions, each optional, in the order printed on the tile.
TEXT: dict[str, str] = {
    "A": "discard a Guernsey for $2; hire a worker; hire a second worker for $2 more",
    "B": "discard a Dutch Belt for $2; build a private building ($2 per craftsman)",
    "C": "gain a certificate or take an objective card; engine forward up to 1 space per engineer",
    "D": "trade with a teepee, or pay $2 for engine forward up to 2; a single or double auxiliary action",
    "E": "discard a Black Angus for $2; buy cattle with your cowboys",
    "F": "discard two cards of one breed for $4; remove a hazard for $7",
    "G": "engine forward up to 1 space per engineer; a single or double auxiliary action",
    "1a": "gain $2 for each of your buildings in the woods",
    "2a": "discard a Guernsey for $4; buy cattle with your cowboys",
    "3a": "discard two cards of one breed for $3; move the cattleman 1 step, then act there",
    "4a": "remove a hazard for $5; move the cattleman up to 2 steps, then act there",
    "5a": "hire a worker for $1 less; engine forward up to 1 space per engineer",
    "6a": "discard a Holstein for $10; a single or double auxiliary action",
    "7a": "for each pair of a green and a blue teepee you hold: 2 certificates and $2",
    "8a": "trade with a teepee or a single or double auxiliary action; engine forward up to 2",
    "9a": "engine forward up to 3; extraordinary delivery: engine back, then deliver to a city up to the"
          " spaces moved back, with no transport cost",
    "10a": "certificates up to your limit; move the cattleman up to 5 steps, then act there",
    "1b": "discard an objective card for 2 certificates; engine back 1 space and gain $3",
    "2b": "discard a Jersey for engine forward 1; discard a Dutch Belt for $3",
    "3b": "a single or double auxiliary action; move the cattleman 1 step, then act there",
    "4b": "draw up to 1 card per cowboy, then discard as many; move the cattleman up to 3 steps, then act"
          " there",
    "5b": "discard a Black Angus for 2 certificates; gain $1 per engineer",
    "6b": "discard any cattle card for $3 and an objective card from the display into your hand",
    "7b": "engine forward up to 1 space per building of yours in the woods",
    "8b": "use the local actions of a building next to it (neutral, yours or another player's)",
    "9b": "upgrade a station behind your engine (paying as usual)",
    "10b": "gain $4; engine forward up to 4; move the cattleman up to 4 steps, then act there",
}


def craftsmen_words(n: int) -> str:
    return f"{n} craftsman" if n == 1 else f"{n} craftsmen"


def points_words(code: str) -> str:
    """A private building's points and the hands that make others pay: "3 VP · black hand"."""
    _craftsmen, vp, hands, _actions = BUILDINGS[code]
    return f"{vp} VP" + (" · " + " and ".join(HANDS[h] for h in hands) if hands else "")


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
        return (f"Building {code} (neutral)",
                f"Neutral building {code}: {TEXT[code]}. Anyone who stops here takes these actions.")
    craftsmen, _vp, hands, _actions = BUILDINGS[code]
    fee = (" Others who pass or stop here pay you the fee of its "
           + " and ".join(HANDS[h] for h in hands) + ".") if hands else ""
    return (f"Building {code}",
            f"Private building {code} ({cost_words(code)}): {TEXT[code]}. Building it takes "
            f"{craftsmen_words(craftsmen)} and $2 per craftsman (at B) and it scores its victory points"
            f" at the end. Only you use its actions;"
            f" others stopping here take an auxiliary action.{fee}")


def table() -> tuple[str, str]:
    """Every building on one page: code, cost and points, what it does."""
    lines = [f"**{code}**: {TEXT[code]}" for code in NEUTRAL_BUILDINGS]
    lines += [f"**{code}** ({cost_words(code)}): {TEXT[code]}" for code in BUILDINGS]
    return ("All buildings", "\n".join(lines))


def topics() -> dict[str, tuple[str, str]]:
    """The /rules subtopics of the buildings, one per building: "building a" … "building 10b"."""
    return {topic_key(c).lower(): topic(c) for c in (*NEUTRAL_BUILDINGS, *BUILDINGS)}
