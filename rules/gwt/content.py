"""Great Western Trail (first edition) components as data.

Ids follow shared/reference/gwt/components.md: trail locations (START, A, A-1, FLOOD-1, …, KANSAS_CITY),
railroad spaces "0".."39" with turnouts "4.5", "7.5", …, stations 1..10 and cities by name.
"""

from __future__ import annotations

from typing import Any

from rules.gwt import actions as do

# ---------------------------------------------------------------------------------------------- trail

# id -> (kind, next ids). Kinds: start, neutral, private, hazard, teepee, kc.
TRAIL: dict[str, tuple[str, tuple[str, ...]]] = {
    "START": ("start", ("A",)),
    "A": ("neutral", ("A-1", "FLOOD-1")),
    "A-1": ("private", ("A-2",)),
    "A-2": ("private", ("A-3",)),
    "A-3": ("private", ("B",)),
    "FLOOD-1": ("hazard", ("FLOOD-2",)),
    "FLOOD-2": ("hazard", ("FLOOD-3",)),
    "FLOOD-3": ("hazard", ("FLOOD-4",)),
    "FLOOD-4": ("hazard", ("FLOOD-RISK-1",)),
    "FLOOD-RISK-1": ("private", ("FLOOD-RISK-2",)),
    "FLOOD-RISK-2": ("private", ("B",)),
    "B": ("neutral", ("B-1", "DROUGHT-1")),
    "B-1": ("private", ("B-2",)),
    "B-2": ("private", ("B-3",)),
    "B-3": ("private", ("C",)),
    "DROUGHT-1": ("hazard", ("DROUGHT-2",)),
    "DROUGHT-2": ("hazard", ("DROUGHT-3",)),
    "DROUGHT-3": ("hazard", ("DROUGHT-4",)),
    "DROUGHT-4": ("hazard", ("DROUGHT-RISK-1",)),
    "DROUGHT-RISK-1": ("private", ("C",)),
    "C": ("neutral", ("C-1-1", "C-2")),
    "C-1-1": ("private", ("C-1-2",)),
    "C-1-2": ("private", ("E",)),
    "C-2": ("private", ("D", "TEEPEE-1")),
    "D": ("neutral", ("E",)),
    "TEEPEE-1": ("teepee", ("TEEPEE-2",)),
    "TEEPEE-2": ("teepee", ("TEEPEE-4",)),
    "TEEPEE-4": ("teepee", ("TEEPEE-6",)),
    "TEEPEE-6": ("teepee", ("TEEPEE-8",)),
    "TEEPEE-8": ("teepee", ("TEEPEE-10",)),
    "TEEPEE-10": ("teepee", ("TRADE-RISK-1",)),
    "TRADE-RISK-1": ("private", ("TRADE-RISK-2",)),
    "TRADE-RISK-2": ("private", ("E",)),
    "E": ("neutral", ("E-1", "ROCKFALL-1")),
    "E-1": ("private", ("E-2",)),
    "E-2": ("private", ("F",)),
    "ROCKFALL-1": ("hazard", ("ROCKFALL-2",)),
    "ROCKFALL-2": ("hazard", ("ROCKFALL-3",)),
    "ROCKFALL-3": ("hazard", ("ROCKFALL-4",)),
    "ROCKFALL-4": ("hazard", ("ROCKFALL-RISK-1",)),
    "ROCKFALL-RISK-1": ("private", ("ROCKFALL-RISK-2",)),
    "ROCKFALL-RISK-2": ("private", ("F",)),
    "F": ("neutral", ("F-1", "F-2")),
    "F-1": ("private", ("G",)),
    "F-2": ("private", ("G",)),
    "G": ("neutral", ("G-1", "G-2")),
    "G-1": ("private", ("KANSAS_CITY",)),
    "G-2": ("private", ("KANSAS_CITY",)),
    "KANSAS_CITY": ("kc", ()),
}
NEUTRAL_SLOTS = ("A", "B", "C", "D", "E", "F", "G")
PRIVATE_SPACES = tuple(k for k, (kind, _) in TRAIL.items() if kind == "private")
WOODS = frozenset({"FLOOD-RISK-2", "B-1", "C-1-1", "C-1-2", "E-1", "E-2", "ROCKFALL-RISK-2", "F-2"})

