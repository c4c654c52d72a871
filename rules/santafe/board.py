"""The static board: cities, lines, segments and railroads, read once from ``data/map.json``.

Everything here is computed at import and never changes, so the engine only indexes tuples.
Node indices: the cities (home bases included) in file order, then the waypoints inside multi-piece
lines. A connection joins two cities by one line or by two parallel lines; a line is a chain of
segments from its connection's ``a`` city to its ``b`` city, each segment holding one track piece.

Segment ids (used in views and events): ``"<connection>.<line>:<k>"``, e.g. ``"chi-kcy.2:1"`` is the
first piece from Chicago on the second Chicago–Kansas City line; segment ``k`` joins nodes ``k-1`` and
``k`` of that line's node list in the map file.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from rules.core.texts import Said, said

RAILROAD_ALIASES: dict[str, str] = {
    "santa fe": "blue",
    "atsf": "blue",
    "at&sf": "blue",
    "sf": "blue",
    "southern pacific": "white",
    "sp": "white",
    "great northern": "green",
    "gn": "green",
    "union pacific": "red",
    "up": "red",
    "kansas pacific": "yellow",
    "kp": "yellow",
}


def _load() -> dict[str, Any]:
    text = resources.files("rules.santafe").joinpath("data/map.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def slug(name: str) -> str:
    """How a city is written in moves: lower case, words joined by '-' ("St. Louis" -> "st-louis")."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace(".", "")).strip("-")


MAP: dict[str, Any] = _load()

# --- railroads --------------------------------------------------------------------------------------
RAILROADS: tuple[str, ...] = tuple(r["id"] for r in MAP["railroads"])
RAILROAD_INDEX: dict[str, int] = {r: i for i, r in enumerate(RAILROADS)}
RAILROAD_NAME: tuple[str, ...] = tuple(r["name"] for r in MAP["railroads"])
PIECES: tuple[int, ...] = tuple(r["pieces"] for r in MAP["railroads"])

# --- cities -----------------------------------------------------------------------------------------
CITY_IDS: tuple[str, ...] = tuple(c["id"] for c in MAP["cities"])
CITY_COUNT = len(CITY_IDS)
CITY_NAME: tuple[str, ...] = tuple(c["name"] for c in MAP["cities"])
CITY_SLUG: tuple[str, ...] = tuple(slug(c["name"]) for c in MAP["cities"])
CITY_VALUE: tuple[int, ...] = tuple(c["value"] for c in MAP["cities"])
CITY_CARDS: tuple[int, ...] = tuple(c["cards"] for c in MAP["cities"])
# bit r set: the city shows railroad r's square (special bonus)
CITY_SQUARES: tuple[int, ...] = tuple(sum(1 << RAILROAD_INDEX[r] for r in c["bonus"]) for c in MAP["cities"])
SLUG_INDEX: dict[str, int] = {s: i for i, s in enumerate(CITY_SLUG)}

NODE_IDS: list[str] = list(CITY_IDS)
NODE_INDEX: dict[str, int] = {n: i for i, n in enumerate(NODE_IDS)}
HOME: tuple[int, ...] = tuple(NODE_INDEX[r["home"]] for r in MAP["railroads"])

# --- connections, lines, segments -------------------------------------------------------------------
CONN_IDS: list[str] = []
CONN_ENDS: list[tuple[int, int]] = []
LINE_CONN: list[int] = []
LINE_NUMBER: list[int] = []  # 1 or 2 within its connection
LINE_SEGS: list[tuple[int, ...]] = []  # segments from a to b
LINE_SIBLING: list[int] = []  # the parallel line, or -1
SEG_NODES: list[tuple[int, int]] = []  # (node nearer a, node nearer b)
SEG_LINE: list[int] = []
SEG_ID: list[str] = []  # "chi-kcy.1:2": connection, line, segment counted from a
SEG_RIVER: list[bool] = []
SEG_MOUNTAIN: list[bool] = []


