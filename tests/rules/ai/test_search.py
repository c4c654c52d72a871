"""The thinking computer players (GWT levels 2 and 3, Santa Fe level 3) and the determinizers they
search with: sampled states are consistent with the view and read nothing else; chosen moves are
legal, view-only and reproducible for a seed and a playout budget. Tiny budgets keep these fast;
strength is measured in bench/ai.py, not here."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import rules
from rules.ai import choose_move
from rules.core.rng import Rng
from rules.core.search import _clearly_better, candidates
from rules.core.spec import Budget
from rules.gwt import ai_search as gwt_search
from rules.gwt.sample import sample as gwt_sample
from rules.santafe.sample import sample as santafe_sample
from tests.rules.ai.games import hide_gwt, hide_santafe

GWT = rules.get("gwt")
SANTAFE = rules.get("santafe")
TINY = Budget(playouts=3)
THINKER = {"gwt": 2, "santafe": 3}
THINKERS = [("gwt", 2), ("gwt", 3), ("santafe", 3)]  # every level that searches


def positions(game_id: str, players: int, seed: int, options: dict[str, Any], every: int = 5):
    """Every ``every``-th position of a game between level-1 players: (state, seat to act)."""
    engine = rules.get(game_id)
    state = engine.new_game(players, seed, options)
    n = 0
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        if n % every == 0:
            yield state, seat
        view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
        state, _ = engine.play(state, seat, choose_move(game_id, view, legal, 1, n))
        n += 1


CASES = [
    ("gwt", 2, {}),
    ("gwt", 3, {"neutral": "random", "building_sides": "random"}),
    ("gwt", 4, {}),
    ("santafe", 2, {}),
    ("santafe", 3, {"advanced": True, "buy_track": True}),
    ("santafe", 5, {}),
]
SAMPLERS: dict[str, Callable[..., Any]] = {"gwt": gwt_sample, "santafe": santafe_sample}
HIDERS: dict[str, Callable[..., Any]] = {"gwt": hide_gwt, "santafe": hide_santafe}


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_a_sampled_state_shows_every_seat_its_own_view(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """For every seat, at many points of a game: the state sampled from the seat's view shows that seat
    exactly that view (public board, the seat's own hand, every size), offers the same legal moves, and
    plays on."""
    engine = rules.get(game_id)
    sample = SAMPLERS[game_id]
    checked = 0
    for state, acting in positions(game_id, players, 3, options, every=7):
        for seat in range(players):
            view = engine.view(state, seat)
            sampled = sample(view, Rng(checked))
            assert engine.view(sampled, seat) == view
            assert engine.legal_moves(sampled, seat) == engine.legal_moves(state, seat)
            checked += 1
        legal = engine.legal_moves(sampled, acting)
        engine.play(sampled, acting, legal[-1])
    assert checked > 20


@pytest.mark.parametrize(("game_id", "players", "options"), CASES[:1] + CASES[3:4])
def test_sampling_reads_only_the_view(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Two real states that differ only in what the seat cannot see give the same view, and so the same
    sampled state for the same seed; a different seed deals the hidden cards differently."""
    engine = rules.get(game_id)
    sample = SAMPLERS[game_id]
    rng = Rng(17)
    differs = 0
    for state, seat in positions(game_id, players, 4, options, every=9):
        other = HIDERS[game_id](state, seat, rng)
        view = engine.view(state, seat)
        assert engine.view(other, seat) == view
        a, b = sample(view, Rng(5)), sample(engine.view(other, seat), Rng(5))
        assert engine.dump(a) == engine.dump(b)
        differs += engine.dump(sample(view, Rng(6))) != engine.dump(a)
    assert differs > 0


def test_a_sampled_gwt_state_deals_each_seat_its_own_starting_herd() -> None:
    """Starting cattle never change hands: every seat's sampled cards hold its whole starting herd, and
    the cards dealt are the cards the game holds (none invented, none lost)."""
    from rules.gwt.content import STARTING_HERD

    for state, seat in positions("gwt", 3, 9, {}, every=25):
        sampled = gwt_sample(GWT.view(state, seat), Rng(1))
        for real, dealt in zip(state.players, sampled.players, strict=True):
            for breed, count in STARTING_HERD.items():
                owned = [*dealt.hand, *dealt.deck, *dealt.discard, *dealt.trashed].count(breed)
                assert owned == [*real.hand, *real.deck, *real.discard, *real.trashed].count(breed) == count

        def everything(s):
            cards = [c for p in s.players for c in (*p.hand, *p.deck, *p.discard, *p.trashed)]
            return sorted(
                cards
                + s.market
                + s.market_stack
                + s.objective_display
                + s.objective_stack
                + [c for p in s.players for c in p.objectives]
            )

        assert everything(sampled) == everything(state)


@pytest.mark.parametrize(
    ("game_id", "players", "thinker"),
    [("gwt", 2, 2), ("gwt", 3, 2), ("gwt", 2, 3), ("gwt", 3, 3), ("santafe", 2, 3), ("santafe", 4, 3)],
)
def test_the_thinking_level_always_plays_a_legal_move(game_id: str, players: int, thinker: int) -> None:
    """Mixed with level-1 seats, on a tiny budget, the thinking level answers every decision with a
    legal move, to the end of the game."""
    engine = rules.get(game_id)
    state = engine.new_game(players, 2, {})
    n = 0
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
        level = thinker if seat == 0 else 1
        move = choose_move(game_id, view, legal, level, n, TINY)
        assert move in legal
        state, _ = engine.play(state, seat, move)
        n += 1


@pytest.mark.parametrize(("game_id", "level"), THINKERS)
def test_the_same_seed_and_playouts_give_the_same_move(game_id: str, level: int) -> None:
    """With a playout budget the search is reproducible: same view, seed and budget, same move; a game
    between thinking seats replays to the same end."""
    engine = rules.get(game_id)
    for state, seat in positions(game_id, 3, 6, {}, every=11):
        view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
        budget = Budget(playouts=6)
        assert choose_move(game_id, view, legal, level, 8, budget) == choose_move(
            game_id, copy.deepcopy(view), list(legal), level, 8, budget
        )


@pytest.mark.parametrize(("game_id", "level"), THINKERS)
def test_decisions_depend_only_on_the_view(game_id: str, level: int) -> None:
    """Whatever the other hands, draw stacks and supplies hold, the view is the same and so is the move."""
    engine = rules.get(game_id)
    rng = Rng(23)
    compared = 0
    for state, seat in positions(game_id, 3, 12, {}, every=13):
        other = HIDERS[game_id](state, seat, rng)
        view = engine.view(state, seat)
        assert engine.view(other, seat) == view
        legal = engine.legal_moves(state, seat)
        mine = choose_move(game_id, view, legal, level, 4, Budget(playouts=6))
        assert mine == choose_move(
            game_id,
            engine.view(other, seat),
            engine.legal_moves(other, seat),
            level,
            4,
            Budget(playouts=6),
        )
        compared += 1
    assert compared > 3


def test_a_thinking_player_is_picklable_for_a_worker_process() -> None:
    """A worker process gets the player by reference and the view, legal moves and budget as data."""
    import pickle

    for game_id, level in THINKERS:
        player = rules.spec(game_id).computers[level]
        assert player.thinks
        assert pickle.loads(pickle.dumps(player.play)) is player.play
        assert pickle.loads(pickle.dumps(TINY)) == TINY


def test_the_heuristic_favourite_stays_unless_clearly_beaten() -> None:
    """The candidates are the heuristic's best, its favourite first; another candidate replaces the
    favourite only when it is better world by world by more than the noise."""
    state = GWT.new_game(2, 1)
    view, legal = GWT.view(state, 0), GWT.legal_moves(state, 0)
    picks = candidates(gwt_search.GAME, view, legal, Budget(playouts=9))
    scores = gwt_search.rank(view, legal)
    assert len(picks) == 3 and scores[legal.index(picks[0])] == max(scores)
    assert _clearly_better({0: 5.0, 1: 6.0, 2: 5.5}, {0: 1.0, 1: 2.0, 2: 1.0})
    assert not _clearly_better({0: 5.0, 1: -6.0, 2: 5.5}, {0: 1.0, 1: 2.0, 2: 1.0})
    assert not _clearly_better({0: 9.0}, {0: 1.0})  # one world proves nothing


def test_a_game_between_thinking_seats_is_reproducible() -> None:
    """Forty decisions of thinking seats against each other, twice: the same states."""

    def run():
        state = SANTAFE.new_game(2, 31)
        for n in range(40):
            seat = min(SANTAFE.to_act(state))
            view, legal = SANTAFE.view(state, seat), SANTAFE.legal_moves(state, seat)
            state, _ = SANTAFE.play(state, seat, choose_move("santafe", view, legal, 3, n, TINY))
        return SANTAFE.dump(state)

    assert run() == run()


def test_a_hidden_double_turn_choice_stays_hidden_until_the_reveal() -> None:
    """The view counts each seat's Double Turn cards (taken and played face up), but a card chosen this
    round counts as held until the reveal: choosing a Double Turn card or a city card looks the same to
    the others."""
    state = SANTAFE.new_game(3, 8)
    n = 0
    while not (
        SANTAFE.view(state, 0)["phase"] == "choose"
        and 1 in SANTAFE.to_act(state)
        and any(m.startswith("play double") for m in SANTAFE.legal_moves(state, 1))
    ):
        seat = min(SANTAFE.to_act(state))
        legal = SANTAFE.legal_moves(state, seat)
        state, _ = SANTAFE.play(state, seat, choose_move("santafe", SANTAFE.view(state, seat), legal, 1, n))
        n += 1
    legal = SANTAFE.legal_moves(state, 1)
    double = next(m for m in legal if m.startswith("play double"))
    city = next(m for m in legal if not m.startswith("play double"))
    by_double, _ = SANTAFE.play(state, 1, double)
    by_city, _ = SANTAFE.play(state, 1, city)
    assert SANTAFE.view(by_double, 0) == SANTAFE.view(by_city, 0)
    assert SANTAFE.view(by_double, 1)["hand"] != SANTAFE.view(by_city, 1)["hand"]


@pytest.mark.parametrize("game_id", ["gwt", "santafe"])
def test_a_time_budget_also_gives_a_legal_move(game_id: str) -> None:
    """With CPU seconds instead of playouts (what the bot uses), the answer is still a legal move."""
    engine = rules.get(game_id)
    for state, seat in positions(game_id, 2, 14, {}, every=40):
        legal = engine.legal_moves(state, seat)
        assert (
            choose_move(game_id, engine.view(state, seat), legal, THINKER[game_id], 1, Budget(0.01)) in legal
        )
