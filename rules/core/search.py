"""Search for the computer players that think: determinized rollouts over the legal moves.

A thinking player never sees the state, only its view. Each playout samples a full state consistent
with that view (the game's ``sample``: the other hands, the face-down stacks), plays one candidate move
there, lets every seat play on with the game's rollout policy (each through its own view of the sampled
state and its legal moves) up to a cut-off, and scores the position reached with the game's ``value``
(the searching seat's points ahead of the other seats' average). Candidates are the heuristic's best few;
successive halving spends the budget: each round plays every remaining candidate in the same sampled
worlds (common random numbers, so the comparison is fair) and drops the worse half. The heuristic's
favourite stays to the end and is played unless another candidate beats it, world by world, by more
than the noise: with too few playouts to tell, the search plays as the heuristic does.

The budget is a ``Budget``: exactly ``playouts`` playouts when set (the same seed then always gives the
same move), else what is left of the turn's ``seconds`` of CPU time (``cpu_clock``) and of its
wall-clock cap (``wall``, read on ``wall_clock``), of which the decision takes its share
(``rules.core.budget.share``, by the game's estimate of the decisions still to come in the turn):
whichever share runs out first ends the search.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.budget import share
from rules.core.protocol import Rules, State
from rules.core.rng import Rng
from rules.core.spec import Budget, Player

MAX_ROLLOUT = 2_000  # decisions: a safety stop, far beyond any cut-off

Step = Callable[[State, int, str], State]  # a move's new state
Look = Callable[[State, int], dict[str, Any]]  # a seat's view


@dataclass(frozen=True)
class Game:
    """What the search needs from one game.

    ``sample(view, rng)``: a full state consistent with ``view``, read from the view alone;
    ``policy``: the rollout player (a level-1 player); ``rank(view, legal)``: the heuristic's score of
    each legal move, to pick the candidates; ``value(state, seat)``: how good ``state`` is for ``seat``
    in points; ``clock(state)``: the game's progress (a turn or round number) and ``horizon(state)`` the
    reading at which a rollout from ``state`` stops; ``width``: at most this many candidates;
    ``decisions(view)``: how many decisions, the one at hand included, the seat has still to take in
    this turn (an estimate: the turn's time is shared out by it); ``step(state, seat, move)`` and
    ``look(state, seat)``: the rules' ``play`` without its events and ``view`` without its words, when
    the game has quicker ones for the playouts (the default: the rules' own).
    """

    rules: Rules
    sample: Callable[[dict[str, Any], Rng], State]
    policy: Player
    rank: Callable[[dict[str, Any], Sequence[str]], list[float]]
    value: Callable[[State, int], float]
    clock: Callable[[State], int]
    horizon: Callable[[State], int]
    width: int = 8
    decisions: Callable[[dict[str, Any]], float] = lambda view: 1.0
    step: Step | None = None
    look: Look | None = None


def lead(totals: Sequence[float], seat: int) -> float:
    """``seat``'s points ahead of the other seats' average (negative when behind)."""
    others = [t for i, t in enumerate(totals) if i != seat]
    return totals[seat] - sum(others) / len(others) if others else totals[seat]


def cpu_clock() -> float:
    return time.process_time()


def wall_clock() -> float:
    return time.perf_counter()


class _Meter:
    """How much of the budget is used, as a share: playouts counted, or the larger of the CPU seconds'
    and the wall-clock seconds' shares."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.start, self.wall_start = cpu_clock(), wall_clock()
        self.playouts = 0

    def used(self) -> float:
        budget = self.budget
        if budget.playouts is not None:
            return self.playouts / max(1, budget.playouts)
        used = (cpu_clock() - self.start) / max(1e-9, budget.seconds)
        if budget.wall is not None:
            used = max(used, (wall_clock() - self.wall_start) / max(1e-9, budget.wall))
        return used

    def room(self) -> bool:
        """Whether one more playout fits: with a time budget, one as long as the average so far."""
        used = self.used()
        if self.budget.playouts is None and self.playouts:
            used += used / self.playouts
        return used < 1.0


def candidates(game: Game, view: dict[str, Any], legal: Sequence[str], budget: Budget) -> list[str]:
    """The heuristic's best moves, best first (ties in the order of ``legal``)."""
    scores = game.rank(view, legal)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    width = game.width
    if budget.playouts is not None:
        width = min(width, max(2, budget.playouts // 3))  # every candidate gets a few playouts
    return [legal[i] for i in order[:width]]


def search(game: Game, view: dict[str, Any], legal: Sequence[str], rng: Rng, budget: Budget) -> str:
    """The heuristic's favourite, unless the sampled worlds show another candidate is better (by more
    than the noise of the comparison), within this decision's share of ``budget`` (what is left of the
    turn)."""
    if len(legal) == 1:
        return legal[0]
    seat = view["viewer"]
    budget = share(budget, game.decisions(view))
    alive = candidates(game, view, legal, budget)
    spent = budget.playouts < 1 if budget.playouts is not None else _no_time(budget)
    if len(alive) == 1 or spent:
        return alive[0]
    favourite = alive[0]
    values: dict[str, dict[int, float]] = {move: {} for move in alive}  # move -> world -> value
    meter = _Meter(budget)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    world = 0
    for r in range(rounds):
        # each round ends once its share of the budget is used (after at least one world)
        while True:
            seed = rng.next64()
            state = game.sample(view, Rng(seed))
            for move in alive:
                if not meter.room():
                    break
                values[move][world] = playout(game, state, seat, move, Rng(seed ^ 0x9E3779B97F4A7C15))
                meter.playouts += 1
            world += 1
            if not meter.room() or meter.used() >= (r + 1) / rounds:
                break
        if not meter.room() or r == rounds - 1:
            break
        alive = _best_half(alive, values)
    leader = max(alive, key=lambda m: (_mean(values[m]), -alive.index(m)))
    return leader if _clearly_better(values[leader], values[favourite]) else favourite


def _no_time(budget: Budget) -> bool:
    """Whether a time budget has nothing left, of CPU time or by the wall clock."""
    return budget.seconds <= 0 or (budget.wall is not None and budget.wall <= 0)


def _mean(values: dict[int, float]) -> float:
    return sum(values.values()) / len(values) if values else -math.inf


def _best_half(alive: list[str], values: dict[str, dict[int, float]]) -> list[str]:
    """The better half by average value; the heuristic's favourite always stays."""
    ranked = sorted(alive[1:], key=lambda m: -_mean(values[m]))
    keep = {alive[0], *ranked[: max(1, len(alive) // 2 - 1)]}
    return [m for m in alive if m in keep]  # the heuristic's order stays the tie-break


def _clearly_better(a: dict[int, float], b: dict[int, float]) -> bool:
    """Whether ``a`` beats ``b`` by more than one standard error, world by world (the same worlds)."""
    diffs = [a[w] - b[w] for w in a if w in b]
    if len(diffs) < 2:
        return False
    mean = sum(diffs) / len(diffs)
    spread = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean > math.sqrt(spread / len(diffs))


def playout_rules(game: Game) -> tuple[Step, Look]:
    """How a playout moves and what its players read: the game's quicker ``step`` and ``look``, else the
    rules' ``play`` (its new state) and ``view``."""
    rules = game.rules
    return game.step or (lambda s, seat, m: rules.play(s, seat, m)[0]), game.look or rules.view


def playout(game: Game, state: State, seat: int, move: str, rng: Rng) -> float:
    """``seat`` plays ``move`` in the sampled ``state``; everybody follows the policy to the cut-off."""
    rules = game.rules
    step, look = playout_rules(game)
    stop = game.horizon(state)
    state = step(state, seat, move)
    for _ in range(MAX_ROLLOUT):
        if rules.is_over(state) or game.clock(state) >= stop:
            break
        actor = min(rules.to_act(state))
        legal = rules.legal_moves(state, actor)
        choice = legal[0] if len(legal) == 1 else game.policy(look(state, actor), legal, rng)
        state = step(state, actor, choice)
    return game.value(state, seat)
