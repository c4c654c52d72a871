"""The words players read: printed names for the ids of cards, tiles, cities, places and disc spaces, and
what each building does in a few words (``say_does``, for menus and the turn picture's key).

Labels and log texts use these instead of the notation's ids ("dutch-belt", "flood-2g", "gain2-ssh"),
which stay the canonical spelling of moves. Players are always "Player N" (N = seat + 1): the bot
replaces exactly that form with the player's name.
"""

from __future__ import annotations

from collections import Counter

from rules.core.texts import Said, listing, said, seat
from rules.gwt import actions as do
from rules.gwt import places
from rules.gwt.content import BUILDINGS, CATTLE, NEUTRAL_BUILDINGS, OBJECTIVES, TEEPEE_SPACES, TRAIL, Action

BREEDS = {
    "jersey": "Jersey", "dutch-belt": "Dutch Belt", "black-angus": "Black Angus", "guernsey": "Guernsey",
    "holstein": "Holstein", "brown-swiss": "Brown Swiss", "ayrshire": "Ayrshire",
    "highland": "West Highland", "longhorn": "Texas Longhorn",
}
HANDS = {"g": "green hand", "b": "black hand"}
# Objective task items (see content.OBJECTIVES): singular and plural.
TASKS = {
    "b": ("building", "buildings"), "s": ("station", "stations"), "h": ("hazard", "hazards"),
    "g": ("green teepee", "green teepees"), "bl": ("blue teepee", "blue teepees"),
    "sf": ("disc in San Francisco", "discs in San Francisco"),
}
BONUSES = {
    "hazard_free": "remove a hazard for free", "trade": "trade with a teepee",
    "hazard_or_trade": "remove a hazard for free or trade with a teepee",
    "build1": "build for $1 per craftsman", "hire_minus2": "hire a worker for $2 less",
    "jersey_cert1": "discard a Jersey for 1 certificate", "jersey_money2": "discard a Jersey for $2",
    "jersey_cert2": "discard a Jersey for 2 certificates", "jersey_money4": "discard a Jersey for $4",
}
WORKERS = ("cowboy", "craftsman", "engineer")

# "skip" and "done" by the decision they answer: what the player forgoes, as the button and the
# decision's prompt both say it.
SKIPS = {
    "engine": "leave the engine where it is", "back": "leave the engine where it is",
    "extra": "make no extraordinary delivery", "upgrade": "do not upgrade the station",
    "master": "appoint no station master", "bonus": "forgo the bonus", "objective": "take no objective card",
    "draw": "draw no card", "discard": "discard nothing", "trash": "remove no more cards",
    "aux": "take no auxiliary action", "move": "leave the cattleman where it is", "disc": "place no disc",
    "foresight": "take no tile", "buy": "buy no more cattle", "end_turn": "end the turn",
}




def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"




def city(slug: str) -> str:
    """A city's printed name: "kansas-city" -> "Kansas City"."""
    return slug.replace("-", " ").title()


def cattle(code: str) -> str:
    """A cattle card: "dutch-belt" -> "Dutch Belt", "highland-4" -> "West Highland (4 VP)"."""
    breed, _value, vp = CATTLE[code]
    name = BREEDS[breed]
    return f"{name} ({vp} VP)" if breed in ("highland", "longhorn") else name


def objective_terms(code: str) -> tuple[str, str, Counter[str]]:
    """What an objective card asks: its points ("+3/-2"), the cattle values it needs ("3+4", or "") and
    how many of each other task item."""
    _action, tasks, vp, penalty = OBJECTIVES[code]
    points = f"+{vp}/-{penalty}" if penalty else f"+{vp}"
    values = "+".join(t for t in tasks if t.isdigit())
    return points, values, Counter(t for t in tasks if not t.isdigit())


def objective(code: str) -> str:
    """An objective card by its points and tasks: "objective card (+3/-2: 2 stations, hazard)"."""
    points, values, items = objective_terms(code)
    parts = [f"cattle {values}"] if values else []
    for item, n in items.items():
        parts.append(TASKS[item][0] if n == 1 else f"{n} {TASKS[item][1]}")
    return f"objective card ({points}: {', '.join(parts)})"


