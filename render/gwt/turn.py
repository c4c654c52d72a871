"""The Great Western Trail turn picture: what a player needs at a glance, sized for Discord's inline preview.

Discord shows a posted picture at most about 550 px wide on desktop and at the screen's width on a phone,
and most players never open it. So this picture is 1100 px wide and every text on it is at least 16 px
(8 px once scaled to 550 px); the whole board stays available as the 1600 px picture of ``/board``.

From top to bottom: who acts and what just happened; each player's money and scoring figures; the cities
with their delivery discs and the railroad with engines and station discs, each station's number under
it and the station masters still to be appointed beside their stations' numbers; the trail with every
spot's name and what stands there; the job market and the cattle market; the open objective cards; a key
of what the neutral buildings A–G do, in the words of the build menus (``rules.gwt.words.say_does``).
Cities and breeds are printed as moves name them (in their short forms from ``rules.gwt.aliases`` where
room is short).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from render.draw import box, disc, fit_text, fitting_size, text, text_width, wrap
from render.gwt import palette, pieces
from render.gwt.figures import figures
from render.gwt.layout import SpotNames, kind, layout, name_lines, place_names, spot_names
from render.gwt.static import JOB_COLUMNS, name_colour, spot_shape, trail_ground
from render.gwt.words import FACTS
from render.heading import LARGE, SMALL, TEXT, WIDTH, header, player_box
from render.layers import cached_layer
from render.names import seat_name
from render.scene import Scene
from render.style import PLAIN, Style
from render.theme import Theme, text_on
from render.words import Words, layer_key, picture_word
from rules.core.events import Event
from rules.gwt.aliases import city_label
from rules.gwt.content import BUILDINGS, CATTLE, MARKET_ORDER, NEUTRAL_BUILDINGS, RISKS, STATIONS
from rules.gwt.graph import NEXT
from rules.gwt.words import objective_terms

# Trail coordinates of the full board, scaled into this picture.
TRAIL_SCALE = 1.0  # the full board's spacing: hazard names are as wide as the gap between spaces
# Rows stand further apart than on the full board, so names fit between a spot and the next line.
TRAIL_SCALE_Y = 1.2
CITY_TOP, CITY_H = 222, 62
RAIL_Y = 334
# Under the railroad: each station's number, then the station masters still to be appointed.
STATION_ROW = RAIL_Y + 42
MASTER_TOP = RAIL_Y + 60
MASTER_W = (WIDTH - 20) / 5
BELOW_RAIL = 68  # how much further down the trail and markets begin for these two rows
TRAIL_ORIGIN = (0.0, 376.0 + BELOW_RAIL)
TRAIL_FROM = (39.0, 262.0)
R = 20  # spot radius
MARKET_TOP = 1130 + BELOW_RAIL
MARKET_BOTTOM = MARKET_TOP + 236
OBJECTIVES_TOP = MARKET_BOTTOM + 10
OBJECTIVE_H = 104
OBJECTIVE_W = (WIDTH - 40) / 4
OBJECTIVES_END = OBJECTIVES_TOP + 40 + OBJECTIVE_H + 40
# The key of the neutral buildings A–G: what each does, in two columns.
KEY_TOP = OBJECTIVES_END
KEY_ROW = 26
KEY_COLUMN = (WIDTH - 20) / 2
KEY_H = 44 + 4 * KEY_ROW
HEIGHT = KEY_TOP + KEY_H + 8
SUPPLY = (8, 376 + BELOW_RAIL, 196, 554 + BELOW_RAIL)
WORKER_LETTER = pieces.WORKER_LETTER


def at(location: str) -> tuple[float, float]:
    """Where a trail spot sits on this picture."""
    x, y = layout()["trail"][location]
    return (
        TRAIL_ORIGIN[0] + (x - TRAIL_FROM[0]) * TRAIL_SCALE,
        TRAIL_ORIGIN[1] + (y - TRAIL_FROM[1]) * TRAIL_SCALE_Y,
    )


@lru_cache(maxsize=8)
def _names(names: SpotNames) -> dict[str, list[tuple[str, int, tuple[float, float]]]]:
    board_lines = name_lines(names)

    def lines_of(location: str) -> list[tuple[str, int]]:
        lines = [(words, SMALL) for words, _size in board_lines(location)]
        if kind(location) == "hazard":  # "Rockfall 3" is as wide as the gap between hazard spaces
            return [(words, SMALL) for words in lines[0][0].rsplit(" ", 1)]
        return lines

    return place_names(at, R, lines_of, (SUPPLY,))


def label_lines(location: str, said: Words | None = None) -> list[tuple[str, int, tuple[float, float]]]:
    """(text, size, centre) of each line of ``location``'s name in the picture's language; empty for the
    neutral, start and KC spots, whose names are printed on them."""
    return _names(spot_names(said)).get(location, [])


CATTLEMAN_R = 12
CLEAR = 8  # the least room between the start's box and the tile beside it
PATH_WIDTH = 6  # the band a cattleman walked, in its colour


def cattleman_at(location: str, index: int, count: int) -> tuple[float, float]:
    """Where the ``index``-th of ``count`` cattlemen on ``location`` stands: in a row above the spot."""
    x, y = at(location)
    top = y - (30 if location == "KANSAS_CITY" else R) - 15
    return x + (index - (count - 1) / 2) * 24, top


def rail_x(space: float) -> float:
    return 34 + space * 26.5


def rail_space(value: Any) -> float:
    """A railroad position as a number: "10.5" for a turnout stays between its two spaces."""
    key = str(value)
    if key.upper().startswith("S") and key[1:].isdigit():
        return float(STATIONS[int(key[1:])][0])
    return float(key)


def render_turn(
    view: Mapping[str, Any], last: Sequence[str] = (), changed: Sequence[Event] = (), style: Style = PLAIN
) -> Image.Image:
    """The turn picture of ``view`` (see ``render.render_turn``): of the ``changed`` events, the
    cattlemen's paths and the tiles just built or placed are marked."""
    names, theme, picture_words = style
    img = turn_layer(theme, int(view["players"]), layer_key(picture_words))
    d = ImageDraw.Draw(img)
    board = view["board"]
    header(d, _title(view, names, picture_words), view, last, style)
    _players(Scene(d, view, style))
    _cities(d, board, theme)
    _railroad(d, board, view["seats"], theme)
    _masters(d, board, theme, picture_words)
    paths, placed = changes(changed)
    _paths(d, paths, theme, picture_words)
    _trail(d, board, view["seats"], theme)
    _placed(d, [loc for loc in placed if board["trail"].get(loc)], theme)
    _supply(d, board, theme, picture_words)
    _job_market(d, board, int(view["players"]), theme, picture_words)
    _cattle_market(d, board, theme, picture_words)
    _objectives(d, board, theme, picture_words)
    return img


