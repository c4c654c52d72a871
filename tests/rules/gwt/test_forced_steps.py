"""Forced steps and the hidden hand (``forced_step_reveals``): a step that is the only legal move because of
what the hand holds is left to the player, one that every hand the table cannot rule out would force alike
is made at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from rules.core.rng import Rng
from rules.gwt import RULES
from rules.gwt.state import State
from tests.rules.gwt.scenario import at, before_move, game, hand, legal, play, top


def drawn_onto(s: State, card: str) -> None:
    """``card`` is the top card of seat 0's draw stack."""
    deck = s.players[0].deck
    deck.remove(card)
    deck.append(card)


def test_a_discard_forced_by_the_hand_is_left_to_the_player() -> None:
    """The auxiliary action "Draw 1 card from your personal draw stack. Then discard 1 card." with a Jersey
    in the hand, drawing a second Jersey: discarding a Jersey is all she can do, because she holds nothing
    else, which nobody else can see (her hand and draw stack hold Guernseys and Dutch Belts too). Made for
    her at once, it would tell the table so."""
    s = at(game(2), 0, "D")
    hand(s, 0, "jersey")
    drawn_onto(s, "jersey")
    s = play(s, "aux draw")
    assert top(s) == "discard" and s.players[0].hand == ["jersey", "jersey"]
    assert legal(s) == ["discard jersey"]
    assert RULES.forced_step_reveals(s, 0, "discard jersey")


def test_the_same_discard_reveals_nothing_when_every_card_she_could_hold_is_a_jersey() -> None:
    """The same step when hand and draw stack together hold nothing but Jerseys (the others lie face up on
    her discard pile): every hand the table cannot rule out forces it alike."""
    s = at(game(2), 0, "D")
    p = s.players[0]
    p.discard = [c for c in p.hand + p.deck if c != "jersey"]
    p.hand, p.deck = ["jersey"], [c for c in p.hand + p.deck if c == "jersey"][1:]
    s = play(s, "aux draw")
    assert legal(s) == ["discard jersey"]
    assert not RULES.forced_step_reveals(s, 0, "discard jersey")


def test_a_phase_a_with_one_way_forward_is_left_when_an_objective_card_could_be_in_the_hand() -> None:
    """Phase A: objective cards may be played "before performing phase A". With one place in reach and no
    objective card in the hand, moving there is forced; while an objective card lies in her draw stack the
    table cannot tell it is not in her hand, so the step waits for her. Once every objective card she owns
    lies face up (on her discard pile), it reveals nothing."""
    s = before_move(game(2), 0, "G-1")
    s.players[0].workers = [1, 1, 1]
    hand(s, 0, "jersey", "jersey", "guernsey", "dutch-belt")
    p = s.players[0]
    p.deck.append(s.objective_stack.pop())
    only = legal(s)
    assert len(only) == 1 and only[0].startswith("move ")
    assert RULES.forced_step_reveals(s, 0, only[0])
    p.discard.append(p.deck.pop())
    assert legal(s) == only and not RULES.forced_step_reveals(s, 0, only[0])


def on_f(*cards: str) -> State:
    """Seat 0 on neutral building F ("discard two cattle cards of one breed: $4"; "remove a hazard: $7")
    with $10 and ``cards`` in the hand, having removed a flood: only the pair is left to do."""
    s = at(game(2), 0, "F")
    s.players[0].money = 10
    hand(s, 0, *cards)
    return play(s, "remove FLOOD-1")


def test_the_end_of_phase_b_forced_by_the_hand_waits_for_the_player() -> None:
    """No two cards of a breed in her hand (her draw stack holds them): the pair action is out of reach, so
    ending phase B (and the turn) is all she can do. The engine does not end it for her, which everybody
    would see, nor does the bot: she says "done" as she would by choice."""
    s = on_f("jersey", "dutch-belt", "black-angus", "guernsey")
    assert top(s) == "loc" and legal(s) == ["done"]
    assert RULES.forced_step_reveals(s, 0, "done")
    s = play(s, "done")
    assert s.current == 1 and len(s.players[0].hand) == 4  # the turn ended, the hand refilled


