"""One Great Western Trail player's area: money, certificates, limits, workers, player-board discs,
buildings still to build, hazards, teepees, objectives, station masters and card piles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from render.draw import box, disc, fit_text, fitting_size, text, wrap
from render.gwt import pieces
from render.gwt.figures import turnout_station
from render.gwt.words import FACTS
from render.names import seat_name
from render.style import PLAIN, Style
from render.theme import Theme
from render.words import Words, picture_word
from rules.gwt.content import BUILDINGS, DISC_SPACES, WORKER_BONUS, WORKER_TYPES
from rules.gwt.words import place

WIDTH, HEIGHT, PAD = 1400, 800, 20
# spaces of a worker row that score at the end
WORKER_VP = {5: 4, 6: 4}


def render_player_area(view: Mapping[str, Any], seat: int, style: Style = PLAIN) -> Image.Image:
    """``seat``'s public area as ``view`` shows it (the same for every viewer)."""
    names, theme, picture_words = style
    p = view["seats"][seat]
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    d = ImageDraw.Draw(img)
    _header(d, p, seat, names, theme, picture_words)
    area = _Area(d, p, theme, picture_words)
    _workers(area, (PAD, 100))
    _discs(area, seat, (PAD, 360))
    _buildings(area, (720, 100))
    _tiles(area, (720, 260))
    _objectives(area, (720, 420))
    _cards(area, (PAD, 630))
    return img


class _Area(NamedTuple):
    """What every section of the area draws with: the picture, the seat's part of the view, the colours and
    sizes, the words."""

    d: ImageDraw.ImageDraw
    p: Mapping[str, Any]
    theme: Theme
    said: Words | None


def _note(area: _Area, at: tuple[float, float], key: str, size: int | None = None) -> None:
    """A section's muted remark where it has nothing to show ("all built", "empty")."""
    size = area.theme.text if size is None else size
    text(area.d, at, picture_word(area.said, key), size, area.theme.muted, anchor="lm")


def _section(
    d: ImageDraw.ImageDraw, at: tuple[float, float], size: tuple[float, float], title: str, theme: Theme
) -> None:
    x, y = at
    box(d, (x, y, x + size[0], y + size[1]), theme.panel, theme.panel_edge, radius=8, width=1)
    text(
        d,
        (x + 12, y + 16),
        fit_text(title, theme.text, size[0] - 24),
        theme.text,
        theme.ink,
        anchor="lm",
        bold=True,
    )


def _header(
    d: ImageDraw.ImageDraw,
    p: Mapping[str, Any],
    seat: int,
    names: Sequence[str] | None,
    theme: Theme,
    said: Words | None = None,
) -> None:
    disc(d, (PAD + 22, 40), 20, theme.player(seat), theme.ink, seat + 1)
    text(d, (PAD + 54, 40), seat_name(names, seat), theme.title, theme.ink, anchor="lm", bold=True)
    facts = fit_text(" · ".join(header_facts(p, said)), theme.text, WIDTH - 2 * PAD)
    text(d, (PAD, 80), facts, theme.text, theme.ink, anchor="lm")
    text(d, (WIDTH - PAD, 40), f"${p['money']}", theme.title + 8, theme.money, anchor="rm", bold=True)


def place_word(location: str, said: Words | None = None) -> str:
    """A trail place inside the picture's sentences, in its language ("Flood 2", "the start")."""
    if location == "KANSAS_CITY":
        return picture_word(said, "gwt.kansas_city")
    key = f"gwt.place.{location}"
    return picture_word(said, key) if key in FACTS else place(location)


def _engine(space: object, said: Words | None = None) -> str:
    """Where the engine stands: a space's number, or the turnout of a station."""
    station = turnout_station(space)
    if station:
        return picture_word(said, "gwt.area.engine_turnout", station=station)
    return picture_word(said, "gwt.area.engine", space=space)


def header_facts(p: Mapping[str, Any], said: Words | None = None) -> list[str]:
    """The line under the player's name: certificates, limits, engine and cattleman."""
    certs = picture_word(said, "gwt.area.certs", count=p["certificates"], limit=p["certificate_limit"])
    if p.get("permanent_certificates"):
        certs += " " + picture_word(said, "gwt.area.permanent", count=p["permanent_certificates"])
    facts = [
        certs,
        picture_word(said, "gwt.area.step_limit", count=p["step_limit"]),
        picture_word(said, "gwt.area.hand_limit", count=p["hand_limit"]),
        _engine(p["engine"], said),
        picture_word(said, "gwt.area.cattleman", place=place_word(p["location"], said))
        if p["location"]
        else picture_word(said, "gwt.area.not_placed"),
    ]
    if p.get("job_market_token"):
        facts.append(picture_word(said, "gwt.area.token"))
    return facts


def _workers(area: _Area, at: tuple[float, float]) -> None:
    d, p, theme, said = area
    x0, y0 = at
    _section(d, at, (680, 245), picture_word(said, "gwt.area.workers"), theme)
    for row, kind in enumerate(WORKER_TYPES):
        y = y0 + 62 + row * 66
        have = int(p["workers"][kind])
        named = picture_word(said, f"gwt.area.{kind}", count=have)
        size = fitting_size(named, theme.text_small, 114)  # "Ambachtslieden 1" whole, a little smaller
        text(d, (x0 + 14, y), fit_text(named, size, 114), size, theme.ink, anchor="lm")
        for space in range(1, 7):
            cx = x0 + 150 + (space - 1) * 88
            if space <= have:
                pieces.worker(d, (cx, y), kind, theme, half=18, said=said)
            else:
                d.ellipse((cx - 18, y - 18, cx + 18, y + 18), outline=theme.faint, width=2)
            bonus = WORKER_BONUS.get((kind, space))
            label = picture_word(said, f"gwt.bonus_label.{bonus}") if bonus else ""
            if space in WORKER_VP:
                label = f"{label} {picture_word(said, 'gwt.vp', points=WORKER_VP[space])}".strip()
            if label:
                text(d, (cx, y + 28), label, theme.text_small - 4, theme.muted)


