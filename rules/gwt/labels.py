"""Readable labels for moves (autocomplete, buttons and the "Player N: ..." line of the log).

``describe`` works from the canonical move alone; given the state, the option's action tuple and the
pending decision, it adds what the move costs or gains and what lies on the locations it names. Menus
read it ``priced``: with the figures of ``rules.gwt.prices`` too (fees on the way, craftsmen, cowboys,
transport cost and points), which the log leaves to the events that follow the move.
"""

from __future__ import annotations

from typing import Any

from rules.gwt.buildings import craftsmen_words
from rules.gwt.content import STATION_AT, STATIONS, TEEPEE_SPACES
from rules.gwt.prices import build_craftsmen, delivery_words, fee_words, walk_fees
from rules.gwt.words import (
    AUX_ACTIONS,
    DISC_SPACES,
    SKIPS,
    card,
    cattle,
    city,
    objective,
    objective_action,
    place,
    place_with,
    plural,
    tile,
    with_article,
)

# Autocomplete clips choices at 100 characters; labels stay within this.
LONGEST = 90

# What an auxiliary action costs each time it is taken.
AUX_COSTS = {"cert": 1, "engine": 1}
FIXED = {
    "woods": "gain $2 per building in the woods", "teepees": "certificates and money for teepee pairs",
    "engineers": "gain $1 per engineer", "cert": "gain a certificate", "extra": "extraordinary delivery",
    "skip": "skip", "done": "end phase B", "buy": "buy cattle with cowboys",
    "objective stack": "take the top card of the objective stack",
    "certs max": "move the certificate marker to the limit", "upgrade": "upgrade the station",
}


def reward_words(reward: dict[str, int]) -> str:
    parts = []
    if reward.get("money"):
        parts.append(f"${reward['money']}")
    if reward.get("cert"):
        parts.append(plural(reward["cert"], "certificate"))
    if reward.get("engine"):
        parts.append(f"engine forward {reward['engine']}")
    if reward.get("objective_hand"):
        parts.append("an objective card")
    return " and ".join(parts)


def space(sp: str) -> str:
    station = STATION_AT.get(sp)
    return f"space {sp} (station {station})" if station else f"space {sp}"

