"""A computer player's thinking time for one turn, shared out across the turn's decisions.

``COMPUTER_THINK_SECONDS`` is what a computer may think about a whole turn: a maximal run of consecutive
decisions by one seat (a Great Western Trail turn is a move and the actions where the cattleman lands,
some ten to twenty decisions; a Santa Fe card choice is a turn of one). Whoever drives the decisions
keeps a ``Turn`` for the run: before each decision it hands the player ``turn.left()`` (what is left of
the turn's budget), and after it ``turn.spend(CPU seconds used, wall-clock seconds taken)``. The player
takes its own share of what is left with ``share``: the time left divided by its estimate of the
decisions still to come in the turn, this one included (each game estimates that from the view's pending
decision). A decision with one legal
move thinks not at all (``rules.ai.choose_move`` answers it at once), so its share goes to the others.

Every share is at most what is left, and what is left falls by what each decision used, so a turn whose
decisions keep to their shares never thinks longer than its budget in all; the last decision the
estimate foresees gets all that is left. A budget of ``playouts`` is per decision (the same seed always
gives the same move): it is not shared out.

CPU time is what a decision's move depends on, but a busy host stretches it by the wall clock (a GWT
turn of two CPU seconds took five to fifteen on a shared two-core host), and people wait by the wall
clock. So a turn also has a wall-clock cap (``per_turn``: ``WALL_FACTOR`` times its CPU seconds), shared
out the same way: whichever of the two runs out first ends a decision's thinking. On a quiet host the
CPU budget ends it.

Pure: the seconds used are measured by the caller (CPU time in the process that thought, and the
decision's wall-clock time).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.spec import Budget

# By the wall clock a turn thinks at most this many times its CPU seconds: room for a host with a core
# not quite free, and a cap when it is busy (bench/README.md).
WALL_FACTOR = 1.25


def per_turn(seconds: float) -> Budget:
    """A whole turn's budget of ``seconds`` of CPU time, capped at ``WALL_FACTOR`` times that by the wall
    clock."""
    return Budget(seconds=seconds, wall=seconds * WALL_FACTOR)


def share(left: Budget, decisions: float) -> Budget:
    """This decision's part of ``left`` (what is left of the turn) when ``decisions`` decisions, this one
    included, are still to come in the turn, of its CPU seconds and its wall-clock cap alike; a budget of
    playouts is per decision and stays whole."""
    if left.playouts is not None:
        return left
    parts = max(1.0, decisions)
    wall = None if left.wall is None else max(0.0, left.wall) / parts
    return replace(left, seconds=max(0.0, left.seconds) / parts, wall=wall)


@dataclass
class Turn:
    """What one turn of one seat has used of its ``budget``, decision by decision: CPU seconds
    (``used``) and wall-clock seconds (``waited``)."""

    budget: Budget
    used: float = 0.0
    decisions: int = 0
    waited: float = 0.0

    def left(self) -> Budget:
        """The budget for the turn's next decision: the turn's CPU seconds not used yet, and what is left
        of its wall-clock cap (never negative)."""
        if self.budget.playouts is not None:
            return self.budget
        wall = None if self.budget.wall is None else max(0.0, self.budget.wall - self.waited)
        return replace(self.budget, seconds=max(0.0, self.budget.seconds - self.used), wall=wall)

    def spend(self, seconds: float, wall: float | None = None) -> None:
        """Count a decision that thought for ``seconds`` of CPU time and ``wall`` seconds by the wall
        clock (unmeasured: no less than its CPU time)."""
        self.used += max(0.0, seconds)
        self.waited += max(0.0, seconds if wall is None else wall)
        self.decisions += 1
