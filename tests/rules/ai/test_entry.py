"""The computer players' entry point: levels, fallback, determinism."""

from __future__ import annotations

import pytest

import rules
from rules.ai import choose_move, levels, players_for
from rules.core import SetupError
from rules.core.spec import Budget, Computer
from tests.rules.ai.games import play_game

LEGAL = [f"move {i}" for i in range(30)]


def test_random_level_returns_a_legal_move_and_is_deterministic() -> None:
    """Level 0 picks from the list, the same seed gives the same move, different seeds spread out."""
    picks = [choose_move("gwt", {}, LEGAL, 0, seed) for seed in range(200)]
    assert all(p in LEGAL for p in picks)
    assert picks == [choose_move("gwt", {}, LEGAL, 0, seed) for seed in range(200)]
    assert len(set(picks)) > 15


def test_an_unknown_game_has_no_players() -> None:
    with pytest.raises(SetupError, match="Unknown game"):
        players_for("chess")


def test_no_legal_move_is_an_error() -> None:
    with pytest.raises(ValueError):
        choose_move("santafe", {}, [], 0, 1)


def test_levels_are_described_from_the_spec() -> None:
    """Every game offers random play as level 0; the other levels' lines come from the game's spec."""
    assert levels("santafe")[0] == levels("gwt")[0] == "plays any legal move at random"
    assert levels("santafe")[2].startswith("looks ahead")


def test_each_game_registers_its_levels() -> None:
    """Santa Fe has a heuristic, a lookahead and a searching level, Great Western Trail a heuristic and three
    searching ones (one builds, one races, one values positions as learned from self-play); only the
    searching levels think (take a budget)."""
    assert set(players_for("santafe")) == {0, 1, 2, 3}
    assert set(players_for("gwt")) == {0, 1, 2, 3, 4}
    assert [lv for lv, c in players_for("santafe").items() if c.thinks] == [3]
    assert [lv for lv, c in players_for("gwt").items() if c.thinks] == [2, 3, 4]


def test_a_level_a_game_lacks_is_played_by_its_best() -> None:
    import rules

    engine = rules.get("gwt")
    state = engine.new_game(2, 7)
    seat = min(engine.to_act(state))
    view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
    budget = Budget(playouts=4)
    assert [choose_move("gwt", view, legal, 5, s, budget) for s in range(3)] == [
        choose_move("gwt", view, legal, 2, s, budget) for s in range(3)
    ]


@pytest.mark.parametrize("game_id", rules.ids())
def test_a_spec_names_its_players_by_path_and_they_load(game_id: str) -> None:
    """The spec does not import its players (they read the game's engine); each path loads a function."""
    for computer in rules.spec(game_id).computers.values():
        assert isinstance(computer.player, str)
        assert computer.play.__module__ == computer.player.partition(":")[0]


def test_a_player_path_that_names_no_function_is_refused() -> None:
    with pytest.raises(TypeError, match="not a function"):
        _ = Computer("a constant", "rules.ai:RANDOM").play


@pytest.mark.parametrize(
    ("game_id", "players", "seed", "levels"), [("gwt", 3, 8, [1, 0, 1]), ("santafe", 3, 21, [1, 0, 2])]
)
def test_deterministic_for_a_seed(game_id: str, players: int, seed: int, levels: list[int]) -> None:
    """The same game seed and decision seeds replay to the same final state."""
    engine = rules.get(game_id)
    first = play_game(game_id, players, seed, {}, levels)
    assert engine.dump(first) == engine.dump(play_game(game_id, players, seed, {}, levels))


@pytest.mark.parametrize(
    ("game_id", "games", "table_sizes", "first_seed", "losses"),
    [("gwt", 6, 3, 500, 1), ("santafe", 8, 4, 300, 2)],
)
def test_beats_random_players(
    game_id: str, games: int, table_sizes: int, first_seed: int, losses: int
) -> None:
    """A few games, one heuristic seat against random seats in rotation (2 to ``1 + table_sizes``
    players): it wins nearly all (measured 100% over hundreds of games in bench/ai.py; the bound here, at
    most ``losses`` lost, is generous)."""
    engine = rules.get(game_id)
    wins = 0
    for seed in range(games):
        players = 2 + seed % table_sizes
        levels = [1 if seat == seed % players else 0 for seat in range(players)]
        final = play_game(game_id, players, first_seed + seed, {}, levels)
        wins += levels.index(1) in engine.result(final)["winners"]
    assert wins >= games - losses
