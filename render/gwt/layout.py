"""The Great Western Trail board layout (rules/gwt/data/board_layout.json) and what each trail id is."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from render.boxes import Box, crosses, overlap
from render.draw import face_size, text_width
from render.theme import font
from render.words import Words, picture_word
from rules.gwt.content import TRAIL
from rules.gwt.places import name as place_name

LAYOUT_PATH = Path(__file__).resolve().parents[2] / "rules" / "gwt" / "data" / "board_layout.json"

HAZARD_KINDS = ("FLOOD", "DROUGHT", "ROCKFALL")
NEUTRAL_SLOTS = ("A", "B", "C", "D", "E", "F", "G")


@lru_cache(maxsize=1)
def layout() -> dict[str, Any]:
    """The parsed layout file (read once)."""
    data: dict[str, Any] = json.loads(LAYOUT_PATH.read_text(encoding="utf-8"))
    return data


def kind(location: str) -> str:
    """``start``, ``kc``, ``neutral``, ``hazard``, ``teepee`` or ``private`` for a trail id."""
    if location == "START":
        return "start"
    if location == "KANSAS_CITY":
        return "kc"
    if location in NEUTRAL_SLOTS:
        return "neutral"
    if location.startswith("TEEPEE-"):
        return "teepee"
    head = location.split("-")[0]
    if head in HAZARD_KINDS and "RISK" not in location:
        return "hazard"
    return "private"


def spot_name(location: str, said: Words | None = None) -> tuple[str, str]:
    """What is printed beside a spot in the picture's language: its short name (``rules.gwt.places``:
    "Flood 2", a building spot's number) and a risk note ("" if none).

    A teepee space shows its trade value, the second word of its name ("Teepee +4"). Neutral buildings,
    the start and Kansas City carry their names on themselves, so they get none."""
    if kind(location) in ("neutral", "start", "kc"):
        return "", ""
    shown = place_name(location)
    if kind(location) == "teepee":
        return shown.partition(" ")[2], ""
    if kind(location) == "hazard":
        shown = picture_word(said, f"gwt.place.{location}")
    risk = layout()["risk"].get(location)
    note = "gwt.risk_j_note" if risk == "Jersey" else "gwt.risk_note"
    return shown, picture_word(said, note) if risk else ""


SpotNames = tuple[tuple[str, str, str], ...]  # (location, name, risk note) of every spot: a cache key


def spot_names(said: Words | None = None) -> SpotNames:
    """Every spot's name and risk note in the picture's language (``spot_name``)."""
    return tuple((location, *spot_name(location, said)) for location in layout()["trail"])


NAME_SIZE = 13
GAP = 6  # the least room between two names, so neighbours never read as one ("Rockfall 3Rockfall 2")
Line = tuple[str, int, tuple[float, float]]
Candidate = tuple[list[tuple[str, int]], float, float]  # a name's lines and their offset from the spot


def _forms(lines: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """The ways a name may be printed: its lines as given, then a name of several words on one line
    split in two at its last space ("Rockfall" over "3"), or two lines of one size joined into one; a
    long word cut short last."""
    if len(lines) == 1 and " " in lines[0][0]:
        words, size = lines[0]
        return [lines, [(part, size) for part in words.rsplit(" ", 1)], *_cut(words.rsplit(" ", 1), size)]
    if len(lines) == 2 and lines[0][1] == lines[1][1]:
        size = lines[0][1]
        return [lines, [(f"{lines[0][0]} {lines[1][0]}", size)], *_cut([lines[0][0], lines[1][0]], size)]
    return [lines]


def _cut(lines: list[str], size: int) -> list[list[tuple[str, int]]]:
    """Long words cut short with a dot ("Steinsc." over "3"), for where the whole word finds no room: the
    last resort of ``_forms``."""
    return [
        [(line[:keep] + "." if len(line) > keep + 1 else line, size) for line in lines]
        for keep in (7, 4)
        if any(len(line) > keep + 1 for line in lines)
    ] + [[(lines[-1][:4], size)]]  # at last the number alone: the colour tells the kind


def _is_cut(shown: list[tuple[str, int]], lines: list[tuple[str, int]]) -> bool:
    """Whether ``shown`` (one of ``_forms(lines)``) leaves out letters of the name."""
    return "".join(w for w, _ in shown).replace(" ", "") != "".join(w for w, _ in lines).replace(" ", "")


def _height(shown: list[tuple[str, int]]) -> float:
    """Height of a name's lines, each a pixel less than its size below the one before (the letters
    still stand 4 px apart), with a pixel's margin above and below."""
    return sum(size - 1 for _words, size in shown) + 3


def _lay(shown: list[tuple[str, int]], centre: tuple[float, float]) -> list[tuple[Line, Box]]:
    """A name's lines centred on ``centre``, each with the box its letters cover (a pixel's margin
    round them)."""
    cx, cy = centre
    top = cy - _height(shown) / 2 + 1
    laid = []
    for words, size in shown:
        middle = (cx, top + size / 2)
        left, upper, right, lower = font(face_size(words, size)).getbbox(words, anchor="mm")
        box = (cx + left - 1, middle[1] + upper - 1, cx + right + 1, middle[1] + lower + 1)
        laid.append(((words, size, middle), box))
        top += size - 1
    return laid


