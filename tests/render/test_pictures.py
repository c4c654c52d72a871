"""Every picture of every registered game renders, with the size its package states, within Discord's
upload limit, for states of every game configuration."""

from __future__ import annotations

import dataclasses
import importlib
import random

import pytest
from PIL import Image

import rules
from render import (
    Style,
    encode,
    packages,
    render_board,
    render_hand,
    render_player_area,
    render_result,
    render_turn,
)
from render.draw import recording
from render.encode import MAX_BYTES
from rules.core.result import build_result
from tests.render.conftest import CONFIGS, Config, config_id, sampled_states


def fits(image: Image.Image) -> None:
    assert image.mode == "RGB"
    data, filename = encode(image)
    assert len(data) <= MAX_BYTES
    assert filename.endswith((".png", ".webp"))


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_picture_renders(config: Config) -> None:
    game, players, options = config
    engine, spec = rules.get(game), rules.spec(game)
    board_size = importlib.import_module(packages.name_of(game)).BOARD_SIZE
    names = [f"Player {i + 1}" for i in range(players)]
    for state in sampled_states(game, players, options):
        board = render_board(engine.view(state, None), Style(names))
        assert board.size == board_size
        fits(board)
        for seat in range(players):
            own = engine.view(state, seat)
            fits(render_player_area(own, seat, Style(names)))
            if spec.hands:
                fits(render_hand(own))
            else:
                with pytest.raises(ValueError, match="no hand picture"):
                    render_hand(own)
    final = sampled_states(game, players, options)[-1]
    sheet = render_result(engine.result(final), names, game)
    fits(sheet)
    assert sheet.height > 200


@pytest.mark.parametrize("game", rules.ids())
def test_each_game_package_exports_its_pictures(game: str) -> None:
    """``render/<game>/`` exports the pictures ``render`` finds by name, a hand picture exactly when the
    spec says the game has hands, and the size of its board picture."""
    package = importlib.import_module(packages.name_of(game))
    for picture in ("render_board", "render_turn", "render_player_area"):
        assert callable(getattr(package, picture, None)), picture
    assert callable(getattr(package, "render_hand", None)) is rules.spec(game).hands
    width, height = package.BOARD_SIZE
    assert isinstance(width, int) and isinstance(height, int) and width > 0 and height > 0


def test_a_game_without_hands_has_no_hand_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = rules.get("santafe")
    own = engine.view(engine.new_game(3, 1), 0)
    monkeypatch.setattr("rules.santafe.SPEC", dataclasses.replace(rules.spec("santafe"), hands=False))
    with pytest.raises(ValueError, match="no hand picture for game 'santafe': in Santa Fe nobody holds"):
        render_hand(own)


def test_the_score_sheet_takes_title_and_tiebreak_from_the_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = dataclasses.replace(rules.spec("santafe"), title="Rail Barons", tiebreak="Fewest debts")
    monkeypatch.setattr("rules.santafe.SPEC", spec)
    tied = build_result(["money"], [{"money": 5}, {"money": 5}], tiebreaks=[2, 1])
    with recording() as texts:
        render_result(tied, ["A", "B"], "santafe")
    labels = [t.label for t in texts]
    assert "Rail Barons: final scores" in labels and "Fewest debts" in labels


def test_the_score_sheet_of_an_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no result picture for game 'chess'"):
        render_result(build_result(["money"], [{"money": 1}]), ["A"], "chess")


def test_encoded_picture_opens_as_what_its_name_says() -> None:
    engine = rules.get("gwt")
    state = sampled_states("gwt", 2, ())[1]
    data, filename = encode(render_board(engine.view(state, None)), "turn-12")
    assert filename == "turn-12.png"
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_incompressible_picture_falls_back_to_webp_within_the_limit() -> None:
    """Even noise the size of the largest board any game draws is encoded within the limit."""
    boards = [importlib.import_module(packages.name_of(game)).BOARD_SIZE for game in rules.ids()]
    size = max(boards, key=lambda wh: wh[0] * wh[1])
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
