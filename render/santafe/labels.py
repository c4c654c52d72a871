"""Where each Santa Fe city's name goes: beside its dot, clear of every track slot (so laid track never
runs through a name), other cities, railhead rings, bonus and connection squares and other names."""

from __future__ import annotations

import math
from collections.abc import Mapping

from render.boxes import Box, Point, crosses, overlap
from render.draw import face_size, text_width
from render.santafe.geometry import Segment, beside, cities
from render.theme import font

# Railhead rings reach this far past a city's dot; connection squares hang this far below it.
RING = 5
SQUARES = 12
UNPLACED: list[str] = []
# A name's place: the point its text hangs from, the anchor, and its lines (a long name may take two)
Place = tuple[Point, str, tuple[str, ...]]
# Directions (degrees from a dot, clockwise from the right) tried first where the first free place reads
# as a neighbour's name: North Platte's beside Denver's dot, Santa Fe's and Albuquerque's (their dots
# almost touch) each beside the other's dot: both go right, the upper dot's name above the lower one's.
PREFERRED = {"LBF": -90.0, "SAF": 12.0, "ABQ": 45.0}
TOLERANCE = 25.0


def _forms(name: str) -> list[tuple[str, ...]]:
    """A name on one line and, when it has several words, also on two ("Des" over "Moines")."""
    words = name.split(" ")
    if len(words) < 2:
        return [(name,)]
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [(name,), (" ".join(words[:cut]), " ".join(words[cut:]))]


def line_centres(place: Place, size: int) -> list[Point]:
    """Centre of each line of a two-line name, placed at ``place`` (anchored at its middle)."""
    (x, y), _anchor, lines = place
    return [(x, y + (i - (len(lines) - 1) / 2) * (size + 2)) for i in range(len(lines))]


def _gap(box: Box, point: Point) -> float:
    """Distance from ``point`` to the nearest point of ``box``."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def _around(x: float, y: float, d: float, w: float, h: float) -> list[tuple[Point, str, Box]]:
    """Places for a ``w`` by ``h`` name ``d`` pixels from the dot at (x, y): (point, anchor, box)."""
    options: list[tuple[Point, str, Box]] = [
        ((x + d, y), "lm", (x + d, y - h / 2, x + d + w, y + h / 2)),
        ((x - d, y), "rm", (x - d - w, y - h / 2, x - d, y + h / 2)),
        ((x, y + d + SQUARES), "mt", (x - w / 2, y + d + SQUARES, x + w / 2, y + d + SQUARES + h)),
        ((x, y - d), "mb", (x - w / 2, y - d - h, x + w / 2, y - d)),
        (
            (x + d * 0.7, y + d * 0.7),
            "lt",
            (x + d * 0.7, y + d * 0.7, x + d * 0.7 + w, y + d * 0.7 + h),
        ),
        (
            (x - d * 0.7, y + d * 0.7),
            "rt",
            (x - d * 0.7 - w, y + d * 0.7, x - d * 0.7, y + d * 0.7 + h),
        ),
        (
            (x + d * 0.7, y - d * 0.7),
            "lb",
            (x + d * 0.7, y - d * 0.7 - h, x + d * 0.7 + w, y - d * 0.7),
        ),
        (
            (x - d * 0.7, y - d * 0.7),
            "rb",
            (x - d * 0.7 - w, y - d * 0.7 - h, x - d * 0.7, y - d * 0.7),
        ),
    ]
    for step in range(16):  # and in between, all round
        angle = step * math.pi / 8 + math.pi / 16
        cx = x + math.cos(angle) * (d + w / 2)
        cy = y + math.sin(angle) * (d + h / 2)
        options.append(((cx, cy), "mm", (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)))
    return options


def place_city_names(
    where: Mapping[str, Point],
    slots: Mapping[str, Segment],
    radius: float,
    size: int,
    squares: Mapping[str, Box],
    frame: Box,
    reach: tuple[int, ...] = (0, 6, 12, 20, 30, 42, 56, 70),
) -> dict[str, Place]:
    """City id -> (anchor point, anchor, lines) of its name, ``size`` pixels tall; ``squares`` are the
    bonus squares' boxes, ``frame`` the map's edge the names stay inside. Right of the dot is tried first,
    then left, below, above, the four corners and all round, each further out (by ``reach``) when it will
    not fit; at each distance a name of several words is tried on one line, then on two (anchored at its
    middle). Where no place is free, the one with the fewest clashes is taken and the city noted in
    ``UNPLACED``."""
    taken = _covered(where, radius, squares)
    placed: dict[str, Place] = {}
    leaders: list[tuple[Point, Point]] = []
    # each slot with the box around it, so only slots near a candidate are walked along
    lines = [
        (
            s,
            (
                min(s.start[0], s.end[0]) - 4,
                min(s.start[1], s.end[1]) - 4,
                max(s.start[0], s.end[0]) + 4,
                max(s.start[1], s.end[1]) + 4,
            ),
        )
        for s in slots.values()
    ]

    def crowd(city_id: str) -> int:
        return sum(math.dist(where[city_id], where[other]) < 90 for other in cities())

    # the most crowded cities choose first; a name should sit nearer its own city than any other, but
    # crossing a track slot (weight 10) or covering a city, square or name (100) is worse
    # (cities with a preferred side first, so a neighbour does not take it)
    for city_id in sorted(cities(), key=lambda c: (c not in PREFERRED, -crowd(c), where[c][0])):
        x, y = where[city_id]
        best: tuple[int, Point, str, Box, tuple[str, ...]] | None = None
        for point, anchor, block, shown in _candidates(city_id, (x, y), radius, size, reach):
            # a name that would poke past the left or right edge slides back inside
            slide = max(frame[0] - block[0], 0.0) + min(frame[2] - block[2], 0.0)
            if slide and block[2] - block[0] <= frame[2] - frame[0]:
                point = (point[0] + slide, point[1])
                block = (block[0] + slide, block[1], block[2] + slide, block[3])
            if not (frame[1] <= block[1] and block[3] <= frame[3]):
                continue
            # covering a city, a square or a name is far worse than crossing a track slot
            clashes = 100 * sum(overlap(block, other) for other in taken)
            clashes += 10 * sum(
                crosses(block, s.start, s.end, 4, spacing=3) for s, around in lines if overlap(block, around)
            )
            own = _gap(block, (x, y))
            clashes += sum(_gap(block, where[c]) < own for c in cities() if c != city_id)
            # the line from a dot to its name never crosses another city's such line
            centre = ((block[0] + block[2]) / 2, (block[1] + block[3]) / 2)
            clashes += 100 * sum(_cut((x, y), centre, *leader) for leader in leaders)
            if best is None or clashes < best[0]:
                best = (clashes, point, anchor, block, shown)
            # a preferred side is taken even a little nearer another dot, never over a slot or a name
            wanted = city_id in PREFERRED and _towards(block, (x, y), PREFERRED[city_id])
            if not clashes or (wanted and clashes < 10):
                break
        if best is None:
            raise ValueError(f"no place inside the map for the name of {cities()[city_id]['name']}")
        if best[0]:
            UNPLACED.append(city_id)
        _, point, anchor, block, shown = best
        taken.append(block)
        leaders.append(((x, y), ((block[0] + block[2]) / 2, (block[1] + block[3]) / 2)))
        placed[city_id] = (point, anchor, shown)
    return placed


def _covered(where: Mapping[str, Point], radius: float, squares: Mapping[str, Box]) -> list[Box]:
    """What no name may cover: the bonus squares, each city's ring and the squares' row under it."""
    taken: list[Box] = list(squares.values())
    for city_id, (x, y) in where.items():
        if city_id in cities():
            r = radius + RING
            taken.append((x - r, y - r, x + r, y + r))
            taken.append((x - 25, y + radius, x + 25, y + radius + SQUARES))
    return taken


def _candidates(
    city_id: str, dot: Point, radius: float, size: int, reach: tuple[int, ...]
) -> list[tuple[Point, str, Box, tuple[str, ...]]]:
    """Every place tried for a city's name, in the order tried: (anchor point, anchor, box, lines)."""
    x, y = dot
    gap = radius + RING + 2
    options: list[tuple[Point, str, Box, tuple[str, ...]]] = []
    for extra in reach:
        d = gap + extra
        for shown in _forms(cities()[city_id]["name"]):
            w = max(text_width(line, size) for line in shown) + 2
            h = (size + 2) * len(shown)
            around = _around(x, y, d, w, h)
            if len(shown) > 1:  # two lines hang from their middle
                around = [(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), "mm", b) for _p, _a, b in around]
            options += [(point, anchor, block, shown) for point, anchor, block in around]
    if city_id in PREFERRED:  # the preferred side at every distance before any other side
        options.sort(key=lambda option: not _towards(option[2], dot, PREFERRED[city_id]))
    return options


