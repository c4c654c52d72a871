"""The printed part of the Great Western Trail board, drawn once per theme and player count."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from PIL import Image, ImageDraw

from render.draw import arrow, box, cross, disc, fit_text, fitting_size, hand, text, text_width
from render.gwt import palette
from render.gwt.layout import (
    board_names,
    hazard_type,
    kind,
    layout,
    point,
    spot_names,
    teepee_value,
)
from render.layers import cached_layer
from render.theme import Theme
from render.words import Words, picture_word

# Worker columns of the job market, left to right in the order a row fills; a column is used from this
# player count up, so the unused ones of a smaller game are the last.
JOB_COLUMNS = (("", 1), ("2", 2), ("3", 3), ("4", 4))
JOB_ROW_H = 40
JOB_HEADER = 58


def job_cell(row: int, column: int) -> tuple[float, float, float, float]:
    """Pixel box of the job market cell at 0-based ``row`` and ``column`` (column 0 = row cost)."""
    x0, y0, _, _ = layout()["regions"]["job_market"]
    left = x0 + 6 + (0 if column == 0 else 46 + (column - 1) * 44)
    width = 44 if column == 0 else 42
    top = y0 + JOB_HEADER + row * JOB_ROW_H
    return (left, top, left + width, top + JOB_ROW_H - 4)


def foresight_x(column: int) -> float:
    """Centre x of a Kansas City supply column."""
    return float(layout()["regions"]["foresight"][0]) + 35 + column * 68


LINK_SIZE = 13


def link_badge(left: str, right: str, label: str) -> tuple[float, float, float, float]:
    """Centre, width and height of the bonus badge of the link between two neighbouring cities: under
    the gap between their boxes, on the bar joining the two cities' centres."""
    a, b = layout()["cities"][left]["box"], layout()["cities"][right]["box"]
    w = text_width(label, LINK_SIZE) + 12
    return (a[2] + b[0]) / 2, a[3] + 12, w, 20


@cached_layer
def board_layer(theme: Theme, players: int, words: tuple[tuple[str, str], ...] = ()) -> Image.Image:
    """Background, city strip, railroad, trail spaces, market frames and legend; ``words`` are the
    picture's words in the game's language (``render.words``, as pairs: a layer is cached by them)."""
    img = Image.new("RGB", tuple(layout()["canvas"]), theme.background)
    d = ImageDraw.Draw(img)
    said = dict(words)
    _cities(d, theme, said)
    _railroad(d, theme, said)
    _trail(d, theme, said)
    _job_market(d, theme, players, said)
    _frames(d, theme, said)
    return img


def city_label(slug: str, said: Words | None = None) -> str:
    """A city's printed name; Kansas City in the picture's language (the Japanese book's カンザス市)."""
    label: str = layout()["cities"][slug]["label"]
    return picture_word(said, "gwt.kansas_city") if slug == "kansas-city" else label


def link_label(label: str, said: Words | None = None) -> str:
    """A city link's bonus ("-3 +obj") with its objective card in the picture's language."""
    return label.replace("+obj", picture_word(said, "gwt.link_objective"))


def _cities(d: ImageDraw.ImageDraw, theme: Theme, said: Words | None = None) -> None:
    cities = layout()["cities"]
    for slug, city in cities.items():
        x0, y0, x1, _y1 = city["box"]
        box(
            d,
            city["box"],
            theme.panel,
            theme.panel_edge if city["white_only"] else theme.ink,
            radius=8,
            width=2 if city["white_only"] else 3,
        )
        text(d, ((x0 + x1) / 2, y0 + 14), city_label(slug, said), theme.text, theme.ink, bold=True)
        disc(d, (x0 + 18, y0 + 40), 13, theme.ink, theme.ink, city["value"], size=theme.text_small)
        if city["note"]:
            note = fit_text(picture_word(said, f"gwt.city_note.{slug}"), theme.text_small - 2, x1 - x0 - 40)
            text(d, (x1 - 6, y0 + 40), note, theme.text_small - 2, theme.good, anchor="rm")
    for left, right, printed in layout()["city_arrows"]:
        label = link_label(printed, said)
        x, y, w, h = link_badge(left, right, label)
        colour = theme.highlight if label.startswith("-") else theme.good
        # the link joins both cities: a green bar from one city's centre to the other's under both boxes,
        # its bonus (VP, objective card: for discs in both cities) in a badge in the middle of the bar
        a, b = cities[left]["box"], cities[right]["box"]
        d.line(((a[0] + a[2]) / 2, y, (b[0] + b[2]) / 2, y), fill=theme.good, width=4)
        for end in ((a[0] + a[2]) / 2, (b[0] + b[2]) / 2):
            d.line((end, a[3], end, y), fill=theme.good, width=4)
        box(d, (x - w / 2, y - h / 2, x + w / 2, y + h / 2), theme.panel, colour, radius=6, width=2)
        text(d, (x, y), label, LINK_SIZE, colour, bold=True)