# Risk actions belong to the space and only serve the owner of the building standing there.
# ("jersey", cert, money): discard a Jersey; ("any", cert, money): discard any cattle card.
RISKS: dict[str, tuple[str, int, int]] = {
    "FLOOD-RISK-1": ("jersey", 1, 2),
    "FLOOD-RISK-2": ("jersey", 1, 2),
    "DROUGHT-RISK-1": ("any", 1, 0),
    "TRADE-RISK-1": ("any", 1, 0),
    "TRADE-RISK-2": ("jersey", 1, 2),
    "ROCKFALL-RISK-1": ("any", 1, 0),
    "ROCKFALL-RISK-2": ("jersey", 1, 2),
}

HAZARD_TYPES = ("flood", "drought", "rockfall")
HAZARD_SPACES = {h: tuple(f"{h.upper()}-{i}" for i in range(1, 5)) for h in HAZARD_TYPES}
# Teepee spaces in the order new teepees fill them (lowest money value first); value = money gained.
TEEPEE_SPACES: dict[str, int] = {
    "TEEPEE--3": -3, "TEEPEE--2": -2, "TEEPEE--1": -1, "TEEPEE-1": 1, "TEEPEE-2": 2,
    "TEEPEE-4": 4, "TEEPEE-6": 6, "TEEPEE-8": 8, "TEEPEE-10": 10,
}

# ----------------------------------------------------------------------------------------------- tiles

WORKER_TYPES = ("cowboy", "craftsman", "engineer")
# Hazard tiles per type: (victory points, hand colour) with counts.
HAZARD_KINDS: tuple[tuple[int, str, int], ...] = (
    (4, "g", 2), (3, "g", 1), (3, "b", 1), (2, "g", 1), (2, "b", 1),
)


def hazard_tiles(kind: str) -> list[str]:
    return [f"{kind}-{vp}{hand}" for vp, hand, n in HAZARD_KINDS for _ in range(n)]


def hazard_vp(tile: str) -> int:
    return int(tile.split("-")[1][0])


def tile_hands(tile: str) -> str:
    """Hand icons of a hazard or teepee tile: "g", "b" or ""."""
    if tile.startswith("teepee-"):
        return "g" if tile == "teepee-green" else "b"
    return tile.split("-")[1][1]


# Kansas City supply piles 1/2/3 (the 11/11/11 + 7/7/7 worker split, kept here so it can be corrected).
# Pile 1 also holds all 18 hazard tiles.
PILES: tuple[dict[str, int], ...] = (
    {"teepee-green": 9, "teepee-blue": 8},
    {"cowboy": 11, "craftsman": 11, "engineer": 11},
    {"cowboy": 7, "craftsman": 7, "engineer": 7, "teepee-green": 2, "teepee-blue": 3},
)


def pile_tiles(index: int) -> list[str]:
    tiles = [t for t, n in PILES[index].items() for _ in range(n)]
    if index == 0:
        tiles = [t for h in HAZARD_TYPES for t in hazard_tiles(h)] + tiles
    return tiles


# --------------------------------------------------------------------------------------------- cattle

# code -> (breed, breeding value, victory points)
CATTLE: dict[str, tuple[str, int, int]] = {
    "jersey": ("jersey", 1, 0),
    "dutch-belt": ("dutch-belt", 2, 0),
    "black-angus": ("black-angus", 2, 0),
    "guernsey": ("guernsey", 2, 0),
    "holstein": ("holstein", 3, 1),
    "brown-swiss": ("brown-swiss", 3, 2),
    "ayrshire": ("ayrshire", 3, 3),
    "highland-3": ("highland", 4, 3),
    "highland-4": ("highland", 4, 4),
    "highland-5": ("highland", 4, 5),
    "longhorn-5": ("longhorn", 5, 5),
    "longhorn-6": ("longhorn", 5, 6),
    "longhorn-7": ("longhorn", 5, 7),
}
STARTING_HERD = {"jersey": 5, "dutch-belt": 3, "black-angus": 3, "guernsey": 3}
MARKET_CATTLE = {
    "holstein": 7, "brown-swiss": 7, "ayrshire": 7,
    "highland-3": 3, "highland-4": 3, "highland-5": 3,
    "longhorn-5": 2, "longhorn-6": 2, "longhorn-7": 2,
}
MARKET_SIZE = {2: 7, 3: 10, 4: 13}
MARKET_ORDER = list(MARKET_CATTLE)