@cached_layer
def turn_layer(theme: Theme, players: int, words: tuple[tuple[str, str], ...] = ()) -> Image.Image:
    """Background, city boxes, railroad line, the empty trail with names, market frames; ``words`` are
    the picture's words (``render.words.layer_key``), English without them."""
    said = dict(words) or None
    job, cattle, objectives, foresight, risk = layer_words(said)
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    d = ImageDraw.Draw(img)
    cities = sorted(layout()["cities"].items(), key=lambda item: item[1]["pos"])
    width = (WIDTH - 20) / len(cities)
    for i, (slug, _city) in enumerate(cities):
        x0 = 10 + i * width
        box(d, (x0 + 2, CITY_TOP, x0 + width - 2, CITY_TOP + CITY_H), theme.panel, theme.ink, radius=6)
        name = picture_word(said, "gwt.kansas_city") if slug == "kansas-city" else city_label(slug)
        label = fit_text(name, SMALL, width - 8)
        text(d, (x0 + width / 2, CITY_TOP + 13), label, SMALL, theme.ink)
    _rail_base(d, theme)
    _trail_base(d, theme, said)
    for rect, title in (
        ((10, MARKET_TOP, 590, MARKET_BOTTOM), job),
        ((600, MARKET_TOP, WIDTH - 10, MARKET_BOTTOM), cattle),
        ((10, OBJECTIVES_TOP, WIDTH - 10, OBJECTIVES_END - 8), objectives),
        ((10, KEY_TOP, WIDTH - 10, HEIGHT - 8), picture_word(said, "gwt.neutral_key")),
    ):
        box(d, rect, theme.panel, theme.panel_edge, radius=8)
        text(d, (rect[0] + 12, rect[1] + 16), title, TEXT, theme.ink, anchor="lm", bold=True)
    box(d, SUPPLY, theme.panel, theme.panel_edge, radius=8)
    # the rules' word, which the moves taking these tiles use ("take ... from the foresight")
    text(d, ((SUPPLY[0] + SUPPLY[2]) / 2, SUPPLY[1] + 14), foresight, SMALL, theme.ink, bold=True)
    _breed_key(d, theme, said)
    text(d, (22, OBJECTIVES_END - 26), fit_text(risk, SMALL, WIDTH - 44), SMALL, theme.muted, anchor="lm")
    _neutral_key(d, theme, said)
    return img


