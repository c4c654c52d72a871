"""A computer player's thinking time for one turn, shared out across the turn's decisions.

``COMPUTER_THINK_SECONDS`` is what a computer may think about a whole turn: a maximal run of consecutive
decisions by one seat (a Great Western Trail turn is a move and the actions where the cattleman lands,
some ten to twenty decisions; a Santa Fe card choice is a turn of one). Whoever drives the decisions
keeps a ``Turn`` for the run: before each decision it hands the player ``turn.left()`` (what is left of
the turn's budget), and after it ``turn.spend(seconds used)``. The player takes its own share of what is
left with ``share``: the time left divided by its estimate of the decisions still to come in the turn,
this one included (each game estimates that from the view's pending decision). A decision with one legal
move thinks not at all (``rules.ai.choose_move`` answers it at once), so its share goes to the others.

Every share is at most what is left, and what is left falls by what each decision used, so a turn whose
decisions keep to their shares never thinks longer than its budget in all; the last decision the
estimate foresees gets all that is left. A budget of ``playouts`` is per decision (the same seed always
gives the same move): it is not shared out.

Pure: the seconds used are measured by the caller (CPU time in the process that thought).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.spec import Budget


def share(left: Budget, decisions: float) -> Budget:
    """This decision's part of ``left`` (what is left of the turn) when ``decisions`` decisions, this one
    included, are still to come in the turn; a budget of playouts is per decision and stays whole."""
    if left.playouts is not None:
        return left
    return replace(left, seconds=max(0.0, left.seconds) / max(1.0, decisions))


@dataclass
class Turn:
    """What one turn of one seat has used of its ``budget``, decision by decision."""

    budget: Budget
    used: float = 0.0
    decisions: int = 0

    def left(self) -> Budget:
        """The budget for the turn's next decision: the turn's seconds not used yet (never negative)."""
        if self.budget.playouts is not None:
            return self.budget
        return replace(self.budget, seconds=max(0.0, self.budget.seconds - self.used))

    def spend(self, seconds: float) -> None:
        """Count a decision that thought for ``seconds``."""
        self.used += max(0.0, seconds)
        self.decisions += 1
