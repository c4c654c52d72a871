"""Every picture renders, with the expected size and mode, for states of every game configuration."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image

import rules
from render import encode, render_board, render_hand, render_player_area, render_result, render_turn
from render.encode import MAX_BYTES
from tests.render.conftest import CONFIGS, config_id, sampled_states

BOARD_SIZE = (1600, 1000)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_picture_renders(config: tuple[str, int, tuple[tuple[str, Any], ...]]) -> None:
    game, players, options = config
    engine = rules.get(game)
    names = [f"Player {i + 1}" for i in range(players)]
    for state in sampled_states(game, players, options):
        board = render_board(engine.view(state, None), names)
        assert board.size == BOARD_SIZE
        assert board.mode == "RGB"
        data, filename = encode(board)
        assert len(data) <= MAX_BYTES
        assert filename.endswith((".png", ".webp"))
        for seat in range(players):
            own = engine.view(state, seat)
            area = render_player_area(own, seat, names)
            hand = render_hand(own)
            assert area.mode == hand.mode == "RGB"
            assert area.width >= 900 and hand.width >= 500
    final = sampled_states(game, players, options)[-1]
    sheet = render_result(engine.result(final), names, game)
    assert sheet.mode == "RGB"
    assert sheet.height > 200


def test_encoded_picture_opens_as_what_its_name_says() -> None:
    engine = rules.get("gwt")
    state = sampled_states("gwt", 2, ())[1]
    data, filename = encode(render_board(engine.view(state, None)), "turn-12")
    assert filename == "turn-12.png"
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_incompressible_picture_falls_back_to_webp_within_the_limit() -> None:
    size = (1600, 1000)
    noise = Image.frombytes("RGB", size, random.Random(5).randbytes(size[0] * size[1] * 3))
    data, filename = encode(noise)
    assert filename.endswith(".webp")
    assert data[:4] == b"RIFF"
    assert len(data) <= MAX_BYTES


def test_hand_picture_needs_the_owners_view() -> None:
    engine = rules.get("santafe")
    with pytest.raises(ValueError):
        render_hand(engine.view(engine.new_game(3, 1), None))


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError):
        render_board({"game": "chess", "players": 2})


@pytest.mark.parametrize("game", ["chess", "gwt.board", "", None])
def test_every_picture_refuses_an_unknown_game(game: object) -> None:
    view = {"game": game, "players": 2, "hand": []}
    for draw in (lambda: render_board(view), lambda: render_turn(view), lambda: render_hand(view)):
        with pytest.raises(ValueError, match=r"no \w+ picture for game"):
            draw()
    with pytest.raises(ValueError, match="no player picture for game"):
        render_player_area(view, 0)


def test_a_game_package_without_a_picture_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr("render.santafe.render_hand")
    engine = rules.get("santafe")
    with pytest.raises(ValueError, match="no hand picture for game 'santafe'"):
        render_hand(engine.view(engine.new_game(3, 1), 0))