def key_lines(said: Words | None = None) -> list[tuple[str, str, tuple[float, float]]]:
    """The neutral buildings' key: (letter, what it does, the centre of its letter's tile), A–D in the
    left column and E–G in the right."""
    placed: list[tuple[str, str, tuple[float, float]]] = []
    for i, code in enumerate(NEUTRAL_BUILDINGS):
        column, row = divmod(i, 4)
        centre = (22 + column * KEY_COLUMN + 12, KEY_TOP + 46 + row * KEY_ROW)
        placed.append((code, picture_word(said, f"gwt.building_does.{code}"), centre))
    return placed


def _neutral_key(d: ImageDraw.ImageDraw, theme: Theme, said: Words | None = None) -> None:
    """Each neutral building's letter as its tile shows it on the trail, and what it does."""
    for code, does, (x, y) in key_lines(said):
        box(d, (x - 11, y - 11, x + 11, y + 11), palette.NEUTRAL, theme.ink, radius=4, width=2)
        text(d, (x, y), code, SMALL, "#FFFFFF", bold=True)
        text(d, (x + 20, y), fit_text(does, SMALL, KEY_COLUMN - 40), SMALL, theme.ink, anchor="lm")


def layer_words(picture_words: Words | None) -> tuple[str, ...]:
    """The static layer's words in the game's language: the frames' titles, the foresight's, and what
    "risk" beside a spot means (the risk action an own building there adds)."""
    any_card = next(r for r in RISKS.values() if r[0] != "jersey")
    jersey = next(r for r in RISKS.values() if r[0] == "jersey")
    risk = picture_word(
        picture_words, "gwt.risk_key", cert=any_card[1], jersey_cert=jersey[1], jersey_money=jersey[2]
    )
    titles = ("gwt.job_market", "gwt.cattle_market", "gwt.objectives", "gwt.foresight")
    return (*(picture_word(picture_words, key) for key in titles), risk)


