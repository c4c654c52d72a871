"""The turn picture marks what changed since the last picture, from the events handed to it: the track
just laid (Santa Fe), the cattleman's path and the building just built (Great Western Trail); without
such events nothing is marked."""

from __future__ import annotations

import math
import random
from itertools import pairwise
from typing import Any

import rules
from render import render_turn
from render.gwt import turn as gwt_turn
from render.santafe import turn as santafe_turn
from render.theme import DEFAULT, rgb
from tests.render.conftest import sampled_states

CHANGED = rgb(DEFAULT.changed)


def test_santa_fe_marks_the_track_just_laid_and_nothing_else() -> None:
    engine = rules.get("santafe")
    view = engine.view(sampled_states("santafe", 3, ())[2], None)
    laid = sorted(view["track"])[:3]
    events = [{"type": "lay", "segment": s, "private_to": None} for s in laid]
    marked = render_turn(view, (), events)
    plain = render_turn(view, ())
    where = santafe_turn.scaled_segments()

    def beside(segment_id: str) -> tuple[int, int]:
        """A point 6 px off the piece's middle: inside the band, outside the piece's 9 px casing."""
        (x0, y0), (x1, y1) = where[segment_id].start, where[segment_id].end
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        return round((x0 + x1) / 2 + nx * 6), round((y0 + y1) / 2 + ny * 6)

    shown = [s for s in laid if marked.getpixel(beside(s)) == CHANGED]
    assert len(shown) >= 2, shown  # a city name may sit over one of them
    assert not [s for s in view["track"] if plain.getpixel(beside(s)) == CHANGED]
    # a segment taken back (no longer on the board) is not marked
    assert santafe_turn.just_laid(view, [{"type": "lay", "segment": "nowhere.1:1"}]) == []


def gwt_turn_with_a_walk_and_a_build() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A spectator's view after a player walked at least two steps and then built, and the events since
    the walk."""
    engine = rules.get("gwt")
    rng = random.Random(3)
    state = engine.new_game(2, 11, {})
    since: list[dict[str, Any]] = []
    for _ in range(3000):
        seat = state.current
        moves = engine.legal_moves(state, seat)
        build = next((m for m in moves if m.startswith("build ")), None)
        walked = any(len(ev.get("path", ())) > 2 for ev in since)
        state, events = engine.play(state, seat, build if build and walked else rng.choice(moves))
        public = [ev for ev in events if ev.get("private_to") is None]
        if any(len(ev.get("path", ())) > 2 for ev in public):
            since = public
        elif since:
            since += public
        if build and walked:
            return engine.view(state, None), since
    raise AssertionError("no walk followed by a build")


def test_great_western_trail_marks_the_path_walked_and_the_building_built() -> None:
    view, events = gwt_turn_with_a_walk_and_a_build()
    assert gwt_turn.changes([]) == ([], [])
    paths, placed = gwt_turn.changes(events)
    [(seat, path)] = paths
    built = next(ev["built"] for ev in events if ev.get("built"))
    assert placed == [built]
    marked = render_turn(view, (), events)
    plain = render_turn(view, ())
    x, y = gwt_turn.at(built)
    ring = (round(x - gwt_turn.R - 4), round(y))
    assert marked.getpixel(ring) == CHANGED and plain.getpixel(ring) != CHANGED
    colour = rgb(DEFAULT.player(seat))
    steps = [
        tuple(round((a + b) / 2) for a, b in zip(gwt_turn.at(p), gwt_turn.at(q), strict=True))
        for p, q in pairwise(gwt_turn.walked(path))
    ]
    on_path = [step for step in steps if marked.getpixel(step) == colour]
    assert on_path, steps  # tiles may stand over some of the path's middles, never over all
    assert gwt_turn.walked(["A", "A-3"]) == ["A", "A-1", "A-2", "A-3"]  # along the trail, not across
    assert not [step for step in on_path if plain.getpixel(step) == colour]


def test_the_path_walked_stops_at_the_start_and_kansas_city_boxes() -> None:
    # a walk from the start to Kansas City: its band must not cross the names printed on their boxes
    from render.draw import recording as recording_texts
    from render.layers import clear_layers
    from rules.gwt import RULES

    state = RULES.new_game(4, 3, {})
    view = RULES.view(state, None)
    clear_layers()
    with recording_texts() as texts:
        image = gwt_turn.render_turn(view, (), [{"seat": 0, "path": ["START", "KANSAS_CITY"]}])
    colour = rgb(DEFAULT.player(0))
    names = [t for t in texts if t.label in ("Start", "Kansas", "City")]
    assert len(names) == 3
    for t in names:
        x0, y0, x1, y1 = t.box
        inside = [image.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)]
        assert colour not in inside, t