def _towards(block: Box, dot: Point, degrees: float) -> bool:
    """Whether ``block``'s centre lies in the direction ``degrees`` from ``dot`` (within ``TOLERANCE``)."""
    angle = math.degrees(math.atan2((block[1] + block[3]) / 2 - dot[1], (block[0] + block[2]) / 2 - dot[0]))
    return abs((angle - degrees + 180) % 360 - 180) <= TOLERANCE


def _cut(a: Point, b: Point, c: Point, e: Point) -> bool:
    """Whether the segments a-b and c-e cross (touching at an end does not count)."""

    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return side(a, b, c) * side(a, b, e) < 0 and side(c, e, a) * side(c, e, b) < 0


def name_boxes(places: Mapping[str, Place], size: int) -> list[Box]:
    """The box each line of each city's name (placed at ``places``, ``size`` px) covers, 2 px round its
    letters."""
    found = []
    for place in places.values():
        lines = place[2]
        points = line_centres(place, size) if len(lines) > 1 else [place[0]]
        for line, (x, y) in zip(lines, points, strict=True):
            left, top, right, bottom = font(face_size(line, size)).getbbox(
                line, anchor=place[1] if len(lines) == 1 else "mm"
            )
            found.append((x + left - 2, y + top - 2, x + right + 2, y + bottom + 2))
    return found


def note_at(segment: Segment, words: str, size: int, away: float, names: list[Box]) -> Point:
    """Where a partly laid line's "laid/needed" note stands: ``away`` px beside its next slot, above it
    or, where a city's name (one of ``names``) is there, below it or further out."""
    left, top, right, bottom = font(face_size(words, size)).getbbox(words, anchor="mm")
    for side in (away, -away, 2 * away, -2 * away):
        x, y = beside(segment, side)
        if not any(overlap((x + left, y + top, x + right, y + bottom), name) for name in names):
            return x, y
    return beside(segment, away)
