"""The GWT board layout covers every space the engine knows, inside the canvas, without overlaps."""

from __future__ import annotations

import math
from itertools import combinations

from render.gwt.layout import layout
from render.santafe.geometry import cities, segments
from render.santafe.static import CANVAS
from rules.gwt.content import CITIES, STATIONS, TEEPEE_SPACES, TRAIL


def test_every_trail_space_has_a_place() -> None:
    assert set(layout()["trail"]) == set(TRAIL) | set(TEEPEE_SPACES)


def test_drawn_trail_lines_are_the_engines_graph() -> None:
    engine_edges = {(a, b) for a, (_, nexts) in TRAIL.items() for b in nexts}
    assert {tuple(edge) for edge in layout()["trail_edges"]} == engine_edges


def test_cities_and_stations_match_the_engine() -> None:
    assert set(layout()["cities"]) == set(CITIES)
    for city, (value, black_ok, _, _) in CITIES.items():
        assert layout()["cities"][city]["value"] == value
        assert layout()["cities"][city]["white_only"] is not black_ok
    for number, (_, cost, points, _, master) in STATIONS.items():
        station = layout()["railroad"]["stations"][str(number)]
        assert (station["cost"], station["vp"], station["master_slot"]) == (cost, points, master)


def test_trail_spaces_do_not_overlap_and_fit_the_canvas() -> None:
    width, height = layout()["canvas"]
    r = layout()["node_radius"]
    points = layout()["trail"]
    for x, y in points.values():
        assert r <= x <= width - r and r <= y <= height - r
    for a, b in combinations(points, 2):
        assert math.dist(points[a], points[b]) >= 2 * r + 4, (a, b)


def test_santafe_map_fits_its_frame() -> None:
    for segment in segments().values():
        for x, y in (segment.start, segment.end):
            assert 12 <= x <= 1178 and 70 <= y <= 900
    assert len(cities()) == 42
    assert CANVAS == (1600, 1000)