def _railroad(d: ImageDraw.ImageDraw, theme: Theme, said: Words | None = None) -> None:
    rail = layout()["railroad"]
    spaces = rail["spaces"]
    r = rail["space_radius"]
    first, last = spaces["0"], spaces["39"]
    d.line((first[0], first[1], last[0], last[1]), fill=theme.ink, width=4)
    for station in rail["stations"].values():
        if station["after"] < 39:
            a = spaces[str(station["after"])]
            b = spaces[str(station["after"] + 1)]
            t = station["turnout"]
            d.line((a[0], a[1], t[0], t[1] - 20, b[0], b[1]), fill=theme.ink, width=3)
    for n in layout()["transport_crosses"]:
        a, b = spaces[str(n)], spaces[str(n + 1)]
        cross(d, ((a[0] + b[0]) / 2, a[1] - 22), 4, theme.highlight, width=2)
    for key, (x, y) in spaces.items():
        disc(d, (x, y), r, theme.panel, theme.ink, width=2)
        text(d, (x, y), key, theme.text_small - 2, theme.muted)
    for _number, station in rail["stations"].items():
        x, y = station["turnout"]
        rect = (x - 54, y - 20, x + 54, y + 36)
        box(d, rect, theme.panel, theme.ink if station["white_only"] else theme.highlight, radius=6, width=2)
        text(
            d, (x - 50, y - 10), f"${station['cost']}", theme.text_small, theme.money, anchor="lm", bold=True
        )
        points = picture_word(said, "gwt.vp", points=station["vp"])
        text(d, (x + 50, y - 10), points, theme.text_small, theme.ink, anchor="rm")
    text(
        d,
        (spaces["39"][0] - 60, spaces["39"][1] - 26),
        picture_word(said, "gwt.at_39"),
        theme.text_small - 3,
        theme.muted,
    )


def trail_ground(
    d: ImageDraw.ImageDraw,
    theme: Theme,
    where: Callable[[str], tuple[float, float]],
    path_width: int,
    r: float,
    margin: float,
) -> Iterator[tuple[str, str, float, float]]:
    """Draws the trail's paths (``path_width`` wide), then spot by spot the woods around it (``margin``
    beyond its radius ``r``) where it has them, yielding the spot, ``(location, kind, x, y)`` at ``where``,
    for the caller to draw over them before the next spot's woods."""
    data = layout()
    wooded = set(data["woods"])
    for a, b in data["trail_edges"]:
        d.line((where(a), where(b)), fill=theme.muted, width=path_width)
    for location in data["trail"]:
        x, y = where(location)
        if location in wooded:
            d.ellipse((x - r - margin, y - r - margin, x + r + margin, y + r + margin), fill=palette.WOODS)
        yield location, kind(location), x, y


def _trail(d: ImageDraw.ImageDraw, theme: Theme, said: Words | None = None) -> None:
    data = layout()
    r = data["node_radius"]
    for location, k, x, y in trail_ground(d, theme, point, 5, r, 9):
        if k == "kc":
            box(d, (x - 52, y - 34, x + 52, y + 34), theme.panel, theme.ink, radius=10, width=3)
            _kansas_city(d, (x, y - 5), 22, theme.text, theme, said)
        elif k == "start":
            box(d, (x - 28, y - 18, x + 28, y + 18), theme.panel, theme.ink, radius=8)
            start = picture_word(said, "gwt.start")
            size = fitting_size(start, theme.text_small, 52)
            text(d, (x, y), fit_text(start, size, 52), size, theme.ink)
        else:
            spot_shape(d, location, (x, y), r, theme)
        _name(d, location, theme, said)
    _x0, y0, x1, y1 = data["regions"]["indian_trade"]
    text(
        d,
        (x1 + 4, (y0 + y1) / 2),
        picture_word(said, "gwt.trade_only"),
        theme.text_small - 2,
        theme.muted,
        anchor="lm",
    )