def unwrap(action: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
    """The effect inside the wrappers of phase B ("act": a local action, "aux_instead": an auxiliary one)."""
    while action and action[0] in ("act", "aux_instead"):
        action = action[-1]
    return action


def describe(
    move: str,
    state: Any = None,
    action: tuple[Any, ...] | None = None,
    pending: str = "",
    priced: bool = False,
) -> str:
    """The label of ``move``; ``action`` is its option tuple when the move is legal in ``state``; ``priced``
    adds what the move costs and earns where the label has room."""
    label = _plain(move, state, action, pending)
    action = unwrap(action)
    return _priced(label, move, state, action, pending) if priced and state is not None and action else label


def _priced(label: str, move: str, state: Any, action: tuple[Any, ...], pending: str) -> str:
    kind, seat = action[0], state.current
    if kind == "walk":
        return _walk(move.split(" ")[1:], state.trail, pending, fee_words(walk_fees(state, seat, action)))
    if kind == "build":
        code, loc = move.split(" ")[1:3]
        return f"{label} · {craftsmen_words(build_craftsmen(state, code, loc))}"
    if kind == "purchase":
        return f"{label} · {plural(action[2], 'cowboy')}"
    if kind == "deliver":
        extra = bool(state.stack and state.stack[-1].get("extra"))
        return f"{label} · {delivery_words(state, seat, action[1], extra)}"
    if kind == "upgrade_station":
        return f"{label} · +{STATIONS[action[1] + 1][2]} VP"
    if kind == "money" and move in ("woods", "engineers"):
        return f"{label} · ${action[1]}"
    if kind == "teepee_pairs":
        return f"{label} · {plural(2 * action[1], 'certificate')} and ${2 * action[1]}"
    return label


def _plain(move: str, state: Any, action: tuple[Any, ...] | None, pending: str) -> str:
    action = unwrap(action)
    if move in ("skip", "done") and pending in SKIPS:
        return SKIPS[pending]
    if move in FIXED and not (move == "upgrade" and action):
        return FIXED[move]
    words = move.split(" ")
    verb, rest = words[0], words[1:]
    kind = action[0] if action else ""
    trail = state.trail if state is not None else {}
    if verb == "move":
        return _walk(rest, trail, pending)
    if verb == "aux" and rest:
        times = 2 if rest[-1] == "x2" else 1
        cost = f" for ${AUX_COSTS[rest[0]] * times}" if rest[0] in AUX_COSTS else ""
        return f"auxiliary action {AUX_ACTIONS.get(rest[0], rest[0])}{', double' if times == 2 else ''}{cost}"
    if verb in ("discard", "risk") and rest:
        gain = reward_words(action[2]) if kind == "discard" and action and len(action) > 2 else ""
        text = f"discard {card(rest[0])}" + (f" for {gain}" if gain else "")
        return f"risk action: {text}" if verb == "risk" else text
    if verb == "pair" and rest:
        a, b = rest[0], rest[-1]
        text = f"discard two {cattle(a)} cards" if a == b else f"discard {cattle(a)} and {cattle(b)}"
        return text + (f" for ${action[2]}" if kind == "pair" and action else "")
    if verb == "hire" and len(rest) == 2:
        cost = f" for ${action[3]}" if kind == "hire" and action else ""
        return f"hire {with_article(rest[0])} from row {rest[1]}{cost}"
    if verb == "build" and len(rest) == 2:
        cost = f" for ${action[3]}" if kind == "build" and action else ""
        return f"build {rest[0]} on {place_with(trail, rest[1])}{cost}"
    if verb == "buy" and "for" in rest:
        names = " and ".join(cattle(c) for c in rest[:rest.index("for")])
        return f"buy {names} for ${rest[-1]}"
    if verb == "draw" and rest:
        if pending == "buy":
            return "use a cowboy to draw 2 cards into the cattle market"
        return f"draw {plural(int(rest[0]), 'card')}"
    if verb == "remove" and rest:
        here = trail.get(rest[0])
        what = f"the {tile(here)}" if here else "the hazard"
        cost = ""
        if kind == "hazard" and action:
            cost = f" for ${action[2]}" if action[2] else " for free"
        return f"remove {what} on {place(rest[0])}{cost}"
    if verb == "trade" and rest:
        here = trail.get(rest[0])
        value = TEEPEE_SPACES.get(rest[0], 0)
        money = f"gain ${value}" if value >= 0 else f"pay ${-value}"
        return f"take the {tile(here) if here else 'teepee'} on {place(rest[0])} ({money})"
    if verb == "engine" and rest:
        return _engine(rest[0], action)
    if verb == "back" and rest:
        return f"move the engine back to {space(rest[0])} and gain $3"
    if verb == "upgrade":
        n = int(rest[0]) if rest else (action[1] + 1 if action else 0)
        return f"upgrade station {n} for ${STATIONS[n][1]}" if n in STATIONS else "upgrade the station"
    if verb == "disc" and rest:
        if rest[0] == "station":
            return f"move the disc from station {rest[-1]}"
        return f"place the disc from the space '{DISC_SPACES.get(rest[0], rest[0])}'"
    if verb == "appoint" and rest:
        return f"appoint the last {rest[0]} as station master"
    if verb == "gain" and rest:
        return f"gain ${rest[0]}"
    if verb == "certs" and rest:
        return f"add {plural(int(rest[0]), 'temporary certificate')} to the income"
    if verb == "copy" and rest:
        return f"use the actions of {place_with(trail, rest[0])}"
    if verb == "pick" and rest:
        return f"take the {tile(rest[0])} from the foresight"
    if verb == "deliver" and rest:
        return f"deliver to {city(rest[0])}"
    if verb == "objective" and rest:
        return f"take an {objective(rest[0])}"
    if verb == "play" and rest:
        does = objective_action(rest[0])
        return f"play {objective(rest[0])}" + (f": {does}" if does else "")
    if verb == "trash" and rest:
        return f"remove {card(rest[0])} from the game"
    return move


def _walk(rest: list[str], trail: dict[str, str | None], pending: str, fees: str = "") -> str:
    if not rest:
        return "move the cattleman"
    dest = place_with(trail, rest[0]) if trail else place(rest[0])
    if pending == "first":
        return f"place the cattleman on {dest}"
    route = ""
    if rest[1:] == ["direct"]:
        route = " by the path passing no location"
    elif len(rest) > 2 and rest[1] == "via":
        route = " via " + ", ".join(place(loc) for loc in rest[2:])
    paid = f" · {fees}" if fees else ""
    # a long route: what stands on the destination gives way first, then the fee (the detail keeps it)
    short = place(rest[0])
    for label in (f"move the cattleman to {dest}{route}{paid}", f"move the cattleman to {short}{route}{paid}",
                  f"move to {short}{route}{paid}", f"move the cattleman to {dest}{route}",
                  f"move the cattleman to {short}{route}"):
        if len(label) <= LONGEST:
            return label
    return f"move to {place(rest[0])}{route}"


def _engine(sp: str, action: tuple[Any, ...] | None) -> str:
    kind = action[0] if action else "engine"
    if kind == "engine":
        cost = action[2] if action and len(action) > 2 else 0
        return f"move the engine to {space(sp)}" + (f" for ${cost}" if cost else "")
    if kind == "bounce":
        return f"move the engine back to {space(sp)} and gain $3"
    if kind == "extra":
        return f"extraordinary delivery: move the engine back to {space(sp)}"
    return f"move the engine back to {space(sp)}"