def place_names(
    spot: Callable[[str], tuple[float, float]],
    radius: float,
    lines_of: Callable[[str], list[tuple[str, int]]],
    keep_out: tuple[Box, ...] = (),
) -> dict[str, list[Line]]:
    """Each named spot's lines of text (words, size, centre), placed beside the spot where they cross no
    trail line, spot, other name, the row above each spot where cattlemen stand, or a ``keep_out`` box.

    Below the spot is tried first (one or two rows down, nudged sideways up to 16 px; in the lines given,
    then in the name's other form, see ``_forms``), then right, left and the lower corners. Names stay at
    least ``GAP`` pixels apart."""
    data = layout()
    edges = [(spot(a), spot(b)) for a, b in data["trail_edges"]]
    taken: list[Box] = list(keep_out)
    for location in data["trail"]:
        x, y = spot(location)
        half = 54 if kind(location) == "kc" else 30 if kind(location) == "start" else radius
        # a teepee space is a triangle: its base is half a radius below the centre
        bottom = radius * 0.55 if kind(location) == "teepee" else half
        taken.append((x - half, y - half, x + half, y + bottom))
        if kind(location) != "hazard" and location in TRAIL:  # where cattlemen may stand
            taken.append((x - 48, y - radius - 28, x + 48, y - radius - 2))
    names: list[Box] = []  # the lines of the names placed so far, kept GAP apart
    placed: dict[str, list[Line]] = {}
    for location in data["trail"]:
        lines = lines_of(location)
        if not lines:
            continue
        x, y = spot(location)
        gap = radius * 0.55 if kind(location) == "teepee" else radius
        below: tuple[list[Candidate], list[Candidate]] = ([], [])  # one row down, two rows down
        beside: list[Candidate] = []
        above: list[Candidate] = []  # free where no cattleman stands (a hazard space): before a word is cut
        forms = _forms(lines)
        for shown in forms:
            w = max(text_width(words, size) for words, size in shown) + 2
            h = _height(shown)
            for row in (0, 1):
                below[row].extend((shown, dx, gap + 3 + h * (row + 0.5)) for dx in (0, -8, 8, -16, 16))
            if not _is_cut(shown, lines):
                above.extend((shown, dx, -(gap + 3 + h / 2)) for dx in (0, -8, 8, -16, 16, -24, 24))
            sides = [
                (radius + 5 + w / 2, 0.0),
                (-(radius + 5 + w / 2), 0.0),
                (radius * 0.75 + w / 2, radius + 1 + h / 2),
                (-(radius * 0.75 + w / 2), radius + 1 + h / 2),
            ]
            beside += [(shown, dx * k, dy * k) for k in (1.0, 1.25, 1.5) for dx, dy in sides]
        whole = [c for c in below[0] if not _is_cut(c[0], lines)]
        cut = [c for c in below[0] if _is_cut(c[0], lines)]
        for shown, dx, dy in whole + above + cut + below[1] + beside:
            laid = _lay(shown, (x + dx, y + dy))
            if not any(
                any(overlap(block, other) for other in taken)
                or any(
                    overlap((block[0] - GAP, block[1] - GAP, block[2] + GAP, block[3] + GAP), other)
                    for other in names
                )
                or any(crosses(block, a, b, 3, spacing=4) for a, b in edges)
                for _line, block in laid
            ):
                break
        else:
            raise ValueError(f"no free place for the name of {location}")
        names += [block for _line, block in laid]
        placed[location] = [line for line, _block in laid]
    return placed


def name_lines(names: SpotNames) -> Callable[[str], list[tuple[str, int]]]:
    """The full board's name line of each spot: name and risk note on one line."""
    by_location = {location: (shown, risk) for location, shown, risk in names}

    def lines(location: str) -> list[tuple[str, int]]:
        shown, risk = by_location.get(location, ("", ""))
        if not shown:
            return []
        return [(f"{shown} · {risk}" if risk else shown, NAME_SIZE)]

    return lines


@lru_cache(maxsize=8)
def board_names(names: SpotNames) -> dict[str, list[Line]]:
    """Where the full board prints each spot's name (``names``: ``spot_names`` in its language)."""
    regions = layout()["regions"]
    _x0, y0, x1, y1 = regions["indian_trade"]
    mid = (y0 + y1) / 2
    trade_note = (x1, mid - 9, x1 + 70, mid + 9)  # "trade only", printed right of the lower teepee row
    keep_out = (tuple(regions["foresight"]), trade_note)
    return place_names(point, layout()["node_radius"], name_lines(names), keep_out)


def cattleman_point(location: str, index: int, count: int) -> tuple[float, float]:
    """Where the ``index``-th of ``count`` cattlemen on ``location`` stands on the full board: in a row
    above the spot (below Kansas City's box), so they never hide the building or the spot's name."""
    x, y = point(location)
    if location == "KANSAS_CITY":
        return x - 38 + index * 25, y + 46
    return x + (index - (count - 1) / 2) * 24, y - layout()["node_radius"] - 13


def teepee_value(location: str) -> int:
    """``TEEPEE-4`` -> 4, ``TEEPEE--2`` -> -2."""
    return int(location[len("TEEPEE-") :])


def hazard_type(location: str) -> str:
    return location.split("-")[0].lower()


def point(location: str) -> tuple[float, float]:
    x, y = layout()["trail"][location]
    return float(x), float(y)


def turnout_point(station: dict[str, Any]) -> tuple[float, float]:
    """Where an engine stands on a turnout: the tip of the V between the two track spaces, just above
    the station's box."""
    x, y = station["turnout"]
    return float(x), float(y) - 20


def rail_point(space: float | int | str) -> tuple[float, float]:
    """Pixel centre of a railroad space: an integer 0–39, or a turnout given as its station number
    ("S3") or the half-space the engine may use ("10.5")."""
    rail = layout()["railroad"]
    key = str(space)
    if key.upper().startswith("S") and key[1:].isdigit():
        return turnout_point(rail["stations"][key[1:]])
    if "." in key:
        whole = int(float(key))
        for station in rail["stations"].values():
            if station["after"] == whole:
                return turnout_point(station)
    x, y = rail["spaces"][str(int(float(key)))]
    return float(x), float(y)