# Cowboy table: (breeding value, number of cards, cowboys used, price for all of them).
COWBOY_TABLE: tuple[tuple[int, int, int, int], ...] = (
    (3, 1, 1, 6), (3, 1, 2, 3), (3, 2, 3, 5),
    (4, 1, 1, 12), (4, 1, 3, 6), (4, 2, 5, 8),
    (5, 1, 2, 12), (5, 1, 4, 6),
)

# ------------------------------------------------------------------------------------------ objectives

# code -> (immediate action, tasks, victory points, penalty). Task items: b building, s station,
# h hazard, g green teepee, bl blue teepee, 3/4/5 cattle card of that breeding value,
# sf disc in San Francisco.
OBJECTIVES: dict[str, tuple[str, tuple[str, ...], int, int]] = {
    "start-34b": ("", ("3", "4", "b"), 3, 0),
    "start-ssg": ("", ("s", "s", "g"), 3, 0),
    "start-bbh": ("", ("b", "b", "h"), 3, 0),
    "start-blhh": ("", ("bl", "h", "h"), 3, 0),
    "gain2-bblbl": ("gain2", ("b", "bl", "bl"), 3, 2),
    "gain2-bgbl": ("gain2", ("b", "g", "bl"), 3, 2),
    "gain2-4hh": ("gain2", ("4", "h", "h"), 3, 2),
    "gain2-ssh": ("gain2", ("s", "s", "h"), 3, 2),
    "gain2-333b": ("gain2", ("3", "3", "3", "b"), 4, 2),
    "aux-sf": ("aux", ("sf",), 5, 3),
    "draw-bbh": ("draw", ("b", "b", "h"), 3, 2),
    "draw-sgbl": ("draw", ("s", "g", "bl"), 3, 2),
    "draw-5h": ("draw", ("5", "h"), 3, 2),
    "draw-sgg": ("draw", ("s", "g", "g"), 3, 2),
    "draw-333s": ("draw", ("3", "3", "3", "s"), 4, 2),
    "engine-44sg": ("engine2", ("4", "4", "s", "g"), 5, 3),
    "engine-345": ("engine2", ("3", "4", "5"), 5, 3),
    "engine-bbgg": ("engine2", ("b", "b", "g", "g"), 5, 3),
    "engine-bblhh": ("engine3", ("b", "bl", "h", "h"), 5, 3),
    "engine-sshh": ("engine3", ("s", "s", "h", "h"), 5, 3),
    "move-bbhh": ("move3", ("b", "b", "h", "h"), 5, 2),
    "move-ssblbl": ("move3", ("s", "s", "bl", "bl"), 5, 2),
    "move-345": ("move3", ("3", "4", "5"), 5, 2),
    "move-34hh": ("move3", ("3", "4", "h", "h"), 5, 2),
    "move-ssbb": ("move3", ("s", "s", "b", "b"), 5, 2),
}
STARTING_OBJECTIVES = ("start-34b", "start-ssg", "start-bbh", "start-blhh")
GENERAL_OBJECTIVES = [
    c for c in OBJECTIVES if c not in STARTING_OBJECTIVES for _ in range(4 if c == "aux-sf" else 1)
]
OBJECTIVE_DISPLAY = 4

# -------------------------------------------------------------------------------------------- railroad

