"""The revisions of the engine's rules: a fix that changes what a move leads to would replay a stored game
differently (its moves were logged under the old rules), so each such fix is a new revision, and a game
plays by the one its options name (``rules.core.protocol.RevisesRules``).

A new game is stored with ``CURRENT`` in its options (the bot asks ``GreatWesternTrail.current_options``);
options without a revision, those of every game stored before revisions existed, name ``FIRST``. The
revision lives in ``State.options`` (copied, dumped and loaded with it) and is never shown to players;
where the rules differ, the engine asks ``revision(state)``. The next fix: add a constant, make it
``CURRENT``, branch on it where the rules change, and test both sides.
"""

from __future__ import annotations

from typing import Final

from rules.core.protocol import REVISION_OPTION
from rules.gwt.state import State

FIRST: Final = 1
# the engine leaves to the player a lone "skip" or "done" that what the hand lacks forces (an engineer's
# Jersey bonus, a copied building's actions): settling it by itself would tell the table about the hand
HAND_FORCED_SKIPS: Final = 2
CURRENT: Final = HAND_FORCED_SKIPS
REVISIONS: Final = tuple(range(FIRST, CURRENT + 1))


def revision(state: State) -> int:
    """The revision of the rules ``state``'s game is played by."""
    value = state.options.get(REVISION_OPTION, FIRST)
    return int(value)
