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
from tests.rules.gwt.scenario import at, before_move, clear_trail, game, hand, legal, play, top


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


def new_rules(players: int = 2) -> State:
    """A game opened now: played by the current rules revision, as the bot stores a new game."""
    return RULES.new_game(players, 1, RULES.current_options({}))


def hiring_the_second_engineer(s: State, *, jerseys_face_up: bool = False) -> State:
    """Seat 0 on neutral building A with no Jersey in the hand hires its 2nd engineer, whose space gives
    "discard a Jersey: 1 certificate" at once; its Jerseys lie in its draw stack, or face up on its
    discard pile."""
    s.job_rows = [["engineer"]] + [[] for _ in range(11)]
    at(s, 0, "A")
    s.players[0].money = 20
    hand(s, 0, "dutch-belt", "dutch-belt", "black-angus", "guernsey")
    p = s.players[0]
    if jerseys_face_up:
        p.discard, p.deck = [c for c in p.deck if c == "jersey"], [c for c in p.deck if c != "jersey"]
    assert ("jersey" in p.deck) != jerseys_face_up
    return play(s, "hire engineer 1")


def test_an_engineers_jersey_bonus_without_a_jersey_in_the_hand_waits_for_the_player() -> None:
    """Rulebook, the job market: hiring the 2nd engineer offers "discard a Jersey for 1 certificate" at
    once. Without a Jersey in her hand (two lie in her draw stack) she can only forgo it. The engine does
    not forgo it for her, which the table would see (the bonus gone at once: no Jersey in her hand), nor
    does the bot: she forgoes it as she would by choice."""
    s = hiring_the_second_engineer(new_rules())
    assert top(s) == "bonus" and legal(s) == ["skip"]
    assert RULES.forced_step_reveals(s, 0, "skip")
    s = play(s, "skip")
    assert top(s) == "loc" and s.players[0].workers == [1, 1, 2] and s.players[0].cert == 0


def test_a_game_stored_before_the_fix_still_forgoes_that_bonus_by_itself() -> None:
    """A game whose options name no rules revision (every game stored before revisions existed) replays
    as it was played: there the engine forgoes the bonus by itself, as it did then."""
    old = game(2)
    assert "rules_revision" not in old.options
    s = hiring_the_second_engineer(old)
    assert top(s) == "loc" and s.players[0].workers == [1, 1, 2]


def test_that_bonus_is_forgone_at_once_when_no_hand_she_could_hold_has_a_jersey() -> None:
    """Her Jerseys lie face up on her discard pile: every hand the table cannot rule out lacks one, so
    forgoing the bonus tells nothing and the engine does it at once."""
    s = hiring_the_second_engineer(new_rules(), jerseys_face_up=True)
    assert top(s) == "loc" and s.players[0].workers == [1, 1, 2]


def copying_a_guernsey_building(s: State) -> State:
    """Seat 0 on its own building 8b ("copy an adjacent building") next to Player 2's 2a ("discard a
    Guernsey: $4", "buy cattle"), with no money and no market stack to buy from, and no Guernsey in the
    hand (one is in the draw stack): it copies 2a, whose actions are out of reach."""
    clear_trail(s)
    s.trail["B-1"], s.trail["B-2"] = "8b@0", "2a@1"
    s.players[0].money, s.market_stack = 0, []
    at(s, 0, "B-1")
    hand(s, 0, "jersey", "jersey", "dutch-belt", "black-angus")
    assert "guernsey" in s.players[0].deck
    return play(s, "copy B-2")


def test_a_copied_building_whose_actions_the_hand_puts_out_of_reach_waits_for_the_player() -> None:
    """The copied building's actions all need a Guernsey she does not hold: being done with it is all she
    can do there, which the engine leaves to her in a new game (it settled it by itself before)."""
    s = copying_a_guernsey_building(new_rules())
    assert top(s) == "loc" and s.stack[-1].get("copy") and legal(s) == ["done"]
    assert RULES.forced_step_reveals(s, 0, "done")
    s = play(s, "done")
    assert top(s) == "end_turn"  # 8b has nothing left to do whatever she holds: settled at once
    old = copying_a_guernsey_building(game(2))
    assert top(old) == "end_turn"


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


@pytest.mark.parametrize("current", [True, False], ids=["current-rules", "first-rules"])
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_a_lone_step_said_to_reveal_nothing_is_the_lone_step_for_every_hand_the_table_cannot_rule_out(
    players: int, seed: int, current: bool
) -> None:
    """Random games: at every step that is the only legal move, every hand the seat's cards could make
    (all of them, with the face-down stacks shuffled) leaves that same move alone when
    ``forced_step_reveals`` says nothing is revealed, and some hand offers another when it says so; by
    the current rules and by the first (where the engine settles more lone skips itself)."""
    rng = Rng(seed)
    s = RULES.new_game(players, seed, RULES.current_options({}) if current else {})
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
