"""The points chart of the final scores and the animated replay: each player's line in their colour with
the reader's words, and a whole game's turn pictures as one animation within the upload limit."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import rules
from render import Style, encode, render_score_chart
from render.draw import recording
from render.encode import MAX_BYTES
from render.replay import MAX_BYTES as MAX_REPLAY_BYTES
from render.replay import render_replay
from render.theme import DEFAULT, rgb
from tests.render.conftest import sampled_states

SERIES = [[0, 0, 0], [2, 1, 0], [5, 3, 1], [9, 4, 12]]
NAMES = ["Ann", "Bob", "Cid"]


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _count, colour in image.getcolors(1_000_000) or []}


def test_the_chart_draws_a_line_in_each_player_s_colour_and_fits_an_upload() -> None:
    chart = render_score_chart(SERIES, NAMES, "Santa Fe")
    drawn = colours(chart)
    for seat in range(3):
        assert rgb(DEFAULT.player(seat)) in drawn
    assert rgb(DEFAULT.player(3)) not in drawn  # no line for a seat that is not there
    data, _ = encode(chart, "points")
    assert len(data) <= MAX_BYTES


def test_the_chart_says_its_words_in_the_reader_s_language() -> None:
    words = {"title": "{title}：ゲーム中の得点の推移", "moves": "手数", "note": "最後の値が最終得点です。"}
    with recording() as texts:
        render_score_chart(SERIES, NAMES, "サンタフェ", words)
    said = {t.label for t in texts}
    assert {"サンタフェ：ゲーム中の得点の推移", "手数", "最後の値が最終得点です。"} <= said
    assert not any("points" in t or "moves" in t for t in said)
    # each name, with its final points
    assert {"Ann", "Bob", "Cid", "9", "4", "12"} <= said


def test_a_chart_of_one_position_or_negative_points_draws() -> None:
    render_score_chart([[0, 0]], NAMES[:2], "Great Western Trail")
    render_score_chart([[0, 0], [-7, 3], [-12, 25]], NAMES[:2], "Great Western Trail")
    with pytest.raises(ValueError):
        render_score_chart([], NAMES, "Santa Fe")


@pytest.mark.parametrize("game", ["gwt", "santafe"])
def test_a_replay_is_one_animated_picture_of_every_frame_within_the_limit(game: str) -> None:
    engine = rules.get(game)
    states = sampled_states(game, 3, ())
    frames = [(engine.view(s, None), [f"move {i}"]) for i, s in enumerate(states)]
    data, filename = render_replay(frames, Style(NAMES), stem="replay-7")
    assert filename == "replay-7.webp"
    assert len(data) <= MAX_REPLAY_BYTES
    with Image.open(io.BytesIO(data)) as picture:
        assert picture.format == "WEBP"
        assert picture.n_frames == len(frames)
        assert picture.width <= 640


def test_a_replay_needs_a_position() -> None:
    with pytest.raises(ValueError):
        render_replay([], Style(NAMES))