def test_the_end_of_the_turn_forced_by_what_everybody_sees_is_made_at_once() -> None:
    """The same, when her hand and draw stack together hold a Jersey and a Guernsey and nothing else (the
    rest lie face up on her discard pile): no hand she could hold makes a pair, so phase B ends by itself
    and phase C's confirmation, her only move whatever she holds, is made at once. So is a foresight
    column in Kansas City holding one kind of tile (face up)."""
    s = at(game(2), 0, "F")
    s.players[0].money = 10
    p = s.players[0]
    p.discard, p.hand, p.deck = [*p.hand, *p.deck], [], []
    for card in ("jersey", "guernsey"):
        p.discard.remove(card)
        p.hand.append(card)
    s = play(s, "remove FLOOD-1")
    assert top(s) == "end_turn" and legal(s) == ["done"]
    assert not RULES.forced_step_reveals(s, 0, "done")
    s = before_move(game(2), 0, "G-1")
    s.foresight[0] = ["cowboy", "cowboy"]
    s = play(s, "move KANSAS_CITY")
    assert top(s) == "foresight" and legal(s) == ["pick cowboy"]
    assert not RULES.forced_step_reveals(s, 0, "pick cowboy")


def hands(pool: Counter[str], size: int) -> Iterator[list[str]]:
    """Every hand of ``size`` cards (as a multiset, once each) that ``pool`` can make."""
    kinds = sorted(pool)

    def rest(i: int, left: int) -> Iterator[list[str]]:
        if left == 0:
            yield []
        elif i < len(kinds):
            for n in range(min(pool[kinds[i]], left), -1, -1):
                for more in rest(i + 1, left - n):
                    yield [kinds[i]] * n + more

    return rest(0, size)


def worlds(s: State, seat: int, rng: Rng) -> Iterator[State]:
    """``s`` with ``seat``'s hand replaced by each hand its hand and draw stack could make (the table sees
    only how many cards the hand holds), the rest of those cards shuffled into the draw stack, and the
    face-down market, objective and tile stacks shuffled."""
    p = s.players[seat]
    pool = Counter(p.hand + p.deck)
    for cards in hands(pool, len(p.hand)):
        world = s.copy()
        left = pool.copy()
        left.subtract(cards)
        deck = list(left.elements())
        rng.shuffle(deck)
        world.players[seat].hand, world.players[seat].deck = cards, deck
        for stack in (world.market_stack, world.objective_stack, *world.piles):
            rng.shuffle(stack)
        yield world


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_a_lone_step_said_to_reveal_nothing_is_the_lone_step_for_every_hand_the_table_cannot_rule_out(
    players: int, seed: int
) -> None:
    """Random games: at every step that is the only legal move, every hand the seat's cards could make
    (all of them, with the face-down stacks shuffled) leaves that same move alone when
    ``forced_step_reveals`` says nothing is revealed, and some hand offers another when it says so."""
    rng = Rng(seed)
    s = RULES.new_game(players, seed)
    found: Counter[tuple[str, bool]] = Counter()
    while not s.over:
        seat = s.current
        moves = RULES.legal_moves(s, seat)
        if len(moves) == 1:
            reveals = RULES.forced_step_reveals(s, seat, moves[0])
            found[s.stack[-1]["k"], reveals] += 1
            others = [w for w in worlds(s, seat, rng) if RULES.legal_moves(w, seat) != moves]
            assert bool(others) == reveals, (moves, s.players[seat].hand, others[:1])
        s, _ = RULES.play(s, seat, rng.choice(moves))
    assert found["end_turn", False] > 0 and sum(n for (_k, said), n in found.items() if not said) > 0
