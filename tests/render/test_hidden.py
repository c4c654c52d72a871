"""Public pictures never depend on hidden information: hands and draw piles may be anything."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import rules
from render import render_board, render_player_area
from tests.render.conftest import sampled_states


def _shuffle_gwt(data: dict[str, Any]) -> None:
    for player in data["players"]:
        size = len(player["hand"])
        pool = list(reversed(player["deck"] + player["hand"]))
        player["hand"], player["deck"] = pool[:size], pool[size:]


def _shuffle_santafe(data: dict[str, Any]) -> None:
    pool = data["deck"] + [card for hand in data["hand"] for card in hand]
    for seat, hand in enumerate(data["hand"]):
        data["hand"][seat] = sorted(pool[seat * len(hand) : (seat + 1) * len(hand)])
    data["deck"] = pool[sum(len(h) for h in data["hand"]) :]


# how to deal other hands in a game's dumped state: each game keeps them its own way
SHUFFLES: dict[str, Callable[[dict[str, Any]], None]] = {"gwt": _shuffle_gwt, "santafe": _shuffle_santafe}
HANDS = [game for game in rules.ids() if rules.spec(game).hands]


def _shuffled_hands(game: str, state: Any) -> Any:
    """The same position with every player's hand swapped for other cards of the draw pile."""
    engine = rules.get(game)
    data = engine.dump(state)
    SHUFFLES[game](data)
    return engine.load(data)


def _differs(game: str, a: Any, b: Any) -> bool:
    engine = rules.get(game)
    return any(engine.view(a, seat).get("hand") != engine.view(b, seat).get("hand") for seat in range(2))


@pytest.mark.parametrize("game", HANDS)
def test_spectator_pictures_do_not_change_with_the_hands(game: str) -> None:
    if game not in SHUFFLES:
        pytest.skip(f"{game}: no way to deal other hands is known here (SHUFFLES)")
    engine, players = rules.get(game), min(rules.spec(game).min_players + 1, rules.spec(game).max_players)
    state = sampled_states(game, players, ())[1]
    other = _shuffled_hands(game, state)
    assert _differs(game, state, other), "the test must really change a hand"
    before, after = render_board(engine.view(state, None)), render_board(engine.view(other, None))
    assert before.tobytes() == after.tobytes()
    for seat in range(players):
        assert (
            render_player_area(engine.view(state, None), seat).tobytes()
            == render_player_area(engine.view(other, None), seat).tobytes()
        )


@pytest.mark.parametrize("game", rules.ids())
def test_a_players_own_view_draws_the_same_board_as_a_spectators(game: str) -> None:
    engine, players = rules.get(game), rules.spec(game).min_players
    state = sampled_states(game, players, ())[2]
    spectator = render_board(engine.view(state, None)).tobytes()
    for seat in range(players):
        assert render_board(engine.view(state, seat)).tobytes() == spectator


def test_a_secret_card_choice_leaves_the_public_player_areas_unchanged() -> None:
    """Mid-choice in Santa Fe: whichever card the first player chose, what a spectator's pictures of every
    player's area show is the same (the hand count is public; the choice is not, until the reveal)."""
    engine = rules.get("santafe")
    start = engine.new_game(3, 5, {})
    first, second = engine.legal_moves(start, 0)[:2]
    chose_a = engine.play(start, 0, first)[0]
    chose_b = engine.play(start, 0, second)[0]
    assert engine.view(chose_a, 0) != engine.view(chose_b, 0), "the test must really change the choice"
    for seat in range(3):
        assert (
            render_player_area(engine.view(chose_a, None), seat).tobytes()
            == render_player_area(engine.view(chose_b, None), seat).tobytes()
        )
