"""Santa Fe city names on both pictures: never crossed by a track slot (so no laid track runs through a
name), never over another city's disc or name, and near their own city."""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import pytest

import rules
from render import render_board
from render.boxes import overlap
from render.draw import Drawn, recording
from render.santafe import static, turn
from render.santafe.geometry import Segment, cities, nodes, segments
from render.santafe.labels import Place
from render.santafe.static import CITY_R, HOME_HALF, city_layer
from render.theme import DEFAULT
from tests.render.conftest import sampled_states
from tests.render.test_labels import crosses


def names_drawn(draw: Callable[[], object], places: Callable[[], dict[str, Place]]) -> dict[str, list[Drawn]]:
    """City id -> the drawn lines of its name (one, or two for a long name)."""
    with recording() as texts:
        draw()
    found: dict[str, list[Drawn]] = {}
    for city_id, (_point, _anchor, lines) in places().items():
        for line in lines:
            found.setdefault(city_id, []).extend(t for t in texts if t.label == line)
    return found


PICTURES = {
    "board": (lambda: city_layer.__wrapped__(DEFAULT), nodes, segments, CITY_R, static.name_places),
    "turn": (
        lambda: turn._city_sheet.__wrapped__(DEFAULT),
        turn.scaled_nodes,
        turn.scaled_segments,
        turn.CITY_R,
        turn.name_places,
    ),
}


@pytest.mark.parametrize("kind", PICTURES)
def test_city_names_clear_of_track_and_other_cities(kind: str) -> None:
    draw, where, slots, radius, places = PICTURES[kind]
    found = names_drawn(draw, places)
    assert {" ".join(t.label for t in lines) for lines in found.values()} == {
        c["name"] for c in cities().values()
    }
    names = [t for lines in found.values() for t in lines]
    segs: dict[str, Segment] = slots()
    for t in names:
        for segment in segs.values():
            assert not crosses(t.box, segment.start, segment.end, 4), (kind, t.label, segment.id)
        for city_id, city in cities().items():
            x, y = where()[city_id]
            r = HOME_HALF if city["home"] else radius
            assert not overlap(t.box, (x - r, y - r, x + r, y + r)), (kind, t.label, city["name"])
        for other in names:
            assert other is t or not overlap(t.box, other.box), (kind, t.label, other.label)


# The farthest a name's box may stand from its city's centre: on the turn picture Chicago, at the map's
# right edge between Milwaukee and the track to St. Louis, has its name under that track, about 73 px
# down; on the board "Des" of Des Moines stands about 72 px up and right of its dot.
NEAR = 75


@pytest.mark.parametrize("kind", PICTURES)
def test_city_names_stay_near_their_city(kind: str) -> None:
    draw, where, _slots, _radius, places = PICTURES[kind]
    for city_id, lines in names_drawn(draw, places).items():
        x, y = where()[city_id]
        for t in lines:
            left, top, right, bottom = t.box
            away = math.hypot(max(left - x, 0, x - right), max(top - y, 0, y - bottom))
            assert away <= NEAR, (kind, t.label, round(away))


@pytest.mark.parametrize("kind", PICTURES)
def test_progress_notes_clear_of_names(kind: str) -> None:
    """A partly laid line's "laid/needed" note moves off a city's name (it stood over "Salt Lake City" on
    the turn picture and under "Milwaukee" on the board)."""
    engine = rules.get("santafe")
    draw, _where, _slots, _radius, places = PICTURES[kind]
    names = [t for lines in names_drawn(draw, places).values() for t in lines]
    picture = turn.render_turn if kind == "turn" else render_board
    notes = []
    for players in (2, 3, 4, 5):
        for state in sampled_states("santafe", players, ()):
            with recording() as texts:
                picture(engine.view(state, None))
            notes += [t for t in texts if re.fullmatch(r"\d+/\d+", t.label)]
    assert notes
    for note in notes:
        for name in names:
            assert not overlap(note.box, name.box), (kind, note, name)


def _gap(box: tuple[float, float, float, float], point: tuple[float, float]) -> float:
    x, y = point
    return math.hypot(max(box[0] - x, 0, x - box[2]), max(box[1] - y, 0, y - box[3]))


@pytest.mark.parametrize("kind", PICTURES)
def test_each_name_is_nearer_its_own_dot_than_any_other(kind: str) -> None:
    """A side preferred for a crowded city's name never puts it nearer another city's dot. Chicago's and
    Des Moines's names stand far out where the track leaves no nearer room (see ``NEAR``)."""
    draw, where, _slots, _radius, places = PICTURES[kind]
    far_out = {c for c, city in cities().items() if city["name"] in ("Chicago", "Des Moines")}
    for city_id, lines in names_drawn(draw, places).items():
        for t in lines if city_id not in far_out else ():
            own = _gap(t.box, where()[city_id])
            for other in cities():
                if other != city_id:
                    assert own <= _gap(t.box, where()[other]), (kind, t.label, cities()[other]["name"])


@pytest.mark.parametrize("kind", PICTURES)
def test_crowded_names_read_as_their_dots(kind: str) -> None:
    """North Platte's name stood on a level with Denver's dot; Santa Fe's and Albuquerque's names, whose
    dots almost touch, each sat beside the other's dot. Now North Platte's is above its dot, and the two
    others are on the same side of their dots in the dots' own order, from top to bottom."""
    draw, where, _slots, _radius, places = PICTURES[kind]
    found = names_drawn(draw, places)
    north_platte = found["LBF"][0].box
    assert north_platte[3] < where()["LBF"][1]
    assert not north_platte[1] <= where()["DEN"][1] <= north_platte[3]
    santa_fe, albuquerque = found["SAF"][0].box, found["ABQ"][0].box
    assert where()["SAF"][1] < where()["ABQ"][1] and santa_fe[3] <= albuquerque[1]
    assert santa_fe[0] > where()["SAF"][0] and albuquerque[0] > where()["ABQ"][0]


@pytest.mark.parametrize("kind", PICTURES)
def test_bonus_squares_stand_apart_from_other_cities_squares(kind: str) -> None:
    """Denver's bonus squares once sat on Cheyenne's connection squares: one pile of squares."""
    where = PICTURES[kind][1]()
    radius = PICTURES[kind][3]
    scale = turn.SCALE if kind == "turn" else 1.0
    for city_id in cities():
        squares = static.bonus_box(city_id, where, scale)
        if squares is None:
            continue
        for other, (x, y) in where.items():
            if other != city_id and other in cities():
                below = (x - 25, y + radius, x + 25, y + radius + 12)  # where connection squares hang
                assert not overlap(squares, below), (kind, city_id, other)
