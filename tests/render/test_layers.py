"""Static layers are drawn once and reused; drawing on a picture never touches the cached layer."""

from __future__ import annotations

import pytest

import rules
from render import render_board
from render.draw import text
from render.gwt.static import board_layer
from render.layers import clear_layers
from render.santafe import palette
from render.santafe.static import city_sheet, map_layer
from render.theme import DEFAULT, OKABE_ITO, rgb, text_on
from tests.render.conftest import sampled_states


def test_gwt_board_layer_is_drawn_once_per_key() -> None:
    engine = rules.get("gwt")
    views = [engine.view(s, None) for s in sampled_states("gwt", 3, ())]
    render_board(views[0])
    before = board_layer.cache_info()
    for view in views:
        render_board(view)
    after = board_layer.cache_info()
    assert after.misses == before.misses
    assert after.hits == before.hits + len(views)


def test_pieces_do_not_leak_into_the_cached_map() -> None:
    engine = rules.get("santafe")
    final = sampled_states("santafe", 3, ())[-1]
    empty_before = map_layer(DEFAULT).tobytes()
    render_board(engine.view(final, None))
    assert map_layer(DEFAULT).tobytes() == empty_before


def test_player_colours_are_distinct_and_labels_readable() -> None:
    assert len(set(DEFAULT.players)) == len(DEFAULT.players) >= 5
    assert set(DEFAULT.players) <= set(OKABE_ITO)
    for colour in (*DEFAULT.players, *palette.RAILROADS.values()):
        r, g, b = rgb(colour)
        luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
        assert (text_on(colour) == "#FFFFFF") == (luminance <= 140)


@pytest.mark.parametrize("game", rules.ids())
def test_every_seat_of_every_game_has_its_own_colour(game: str) -> None:
    assert rules.spec(game).max_players <= len(DEFAULT.players)


def test_every_cached_layer_is_forgotten_by_clear_layers() -> None:
    render_board(rules.get("santafe").view(sampled_states("santafe", 3, ())[0], None))
    assert map_layer.cache_info().currsize and city_sheet.cache_info().currsize
    clear_layers()
    assert map_layer.cache_info().currsize == city_sheet.cache_info().currsize == 0


def test_text_is_drawn_where_anchored() -> None:
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (120, 60), "#FFFFFF")
    text(ImageDraw.Draw(img), (60, 30), "W", 40, "#000000")
    left, top, right, bottom = Image.eval(img.convert("L"), lambda v: 255 - v).getbbox()
    assert left < 60 < right and top < 30 < bottom


def test_engine_sentences_use_the_players_names() -> None:
    from render.names import seat_name, with_names

    assert with_names("Player 2: draw 2 cards.", ["Ann", "Bo"]) == "Bo: draw 2 cards."
    assert with_names("Player 3 passes.", ["Ann", "Bo"]) == "Player 3 passes."
    assert with_names("Player 1 waits.", None) == "Player 1 waits."
    assert seat_name(None, 0) == "Player 1"
