"""What a player types into /move: every label they are shown means its move, and a refusal suggests the
closest legal moves. All through ``engine.canonical``, the path every submitted move takes."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from bot import messages
from bot.i18n import ENGLISH
from bot.services import engine
from bot.ui.presenters import clip
from rules.core.errors import AmbiguousMoveError, IllegalMoveError, NotYourTurnError, RulesError
from rules.core.rng import Rng
from tests.rules.gwt.scenario import at, game

# The cuts players see: the full label, an autocomplete suggestion or a menu entry, a button.
SHOWN = (1000, 100, 80)


def positions(rules_id: str, players: int, options: dict[str, Any], seed: int, every: int):
    """(state, seat) at every ``every``-th position of a random game."""
    game_rules = rules.get(rules_id)
    pick = Rng(seed)
    state = game_rules.new_game(players, seed, options)
    for step in range(100_000):
        if game_rules.is_over(state):
            return
        seat = pick.choice(sorted(game_rules.to_act(state)))
        if step % every == 0:
            yield state, seat
        state, _ = game_rules.play(state, seat, pick.choice(game_rules.legal_moves(state, seat)))


@pytest.mark.parametrize(
    ("rules_id", "players", "options"),
    [
        ("gwt", 2, {}),
        ("gwt", 4, {"neutral": "random", "building_sides": "random"}),
        ("santafe", 3, {}),
        ("santafe", 5, {"advanced": True, "buy_track": True}),
    ],
)
def test_every_label_a_player_sees_submits_that_move(rules_id, players, options):
    game_rules = rules.get(rules_id)
    checked = 0
    for seed in (1, 2):
        for state, seat in positions(rules_id, players, options, seed, every=3):
            for move, label in engine.labelled_moves(game_rules, state, seat):
                for limit in SHOWN:
                    shown = clip(label, limit)
                    assert engine.canonical(game_rules, state, seat, shown) == move, (shown, move)
                    assert engine.canonical(game_rules, state, seat, shown.upper()) == move, (shown, move)
                    checked += 1
    assert checked > 1000


def test_the_labels_of_the_issue_are_moves():
    gwt = rules.get("gwt")
    first = gwt.new_game(2, 1)
    assert engine.canonical(gwt, first, 0, "place the cattleman on B") == "move B"
    at_c = at(game(2), 0, "C").copy()
    assert engine.canonical(gwt, at_c, 0, "gain a certificate") == "cert"
    santafe = rules.get("santafe")
    state = santafe.new_game(2, 3)
    for move, label in engine.labelled_moves(santafe, state, 0):
        if label.startswith("Play "):
            assert engine.canonical(santafe, state, 0, label) == move


def test_one_word_of_a_label_is_not_a_move():
    gwt = rules.get("gwt")
    at_c = at(game(2), 0, "C").copy()
    with pytest.raises(RulesError):
        engine.canonical(gwt, at_c, 0, "gain")


def refusal(game_rules, state, seat, text) -> RulesError:
    with pytest.raises(RulesError) as caught:
        engine.canonical(game_rules, state, seat, text)
    return caught.value


def test_a_refused_move_suggests_the_closest_legal_moves():
    gwt = rules.get("gwt")
    at_c = at(game(2), 0, "C").copy()
    exc = refusal(gwt, at_c, 0, "gain a certifcate")
    assert isinstance(exc, IllegalMoveError)
    assert "Did you mean: gain a certificate" in exc.message
    exc = refusal(gwt, at_c, 0, "aux mony")
    suggested = exc.message.split("Did you mean: ", 1)[1].rstrip("?").split(" | ")
    assert 1 <= len(suggested) <= engine.SUGGESTIONS and suggested[0] == "auxiliary action gain $1"
    # every suggestion is itself a move the player can type back
    assert all(engine.canonical(gwt, at_c, 0, s) for s in suggested)


def test_a_long_refused_move_fits_a_message_with_its_suggestions():
    gwt = rules.get("gwt")
    at_c = at(game(2), 0, "C").copy()
    text = "aux mony " + "x" * 5000
    answer = messages.explain_rules_error(refusal(gwt, at_c, 0, text), ENGLISH)
    assert len(answer) <= messages.REPLY_LIMIT and "x" * 81 not in answer


def test_ambiguity_and_turn_order_are_not_second_guessed():
    gwt = rules.get("gwt")
    state = gwt.new_game(2, 1)
    assert isinstance(refusal(gwt, state, 0, "move"), AmbiguousMoveError)
    assert isinstance(refusal(gwt, state, 1, "place the cattleman on B"), NotYourTurnError)