def _breed_key(d: ImageDraw.ImageDraw, theme: Theme, said: Words | None = None) -> None:
    """The market's breeds by colour, in their short forms in the picture's language (in English the ones
    moves take, ``rules.gwt.aliases``)."""
    breeds = list(dict.fromkeys(CATTLE[code][0] for code in MARKET_ORDER))
    named = [(breed, picture_word(said, f"gwt.breed_short.{breed}")) for breed in breeds]
    width = WIDTH - 10 - 612 - 8
    # one row where the names fit, else two (the longer Japanese names)
    rows = (
        [named]
        if _key_width(named) <= width
        else [named[: (len(named) + 1) // 2], named[(len(named) + 1) // 2 :]]
    )
    for k, row in enumerate(rows):
        gap = (width - _key_width(row)) / max(1, len(row) - 1)
        x, y = 612.0, MARKET_BOTTOM - 20 - 22 * (len(rows) - 1 - k)
        for breed, word in row:
            d.rectangle((x, y - 7, x + 14, y + 7), fill=palette.breed(breed), outline=theme.ink)
            text(d, (x + 18, y), word, SMALL, theme.ink, anchor="lm")
            x += text_width(word, SMALL) + 18 + gap


def _key_width(named: list[tuple[str, str]]) -> float:
    """The width of a row of the breed key without its gaps: each colour square and name."""
    return sum(text_width(word, SMALL) + 18 for _breed, word in named)


def _rail_base(d: ImageDraw.ImageDraw, theme: Theme) -> None:
    d.line((rail_x(0), RAIL_Y, rail_x(39), RAIL_Y), fill=theme.ink, width=4)
    for space in range(40):
        x = rail_x(space)
        d.ellipse((x - 4, RAIL_Y - 4, x + 4, RAIL_Y + 4), fill=theme.panel, outline=theme.ink)
        if space % 5 == 0 or space == 39:
            text(d, (x, RAIL_Y + 20), space, SMALL, theme.muted)
    for number, (where, *_rest) in STATIONS.items():
        x = rail_x(float(where))
        d.rectangle((x - 6, RAIL_Y - 18, x + 6, RAIL_Y - 8), fill=theme.panel, outline=theme.ink)
        _station_number(d, (x, STATION_ROW), number, theme)


def _station_number(d: ImageDraw.ImageDraw, centre: tuple[float, float], number: int, theme: Theme) -> None:
    """A station's number in a station's square: under its turnout, and beside its master."""
    x, y = centre
    box(d, (x - 12, y - 10, x + 12, y + 10), theme.panel, theme.ink, radius=3, width=2)
    text(d, (x, y), number, SMALL, theme.ink, bold=True)


def master_lines(station: Mapping[str, Any], said: Words | None = None) -> list[str]:
    """What a station's master gives and scores (two lines), or the worker appointed in its place."""
    if station.get("master"):
        return pieces.master_label(station["master"], said).split(" · ", 1)
    if station.get("master_worker"):
        worker = picture_word(said, f"gwt.worker.{station['master_worker']}")
        return [picture_word(said, "gwt.master_worker", worker=worker)]
    return []


def _masters(
    d: ImageDraw.ImageDraw, board: Mapping[str, Any], theme: Theme, said: Words | None = None
) -> None:
    """The station masters in a row under the railroad, each beside its station's number: station 1's in
    the first cell, station 5's in the last."""
    for station in board["stations"]:
        lines = master_lines(station, said)
        if not lines:
            continue
        x0 = 10 + (int(station["station"]) - 1) * MASTER_W
        _station_number(d, (x0 + 14, MASTER_TOP + 10), station["station"], theme)
        for k, line in enumerate(lines):
            y = MASTER_TOP + 10 + k * 20
            text(d, (x0 + 32, y), fit_text(line, SMALL, MASTER_W - 36), SMALL, theme.ink, anchor="lm")


def name_box(location: str, said: Words | None = None) -> tuple[float, float, float, float]:
    """The box Kansas City's or the start's name is printed on. The start's is wide enough for its word in
    any language, growing to the left at the picture's edge."""
    x, y = at(location)
    if location == "KANSAS_CITY":
        return (x - 50, y - 30, x + 50, y + 30)
    half = max(28, text_width(picture_word(said, "gwt.start"), SMALL) / 2 + 4)
    right = min(x + half, WIDTH - 2)
    # a long word (Japanese スタート) grows the box to the left, never closer than CLEAR to a tile there
    others = [at(other) for other in layout()["trail"] if other != location]
    row = [ox + R for ox, oy in others if abs(oy - y) <= R]
    nearest = max((edge for edge in row if edge < x), default=0.0)
    return (max(right - 2 * half, nearest + CLEAR), y - 16, right, y + 16)


def _trail_base(d: ImageDraw.ImageDraw, theme: Theme, said: Words | None = None) -> None:
    for location, k, x, y in trail_ground(d, theme, at, 4, R, 7):
        if k == "kc":
            box(d, name_box(location, said), theme.panel, theme.ink, radius=10, width=3)
            lines = picture_word(said, "gwt.kansas_city").rsplit(" ", 1)
            for i, line in enumerate(lines):
                middle = y + (i - (len(lines) - 1) / 2) * 21
                size = fitting_size(line, TEXT, 94, least=SMALL)
                text(d, (x, middle), fit_text(line, size, 94), size, theme.ink, bold=True)
        elif k == "start":
            start = picture_word(said, "gwt.start")
            left, top, right, bottom = name_box(location, said)
            box(d, (left, top, right, bottom), theme.panel, theme.ink, radius=8)
            text(d, ((left + right) / 2, y), fit_text(start, SMALL, right - left - 6), SMALL, theme.ink)
        else:
            spot_shape(d, location, (x, y), R, theme)
        for i, (words, size, centre) in enumerate(label_lines(location, said)):
            colour = name_colour(location, theme)
            text(d, centre, words, size, colour, bold=i == 0, halo=theme.background)


def _title(view: Mapping[str, Any], names: Sequence[str] | None, picture_words: Words | None = None) -> str:
    if view.get("over"):
        return picture_word(picture_words, "game_over", title="Great Western Trail")
    acting = ", ".join(seat_name(names, seat) for seat in view.get("to_act", []))
    title = picture_word(picture_words, "to_act", names=acting)  # Great Western Trail has no rounds
    if view["board"].get("final_turns") is not None:
        title += " · " + picture_word(picture_words, "gwt.final_turns", count=view["board"]["final_turns"])
    return title


def _players(scene: Scene) -> None:
    d, view, (names, theme, picture_words) = scene
    to_act = set(view.get("to_act", []))
    for seat, player in enumerate(view["seats"]):
        lines = [(line, LARGE, theme.ink) for line in figures(view, seat, picture_words)]
        player_box(d, seat, len(view["seats"]), names, player["money"], lines, seat in to_act, theme)


def _cities(d: ImageDraw.ImageDraw, board: Mapping[str, Any], theme: Theme) -> None:
    cities = sorted(layout()["cities"].items(), key=lambda item: item[1]["pos"])
    width = (WIDTH - 20) / len(cities)
    for i, (slug, city) in enumerate(cities):
        x0 = 10 + i * width
        y = CITY_TOP + 42
        disc(d, (x0 + 16, y), 11, theme.ink, theme.ink, city["value"], size=SMALL)
        # one disc per delivery, overlapping when many share a city
        delivered = sorted(board["cities"].get(slug, []))
        step = min(20.0, (width - 50) / max(1, len(delivered) - 1)) if len(delivered) > 1 else 0
        for k, seat in enumerate(delivered):
            disc(d, (x0 + 38 + k * step, y), 9, theme.player(seat), theme.ink, width=1)


def _railroad(
    d: ImageDraw.ImageDraw, board: Mapping[str, Any], seats: Sequence[Mapping[str, Any]], theme: Theme
) -> None:
    for station in board["stations"]:
        x = rail_x(float(station["space"]))
        for k, seat in enumerate(station["discs"]):
            cy = RAIL_Y - 25 - k * 9
            d.ellipse((x - 6, cy - 4, x + 6, cy + 4), fill=theme.player(seat), outline=theme.ink)
    stacked: dict[float, int] = {}
    for seat, player in enumerate(seats):
        space = rail_space(player.get("engine", 0))
        level = stacked.get(space, 0)
        stacked[space] = level + 1
        # engines sharing a space stack upwards
        x, y = rail_x(space), RAIL_Y - level * 24
        colour = theme.player(seat)
        box(d, (x - 12, y - 11, x + 12, y + 11), colour, theme.ink, radius=4, width=2)
        text(d, (x, y), seat + 1, SMALL, text_on(colour), bold=True)


def _trail(
    d: ImageDraw.ImageDraw, board: Mapping[str, Any], seats: Sequence[Mapping[str, Any]], theme: Theme
) -> None:
    for location, code in board["trail"].items():
        if code:
            _tile(d, at(location), code, theme)
    for location, here in pieces.standing(seats).items():
        for k, seat in enumerate(here):
            centre = cattleman_at(location, k, len(here))
            disc(d, centre, CATTLEMAN_R, theme.player(seat), theme.ink, seat + 1, size=SMALL)


def changes(changed: Sequence[Event]) -> tuple[list[tuple[int, list[str]]], list[str]]:
    """What ``changed`` events did on the trail: each cattleman's path (seat, spots walked from where it
    stood) and the spots where a building was built or a tile placed."""
    paths = [(int(ev["seat"]), list(ev["path"])) for ev in changed if ev.get("path") and "seat" in ev]
    built = [ev["built"] for ev in changed if ev.get("built")]
    tiles = [ev["space"] for ev in changed if ev.get("type") == "tile" and ev.get("space")]
    return paths, list(dict.fromkeys(built + tiles))


def walked(path: Sequence[str]) -> list[str]:
    """Every space of the trail along ``path`` (the locations a walk passed): the empty spaces between two
    locations too, by the shortest way along the trail."""
    spaces = list(path[:1])
    for a, b in pairwise(path):
        ways = {a: [a]}
        queue = deque([a])
        while queue and b not in ways:
            here = queue.popleft()
            for nxt in NEXT.get(here, ()):
                if nxt not in ways:
                    ways[nxt] = [*ways[here], nxt]
                    queue.append(nxt)
        spaces += ways.get(b, [a, b])[1:]
    return spaces


def _paths(
    d: ImageDraw.ImageDraw, paths: Sequence[tuple[int, list[str]]], theme: Theme, said: Words | None = None
) -> None:
    """A band in the walker's colour along each path, under the tiles and cattlemen; it stops at the edge
    of Kansas City's and the start's boxes, so their names stay readable."""
    for seat, path in paths:
        spaces = walked(path)
        points = [at(loc) for loc in spaces]
        if len(points) > 1:
            for end, inner in ((0, 1), (-1, -2)):
                if spaces[end] in ("START", "KANSAS_CITY"):
                    points[end] = _leaving(points[end], points[inner], name_box(spaces[end], said))
        if len(points) > 1:
            d.line([c for p in points for c in p], fill=theme.ink, width=PATH_WIDTH + 4, joint="curve")
            d.line([c for p in points for c in p], fill=theme.player(seat), width=PATH_WIDTH, joint="curve")


def _leaving(
    inside: tuple[float, float], outside: tuple[float, float], rect: tuple[float, float, float, float]
) -> tuple[float, float]:
    """Where the segment from ``inside`` (within ``rect``) to ``outside`` crosses the rectangle's edge."""
    (x, y), (ox, oy) = inside, outside
    dx, dy = ox - x, oy - y
    steps = [
        (edge - start) / delta
        for edge_low, edge_high, start, delta in ((rect[0], rect[2], x, dx), (rect[1], rect[3], y, dy))
        if delta
        for edge in ((edge_high,) if delta > 0 else (edge_low,))
    ]
    t = min([1.0, *(step for step in steps if step >= 0)])
    return (x + dx * t, y + dy * t)


def _placed(d: ImageDraw.ImageDraw, spots: Sequence[str], theme: Theme) -> None:
    """A ring of the colour of changes around each tile built or placed since the last picture."""
    for loc in spots:
        x, y = at(loc)
        d.rounded_rectangle(
            (x - R - 6, y - R - 6, x + R + 6, y + R + 6), radius=8, outline=theme.changed, width=4
        )


def _tile(
    d: ImageDraw.ImageDraw, centre: tuple[float, float], code: str, theme: Theme, said: Words | None = None
) -> None:
    x, y = centre
    code, seat = pieces.owner(code)
    rect = (x - R, y - R, x + R, y + R)
    if seat is not None:
        colour = theme.player(seat)
        box(d, rect, colour, theme.ink, radius=5, width=2)
        text(d, (x, y), code, TEXT, text_on(colour), bold=True)
        letters = BUILDINGS[code][2] if code in BUILDINGS else ""
        if letters:
            pieces.hands(d, (x + R - 2, y - R + 2), letters, theme, 11)
    elif len(code) == 1:
        box(d, rect, palette.NEUTRAL, theme.ink, radius=5, width=2)
        text(d, (x, y), code, LARGE, "#FFFFFF", bold=True)
    elif code.startswith("teepee-"):
        d.regular_polygon((x, y + 2, R + 2), 3, fill=palette.teepee(code.split("-", 1)[1]), outline=theme.ink)
        pieces.hands(d, (x, y + 6), "g" if code.endswith("green") else "b", theme, 12)
    elif code in WORKER_LETTER:
        _worker(d, centre, code, theme, said)
    else:
        hazard, _, rest = code.partition("-")
        box(d, rect, palette.hazard(hazard), theme.ink, radius=4, width=2)
        text(d, (x - 4, y), rest[:-1], LARGE, "#FFFFFF", bold=True)
        pieces.hands(d, (x + R - 5, y + R - 5), rest[-1:], theme, 11)


def _worker(
    d: ImageDraw.ImageDraw, centre: tuple[float, float], code: str, theme: Theme, said: Words | None = None
) -> None:
    x, y = centre
    d.ellipse((x - 17, y - 17, x + 17, y + 17), fill=palette.worker(code), outline=theme.ink, width=2)
    text(d, (x, y), pieces.worker_letter(code, said), SMALL, theme.ink, bold=True)


def _supply(
    d: ImageDraw.ImageDraw, board: Mapping[str, Any], theme: Theme, said: Words | None = None
) -> None:
    """The Kansas City supply: the two tiles showing in each of the three columns."""
    x0, y0, x1, _ = SUPPLY
    step = (x1 - x0) / 3
    for column, tiles in enumerate(board["foresight"]):
        cx = x0 + step * (column + 0.5)
        text(d, (cx, y0 + 38), column + 1, SMALL, theme.muted)
        for row, code in enumerate(tiles):
            if code:
                _tile(d, (cx, y0 + 80 + row * 54), code, theme, said)


def _job_market(
    d: ImageDraw.ImageDraw,
    board: Mapping[str, Any],
    players: int,
    theme: Theme,
    picture_words: Words | None = None,
) -> None:
    """One column per row of the market, cheapest-to-reach on the left; workers listed in fill order."""
    market = board["job_market"]
    usable = sum(1 for _, needs in JOB_COLUMNS if players >= needs)
    token = int(market["token_row"]) - 1
    for row, cost in enumerate(market["costs"]):
        cx = 34 + row * 46
        top = MARKET_TOP + 62
        # the market's rows stand side by side here: each is numbered as "hire ... N" names it
        text(d, (cx, top - 24), row + 1, SMALL, theme.muted)
        if row == token:
            box(d, (cx - 22, top - 36, cx + 22, top + 14 + usable * 36), None, theme.ink, radius=6, width=3)
        text(d, (cx, top), f"${cost}", SMALL, theme.money, bold=True)
        workers = market["rows"][row] if row < len(market["rows"]) else []
        for k in range(usable):
            cy = top + 32 + k * 36
            if k < len(workers):
                _worker(d, (cx, cy), workers[k], theme, picture_words)
            else:
                d.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), outline=theme.faint, width=2)
    if token < len(market["costs"]):
        text(
            d,
            (330, MARKET_TOP + 16),
            picture_word(picture_words, "gwt.token", row=token + 1, cost=market["costs"][token]),
            SMALL,
            theme.ink,
            anchor="lm",
        )


