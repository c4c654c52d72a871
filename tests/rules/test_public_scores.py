"""The public score of a position (``ScoresPositions``): what every player could count on the table, never a
hidden card; once the game is over, the final result's totals."""

from __future__ import annotations

import copy

import pytest

import rules
from rules.core.playout import random_playout
from rules.core.protocol import ScoresPositions
from rules.gwt.content import CATTLE, OBJECTIVES
from rules.santafe.view import city_points


def totals(engine: object, state: object) -> list[int]:
    result = engine.result(state)  # type: ignore[attr-defined]
    return [p["total"] for p in sorted(result["players"], key=lambda p: p["seat"])]


@pytest.mark.parametrize("game", ["gwt", "santafe"])
@pytest.mark.parametrize("seed", [3, 8])
def test_the_last_public_score_is_the_final_total(game: str, seed: int) -> None:
    engine = rules.get(game)
    assert isinstance(engine, ScoresPositions)
    played = random_playout(engine, 3, seed)
    assert played.finished
    assert engine.public_scores(played.final) == totals(engine, played.final)


def test_a_gwt_score_during_the_game_does_not_depend_on_any_hidden_card() -> None:
    """The cards in a hand and a deck (cattle, objective cards) count only at the end: giving a player
    the best of them changes their final count but not the points the table shows."""
    engine = rules.get("gwt")
    played = random_playout(engine, 3, 5, max_moves=120)
    state = played.final
    assert not engine.is_over(state)
    before = engine.public_scores(state)
    richer = copy.deepcopy(state)
    best_cattle = max(CATTLE, key=lambda c: CATTLE[c][2])
    richer.players[0].hand.append(best_cattle)
    richer.players[0].deck.extend([best_cattle, next(iter(OBJECTIVES))])
    richer.players[0].deck.reverse()
    assert engine.public_scores(richer) == before
    assert sum(engine.result(richer)["players"][0]["points"].values()) != sum(
        engine.result(state)["players"][0]["points"].values()
    )


def test_a_santa_fe_score_during_the_game_is_what_its_spectator_view_shows() -> None:
    """Money and the played city cards lie open: the score is read off the spectator's view."""
    engine = rules.get("santafe")
    for cut in (10, 40, 80):
        state = random_playout(engine, 4, 2, max_moves=cut).final
        seats = engine.view(state, None)["seats"]
        assert engine.public_scores(state) == [s["money"] + s["city_points"] for s in seats]
        assert [s["city_points"] for s in seats] == [city_points(state, p) for p in range(4)]
