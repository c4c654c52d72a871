"""A piece of track says what it earns before it is laid: the bonus it pays, in its label and beside it in
menus, is what laying it pays; a city card says what it is worth now."""

from __future__ import annotations

import re

import rules
from rules.core.rng import Rng

GAME = rules.get("santafe")


def test_what_a_piece_promises_is_what_laying_it_pays() -> None:
    promised = 0
    for seed in range(4):
        pick, s = Rng(seed), GAME.new_game(3, seed, {"advanced": True} if seed % 2 else {})
        for _ in range(400):
            if GAME.is_over(s):
                break
            seat = min(GAME.to_act(s))
            for move in GAME.legal_moves(s, seat):
                if not move.startswith(("lay ", "branch ")):
                    continue
                after, _ = GAME.play(s, seat, move)
                said = GAME.detail_move(s, seat, move)
                cost = int(m.group(1)) if (m := re.search(r"costs \$(\d+)", said)) else 0
                earned = after.money[seat] - s.money[seat] + cost
                bonus = re.search(r"\+\$(\d+)", said)
                assert (int(bonus.group(1)) if bonus else 0) == earned, (move, said)
                if earned:
                    promised += 1
                    assert f"+${earned}" in GAME.describe_move(s, seat, move)
            s, _ = GAME.play(s, seat, pick.choice(GAME.legal_moves(s, seat)))
    assert promised > 0


def test_a_city_card_says_what_it_scores_now() -> None:
    s = GAME.new_game(2, 1, {})
    seat = min(GAME.to_act(s))
    move = GAME.legal_moves(s, seat)[0]
    assert re.fullmatch(
        r"scores \d × the railroads reaching .+ at the end: \d now, \d+ points",
        GAME.detail_move(s, seat, move),
    )
