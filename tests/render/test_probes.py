"""Pieces are drawn where the data says: probe pixels of rendered pictures."""

from __future__ import annotations

import math

import rules
from render import render_board, render_result
from render.gwt.layout import layout, rail_point
from render.santafe import palette
from render.santafe.geometry import nodes, segments
from render.santafe.static import city_layer
from render.theme import DEFAULT, rgb
from rules.core.result import build_result
from tests.render.conftest import sampled_states


def _clear_of_labels(point: tuple[float, float]) -> bool:
    """Nothing of the city sheet (dots, names, squares) covers this pixel."""
    overlay = city_layer(DEFAULT)
    return overlay.getpixel((round(point[0]), round(point[1])))[3] == 0


def _distance_to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length2 = (bx - ax) ** 2 + (by - ay) ** 2 or 1.0
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length2))
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))


def _probe_points(view: dict) -> dict[str, tuple[float, float]]:
    """Segment midpoints that nothing else is drawn over: no city sheet, no railhead ring, no other line."""
    heads = [nodes()[n] for r in view["railroads"] for n in r["railheads"]]
    found = {}
    for segment_id, segment in segments().items():
        mid = segment.midpoint
        if not _clear_of_labels(mid) or any(math.dist(mid, h) < 26 for h in heads):
            continue
        if any(
            _distance_to_segment(mid, o.start, o.end) < 8 for o in segments().values() if o is not segment
        ):
            continue
        found[segment_id] = mid
    return found


def test_santafe_segments_show_their_railroad_or_the_empty_colour() -> None:
    engine = rules.get("santafe")
    state = sampled_states("santafe", 4, ())[2]
    view = engine.view(state, None)
    assert view["track"], "the sampled state should have track on the map"
    picture = render_board(view)
    built = view["track"]
    checked = 0
    for segment_id, (x, y) in _probe_points(view).items():
        segment = segments()[segment_id]
        expected = palette.railroad(built[segment_id]) if segment_id in built else palette.TRACK_EMPTY
        if segment_id not in built and (segment.river or segment.mountain):
            continue  # the terrain mark sits on the middle of a free slot
        assert picture.getpixel((round(x), round(y))) == rgb(expected), segment_id
        checked += 1
    assert checked > 100
    assert any(segment_id in built for segment_id in _probe_points(view))


def test_gwt_engine_stands_on_its_space_in_its_owners_colour() -> None:
    engine = rules.get("gwt")
    seen = 0
    for state in sampled_states("gwt", 4, ()):
        view = engine.view(state, None)
        picture = render_board(view)
        for seat, player in enumerate(view["seats"]):
            if player["engine"] == "0":
                continue
            x, y = rail_point(player["engine"])
            # left of the seat number, inside the locomotive's body
            assert picture.getpixel((round(x - 11), round(y + 6))) == rgb(DEFAULT.player(seat))
            seen += 1
    assert seen > 0


def test_gwt_buildings_on_the_trail_show_their_owners_colour() -> None:
    engine = rules.get("gwt")
    state = sampled_states("gwt", 3, ())[-1]
    view = engine.view(state, None)
    picture = render_board(view)
    half = layout()["node_radius"]
    owned = {loc: code for loc, code in view["board"]["trail"].items() if code and "@" in code}
    assert owned, "the finished game should have private buildings on the trail"
    for location, code in owned.items():
        x, y = layout()["trail"][location]
        seat = int(code.split("@")[1])
        # the tile's left edge at mid-height: clear of its label, hand icons and cattlemen
        assert picture.getpixel((x - half + 4, y)) == rgb(DEFAULT.player(seat)), location


def test_gwt_empty_private_space_stays_empty() -> None:
    engine = rules.get("gwt")
    view = engine.view(engine.new_game(2, 3), None)
    picture = render_board(view)
    x, y = layout()["trail"]["G-1"]
    assert view["board"]["trail"]["G-1"] is None
    assert picture.getpixel((x, y + 10)) == rgb(DEFAULT.panel)


def test_result_sheet_frames_every_winner_and_only_them() -> None:
    categories = ["money", "cities"]
    shared = build_result(categories, [{"money": 5, "cities": 10}, {"money": 15, "cities": 0}, {"money": 1}])
    assert shared["winners"] == [0, 1]
    picture = render_result(shared, ["A", "B", "C"], "santafe")
    frame = rgb(DEFAULT.highlight)
    # the winners' frames are drawn on the left edge of their columns (columns sorted by rank, then seat)
    from render.result import COLUMN_W, LABEL_W, PAD

    def left_edge(column: int) -> tuple[int, int]:
        return (PAD + LABEL_W + column * COLUMN_W + 5, PAD + 120)

    assert picture.getpixel(left_edge(0)) == frame
    assert picture.getpixel(left_edge(1)) == frame
    assert picture.getpixel(left_edge(2)) != frame


def test_result_sheet_calls_a_tie_a_shared_first_place_and_a_sole_winner_the_winner() -> None:
    from render.draw import recording

    tie = build_result(["money"], [{"money": 5}, {"money": 5}, {"money": 1}])
    with recording() as drawn:
        render_result(tie, ["A", "B", "C"], "santafe")
    labels = [d.label for d in drawn]
    assert labels.count("Shared 1st") == 2 and "Winner" not in labels and "3rd place" in labels
    sole = build_result(["money"], [{"money": 5}, {"money": 4}])
    with recording() as drawn:
        render_result(sole, ["A", "B"], "santafe")
    labels = [d.label for d in drawn]
    assert labels.count("Winner") == 1 and "Shared 1st" not in labels
