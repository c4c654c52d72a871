"""The Great Western Trail player's hand sense: breeding value, and what cycling a card is expected to bring.

Every card given up on the trail is replaced from the draw stack at the end of the turn, so discarding a
duplicate breed (worth nothing at Kansas City) for a fresh card raises the hand the cattleman arrives
with. The draw stack's make-up is estimated from what the viewer sees of its own cards: the starting herd
plus every card it has seen in hand or discard pile, minus those two piles and the removed cards; cards
it cannot account for (bought cattle it has not seen since, objective cards) count as bringing nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules.gwt.content import CATTLE, STARTING_HERD


def breeding_value(cards: Sequence[str]) -> int:
    """The breeding value a hand shows in Kansas City: each breed counted once, at its best card."""
    best: dict[str, int] = {}
    for c in cards:
        if c in CATTLE:
            breed, value, _vp = CATTLE[c]
            best[breed] = max(best.get(breed, 0), value)
    return sum(best.values())


def card_keep(card: str, hand: Sequence[str]) -> float:
    """How much the hand loses by giving up ``card`` (breeding value it alone brings)."""
    if card not in CATTLE:
        return 0.0
    rest = list(hand)
    rest.remove(card)
    return float(breeding_value(hand) - breeding_value(rest))


def draw_odds(me: dict[str, Any], hand: Sequence[str]) -> dict[str, float]:
    """Chance that the next card drawn is each cattle card (the rest of the probability is cards that
    bring nothing or cannot be accounted for)."""
    discard = [c for c in me["discard_pile"] if c in CATTLE]
    seen = Counter(c for c in [*hand, *discard] if c in CATTLE)
    herd = Counter(STARTING_HERD)
    for card, n in seen.items():
        herd[card] = max(herd[card], n)
    herd.subtract(Counter(c for c in me["removed_cards"] if c in CATTLE))
    stack = herd - seen
    size = int(me["draw_stack_size"])
    if size == 0:                       # the discard pile is shuffled into a new draw stack
        stack, size = Counter(discard), len(me["discard_pile"])
    total = max(size, sum(stack.values()))
    if total <= 0:
        return {}
    return {card: n / total for card, n in stack.items() if n > 0}


def draw_gain(odds: dict[str, float], hand: Sequence[str]) -> float:
    """Expected breeding value one card drawn adds to ``hand``."""
    base = breeding_value(hand)
    return sum(p * (breeding_value([*hand, card]) - base) for card, p in odds.items())


def cycle_gain(me: dict[str, Any], hand: Sequence[str], cards: Sequence[str]) -> float:
    """Expected change in breeding value from discarding ``cards`` and drawing as many back (a second
    draw counts for less: it often repeats the breed the first one brought)."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    gain = draw_gain(draw_odds(me, hand), rest) * (1 + 0.7 * (len(cards) - 1))
    return gain - (breeding_value(hand) - breeding_value(rest))