def spot_shape(
    d: ImageDraw.ImageDraw, location: str, centre: tuple[float, float], r: float, theme: Theme
) -> None:
    """A trail space other than the start and Kansas City, as printed: a hazard's frame in its colour, a
    teepee's triangle, a neutral building's grey square or a private space's circle."""
    x, y = centre
    k = kind(location)
    if k == "hazard":
        colour = palette.hazard(hazard_type(location))
        d.rounded_rectangle((x - r, y - r, x + r, y + r), radius=5, fill=theme.panel, outline=colour, width=3)
    elif k == "teepee":
        d.regular_polygon((x, y, r), 3, fill=theme.panel, outline=theme.ink, width=2)
    elif k == "neutral":
        d.rounded_rectangle((x - r, y - r, x + r, y + r), radius=5, fill=theme.faint, outline=theme.ink)
    else:
        d.ellipse((x - r, y - r, x + r, y + r), fill=theme.panel, outline=theme.ink, width=2)


def name_colour(location: str, theme: Theme) -> str:
    """The colour of a spot's printed name: its hazard's colour, a teepee's gain or loss, else ink."""
    k = kind(location)
    if k == "hazard":
        return palette.hazard(hazard_type(location))
    if k == "teepee":
        return theme.highlight if teepee_value(location) < 0 else theme.money
    return theme.ink


def _kansas_city(
    d: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    leading: int,
    size: int,
    theme: Theme,
    said: Words | None,
) -> None:
    """Kansas City's name on its box: in two lines where it has two words, else in one."""
    x, y = centre
    lines = picture_word(said, "gwt.kansas_city").rsplit(" ", 1)
    for i, line in enumerate(lines):
        fitted = fitting_size(line, size, 96)  # smaller rather than cut short
        middle = y + (i - (len(lines) - 1) / 2) * leading
        text(d, (x, middle), fit_text(line, fitted, 96), fitted, theme.ink, bold=True)


def _name(d: ImageDraw.ImageDraw, location: str, theme: Theme, said: Words | None = None) -> None:
    """The spot's short name below it (with its risk note), in the colour of its kind."""
    for words, size, centre in board_names(spot_names(said)).get(location, []):
        text(d, centre, words, size, name_colour(location, theme), bold=True, halo=theme.background)


def _job_market(d: ImageDraw.ImageDraw, theme: Theme, players: int, said: Words | None = None) -> None:
    data = layout()
    x0, y0, x1, y1 = data["regions"]["job_market"]
    box(d, (x0, y0, x1, y1), theme.panel, theme.panel_edge, radius=8)
    text(
        d,
        ((x0 + x1) / 2, y0 + 14),
        picture_word(said, "gwt.job_market_title"),
        theme.text,
        theme.ink,
        bold=True,
    )
    for column, (label, needs) in enumerate(JOB_COLUMNS, 1):
        cx0, _, cx1, _ = job_cell(0, column)
        text(
            d,
            ((cx0 + cx1) / 2, y0 + 40),
            picture_word(said, "gwt.players_column", count=label) if label else picture_word(said, "gwt.all"),
            theme.text_small - 2,
            theme.ink if players >= needs else theme.faint,
        )
    cattle_rows = set(data["job_market_cattle_rows"])
    for row, cost in enumerate(data["job_market_costs"]):
        cx0, cy0, cx1, cy1 = job_cell(row, 0)
        text(d, ((cx0 + cx1) / 2, (cy0 + cy1) / 2), f"${cost}", theme.text_small, theme.money, bold=True)
        for column, (_, needs) in enumerate(JOB_COLUMNS, 1):
            rect = job_cell(row, column)
            usable = players >= needs
            d.rounded_rectangle(
                rect,
                radius=4,
                fill=theme.background if usable else theme.faint,
                outline=theme.panel_edge if usable else theme.faint,
            )
        if row in cattle_rows:
            # the token entering this row refills the cattle market
            arrow(d, (cx0 - 2, cy0 - 2), (cx0 + 14, cy0 - 2), "#D4A017", width=3, head=7)
    _, _last_top, _, last_bottom = job_cell(len(data["job_market_costs"]) - 1, 0)
    text(
        d,
        (x0 + 8, last_bottom + 10),
        picture_word(said, "gwt.token_off"),
        theme.text_small - 3,
        theme.highlight,
        anchor="lm",
    )


