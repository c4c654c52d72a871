"""Forced steps and the hidden hand (``forced_step_reveals``): a step that is the only legal move because of
the city cards in a hand is left to the player; one forced by what everybody sees is made at once."""

from __future__ import annotations

from collections import Counter

import pytest

from bench.reveals import redeal_santafe, santafe_unseen
from rules.core.rng import Rng
from rules.santafe import board
from rules.santafe.state import SantaFeState
from tests.rules.santafe.helpers import R, city, edit, laying, play


def late_round(players: int = 2) -> SantaFeState:
    """A later round's choice: the deck is exhausted ("no more City Cards can be drawn for the rest of the
    game") and seat 0 holds no Double Turn card."""
    s = laying(players)
    while s.round == 1:
        seat = s.current()
        s, _ = play(s, seat, R.legal_moves(s, seat)[0])
    assert s.phase == "choose" and s.round == 2
    return edit(s, deck=[], doubles=[0, *s.doubles[1:]])


def test_a_choice_forced_by_the_city_cards_in_the_hand_is_left_to_the_player() -> None:
    """Seat 0 holds both Denver cards and nothing else: playing Denver is all she can do. Nobody else knows
    her two cards are one city (every city card not yet played could be in her hand), so making it for her
    at once would tell them."""
    s = late_round()
    s = edit(s, hand=[[city("denver"), city("denver")], s.hand[1]])
    assert R.legal_moves(s, 0) == ["play denver"]
    assert R.forced_step_reveals(s, 0, "play denver")


def test_the_same_choice_reveals_nothing_once_every_other_city_card_has_been_played() -> None:
    """Were the Denver cards the only city cards not yet played (face up in front of the players), every
    hand she could hold would force the same card."""
    s = late_round()
    denver = city("denver")
    others = [c for c in board.city_cards() if c != denver]
    s = edit(s, hand=[[denver, denver], []], played=[[], others])
    assert R.legal_moves(s, 0) == ["play denver"]
    assert not R.forced_step_reveals(s, 0, "play denver")


def test_a_step_forced_by_what_everybody_sees_is_made_at_once() -> None:
    """Refilling the hand with the Double Turn pile empty and no dollar for a Branch Line card: a blind draw
    from the deck is the only move, whatever the hand holds. And a hand holding only Double Turn cards
    (the table sees how many cards a hand holds and how many Double Turn cards) can only play one."""
    s = laying(2)
    while s.phase != "draw":
        s, _ = play(s, s.current(), R.legal_moves(s, s.current())[0])
    s = edit(s, doubles_pool=0, money=[0, *s.money[1:]])
    assert s.current() == 0 and R.legal_moves(s, 0) == ["draw city"]
    assert not R.forced_step_reveals(s, 0, "draw city")
    s = late_round()
    s = edit(s, hand=[[], s.hand[1]], doubles=[1, *s.doubles[1:]])
    assert R.legal_moves(s, 0) == ["play double"]
    assert not R.forced_step_reveals(s, 0, "play double")


def each_city_held(s: SantaFeState, seat: int, rng: Rng) -> list[SantaFeState]:
    """``s`` with ``seat`` holding, for every unseen city, a hand of its size with that city in it (the rest
    unseen cards at random): every move that reads one city of a hand shows in one of them."""
    unseen = santafe_unseen(s)
    size = len(s.hand[seat])
    if not size:
        return []
    worlds = []
    for card in sorted(set(unseen)):
        rest = list(unseen)
        rest.remove(card)
        rng.shuffle(rest)
        worlds.append(
            edit(
                s, hand=[sorted([card, *rest[: size - 1]]) if p == seat else h for p, h in enumerate(s.hand)]
            )
        )
    return worlds


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (5, 5)])
def test_a_lone_step_said_to_reveal_nothing_is_the_lone_step_for_every_hand_the_table_cannot_rule_out(
    players: int, seed: int
) -> None:
    """Random games: at every step that is some seat's only legal move, consistent re-deals of every unseen
    city card (hands, cards chosen face down, deck) and a hand with each unseen city in it leave that same
    move alone when ``forced_step_reveals`` says nothing is revealed, and some of them offer another move
    when it says so."""
    rng = Rng(seed)
    s = R.new_game(players, seed)
    found: Counter[tuple[str, bool]] = Counter()
    while not s.over:
        for seat in sorted(R.to_act(s)):
            moves = R.legal_moves(s, seat)
            if len(moves) != 1:
                continue
            reveals = R.forced_step_reveals(s, seat, moves[0])
            found[s.phase, reveals] += 1
            worlds = [redeal_santafe(s, rng) for _ in range(12)] + each_city_held(s, seat, rng)
            others = [w for w in worlds if R.legal_moves(w, seat) != moves]
            assert bool(others) == reveals, (moves, s.hand[seat])
        seat = rng.choice(sorted(R.to_act(s)))
        s, _ = R.play(s, seat, rng.choice(R.legal_moves(s, seat)))
    assert sum(n for (_phase, said), n in found.items() if not said) > 0