TURNOUT_AFTER = (4, 7, 10, 13, 16, 21, 25, 29, 33)
TRACK: tuple[str, ...] = tuple(
    sid for n in range(40) for sid in ((str(n), f"{n}.5") if n in TURNOUT_AFTER else (str(n),))
)
TRACK_INDEX = {sid: i for i, sid in enumerate(TRACK)}
# Station number -> (space id, cost, victory points, black discs allowed, has a station master slot).
STATIONS: dict[int, tuple[str, int, int, bool, bool]] = {
    1: ("4.5", 2, 1, False, True),
    2: ("7.5", 2, 1, False, True),
    3: ("10.5", 4, 2, False, True),
    4: ("13.5", 4, 2, False, True),
    5: ("16.5", 6, 3, True, True),
    6: ("21.5", 8, 5, True, False),
    7: ("25.5", 7, 6, True, False),
    8: ("29.5", 6, 7, True, False),
    9: ("33.5", 5, 8, True, False),
    10: ("39", 3, 9, True, False),
}
STATION_AT = {space: n for n, (space, *_rest) in STATIONS.items()}
# A red cross lies between space c and c+1 for each c here: $1 transport cost each.
CROSSES = (3, 4, 5, 7, 9, 10, 11, 13, 15, 16, 17)

# City -> (value, black discs allowed, own victory points per disc, several deliveries allowed).
CITIES: dict[str, tuple[int, bool, int, bool]] = {
    "kansas-city": (0, False, -6, True),
    "topeka": (1, False, 0, False),
    "wichita": (4, False, 0, False),
    "colorado-springs": (6, False, 0, False),
    "santa-fe": (8, False, 0, False),
    "albuquerque": (10, True, 0, False),
    "el-paso": (12, True, 0, False),
    "san-diego": (14, False, 0, False),
    "sacramento": (16, True, 6, False),
    "san-francisco": (18, True, 9, True),
}
# Green arrows between neighbouring cities: (city, city, victory points, objective card when completed).
ARROWS: tuple[tuple[str, str, int, bool], ...] = (
    ("topeka", "wichita", -3, True),
    ("wichita", "colorado-springs", -1, False),
    ("colorado-springs", "santa-fe", 0, True),
    ("santa-fe", "albuquerque", 0, True),
    ("albuquerque", "el-paso", 6, False),
    ("el-paso", "san-diego", 8, False),
    ("san-diego", "sacramento", 4, False),
)

# ------------------------------------------------------------------------------------------ job market

JOB_COSTS = (6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4)
JOB_ROWS = len(JOB_COSTS)
# Moving the token into these (0-based) rows crosses a yellow arrow: refill the cattle market.
YELLOW_ARROW_ROWS = frozenset({6, 9})

# --------------------------------------------------------------------------------------- station masters

# code -> (upper half: "money2" / "perm_cert" / "hazard_or_trade", scoring: per-unit victory points key)
STATION_MASTERS: dict[str, tuple[str, str]] = {
    "sm-workers": ("money2", "workers"),
    "sm-certificates": ("perm_cert", "certificates"),
    "sm-objectives": ("hazard_or_trade", "objectives"),
    "sm-hazards": ("perm_cert", "hazards"),
    "sm-teepees": ("perm_cert", "teepees"),
}

# --------------------------------------------------------------------------------------- player board

# Disc space -> (count, white corners). The single $1 and draw-1 auxiliary actions are printed free.
DISC_SPACES: dict[str, tuple[int, bool]] = {
    "money": (1, True),
    "draw": (1, True),
    "cert": (2, True),
    "engine": (2, True),
    "trash": (2, True),
    "cert4": (1, True),
    "step-money": (1, False),
    "step-vp": (1, False),
    "hand": (2, False),
    "cert6": (1, False),
}
DISCS_PER_PLAYER = sum(n for n, _ in DISC_SPACES.values())
AUX_ACTIONS = ("money", "draw", "cert", "engine", "trash")
CERT_TRACK = (0, 1, 2, 3, 4, 6)
# Step limit: base, gain for the first cleared step disc (the second always adds 1).
STEP_LIMIT = {2: (3, 1), 3: (3, 2), 4: (4, 2)}
HAND_FEES = {2: {"g": 2, "b": 2}, 3: {"g": 2, "b": 1}, 4: {"g": 1, "b": 2}}
STARTING_MONEY = (6, 7, 8, 9)
INITIAL_JOB_WORKERS = {2: 3, 3: 5, 4: 7}
INITIAL_TRAIL_TILES = 7
# Worker-row spaces (count reached, 1-based) -> immediate action.
WORKER_BONUS: dict[tuple[str, int], str] = {
    ("cowboy", 4): "hazard_free",
    ("cowboy", 6): "trade",
    ("craftsman", 4): "build1",
    ("craftsman", 6): "build1",
    ("engineer", 2): "jersey_cert1",
    ("engineer", 3): "jersey_money2",
    ("engineer", 4): "hire_minus2",
    ("engineer", 5): "jersey_cert2",
    ("engineer", 6): "jersey_money4",
}

