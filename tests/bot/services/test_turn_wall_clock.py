"""A computer's turn is capped by the wall clock as well as by CPU time: on a busy host each decision's
CPU time is stretched, and the turn's decisions together never wait longer than its cap."""

from __future__ import annotations

import os
from typing import Any

import pytest

from bot.services import FakeClock, GameService
from bot.services.thinking import Decision
from bot.storage import Database
from rules.ai import Question
from rules.core.budget import WALL_FACTOR
from rules.core.spec import Budget
from tests.support.fixtures import ANN, CHANNEL, lobby
from tests.support.tiny import playing_move

THINK = 0.05  # CPU seconds a turn


async def test_a_computer_turn_s_decisions_share_its_wall_clock_cap(
    db: Database, clock: FakeClock, tiny_game: None
) -> None:
    """Each decision takes a fifth of its CPU share and, the host being busy, half of what is left of the
    turn's wall-clock cap: the next decision of the turn is given what the wall clock left (though most
    of the CPU time is left), and a new turn starts with the whole cap again."""
    service = GameService(db, clock, new_seed=lambda: 3, think_seconds=THINK)
    asked: list[tuple[int, Budget]] = []  # (seat, budget given)

    async def stretched(ai: Any, question: Question) -> Decision:
        budget = question.budget
        assert budget is not None and budget.wall is not None
        asked.append((question.view["viewer"], budget))
        return Decision(playing_move(question.legal), os.getpid(), budget.wall / 2, budget.seconds / 5)

    service.thinkers.choose = stretched  # type: ignore[method-assign]
    try:
        await lobby(service, (ANN,), options={"rounds": 3})
        await service.add_ai(CHANNEL, ANN, level=2)
        await service.start(CHANNEL, ANN)
        await service.hand_to_ai(CHANNEL, ANN, 0)  # two computers: turns of several decisions each
        await service.runner.idle()
    finally:
        await service.close()
    cap = THINK * WALL_FACTOR
    turns: list[list[Budget]] = []
    for i, (seat, budget) in enumerate(asked):
        if i == 0 or asked[i - 1][0] != seat or budget.wall == pytest.approx(cap):
            turns.append([])
        turns[-1].append(budget)
    assert len(turns) > 2 and max(len(t) for t in turns) > 1
    for given in turns:
        assert [b.wall for b in given] == pytest.approx([cap / 2**k for k in range(len(given))])
        assert [b.seconds for b in given] == pytest.approx([THINK * 0.8**k for k in range(len(given))])