def _read_connections() -> None:
    """Fill the connection, line and segment tables (and the waypoint nodes) from the map file."""
    for conn in MAP["connections"]:
        c_index = len(CONN_IDS)
        CONN_IDS.append(conn["id"])
        CONN_ENDS.append((NODE_INDEX[conn["a"]], NODE_INDEX[conn["b"]]))
        first_line = len(LINE_CONN)
        for number, path in enumerate(conn["lines"], start=1):
            for node in path[1:-1]:
                NODE_INDEX[node] = len(NODE_IDS)
                NODE_IDS.append(node)
            segs = []
            for k in range(1, len(path)):
                segs.append(len(SEG_NODES))
                SEG_NODES.append((NODE_INDEX[path[k - 1]], NODE_INDEX[path[k]]))
                SEG_LINE.append(len(LINE_CONN))
                SEG_ID.append(f"{conn['id']}.{number}:{k}")
                SEG_RIVER.append(k in conn["river"])
                SEG_MOUNTAIN.append(k in conn["mountain"])
            LINE_CONN.append(c_index)
            LINE_NUMBER.append(number)
            LINE_SEGS.append(tuple(segs))
            LINE_SIBLING.append(-1)
        if len(conn["lines"]) == 2:
            LINE_SIBLING[first_line], LINE_SIBLING[first_line + 1] = first_line + 1, first_line


_read_connections()

SEG_COUNT = len(SEG_NODES)
LINE_COUNT = len(LINE_CONN)
NODE_COUNT = len(NODE_IDS)

# The words of a lay move: "chi-kcy" builds from Chicago towards Kansas City.
DIRECTION_KEY: dict[tuple[int, int], str] = {
    (x, y): f"{CITY_IDS[x].lower()}-{CITY_IDS[y].lower()}" for a, b in CONN_ENDS for x, y in ((a, b), (b, a))
}
KEY_DIRECTION: dict[str, tuple[int, int]] = {key: pair for pair, key in DIRECTION_KEY.items()}

# City exits: for each city, per connection, the lines leaving it with their first segment from here.
# (key, target city, ((line, first segment, node after that segment), ...))
Exit = tuple[str, int, tuple[tuple[int, int, int], ...]]
# A waypoint's two ways on: (segment, next node, move key) towards b, then towards a.
Step = tuple[int, int, str]


def _city_exits() -> tuple[tuple[Exit, ...], ...]:
    exits: list[list[Exit]] = [[] for _ in range(CITY_COUNT)]
    for conn, (a, b) in enumerate(CONN_ENDS):
        for here, there in ((a, b), (b, a)):
            lines = []
            for line in range(LINE_COUNT):
                if LINE_CONN[line] == conn:
                    segs = LINE_SEGS[line]
                    seg = segs[0] if here == a else segs[-1]
                    u, v = SEG_NODES[seg]
                    lines.append((line, seg, v if u == here else u))
            exits[here].append((DIRECTION_KEY[(here, there)], there, tuple(lines)))
    return tuple(tuple(e) for e in exits)


def _way_next() -> dict[int, tuple[Step, Step]]:
    """A railhead inside a line goes on along the one free neighbouring segment."""
    found: dict[int, tuple[Step, Step]] = {}
    for line in range(LINE_COUNT):
        a, b = CONN_ENDS[LINE_CONN[line]]
        segs = LINE_SEGS[line]
        for k in range(len(segs) - 1):
            toward_b = (segs[k + 1], SEG_NODES[segs[k + 1]][1], DIRECTION_KEY[(a, b)])
            toward_a = (segs[k], SEG_NODES[segs[k]][0], DIRECTION_KEY[(b, a)])
            found[SEG_NODES[segs[k]][1]] = (toward_b, toward_a)
    return found


CITY_EXITS = _city_exits()
WAY_NEXT = _way_next()


def is_city(node: int) -> bool:
    return node < CITY_COUNT


def city_cards() -> list[int]:
    """The city deck before shuffling: one entry per card."""
    return [c for c in range(CITY_COUNT) for _ in range(CITY_CARDS[c])]


def city_name(node: int) -> str:
    return CITY_NAME[node]


def railroad_label(r: int) -> str:
    """ "Santa Fe (blue)"."""
    return f"{RAILROAD_NAME[r]} ({RAILROADS[r]})"


def say_railroad(r: int) -> Said:
    """A railroad by its name and colour ("Santa Fe (blue)"), as facts of the game's catalog."""
    return said("santafe.railroad", railroad=RAILROAD_NAME[r], colour=said(f"santafe.colour.{RAILROADS[r]}"))
