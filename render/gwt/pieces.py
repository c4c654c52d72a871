"""Great Western Trail pieces drawn from their codes: tiles, buildings, workers, cattle and objective cards.

Codes are the engine's (``rules.gwt.content``): buildings ``"4a"`` (on the trail ``"4a@1"``, owner seat
after the ``@``), hazards ``"flood-4g"``, teepees ``"teepee-green"``, workers ``"cowboy"``, cattle
``"highland-4"``, objectives ``"engine-345"``. Printed facts (hands, points) come from the content tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from render.draw import Point, box, disc, fit_text, hand, text, wrap
from render.gwt import palette
from render.gwt.words import ENGLISH, FACTS
from render.theme import Theme, text_on
from render.words import Words, picture_word
from rules.gwt.aliases import WORKER_LETTER as WORKER_LETTER
from rules.gwt.content import BUILDINGS, OBJECTIVES, STATION_MASTERS
from rules.gwt.content import CATTLE as CATTLE

HAND_COLOURS = {"g": "green", "b": "black"}
# A station master's gain and scoring, an objective card's tasks and action are the picture words
# gwt.master_gain.<gain>, gwt.master_label.<scoring>, gwt.objective_tasks.<code> and
# gwt.card_action.<action> (``render.words``).


def owner(tile: str) -> tuple[str, int | None]:
    """``"4a@1"`` -> ``("4a", 1)``; a tile without an owner -> ``(tile, None)``."""
    code, _, seat = tile.partition("@")
    return code, int(seat) if seat else None


def hands(d: ImageDraw.ImageDraw, corner: Point, letters: str, theme: Theme, size: float = 14) -> None:
    """Hand icons in a row starting at ``corner`` (their centre), one per letter ``g``/``b``."""
    x, y = corner
    for i, letter in enumerate(letters):
        cx = x + i * (size + 1)
        d.ellipse((cx - size / 2 - 1, y - size / 2 - 1, cx + size / 2 + 1, y + size / 2 + 1), fill="#FFFFFF")
        hand(d, (cx, y), size * 0.8, palette.hand(HAND_COLOURS.get(letter, "black")))


def tile(
    d: ImageDraw.ImageDraw,
    centre: Point,
    code: str,
    theme: Theme,
    half: float = 20,
    said: Words | None = None,
) -> None:
    """Any trail or supply tile (building, neutral building, hazard, teepee, worker) centred at ``centre``."""
    x, y = centre
    code, seat = owner(code)
    rect = (x - half, y - half, x + half, y + half)
    if seat is not None or code in BUILDINGS:
        colour = theme.player(seat) if seat is not None else theme.panel
        box(d, rect, colour, theme.ink, radius=5, width=2)
        ink = text_on(colour)
        text(d, (x, y - 4 if seat is not None else y), code, theme.text_small + 1, ink, bold=True)
        if seat is not None:
            text(d, (x, y + 11), f"P{seat + 1}", theme.text_small - 5, ink)
        letters = BUILDINGS[code][2] if code in BUILDINGS else ""
        if letters:
            hands(d, (x + half - 2, y - half + 2), letters, theme, 12)
    elif len(code) == 1:
        box(d, rect, palette.NEUTRAL, theme.ink, radius=5, width=2)
        text(d, (x, y), code, theme.text_large, "#FFFFFF", bold=True)
    elif code.startswith("teepee-"):
        colour = palette.teepee(code.split("-", 1)[1])
        d.regular_polygon((x, y + 2, half + 3), 3, fill=colour, outline=theme.ink, width=2)
        hands(d, (x, y + 6), "g" if code.endswith("green") else "b", theme, 12)
    elif code in WORKER_LETTER:
        worker(d, centre, code, theme, half, said)
    else:
        kind, _, rest = code.partition("-")
        colour = palette.hazard(kind)
        box(d, rect, colour, theme.ink, radius=4, width=2)
        text(d, (x - 4, y + 1), rest[:-1], theme.text + 2, "#FFFFFF", bold=True)
        # the type's initial, so the tile reads without its colour
        text(
            d,
            (x - half + 3, y - half + 2),
            picture_word(said, f"gwt.hazard.{kind}")[:1].upper(),
            max(10, int(half * 0.5)),
            "#FFFFFF",
            anchor="lt",
        )
        hands(d, (x + half - 5, y + half - 5), rest[-1:], theme, 12)


def worker(
    d: ImageDraw.ImageDraw,
    centre: Point,
    code: str,
    theme: Theme,
    half: float = 16,
    said: Words | None = None,
) -> None:
    x, y = centre
    box(
        d,
        (x - half, y - half, x + half, y + half),
        palette.worker(code),
        theme.ink,
        radius=int(half),
        width=2,
    )
    text(d, (x, y), worker_letter(code, said), max(11, int(half * 0.9)), theme.ink, bold=True)


def worker_letter(code: str, said: Words | None = None) -> str:
    """A worker's short form on its disc, in the picture's language ("Cb": cowboy)."""
    return picture_word(said, f"gwt.worker_letter.{code}") if code in WORKER_LETTER else code[:2]


def cattle_card(
    d: ImageDraw.ImageDraw,
    rect: tuple[float, float, float, float],
    code: str,
    theme: Theme,
    said: Words | None = None,
) -> None:
    """A cattle card: breed colour band, breeding value large, victory points small."""
    x0, y0, x1, y1 = rect
    breed, value, points = CATTLE.get(code, (code, 0, 0))
    colour = palette.breed(breed)
    box(d, rect, "#FFFFFF", theme.ink, radius=5, width=2)
    d.rounded_rectangle(
        (x0 + 3, y0 + 3, x1 - 3, y0 + (y1 - y0) * 0.42), radius=3, fill=colour, outline=theme.faint
    )
    height = y1 - y0
    text(
        d, ((x0 + x1) / 2, y0 + height * 0.22), value, max(20, int(height * 0.22)), text_on(colour), bold=True
    )
    if points:
        worth = picture_word(said, "gwt.vp", points=points)
        size = max(13, int(height * 0.12))
        text(d, ((x0 + x1) / 2, y1 - height * 0.28), fit_text(worth, size, x1 - x0 - 4), size, theme.ink)


def cattle_name(code: str, said: Words | None = None) -> str:
    """A cattle card's breed as the edition prints it, in the picture's language."""
    breed = CATTLE.get(code, (code, 0, 0))[0]
    key = f"gwt.breed.{breed}"
    return picture_word(said, key) if key in FACTS else breed.replace("-", " ").title()


def objective_card(
    d: ImageDraw.ImageDraw,
    rect: tuple[float, float, float, float],
    code: str,
    theme: Theme,
    said: Words | None = None,
) -> None:
    """An objective card as printed: its tasks and what it does at once, in words, and its points and
    penalty."""
    x0, y0, x1, y1 = rect
    box(d, rect, "#FFFFFF", theme.ink, radius=6, width=2)
    if code not in OBJECTIVES:
        text(d, ((x0 + x1) / 2, (y0 + y1) / 2), "?", theme.text_large, theme.muted)
        return
    action, _tasks, points, penalty = OBJECTIVES[code]
    size = theme.text_small - 4
    tasks = wrap(picture_word(said, f"gwt.objective_tasks.{code}"), size, x1 - x0 - 8)
    does: list[str] = []
    if action:
        key = f"gwt.card_action.{action}"
        given = (picture_word(said, key) if key in ENGLISH else action).split("\n")
        does = [line for part in given for line in wrap(part, size - 1, x1 - x0 - 6)]
    # the tasks from the top, what it does below them, both above the points' line
    room = int((y1 - 22 - y0 - 6) // (size + 1))
    tasks = tasks[: max(1, room - len(does))]
    y = y0 + 6 + size / 2
    for line in tasks:
        text(d, ((x0 + x1) / 2, y), fit_text(line, size, x1 - x0 - 6), size, theme.ink, bold=True)
        y += size + 1
    for line in does[: max(0, room - len(tasks))]:
        text(d, ((x0 + x1) / 2, y), fit_text(line, size - 1, x1 - x0 - 6), size - 1, theme.muted)
        y += size
    text(d, (x0 + 6, y1 - 12), f"+{points}", theme.text_small, theme.good, anchor="lm", bold=True)
    if penalty:
        text(d, (x1 - 6, y1 - 12), f"-{penalty}", theme.text_small, theme.highlight, anchor="rm")


def master_label(code: str, said: Words | None = None) -> str:
    gain, scoring = STATION_MASTERS.get(code, ("", code))
    gains, scores = f"gwt.master_gain.{gain}", f"gwt.master_label.{scoring}"
    shown = picture_word(said, gains) if gains in ENGLISH else gain
    return f"{shown} · {picture_word(said, scores) if scores in ENGLISH else scoring}"


def standing(seats: Sequence[Mapping[str, Any]]) -> dict[str, list[int]]:
    """Trail location -> the seats whose cattleman stands there, in seat order."""
    here: dict[str, list[int]] = {}
    for seat, player in enumerate(seats):
        if player.get("location"):
            here.setdefault(player["location"], []).append(seat)
    return here


def cattleman(d: ImageDraw.ImageDraw, centre: Point, seat: int, theme: Theme, radius: float = 11) -> None:
    disc(d, centre, radius, theme.player(seat), theme.ink, seat + 1, size=int(radius * 1.3), width=2)


def engine(d: ImageDraw.ImageDraw, centre: Point, seat: int, theme: Theme) -> None:
    """A locomotive: a rounded block with a chimney, in the owner's colour, with the seat number."""
    x, y = centre
    colour = theme.player(seat)
    d.rectangle((x + 4, y - 17, x + 10, y - 9), fill=theme.ink)
    box(d, (x - 15, y - 11, x + 15, y + 11), colour, theme.ink, radius=5, width=2)
    text(d, (x, y), seat + 1, theme.text_small, text_on(colour), bold=True)
