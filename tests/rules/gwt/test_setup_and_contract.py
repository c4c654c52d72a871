"""Setup by player count and option, and the engine contract: errors, views, hidden information."""

from __future__ import annotations

import contextlib
import json
from collections import Counter

import pytest

from rules.core.errors import GameOverError, NotYourTurnError, ParseError, RulesError, SetupError
from rules.core.playout import random_playout
from rules.core.protocol import REVISION_OPTION, VIEW_KEYS, Notation, Rules
from rules.core.rng import Rng
from rules.gwt import RULES
from rules.gwt.content import HAZARD_SPACES, NEUTRAL_SLOTS, TEEPEE_SPACES
from rules.gwt.revisions import CURRENT, FIRST, revision


def test_registry_and_protocols() -> None:
    import rules

    assert rules.get("gwt") is RULES
    assert isinstance(RULES, Rules) and isinstance(RULES, Notation)
    assert (RULES.id, RULES.title) == ("gwt", "Great Western Trail")
    assert (RULES.min_players, RULES.max_players) == (2, 4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_by_player_count(players: int) -> None:
    s = RULES.new_game(players, 5)
    assert len(s.market) == {2: 7, 3: 10, 4: 13}[players]
    assert sum(len(r) for r in s.job_rows) == {2: 3, 3: 5, 4: 7}[players]
    assert len(s.job_rows[0]) == players and s.job_token == 1
    assert all(None not in col for col in s.foresight)
    workers = ("cowboy", "craftsman", "engineer")
    assert not any(t in workers for t in s.foresight[0]) and all(t in workers for t in s.foresight[1])
    spaces = [*TEEPEE_SPACES, *(x for v in HAZARD_SPACES.values() for x in v)]
    assert sum(1 for sp in spaces if s.trail[sp]) == 7
    assert len(s.objective_display) == 4 and len(s.objective_stack) == 20
    assert sorted(s.masters) == sorted(
        ["sm-workers", "sm-certificates", "sm-objectives", "sm-hazards", "sm-teepees"]
    )
    for seat, p in enumerate(s.players):
        assert p.money == 6 + seat and len(p.hand) == 4 and len(p.deck) == 10
        assert sum(p.discs.values()) == 14 and p.engine == "0" and p.cert == 0 and p.location is None
        assert len(p.objectives) == 1 and p.objectives[0].startswith("start-")
    assert len({p.objectives[0] for p in s.players}) == players
    assert [s.trail[x] for x in NEUTRAL_SLOTS] == list(NEUTRAL_SLOTS)
    assert s.options["sides"] == "a" * 10
    assert RULES.legal_moves(s, 0) == [f"move {x}" for x in NEUTRAL_SLOTS]


def test_teepees_fill_the_lowest_value_first_and_hazards_the_lowest_number() -> None:
    for seed in range(20):
        s = RULES.new_game(2, seed)
        teepees = [s.trail[sp] is not None for sp in TEEPEE_SPACES]
        assert teepees == sorted(teepees, reverse=True)
        for spaces in HAZARD_SPACES.values():
            filled = [s.trail[sp] is not None for sp in spaces]
            assert filled == sorted(filled, reverse=True)


def test_random_options_shuffle_neutral_buildings_and_share_building_sides() -> None:
    seen_sides, seen_orders = set(), set()
    for seed in range(30):
        s = RULES.new_game(3, seed, {"neutral": "random", "building_sides": "random"})
        seen_sides.add(s.options["sides"])
        seen_orders.add(tuple(s.trail[x] for x in NEUTRAL_SLOTS))
        assert sorted(s.trail[x] for x in NEUTRAL_SLOTS) == list(NEUTRAL_SLOTS)
    assert len(seen_sides) > 20 and len(seen_orders) > 20


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, None),
        (5, None),
        (2, {"neutral": "x"}),
        (2, {"nope": 1}),
        (2, {REVISION_OPTION: CURRENT + 1}),
        (2, {REVISION_OPTION: "2"}),
    ],
)
def test_bad_setup(players: int, options: dict[str, object] | None) -> None:
    with pytest.raises(SetupError):
        RULES.new_game(players, 1, options)