def _cattle_market(
    d: ImageDraw.ImageDraw, board: Mapping[str, Any], theme: Theme, picture_words: Words | None = None
) -> None:
    cards = sorted(board["cattle_market"], key=lambda c: (CATTLE.get(c, ("", 0, 0))[1:], c))
    for i, code in enumerate(cards):
        x0 = 612 + (i % 12) * 39
        y0 = MARKET_TOP + 36 + (i // 12) * 70
        breed, value, points = CATTLE.get(code, (code, 0, 0))
        colour = palette.breed(breed)
        box(d, (x0, y0, x0 + 36, y0 + 64), "#FFFFFF", theme.ink, radius=4, width=2)
        d.rectangle((x0 + 3, y0 + 3, x0 + 33, y0 + 32), fill=colour)
        text(d, (x0 + 18, y0 + 18), value, LARGE, text_on(colour), bold=True)
        if points:
            text(d, (x0 + 18, y0 + 48), points, SMALL, theme.ink)
    left = picture_word(picture_words, "gwt.draw_pile", count=board["cattle_stack_size"])
    _pile_note(d, MARKET_TOP, left, theme)


def _pile_note(d: ImageDraw.ImageDraw, top: float, words: str, theme: Theme) -> None:
    """What is left in a display's pile, at the right end of the display's title line."""
    text(d, (WIDTH - 24, top + 16), words, SMALL, theme.muted, anchor="rm")


def _objectives(
    d: ImageDraw.ImageDraw, board: Mapping[str, Any], theme: Theme, picture_words: Words | None = None
) -> None:
    """The open objective cards as printed: points, tasks and what each does at once."""
    shown = board["objective_display"]
    left = picture_word(picture_words, "gwt.objective_stack", count=board["objective_stack_size"])
    _pile_note(d, OBJECTIVES_TOP, left, theme)
    width = OBJECTIVE_W
    for i, code in enumerate(shown[:4]):
        x0, y0 = 20 + i * width, OBJECTIVES_TOP + 34
        box(d, (x0, y0, x0 + width - 10, y0 + OBJECTIVE_H), "#FFFFFF", theme.ink, radius=6, width=2)
        points, lines = objective_lines(code, width - 26, picture_words)
        text(d, (x0 + width - 18, y0 + 16), points, SMALL, theme.good, anchor="rm", bold=True)
        for k, (line, bold) in enumerate(lines):
            text(d, (x0 + 8, y0 + 16 + k * 24), line, SMALL, theme.ink, anchor="lm", bold=bold)


def objective_lines(
    code: str, room: float, picture_words: Words | None = None
) -> tuple[str, list[tuple[str, bool]]]:
    """An objective card as printed: its points ("+3/-2 VP") and, in at most four lines of ``room`` px,
    its tasks (bold, the first line beside the points) and what playing it does at once."""
    points, _values, _items = objective_terms(code)
    worth = picture_word(picture_words, "gwt.vp", points=points)
    tasks = picture_word(picture_words, f"gwt.objective_tasks.{code}")
    does = f"gwt.objective_action.{code}"
    action = picture_word(picture_words, does) if does in FACTS else ""
    beside = room - text_width(worth, SMALL) - 12  # the room left of the points
    # the tasks beside the points where they fit on one line, else from the line below
    first = [tasks] if text_width(tasks, SMALL) <= beside else ["", *wrap(tasks, SMALL, room)]
    lines = [(line, True) for line in first]
    if action:
        at_once = picture_word(picture_words, "gwt.at_once", action=action)
        lines += [(line, False) for line in wrap(at_once, SMALL, room)]
    if len(lines) > 4:
        lines = [*lines[:3], (fit_text(" ".join(line for line, _bold in lines[3:]), SMALL, room), False)]
    return worth, lines
