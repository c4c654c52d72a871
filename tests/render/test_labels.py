"""Spot names on both GWT pictures: every spot's name is drawn beside it, and no name overlaps another
text, a spot or the piece on it, a cattleman or a trail line, whatever stands where."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import rules
from render import Style, boxes, render_board, render_turn
from render.boxes import Box, overlap
from render.draw import Drawn, recording
from render.gwt import turn
from render.gwt.layout import GAP, board_names, cattleman_point, layout, point, spot_name, spot_names
from render.gwt.static import board_layer
from rules.gwt.content import PRIVATE_SPACES, TEEPEE_SPACES, TRAIL
from tests.render.conftest import sampled_states

NAMED = [loc for loc in [*TRAIL, *TEEPEE_SPACES] if spot_name(loc)[0]]


def crosses(box: Box, a: tuple[float, float], b: tuple[float, float], half_width: float) -> bool:
    """Whether the line a-b (``half_width`` thick) passes through ``box``, sampled every pixel: finer than
    the placement itself looks."""
    return boxes.crosses(box, a, b, half_width, spacing=1)


class Picture:
    """How one of the two pictures places spots, names and cattlemen."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        full = kind == "board"
        self.spot: Callable[[str], tuple[float, float]] = point if full else turn.at
        self.radius = layout()["node_radius"] if full else turn.R
        self.man = cattleman_point if full else turn.cattleman_at
        self.man_r = 11 if full else turn.CATTLEMAN_R

    def draw(self, view: dict[str, Any]) -> list[Drawn]:
        board_layer.cache_clear()
        turn.turn_layer.cache_clear()
        style = Style(["Ada", "Brook", "Cyrus", "Dana"][: view["players"]])
        with recording() as texts:
            if self.kind == "board":
                render_board(view, style)
            else:
                render_turn(view, ["Ada: a move."], style=style)
        return texts

    def lines(self, location: str) -> list[tuple[str, int, tuple[float, float]]]:
        if self.kind == "board":
            return board_names(spot_names()).get(location, [])
        return turn.label_lines(location)

    def name_texts(self, location: str) -> list[str]:
        return [line for line, _size, _centre in self.lines(location)]

    def name_centres(self, location: str) -> list[tuple[float, float]]:
        return [centre for _line, _size, centre in self.lines(location)]


def name_boxes(picture: Picture, texts: list[Drawn]) -> dict[str, list[Drawn]]:
    """The drawn name lines of every named spot, found by their words and place."""
    found: dict[str, list[Drawn]] = {}
    for location in NAMED:
        for words, (cx, cy) in zip(picture.name_texts(location), picture.name_centres(location), strict=True):
            hits = [
                t
                for t in texts
                if t.label == words
                and abs((t.box[0] + t.box[2]) / 2 - cx) < 3
                and abs((t.box[1] + t.box[3]) / 2 - cy) < 8
            ]
            assert hits, (picture.kind, location, words)
            found.setdefault(location, []).append(hits[0])
    return found


def random_views(count: int) -> list[dict[str, Any]]:
    """Views of real games with cattlemen and buildings moved to random places."""
    engine = rules.get("gwt")
    rng = random.Random(7)
    views = []
    for players in (2, 3, 4):
        for state in sampled_states("gwt", players, ()):
            views.append(engine.view(state, None))
    spots = [loc for loc in TRAIL if loc != "START"]
    while len(views) < count:
        view = engine.view(sampled_states("gwt", 4, ())[rng.randrange(4)], None)
        for seat in view["seats"]:
            seat["location"] = rng.choice(spots)
        for loc in rng.sample(PRIVATE_SPACES, 12):
            view["board"]["trail"][loc] = f"{rng.randint(1, 10)}{rng.choice('ab')}@{rng.randrange(4)}"
        views.append(view)
    return views


@pytest.mark.parametrize("kind", ["board", "turn"])
def test_spot_names_never_overlap_texts_pieces_or_lines(kind: str) -> None:
    picture = Picture(kind)
    edges = [(picture.spot(a), picture.spot(b)) for a, b in layout()["trail_edges"]]
    for view in random_views(60):
        texts = picture.draw(view)
        names = name_boxes(picture, texts)
        mine = {id(t) for lines in names.values() for t in lines}
        others = [t for t in texts if id(t) not in mine]
        standing: dict[str, int] = {}
        for seat in view["seats"]:
            if seat.get("location"):
                standing[seat["location"]] = standing.get(seat["location"], 0) + 1
        men = []
        for location, count in standing.items():
            for index in range(count):
                x, y = picture.man(location, index, count)
                r = picture.man_r
                men.append((x - r, y - r, x + r, y + r))
        r = picture.radius
        spots = [
            (x - r, y - r, x + r, y + (r * 0.55 if loc in TEEPEE_SPACES else r))
            for loc in [*TRAIL, *TEEPEE_SPACES]
            for x, y in [picture.spot(loc)]
        ]
        all_names = [t for lines in names.values() for t in lines]
        for location, lines in names.items():
            for t in lines:
                for other in others:
                    assert not overlap(t.box, other.box), (kind, location, t, other)
                for other in all_names:
                    assert other is t or not overlap(t.box, other.box), (kind, location, t, other)
                for spot in spots:
                    assert not overlap(t.box, spot), (kind, location, t, spot)
                for man in men:
                    assert not overlap(t.box, man), (kind, location, t, man)
                for a, b in edges:
                    assert not crosses(t.box, a, b, 2), (kind, location, t, a, b)
        for man in men:  # a cattleman never hides a spot or what stands on it
            for spot in spots:
                assert not overlap(man, spot), (kind, man, spot)


@pytest.mark.parametrize("kind", ["board", "turn"])
def test_spot_names_stand_apart(kind: str) -> None:
    """Two spots' names never stand edge to edge, where they would read as one ("Rockfall 3Rockfall 2")."""
    picture = Picture(kind)
    names = name_boxes(picture, picture.draw(random_views(1)[0]))
    for location, lines in names.items():
        for other, other_lines in names.items():
            if other == location:
                continue
            for a in lines:
                for b in other_lines:
                    apart = max(
                        b.box[0] - a.box[2], a.box[0] - b.box[2], b.box[1] - a.box[3], a.box[1] - b.box[3]
                    )
                    assert apart >= GAP, (kind, location, other, apart)