def _frames(d: ImageDraw.ImageDraw, theme: Theme, said: Words | None = None) -> None:
    regions = layout()["regions"]
    for name, title in (
        ("cattle_market", picture_word(said, "gwt.cattle_market")),
        ("objectives", picture_word(said, "gwt.objectives_title")),
        ("foresight", picture_word(said, "gwt.supply")),
    ):
        x0, y0, x1, y1 = regions[name]
        box(d, (x0, y0, x1, y1), theme.panel, theme.panel_edge, radius=8)
        text(
            d,
            ((x0 + x1) / 2, y0 + 14),
            fit_text(title, theme.text, x1 - x0 - 12),
            theme.text,
            theme.ink,
            bold=True,
        )
    _fx0, fy0, _fx1, _fy1 = regions["foresight"]
    for column in range(3):
        text(d, (foresight_x(column), fy0 + 36), f"{column + 1}", theme.text_small, theme.muted)
    _legend(d, theme, said)


def _legend(d: ImageDraw.ImageDraw, theme: Theme, said: Words | None = None) -> None:
    """One line along the foot of the status panel: what the symbols mean. A longer language's words share
    the line's room alike, each cut short ("…") when all of them would not fit."""
    x0, y0, x1, y1 = layout()["regions"]["status"]
    box(d, (x0, y0, x1, y1), theme.panel, theme.panel_edge, radius=8)
    y = y1 - 16
    x = x0 + 14
    size = theme.text_small - 1
    workers = ("cowboy", "craftsman", "engineer")
    hazards = ("flood", "drought", "rockfall")
    words = [
        *(picture_word(said, f"gwt.worker.{worker}") for worker in workers),
        picture_word(said, "gwt.token_row"),
        picture_word(said, "gwt.transport_cost"),
        picture_word(said, "gwt.fees"),
        *(picture_word(said, f"gwt.hazard.{hazard}") for hazard in hazards),
        picture_word(said, "gwt.woods"),
        picture_word(said, "gwt.risk_j"),
    ]
    marks = 28 * 3 + 36 + 18 + 40 + 24 * 3 + 26  # the symbols drawn before the words
    room = x1 - 14 - x - marks - 22 * len(words)
    natural = sum(text_width(w, size) for w in words)
    share = min(1.0, room / natural)
    shown = iter(fit_text(w, size, text_width(w, size) * share) for w in words)

    def label(colour: str = theme.ink) -> None:
        nonlocal x
        words = next(shown)
        text(d, (x, y), words, size, colour, anchor="lm")
        x += text_width(words, size) + 22

    for worker in workers:
        letters = picture_word(said, f"gwt.worker_letter.{worker}")
        d.ellipse((x, y - 11, x + 22, y + 11), fill=palette.worker(worker), outline=theme.ink, width=2)
        text(d, (x + 11, y), letters, theme.text_small - 5, theme.ink)
        x += 28
        label()
    d.rounded_rectangle((x, y - 9, x + 30, y + 9), radius=4, outline=theme.ink, width=3)
    x += 36
    label()
    cross(d, (x + 6, y), 5, theme.highlight, width=2)
    x += 18
    label()
    hand(d, (x + 8, y), 16, palette.hand("green"))
    hand(d, (x + 26, y), 16, palette.hand("black"))
    x += 40
    label()
    for hazard in hazards:
        d.rounded_rectangle((x, y - 9, x + 18, y + 9), radius=3, fill=palette.hazard(hazard))
        x += 24
        label()
    d.ellipse((x, y - 10, x + 20, y + 10), fill=palette.WOODS)
    x += 26
    label()
    label(theme.highlight)