def card(code: str) -> str:
    """Any card of a player's deck: cattle or objective."""
    if code in CATTLE:
        return cattle(code)
    if code in OBJECTIVES:
        return objective(code)
    return code


def cards(codes: list[str]) -> str:
    return ", ".join(card(c) for c in codes)


def tile(code: str) -> str:
    """A Kansas City tile: "flood-2g" -> "flood hazard (2 VP, green hand)", "teepee-blue" -> "blue teepee"."""
    if code.startswith("teepee-"):
        return f"{code.split('-')[1]} teepee"
    if code in WORKERS:
        return code
    kind, rest = code.split("-")
    return f"{kind} hazard ({rest[0]} VP, {HANDS[rest[1]]})"


def place(loc: str) -> str:
    """A trail location by the name the board prints: "spot 12", "Flood 2", "Teepee 4", "B"."""
    return places.words(loc)


def lying_at(trail: dict[str, str | None], loc: str) -> tuple[str, ...]:
    """What a place's name is said with: () for nothing (or a neutral building, Kansas City, the start),
    ("building", code, owner seat), ("hazard", kind) or ("tile", tile code)."""
    here = trail.get(loc)
    kind = TRAIL[loc][0] if loc in TRAIL else ("teepee" if loc in TEEPEE_SPACES else "")
    if not here or kind in ("neutral", "kc", "start"):
        return ()
    if "@" in here:
        code, owner = here.split("@")
        return ("building", code, owner)
    if kind == "hazard":
        return ("hazard", here.split("-")[0])
    return ("tile", here)


def place_with(trail: dict[str, str | None], loc: str) -> str:
    """A location and what lies there: "spot 2 (building 4a of Player 2)", "Flood 2 (flood hazard)"."""
    match lying_at(trail, loc):
        case ("building", code, owner):
            return f"{place(loc)} (building {code} of Player {int(owner) + 1})"
        case ("hazard", kind):
            return f"{place(loc)} ({kind} hazard)"
        case ("tile", code):
            return f"{place(loc)} ({tile(code)})"
    return place(loc)


# -------------------------------------------------------------------------------- the same, as facts
# The words above as facts of the game's catalog (``rules/gwt/locales``), for events the bot shows in
# each reader's language; the English catalog reads exactly as the functions above write.

HAZARD_KINDS = ("flood", "drought", "rockfall")


def say_cattle(code: str) -> Said | str:
    """A cattle card; a breed's name stays as printed in every edition."""
    breed, _value, vp = CATTLE[code]
    if breed in ("highland", "longhorn"):
        return said("gwt.card.cattle_vp", breed=BREEDS[breed], vp=vp)
    return BREEDS[breed]


def say_card(code: str) -> Said | str:
    """A card of a player's deck; a breed's name stays as printed in every edition."""
    if code in CATTLE:
        return say_cattle(code)
    if code in OBJECTIVES:
        points, values, items = objective_terms(code)
        parts: list[Said] = [said("gwt.task.cattle", values=values)] if values else []
        for item, n in items.items():
            parts.append(said(f"gwt.task.{item}") if n == 1 else said(f"gwt.task.{item}_n", count=n))
        return said("gwt.card.objective", points=points, tasks=listing(parts))
    return code


def say_cards(codes: list[str]) -> dict[str, list[Said | str]]:
    return listing([say_card(c) for c in codes])


def say_tile(code: str) -> Said:
    """A Kansas City tile: a hazard, a teepee or a worker."""
    if code.startswith("teepee-"):
        return said(f"gwt.tile.teepee_{code.split('-')[1]}")
    if code in WORKERS:
        return said(f"gwt.worker.{code}")
    kind, rest = code.split("-")
    return said(f"gwt.tile.{kind}", vp=int(rest[0]), hand=said(f"gwt.hand.{rest[1]}"))


