"""Whether a step that is a seat's only legal move would tell the table what its hand holds
(``rules.core.protocol.GuardsForcedSteps``).

What the table sees of a player's cards (rulebook, "What is the purpose of the cattle cards?" and the
general notes): the discard pile lies face up, cards bought, taken, played and removed from the game are
seen, and so are the sizes of the hand and of the face-down draw stack. So the cards of hand and stack
together are known, not which of them are in the hand. A step's being forced tells nothing when the
seat's legal moves would be that same one move for every hand of that size dealt from those cards; it
reveals something when some such hand offers more (a phase A with an objective card to play first; a
location whose discard action a Guernsey in the hand would allow) or another move (after the
auxiliary action "draw 1 card, then discard 1 card", a hand of two Jerseys can only discard a Jersey).

The decisions that read the hand (``HAND_READERS``) offer a move for a card in the hand or for two cards
of a breed, and never take a move away for a card: their options grow with the hand. So, for a hand of
two cards or more, every move any such hand could offer shows in one probe hand holding each card of hand
and stack twice (once if there is one): the step is forced whatever the hand exactly when that probe
offers the one move too. A hand of one card is probed card by card. An empty hand is public.
"""

from __future__ import annotations

from rules.gwt.options import ends_turn, options
from rules.gwt.state import State

# the decisions whose options read the hand: phase A (objective cards), a location's local actions and
# objective cards, a hired engineer's bonus (discard a Jersey), the discards after drawing, removing cards
# from the game
HAND_READERS = frozenset({"turn", "loc", "bonus", "discard", "trash"})


def forced_step_reveals(state: State, seat: int, move: str) -> bool:
    """Whether ``move``, ``seat``'s only legal move, is not the only one for some other hand the table
    cannot tell from this one."""
    if state.over or seat != state.current or not state.stack or state.stack[-1]["k"] not in HAND_READERS:
        return False
    p = state.players[seat]
    if not p.hand:
        return False
    cards = [*p.hand, *p.deck]
    kinds = sorted(set(cards))
    if len(p.hand) == 1:
        probes = [[card] for card in kinds]
    else:
        probes = [[card for card in kinds for _ in range(min(2, cards.count(card)))]]
    for hand in probes:
        probe = state.copy()
        probe.players[seat].hand = hand
        if list(options(probe)) != [move]:
            return True
    return False


def hand_ends_the_turn(state: State) -> bool:
    """Whether the end of phase B, now the only move left ("done" on a location, which confirms the end of
    the turn too), is forced by what the hand holds: the engine then leaves it on the stack for the player
    to take, as if by choice, rather than settling it (which everybody would see). The first rules
    revision's only such step; since ``rules.gwt.revisions.HAND_FORCED_SKIPS`` every lone skip the hand
    forces is left so (``rules.gwt.effects.settle``)."""
    top = state.stack[-1]["k"]
    return top == "loc" and ends_turn(state) and forced_step_reveals(state, state.current, "done")
