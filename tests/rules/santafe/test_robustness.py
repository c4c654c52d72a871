"""Refused moves: random text, other players' moves, malformed words. The state never changes."""

from __future__ import annotations

import json

import pytest

from rules.core.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    NotYourTurnError,
    ParseError,
    RulesError,
)
from rules.core.playout import random_playout
from rules.core.rng import Rng
from tests.rules.santafe.helpers import R, laying, new, play
from tests.rules.santafe.test_playouts import games

ALPHABET = "xqz0123456789!?#@&*;:()[]{}<>/\\|~`'\" \t\n"
NONSENSE = [
    "lay purple chi-kcy",
    "lay blue chi-xyz",
    "lay blue nowhere",
    "play atlantis",
    "play atlantis+branch blue",
    "exchange atlantis",
    "buy branch pink",
    "draw money",
    "buy track mauve",
    "branch blue",
    "lay blue chi-kcy extra words",
    "play double+branch pink",
    "exchange denver denver denver denver denver",
    "done done",
    "keep it",
    "pass pass",
    "buy engineer twice",
    "lay red to-the-sea",
    "draw cities",
    "sell",
    "undo",
]


def random_text(rng: Rng) -> str:
    """Text that is no move: random symbols, or a known verb with nonsense after it."""
    if rng.randrange(3):
        return rng.choice(["x", "q", "z", "#", "0"]) + "".join(
            rng.choice(ALPHABET) for _ in range(rng.randrange(12))
        )
    return rng.choice(NONSENSE)


def test_random_text_and_other_players_moves_are_refused_without_change() -> None:
    rng = Rng(99)
    for seed, players, options in games(16):
        state = R.new_game(players, seed, options)
        moves = random_playout(R, players, seed, options).moves
        for i, (seat, move) in enumerate(moves):
            if i % 3 == 0:
                before = json.dumps(R.dump(state))
                for _ in range(4):
                    with pytest.raises(RulesError):
                        R.play(state, seat, random_text(rng))
                acting = R.to_act(state)
                for other in range(players):
                    if other not in acting:
                        with pytest.raises(NotYourTurnError):
                            R.play(state, other, move)
                        assert R.legal_moves(state, other) == []
                assert json.dumps(R.dump(state)) == before
            state, _ = R.play(state, seat, move)
        with pytest.raises(RulesError):
            R.play(state, 0, moves[-1][1])


def test_refusals_name_the_reason() -> None:
    s = new(3)
    with pytest.raises(ParseError):
        play(s, 0, "fly to the moon")
    with pytest.raises(ParseError):
        play(s, 0, "")
    hand = " ".join(R.legal_moves(s, 0))
    missing = next(c for c in ("denver", "seattle", "topeka", "fresno", "reno") if c not in hand)
    with pytest.raises(IllegalMoveError, match=r"You have no \w+ card in your hand"):
        play(s, 0, f"play {missing}")
    t = laying(3)
    with pytest.raises(ParseError, match="No railroad"):
        play(t, 0, "lay purple chi-kcy")
    with pytest.raises(ParseError, match="names no line"):
        play(t, 0, "lay blue chi-sea")
    with pytest.raises(IllegalMoveError, match="no railhead at Topeka"):
        play(t, 0, "lay blue top-den")
    with pytest.raises(IllegalMoveError, match="not possible now"):
        play(t, 0, "draw city")


def test_prefixes_that_fit_several_moves_are_ambiguous() -> None:
    t = laying(3)
    with pytest.raises(AmbiguousMoveError):
        play(t, 0, "lay blue")


def test_aliases_and_spelling_variants_are_accepted() -> None:
    t = laying(3)
    assert R.parse_move(t, 0, "LAY  Santa Fe  CHI-KCY") == "lay blue chi-kcy"
    assert R.parse_move(t, 0, "lay up chi kcy") == "lay red chi-kcy"
    assert R.parse_move(t, 0, "lay kansas pacific kcy - top") == "lay yellow kcy-top"
    s = new(3)
    card = R.legal_moves(s, 0)[0]
    slug = card.split(" ")[1]
    from rules.santafe import board

    c = board.SLUG_INDEX[slug]
    assert R.parse_move(s, 0, f"play {board.CITY_NAME[c].upper()}") == card
    assert R.parse_move(s, 0, f"play {board.CITY_IDS[c]}") == card