def say_place(loc: str) -> Said | str:
    """A trail location inside a sentence; neutral buildings (by letter) and Kansas City read as printed."""
    shown = places.name(loc)
    if loc == "START":
        return said("gwt.place.start")
    if shown.isdigit():
        return said("gwt.place.spot", number=int(shown))
    kind, _, rest = shown.partition(" ")
    if kind.lower() in HAZARD_KINDS:
        return said(f"gwt.place.{kind.lower()}", number=int(rest))
    if kind == "Teepee":
        return said("gwt.place.teepee", value=rest)
    return shown


def say_place_with(trail: dict[str, str | None], loc: str) -> Said | str:
    """A location and what lies there (see ``place_with``)."""
    match lying_at(trail, loc):
        case ("building", code, owner):
            owner_seat = seat(int(owner))
            return said("gwt.place.with_building", place=say_place(loc), building=code, owner=owner_seat)
        case ("hazard", kind):
            return said("gwt.place.with", place=say_place(loc), what=said(f"gwt.hazard.{kind}"))
        case ("tile", code):
            return said("gwt.place.with", place=say_place(loc), what=say_tile(code))
    return say_place(loc)


def say_reward(reward: dict[str, int]) -> Said:
    parts: list[Said | str] = []
    if reward.get("money"):
        parts.append(said("gwt.words.dollars", amount=reward["money"]))
    if reward.get("cert"):
        parts.append(said("gwt.words.certificates", count=reward["cert"]))
    if reward.get("engine"):
        parts.append(said("gwt.words.engine_forward", spaces=reward["engine"]))
    if reward.get("objective_hand"):
        parts.append(said("gwt.words.an_objective_card"))
    return listing(parts, conjunction=True)


# A building's local actions in a few words each (the catalog's gwt.does.<kind>), so a menu says what
# a building does within Discord's 100 characters; the full texts are gwt.building.<code>.
PLAIN_DOES = frozenset(
    (
        "buy",
        "aux2",
        "cert_or_objective",
        "trade_or_engine",
        "trade_or_aux2",
        "woods",
        "teepee_pairs",
        "extra",
        "cert_max",
        "objective_cert",
        "back_money",
        "draw_cowboys",
        "engineer_money",
        "any_objective",
        "copy",
        "upgrade_behind",
    )
)


def say_does(code: str) -> dict[str, list[Said | str]]:
    """What building ``code`` (A–G or 1a–10b) does: its local actions in short, in the printed order."""
    actions = NEUTRAL_BUILDINGS[code] if code in NEUTRAL_BUILDINGS else BUILDINGS[code][3]
    return listing([say_action(action) for action in actions])


def say_action(action: Action) -> Said | str:
    """One local action in a few words: "Guernsey → $2", "hire for $2 more", "move 2 steps"."""
    kind = action[0]
    if kind in PLAIN_DOES:
        return said(f"gwt.does.{kind}")
    if kind == "discard":
        offer = do.as_local_discard(action)
        return said("gwt.does.discard", card=said(f"gwt.breed.{offer.card}"), gain=say_reward(offer.reward))
    if kind == "pair":
        return said("gwt.does.pair", gain=said("gwt.words.dollars", amount=do.as_local_pair(action).money))
    if kind == "hire":
        extra = int(do.as_local_hire(action).modifier)
        if not extra:
            return said("gwt.does.hire")
        return said("gwt.does.hire_more" if extra > 0 else "gwt.does.hire_less", amount=abs(extra))
    if kind == "build":
        return said("gwt.does.build", amount=do.as_local_build(action).per_craftsman)
    if kind == "hazard":
        return said("gwt.does.hazard", amount=do.as_local_hazard(action).cost)
    if kind == "engine":
        per = do.as_local_engine(action).spaces
        return (
            said(f"gwt.does.engine_{per}")
            if isinstance(per, str)
            else said("gwt.words.engine_forward", spaces=per)
        )
    if kind == "move":
        return said("gwt.does.move", count=do.as_local_move(action).steps)
    if kind == "money":
        return said("gwt.words.gain", amount=do.as_local_money(action).amount)
    return str(kind)


def say_building(code: str) -> Said:
    """A building by its letter or number and what it does: "4a (remove a hazard for $5, move 2 steps)"."""
    return said("gwt.words.building_does", code=code, does=say_does(code))
