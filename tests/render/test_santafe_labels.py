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
    "board": (lambda: city_layer.__wrapped__(turn.DEFAULT), nodes, segments, CITY_R, static.name_places),
    "turn": (
        lambda: turn._city_sheet.__wrapped__(turn.DEFAULT),
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
