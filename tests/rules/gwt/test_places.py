"""The trail's short names: unique, used by the labels, and accepted wherever a move names a place."""

from __future__ import annotations

import re

import pytest

from rules.core.errors import IllegalMoveError
from rules.core.playout import random_playout
from rules.gwt import RULES
from rules.gwt.content import TEEPEE_SPACES, TRAIL
from rules.gwt.places import NAMES, name, to_ids
from tests.rules.gwt.scenario import before_move, clear_trail, game

PLACE_VERBS = ("move", "build", "copy", "remove", "trade")


def test_every_place_has_one_unique_name() -> None:
    assert set(NAMES) == set(TRAIL) | set(TEEPEE_SPACES)
    assert len(set(NAMES.values())) == len(NAMES)
    assert name("A") == "A" and name("A-1") == "1" and name("G-2") == "22"
    assert name("FLOOD-RISK-1") == "4" and name("C-1-2") == "11" and name("TRADE-RISK-1") == "13"
    assert name("DROUGHT-2") == "Drought 2" and name("TEEPEE--3") == "Teepee -3"
    assert name("TEEPEE-10") == "Teepee +10"


def spoken(move: str, bare: bool) -> str:
    """``move`` with every place id replaced by its name (building spots as "12" or "spot 12")."""
    words = move.split(" ")
    if words[0] not in PLACE_VERBS:
        return move
    out = [words[0]]
    for word in words[1:]:
        shown = NAMES.get(word, word)
        out.append(f"spot {shown}" if shown.isdigit() and not bare else shown)
    return " ".join(out)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_naming_a_place_parses_by_its_names(players: int) -> None:
    checked = 0

    def check(state, seat, move, events):  # type: ignore[no-untyped-def]
        nonlocal checked
        for s in RULES.to_act(state):
            for legal in RULES.legal_moves(state, s):
                if legal.split(" ")[0] in PLACE_VERBS and any(w in NAMES for w in legal.split(" ")[1:]):
                    for bare in (True, False):
                        typed = spoken(legal, bare)
                        assert RULES.parse_move(state, s, typed) == legal, typed
                        assert RULES.parse_move(state, s, typed.upper()) == legal, typed
                    checked += 1

    assert random_playout(RULES, players, 70 + players, check=check).finished
    assert checked > 100


def test_names_stay_out_of_other_verbs() -> None:
    assert to_ids("engine 12") == "engine 12"
    assert to_ids("hire cowboy 6") == "hire cowboy 6"
    assert to_ids("deliver kansas city") == "deliver kansas city"
    assert to_ids("build 4a 12") == "build 4a C-2"
    assert to_ids("move b via flood 1 flood 2") == "move B via FLOOD-1 FLOOD-2"
    assert to_ids("trade teepee 10") == "trade TEEPEE-10"
    assert to_ids("trade teepee -2") == to_ids("trade teepee  -2".replace("  ", " ")) == "trade TEEPEE--2"


def test_a_wrong_name_is_refused_in_the_players_words() -> None:
    state = RULES.new_game(2, 1)
    with pytest.raises(IllegalMoveError, match=re.escape("'move spot 30'")):
        RULES.parse_move(state, state.current, "move spot 30")


def test_kc_is_kansas_city_in_typed_moves() -> None:
    """Players say "KC"; "move kc" goes there, as "move kansas city" does."""
    s = game(2)
    clear_trail(s)
    before_move(s, 0, "G")
    assert RULES.parse_move(s, 0, "move kc") == "move KANSAS_CITY"
    assert RULES.parse_move(s, 0, "Move Kansas City") == "move KANSAS_CITY"
    assert to_ids("deliver kc") == "deliver kc"  # only verbs that name places read it