def test_refused_moves_change_nothing() -> None:
    game = random_playout(RULES, 3, 11, max_moves=120)
    state = game.final
    assert not RULES.is_over(state)
    before = RULES.dump(state)
    rng = Rng(3)
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 -."
    for _ in range(300):
        text = "".join(alphabet[rng.randrange(len(alphabet))] for _ in range(rng.randrange(12)))
        with contextlib.suppress(RulesError):
            RULES.play(state, state.current, text)
    for seat in range(3):
        if seat != state.current:
            with pytest.raises(NotYourTurnError):
                RULES.play(state, seat, RULES.legal_moves(state, state.current)[0])
            assert RULES.legal_moves(state, seat) == []
    with pytest.raises(ParseError):
        RULES.play(state, state.current, "fly to the moon")
    with pytest.raises(RulesError):
        RULES.play(state, state.current, "move NOWHERE")
    assert RULES.dump(state) == before


def test_game_over_refuses_moves() -> None:
    game = random_playout(RULES, 2, 4)
    assert RULES.is_over(game.final) and RULES.to_act(game.final) == frozenset()
    with pytest.raises(GameOverError):
        RULES.play(game.final, 0, "done")
    view = RULES.view(game.final, None)
    assert view["over"] and view["decision"] is None


def test_views_hide_hands_and_stacks() -> None:
    game = random_playout(RULES, 4, 21, max_moves=200)
    s = game.final
    for seat in [None, 0, 1, 2, 3]:
        view = RULES.view(s, seat)
        assert set(view) >= VIEW_KEYS
        text = json.dumps(view)
        assert json.loads(text) == view
        if seat is None:
            assert "hand" not in view
        else:
            assert Counter(view["hand"]) == Counter(s.players[seat].hand)
        for other in view["seats"]:
            assert "hand" not in other and "draw_stack" not in other
            assert other["hand_size"] == len(s.players[other["seat"]].hand)
        assert "market_stack" not in view["board"] and "piles" not in view["board"]
        assert view["board"]["cattle_stack_size"] == len(s.market_stack)
    decision = RULES.view(s, None)["decision"]
    assert decision["seats"] == [s.current] and decision["prompt"]


def test_moves_that_reveal_are_irreversible_and_turns_are_marked() -> None:
    game = random_playout(RULES, 2, 8, max_moves=400)
    state = RULES.new_game(2, 8)
    saw_turn = saw_draw = False
    for seat, move in game.moves:
        state, events = RULES.play(state, seat, move)
        if any(e["type"] == "draw" for e in events):
            saw_draw = True
            assert events[0]["irreversible"] is True
            assert all(e["private_to"] == seat for e in events if e["type"] == "draw")
        if any(e["type"] == "turn_start" for e in events):
            saw_turn = True
            assert [e["seat"] for e in events if e["type"] == "turn_start"] == [state.current]
    assert saw_turn and saw_draw


def test_loading_garbage_is_refused() -> None:
    with pytest.raises(RulesError):
        RULES.load({"n": 2})


def test_the_rules_revision_is_stored_with_a_new_game_and_read_as_the_first_when_absent() -> None:
    """A new game's options carry the current rules revision (``rules.gwt.revisions``), which the state
    keeps through copy, dump and load and never shows; options and dumps without one (every game stored
    before) are played by the first rules, their dumps unchanged."""
    options = RULES.current_options({"neutral": "random"})
    assert options == {"neutral": "random", REVISION_OPTION: CURRENT}
    new = RULES.new_game(2, 7, options)
    assert (
        revision(new)
        == revision(new.copy())
        == revision(RULES.load(json.loads(json.dumps(RULES.dump(new)))))
        == CURRENT
    )
    assert REVISION_OPTION not in json.dumps(RULES.view(new, 0)) and REVISION_OPTION not in json.dumps(
        RULES.view(new, None)
    )
    old = RULES.new_game(2, 7, {"neutral": "random"})
    assert revision(old) == FIRST and REVISION_OPTION not in RULES.dump(old)["options"]
    assert RULES.dump(old) == {**RULES.dump(new), "options": RULES.dump(old)["options"]}  # the same deal
