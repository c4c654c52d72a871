"""Random complete games over every player count and option setting, with invariants after every move."""

from __future__ import annotations

import json

import pytest

from rules.core.playout import random_playout, replay
from rules.core.rng import Rng
from rules.gwt import RULES
from rules.gwt.content import BUILDINGS
from tests.rules.gwt.invariants import check_state

OPTIONS = ({}, {"neutral": "random", "building_sides": "random"})


def _check(state, seat, move, events) -> None:  # type: ignore[no-untyped-def]
    check_state(state)
    if any(ev["type"] == "turn_start" for ev in events):
        assert RULES.to_act(state) == frozenset({state.current})


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=["fixed-a", "random"])
def test_random_games_end_with_invariants(players: int, options: dict[str, str]) -> None:
    """1,002 complete games in all: 167 per player count and option setting."""
    for seed in range(167):
        game = random_playout(RULES, players, 1000 * players + seed, options, max_moves=5000, check=_check)
        assert game.finished, f"seed {seed} did not finish in {len(game.moves)} moves"
        result = RULES.result(game.final)
        assert sorted(p["seat"] for p in result["players"]) == list(range(players))
        assert sum(p["job_token"] for p in (q["points"] for q in result["players"])) == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_notation_round_trip_dump_load_and_determinism(players: int) -> None:
    """Every legal move seen parses to itself; dumps survive JSON; same seed and moves, same state."""
    game = random_playout(RULES, players, 77 + players, OPTIONS[1])
    state = RULES.new_game(players, 77 + players, OPTIONS[1])
    for seat, move in game.moves:
        for m in RULES.legal_moves(state, seat):
            assert RULES.parse_move(state, seat, m) == m
            assert RULES.describe_move(state, seat, m)
        data = RULES.dump(state)
        again = RULES.load(json.loads(json.dumps(data)))
        assert again == state and RULES.dump(again) == data
        state_after, _ = RULES.play(state, seat, move)
        assert RULES.dump(state) == data  # play never changes the state it is given
        state = state_after
    assert RULES.is_over(state)
    assert RULES.dump(replay(RULES, players, 77 + players, OPTIONS[1], game.moves)) == RULES.dump(state)


AMBITIOUS = ("hire", "build", "upgrade", "appoint", "copy", "extra", "certs max", "teepees", "deliver")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rich_ambitious_players_reach_the_rare_rules(players: int) -> None:
    """Players with $150 who prefer hiring, building and upgrading: big buildings, dark discs, masters."""
    seen: set[str] = set()
    for seed in range(10):
        state = RULES.new_game(players, seed, OPTIONS[seed % 2])
        for p in state.players:
            p.money = 150
        rng = Rng(seed)
        while not RULES.is_over(state):
            moves = RULES.legal_moves(state, state.current)
            keen = [m for m in moves if m.startswith(AMBITIOUS)]
            move = keen[-1] if keen and rng.randrange(10) < 8 else moves[rng.randrange(len(moves))]
            seen.add(" ".join(move.split()[:2]))
            state, _ = RULES.play(state, state.current, move)
            check_state(state)
        assert RULES.result(state)["winners"]
    assert any(m.startswith("appoint") for m in seen)
    assert any(m.startswith("build") and BUILDINGS[m.split()[1]][0] >= 3 for m in seen)
