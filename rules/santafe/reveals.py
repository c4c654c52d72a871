"""Whether a step that is a seat's only legal move would tell the table what its hand holds
(``rules.core.protocol.GuardsForcedSteps``).

What the table sees (rulebook, "City Cards", "Playing, discarding & drawing cards"): played city cards
stay face up for the rest of the game, the Double Turn and Branch Line cards lie face up until taken, and
a hand's size, the deck's size and who holds which of those cards are seen. Hidden are the city cards in
the hands, the cards chosen face down until they are revealed together, the deck's order and the cards
exchanged out of the game: every city card not yet played could be in any hand.

Only the choice of a card reads the city cards in a hand: one move for each city there (besides the
Double Turn card, which is seen). The exchange of the Double Turn's second laying turn reads them too,
but it is offered only with cards in the hand and in the deck, and then always with the choice to keep
the hand; drawing reads the hand's size, laying track the money and the bought pieces, all of them seen.
So a forced choice of a city card tells the table that the hand holds only that city unless every unseen
city card is that city; nothing else forced reveals anything.
"""

from __future__ import annotations

from collections import Counter

from rules.santafe import board, flow
from rules.santafe.state import CHOOSE, SantaFeState


def unseen_cities(s: SantaFeState) -> set[int]:
    """The cities of the city cards nobody at the table has seen played."""
    left = Counter(board.city_cards())
    left.subtract(c for played in s.played for c in played)
    return {city for city, n in left.items() if n > 0}


def forced_step_reveals(s: SantaFeState, seat: int, move: str) -> bool:
    """Whether ``move``, ``seat``'s only legal move, is not the only one for some other hand of city
    cards of the same size that the table cannot tell from this one."""
    if s.phase != CHOOSE or seat not in flow.to_act(s) or not s.hand[seat]:
        return False
    probe = s.clone()
    # one card of every unseen city: every move any hand of this size could offer (a hand of one card
    # offers one of them; the rest choose among them)
    probe.hand[seat] = sorted(unseen_cities(s))
    return list(flow.choose_options(probe, seat)) != [move]