def _discs(area: _Area, seat: int, at: tuple[float, float]) -> None:
    """Every disc space: discs still there in the player's colour, cleared spaces as empty rings."""
    d, p, theme, said = area
    x0, y0 = at
    _section(d, at, (680, 220), picture_word(said, "gwt.area.discs"), theme)
    colour = theme.player(seat)
    for i, (space, (count, white)) in enumerate(DISC_SPACES.items()):
        cx = x0 + 20 + (i % 2) * 335
        cy = y0 + 48 + (i // 2) * 34
        left = int(p["discs"].get(space, 0))
        for k in range(count):
            centre = (cx + 12 + k * 26, cy)
            if k < left:
                disc(d, centre, 11, colour, theme.ink)
            else:
                disc(d, centre, 11, theme.panel, theme.ink if white else theme.highlight, width=2)
        corner = picture_word(said, "gwt.area.white" if white else "gwt.area.black")
        # each space named as labels name it (what clearing it unlocks); a long name takes two lines
        size = theme.text_small - 2
        named = picture_word(said, f"gwt.disc_space.{space}")
        lines = wrap(f"{named} ({corner})", size, 335 - 64 - 12)[:2]
        for k, line in enumerate(lines):
            y = cy + (k - (len(lines) - 1) / 2) * (size + 1)
            text(d, (cx + 64, y), line, size, theme.ink if left < count else theme.muted, anchor="lm")


def _buildings(area: _Area, at: tuple[float, float]) -> None:
    d, p, theme, said = area
    x0, y0 = at
    _section(d, at, (660, 150), picture_word(said, "gwt.area.buildings"), theme)
    for i, code in enumerate(p["buildings_available"]):
        cx = x0 + 40 + i * 62
        pieces.tile(d, (cx, y0 + 68), code, theme, half=24, said=said)
        craftsmen, points = BUILDINGS[code][:2]
        text(d, (cx, y0 + 110), f"{craftsmen} · {points}", theme.text_small - 1, theme.ink)
    if not p["buildings_available"]:
        _note(area, (x0 + 12, y0 + 68), "gwt.area.all_built")


def _tiles(area: _Area, at: tuple[float, float]) -> None:
    d, p, theme, said = area
    x0, y0 = at
    _section(d, at, (660, 150), picture_word(said, "gwt.area.tiles"), theme)
    x = x0 + 34
    for code in [*p["hazards"], *p["teepees"]]:
        pieces.tile(d, (x, y0 + 62), code, theme, half=20, said=said)
        x += 50
    if not p["hazards"] and not p["teepees"]:
        _note(area, (x0 + 12, y0 + 62), "gwt.area.no_tiles", theme.text_small)
    for i, code in enumerate(p["station_masters"]):
        text(
            d,
            (x0 + 12 + (i % 3) * 215, y0 + 108 + (i // 3) * 22),
            pieces.master_label(code, said),
            theme.text_small - 1,
            theme.ink,
            anchor="lm",
        )


def _objectives(area: _Area, at: tuple[float, float]) -> None:
    d, p, theme, said = area
    x0, y0 = at
    _section(d, at, (660, 190), picture_word(said, "gwt.area.objectives"), theme)
    for i, code in enumerate(p["objectives"][:7]):
        x = x0 + 12 + i * 92
        pieces.objective_card(d, (x, y0 + 34, x + 84, y0 + 148), code, theme, said)
    if len(p["objectives"]) > 7:
        text(
            d,
            (x0 + 650, y0 + 16),
            picture_word(said, "gwt.area.more", count=len(p["objectives"]) - 7),
            theme.text_small,
            theme.ink,
            anchor="rm",
        )


def _cards(area: _Area, at: tuple[float, float]) -> None:
    d, p, theme, said = area
    x0, y0 = at
    _section(d, at, (WIDTH - 2 * PAD, 150), picture_word(said, "gwt.area.cards"), theme)
    counts = picture_word(
        said,
        "gwt.area.counts",
        hand=p["hand_size"],
        draw=p["draw_stack_size"],
        discard=len(p["discard_pile"]),
        removed=len(p["removed_cards"]),
    )
    text(d, (x0 + 12, y0 + 48), fit_text(counts, theme.text, 740), theme.text, theme.ink, anchor="lm")
    left = x0 + 760
    top_word = fit_text(picture_word(said, "gwt.area.top"), theme.text, 180)
    text(d, (left, y0 + 90), top_word, theme.text, theme.ink, anchor="lm")
    pile = p["discard_pile"]
    if not pile:
        _note(area, (left + 190, y0 + 90), "gwt.area.empty")
        return
    top = pile[-1]
    if top in pieces.CATTLE:
        pieces.cattle_card(d, (left + 190, y0 + 40, left + 250, y0 + 136), top, theme, said)
        text(d, (left + 262, y0 + 90), pieces.cattle_name(top, said), theme.text, theme.ink, anchor="lm")
    else:
        pieces.objective_card(d, (left + 190, y0 + 40, left + 280, y0 + 136), top, theme, said)
