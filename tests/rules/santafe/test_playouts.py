"""Random games to the end with invariants after every move; notation and dump round trips."""

from __future__ import annotations

import json
from collections import Counter
from itertools import product

import pytest

from rules.core.playout import random_playout, replay
from rules.santafe import board
from rules.santafe.state import HAND_LIMIT, SantaFeState
from tests.rules.santafe.helpers import R

OPTION_SETS = [
    {},
    {"advanced": True},
    {"buy_track": True},
    {"advanced": True, "buy_track": True},
]
DOUBLES_IN_PLAY = {2: 3, 3: 5, 4: 7, 5: 9}

# railroad -> node -> segments of the board touching it, for the connectivity check
_TOUCHING: dict[int, list[int]] = {}
for _g, (_u, _v) in enumerate(board.SEG_NODES):
    _TOUCHING.setdefault(_u, []).append(_g)
    _TOUCHING.setdefault(_v, []).append(_g)


def connected_to_home(s: SantaFeState, r: int) -> bool:
    """Every piece of railroad ``r`` can be walked to from its home base over its own pieces."""
    own = {g for g, o in enumerate(s.occupant) if o == r}
    seen_nodes, todo, reached = {board.HOME[r]}, [board.HOME[r]], set()
    while todo:
        node = todo.pop()
        for g in _TOUCHING.get(node, ()):
            if g in own and g not in reached:
                reached.add(g)
                for n in board.SEG_NODES[g]:
                    if n not in seen_nodes:
                        seen_nodes.add(n)
                        todo.append(n)
    return reached == own


def check_invariants(s: SantaFeState, seat: int, move: str, events: list[dict]) -> None:
    laid = Counter(s.occupant)
    for r, pieces in enumerate(board.PIECES):
        on_board = laid[r]
        assert s.supply[r] + sum(b[r] for b in s.bought) + on_board == pieces, "track pieces conserved"
        assert len(s.heads[r]) <= 3
    assert min(s.money) >= 0, "money never negative"
    assert all(s.hand_size(p) <= HAND_LIMIT for p in range(s.players))
    pending = sum(c[1] for c in s.choice if c is not None and s.phase == "choose")
    assert sum(s.doubles) + s.doubles_pool + sum(s.double_on) + pending == DOUBLES_IN_PLAY[s.players]
    for e in events:
        if e["type"] == "lay":
            r = board.RAILROAD_INDEX[e["railroad"]]
            line = board.SEG_LINE[board.SEG_ID.index(e["segment"])]
            segs = [s.occupant[g] for g in board.LINE_SEGS[line]]
            taken = [o for o in segs if o != -1]
            assert set(taken) == {r} and s.line_owner[line] == r, "one railroad per line"
            k = len(taken)
            assert segs[:k] == taken or segs[len(segs) - k :] == taken, "lines fill from one end"
            sibling = board.LINE_SIBLING[line]
            assert sibling < 0 or s.line_owner[sibling] != r, "never both parallel lines"
            assert connected_to_home(s, r), "track connected to its home base"
    for p in R.to_act(s):
        for m in R.legal_moves(s, p):
            assert R.parse_move(s, p, m) == m, "every legal move reads back as itself"


def games(count: int) -> list[tuple[int, int, dict]]:
    """(seed, players, options) spread over 2-5 players and every option set."""
    combos = list(product(range(2, 6), range(len(OPTION_SETS))))
    return [
        (seed, combos[seed % len(combos)][0], OPTION_SETS[combos[seed % len(combos)][1]])
        for seed in range(count)
    ]


@pytest.mark.slow
def test_a_thousand_random_games_end_with_invariants_kept() -> None:
    ends: set[str] = set()
    for seed, players, options in games(1000):
        playout = random_playout(R, players, seed, options, check=check_invariants)
        assert playout.finished, (seed, players, options)
        final = playout.final
        for r in range(len(board.RAILROADS)):
            assert connected_to_home(final, r)
        result = R.result(final)
        assert sorted(p["seat"] for p in result["players"]) == list(range(players))
        ends.add(final.end_reason.split(":")[0].split(" ", 2)[-1])
    assert len(ends) >= 2  # games end in more than one way


def test_every_legal_move_reads_back_as_itself_and_states_round_trip() -> None:
    for seed, players, options in games(24):
        state = R.new_game(players, seed, options)
        playout = random_playout(R, players, seed, options)
        for seat, move in playout.moves:
            for p in R.to_act(state):
                for m in R.legal_moves(state, p):
                    assert R.parse_move(state, p, m) == m
                    assert R.describe_move(state, p, m)
            data = R.dump(state)
            text = json.dumps(data)
            again = R.load(json.loads(text))
            assert again == state and R.dump(again) == data
            variant = "  " + move.upper().replace(" ", "   ") + " "
            a, _ = R.play(state, seat, variant)
            state, _ = R.play(state, seat, move)
            assert R.dump(a) == R.dump(state)
        assert R.dump(state) == R.dump(playout.final)


def test_same_seed_and_moves_give_the_same_game() -> None:
    for seed, players, options in games(8):
        playout = random_playout(R, players, seed, options)
        again = replay(R, players, seed, options, playout.moves)
        assert json.dumps(R.dump(again)) == json.dumps(R.dump(playout.final))
        assert random_playout(R, players, seed, options).moves == playout.moves


def test_play_never_changes_the_state_it_was_given() -> None:
    for seed, players, options in games(8):
        state = R.new_game(players, seed, options)
        for seat, move in random_playout(R, players, seed, options).moves:
            before = json.dumps(R.dump(state))
            nxt, _ = R.play(state, seat, move)
            assert json.dumps(R.dump(state)) == before
            state = nxt