# ------------------------------------------------------------------------------------------- buildings

# Local actions, as data (``rules.gwt.actions``: ``LocalDiscard`` … ``LocalBare``):
#   discard(card, reward)        discard that cattle card; reward keys money / cert / engine
#   pair(money)                  discard two cards of one breed
#   hire(modifier)  build(dollars per craftsman)  buy  hazard(cost)
#   engine(spaces)               spaces an int, "engineers" or "woods"
#   move(steps)                  move the cattleman up to that many steps, then phase B again
#   aux2                         single or double auxiliary action
#   cert_or_objective  trade_or_engine  trade_or_aux2
#   woods teepee_pairs extra cert_max objective_cert back_money
#   draw_cowboys engineer_money any_objective copy upgrade_behind money(amount)
Action = tuple[Any, ...]

NEUTRAL_BUILDINGS: dict[str, tuple[Action, ...]] = {
    "A": (do.local_discard("guernsey", {"money": 2}), do.local_hire(0), do.local_hire(2)),
    "B": (do.local_discard("dutch-belt", {"money": 2}), do.local_build(2)),
    "C": (do.local("cert_or_objective"), do.local_engine("engineers")),
    "D": (do.local("trade_or_engine"), do.local("aux2")),
    "E": (do.local_discard("black-angus", {"money": 2}), do.local("buy")),
    "F": (do.local_pair(4), do.local_hazard(7)),
    "G": (do.local_engine("engineers"), do.local("aux2")),
}

# code -> (craftsmen, victory points, hands, local actions)
BUILDINGS: dict[str, tuple[int, int, str, tuple[Action, ...]]] = {
    "1a": (1, 1, "g", (do.local("woods"),)),
    "2a": (1, 1, "", (do.local_discard("guernsey", {"money": 4}), do.local("buy"))),
    "3a": (1, 1, "", (do.local_pair(3), do.local_move(1))),
    "4a": (2, 3, "b", (do.local_hazard(5), do.local_move(2))),
    "5a": (3, 4, "", (do.local_hire(-1), do.local_engine("engineers"))),
    "6a": (4, 5, "", (do.local_discard("holstein", {"money": 10}), do.local("aux2"))),
    "7a": (5, 6, "gb", (do.local("teepee_pairs"),)),
    "8a": (5, 6, "g", (do.local("trade_or_aux2"), do.local_engine(2))),
    "9a": (7, 9, "", (do.local_engine(3), do.local("extra"))),
    "10a": (9, 13, "b", (do.local("cert_max"), do.local_move(5))),
    "1b": (1, 1, "g", (do.local("objective_cert"), do.local("back_money"))),
    "2b": (1, 1, "", (
        do.local_discard("jersey", {"engine": 1}), do.local_discard("dutch-belt", {"money": 3}),
    )),
    "3b": (2, 3, "", (do.local("aux2"), do.local_move(1))),
    "4b": (2, 3, "b", (do.local("draw_cowboys"), do.local_move(3))),
    "5b": (3, 4, "", (do.local_discard("black-angus", {"cert": 2}), do.local("engineer_money"))),
    "6b": (4, 5, "", (do.local("any_objective"),)),
    "7b": (5, 6, "gb", (do.local_engine("woods"),)),
    "8b": (6, 8, "", (do.local("copy"),)),
    "9b": (6, 8, "", (do.local("upgrade_behind"),)),
    "10b": (8, 11, "b", (do.local_money(4), do.local_engine(4), do.local_move(4))),
}
BUILDING_NUMBERS = tuple(str(n) for n in range(1, 11))
