"""Computer players choose in worker processes: every computer move goes through them, a worker that fails,
dies or hangs never loses or blocks the game, a move chosen for a position that changed meanwhile is
dropped, and closing the service leaves no process behind."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import rules
from bot.services import FakeClock, GameService
from bot.services.thinking import Decision, Thinkers, ThinkingFailed, ThinkingStopped, default_timeout
from bot.storage import Database, open_database
from bot.storage.connection import Location
from rules.ai import Question, choose_move
from rules.core.budget import per_turn
from rules.core.spec import Budget, Computer
from tests.support.fixtures import ANN, CHANNEL, lobby, moves_since
from tests.support.tiny import playing_move


@dataclass(frozen=True)
class Recorder:
    """A computer player that notes where it plays (process id, level, budget) in ``path``, then plays its
    first legal move. In a worker process it may instead ``die`` or ``hang`` there."""

    path: Path
    then: str = "play"

    def __call__(self, asked: Question) -> str:
        assert asked.budget is not None  # the service always gives one
        with self.path.open("a", encoding="utf-8") as file:
            file.write(f"{os.getpid()} {asked.level} {asked.budget.seconds}\n")
        in_worker = multiprocessing.parent_process() is not None
        if in_worker and self.then == "die":
            os._exit(3)
        if in_worker and self.then == "hang":
            time.sleep(3600)
        return asked.legal[0]

    def calls(self) -> list[tuple[int, int, float]]:
        if not self.path.exists():
            return []
        rows = [line.split() for line in self.path.read_text(encoding="utf-8").splitlines()]
        return [(int(pid), int(level), float(seconds)) for pid, level, seconds in rows]


async def against_the_computer(service: GameService, level: int = 2) -> None:
    """Ann and a computer seat of ``level`` in the tiny game, started; Ann is to act."""
    await lobby(service, (ANN,), options={"rounds": 3})
    await service.add_ai(CHANNEL, ANN, level=level)
    await service.start(CHANNEL, ANN)


Children = Callable[[], list[multiprocessing.process.BaseProcess]]


class LoopClock:
    """The running event loop's clock, moved forward by ``skip``: its timers due within the skip (a
    decision's time limit among them) fire at once, as if that much time had passed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        loop = asyncio.get_running_loop()
        real = loop.time
        self.skipped = 0.0
        monkeypatch.setattr(loop, "time", lambda: real() + self.skipped)

    def skip(self, seconds: float) -> None:
        self.skipped += seconds


async def time_out_each_hang(player: Recorder, clock: LoopClock, limit: float) -> None:
    """Each time a worker has entered ``player`` (and hangs there), its decision's time limit passes: the
    limit counts from a worker that is stuck, however long a busy machine took to start it."""
    hung = 0
    while True:
        now = sum(1 for _, level, _ in player.calls() if level == 2)
        if now > hung:
            hung = now
            clock.skip(limit + 1)
        await asyncio.sleep(0.01)  # (the worker tells only through its file)


@pytest.fixture
def started_here() -> Children:
    """The child processes still running that the test started: not those running before it (a pictures'
    pool an earlier test in this process started)."""
    before = {p.pid for p in multiprocessing.active_children()}
    return lambda: [p for p in multiprocessing.active_children() if p.pid not in before]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_computer_moves_are_chosen_in_worker_processes_that_close_leaves_none_of(
    db: Database,
    clock: FakeClock,
    tiny_game: None,
    tmp_path: Path,
    started_here: Children,
) -> None:
    player = Recorder(tmp_path / "calls")
    service = GameService(db, clock, player, new_seed=lambda: 3, think_seconds=0.05)
    await against_the_computer(service)
    await service.submit(CHANNEL, ANN, "pass")
    assert "ai" in [p.actor for p in await moves_since(service, 0)]
    calls = player.calls()
    assert calls and all(pid != os.getpid() for pid, _, _ in calls)  # never in the bot's process
    assert {level for _, level, _ in calls} == {2}  # its level
    # the set budget is for a turn: its first decision has it all, the next ones what is left of it
    assert calls[0][2] == 0.05 and all(0 <= seconds <= 0.05 for _, _, seconds in calls)
    workers = {pid for pid, _, _ in calls}
    assert workers <= {p.pid for p in multiprocessing.active_children()}
    await service.close()
    assert started_here() == []
    assert not any(alive(pid) for pid in workers)


async def test_a_game_handed_wholly_to_the_computer_is_played_out_in_the_workers(
    db: Database, clock: FakeClock, tiny_game: None, tmp_path: Path
) -> None:
    player = Recorder(tmp_path / "calls")
    service = GameService(db, clock, player, new_seed=lambda: 3, think_seconds=0.05)
    try:
        await against_the_computer(service)
        outcome = await service.hand_to_ai(CHANNEL, ANN, 0)  # now only computers play
        played = await moves_since(service, outcome.game.version)
        assert (await service.get_game(CHANNEL)).status == "finished"
        seats = {p.seat for p in played if p.actor == "ai"}
        assert seats == {0, 1}
        assert 0 < len(player.calls()) <= len(played)  # a lone legal move needs no worker
        assert all(pid != os.getpid() for pid, _, _ in player.calls())
    finally:
        await service.close()


@pytest.mark.parametrize("then", ["die", "hang"])
async def test_a_worker_that_dies_or_hangs_gives_way_to_the_level_1_player_and_the_game_goes_on(
    db: Database,
    clock: FakeClock,
    tiny_game: None,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    then: str,
    started_here: Children,
) -> None:
    player = Recorder(tmp_path / "calls", then)
    limit = 60.0  # passed on the loop's clock once the worker hangs; by the wall clock only a hang guard
    service = GameService(db, clock, player, new_seed=lambda: 3, think_seconds=0.05, think_timeout=limit)
    hangs = time_out_each_hang(player, LoopClock(monkeypatch), limit) if then == "hang" else asyncio.sleep(0)
    timing_out = asyncio.create_task(hangs)
    try:
        await against_the_computer(service)
        outcome = await service.submit(CHANNEL, ANN, "pass")
        computer = [p for p in await moves_since(service, outcome.game.version) if p.actor == "ai"]
        assert computer and (await service.get_game(CHANNEL)).to_act == (0,)  # Ann's turn again
        calls = player.calls()
        # each computer move with a choice (a lone legal move needs no worker) was made by the stand-in
        # in the bot's process (level 1) ...
        stand_ins = [pid for pid, level, _ in calls if level == 1]
        assert stand_ins and set(stand_ins) == {os.getpid()} and len(stand_ins) <= len(computer)
        # ... after a worker failed at level 2; each failure ended its worker, a new one took over
        workers = [pid for pid, level, _ in calls if level == 2]
        assert workers and os.getpid() not in workers and len(set(workers)) == len(workers)
        assert len(workers) == len(stand_ins)
        assert not any(alive(pid) for pid in workers)
        assert "the level-1 player stands in" in caplog.text
        assert await service.check_replay(outcome.game.id)
    finally:
        timing_out.cancel()
        await service.close()
    assert started_here() == []


async def test_a_move_chosen_for_a_position_that_changed_meanwhile_is_dropped(
    db: Database, db_where: Location, clock: FakeClock, tiny_game: None, caplog: pytest.LogCaptureFixture
) -> None:
    """Another process (here: a second service on its own connection) restores an earlier position while
    the computer thinks: the move chosen for the old position is not written, and the person's move that
    came before it still counts."""
    caplog.set_level(logging.INFO, logger="bot.services.runner")
    here = GameService(db, clock, new_seed=lambda: 3, think_seconds=0.05)
    other_db = await open_database(db_where)
    elsewhere = GameService(other_db, clock)
    try:
        await against_the_computer(here, level=1)
        thinking, changed = asyncio.Event(), asyncio.Event()
        choose = here.thinkers.choose

        async def slow_choice(*args: Any) -> Any:
            decision = await choose(*args)
            thinking.set()
            await changed.wait()
            return decision

        here.thinkers.choose = slow_choice  # type: ignore[method-assign]
        move = asyncio.create_task(here.submit(CHANNEL, ANN, "pass"))
        await thinking.wait()
        assert (await elsewhere.get_game(CHANNEL)).version == 1  # Ann's pass is stored
        await elsewhere.restore(CHANNEL, 0, admin=True)
        changed.set()
        outcome = await move
        assert [p.actor for p in outcome.played] == ["player"]
        await here.runner.idle()
        assert "changed while a computer thought" in caplog.text
        game = await elsewhere.get_game(CHANNEL)
        assert (game.version, game.to_act) == (0, (0,))
        assert await elsewhere.check_replay(game.id)
        here.thinkers.choose = choose  # type: ignore[method-assign]
        again = await here.submit(CHANNEL, ANN, "pass")  # the game goes on from the restored position
        await here.runner.idle()
        assert again.played[0].version == 1 and (await here.get_game(CHANNEL)).to_act == (0,)
    finally:
        await here.close()
        await elsewhere.close()
        await other_db.close()


async def test_closing_while_the_computer_thinks_leaves_its_move_to_the_restart(
    db: Database,
    clock: FakeClock,
    tiny_game: None,
    tmp_path: Path,
    started_here: Children,
) -> None:
    """The bot stops while a computer seat thinks: no stand-in move is made in a hurry; the game waits
    with the computer to act, and the first reminder round after the restart makes the move."""
    player = Recorder(tmp_path / "calls", "hang")
    stopping = GameService(db, clock, player, new_seed=lambda: 3)
    await against_the_computer(stopping)
    handed, ready = asyncio.Event(), stopping.thinkers._pool.ready

    async def handing_over() -> Any:
        pool = await ready()
        handed.set()  # the decision is handed to the pool right after this
        return pool

    stopping.thinkers._pool.ready = handing_over  # type: ignore[method-assign]
    await stopping.submit(CHANNEL, ANN, "pass")  # answered at once; the runner hands the decision over
    await handed.wait()
    await stopping.close()
    assert started_here() == []
    waiting = await stopping.get_game(CHANNEL)
    assert (waiting.version, waiting.to_act) == (1, (1,))  # Ann's pass counts; the computer is to act
    with pytest.raises(ThinkingStopped):  # closed for good: no new worker starts
        await stopping.thinkers.choose(player, Question("tiny", {}, ["pass", "draw"], 1, 0))
    assert started_here() == []
    restarted = GameService(db, clock, Recorder(tmp_path / "after"), new_seed=lambda: 3)
    try:
        await restarted.run_due()
        await restarted.runner.idle()
        moved = await restarted.get_game(CHANNEL)
        assert moved.version > 1 and moved.to_act == (0,)
    finally:
        await restarted.close()


async def test_a_pool_ended_by_two_failed_decisions_is_ended_again_without_error(
    tmp_path: Path, started_here: Children
) -> None:
    """Decisions under way in one pool all fail when it is ended; each then ends it too (already ended)."""
    thinkers = Thinkers(0.05, workers=2)
    player = Recorder(tmp_path / "calls")
    try:
        await thinkers.choose(player, Question("santafe", {}, ["pass", "draw"], 1, 0))
        pool = await thinkers._pool.ready()
        await thinkers._discard(pool)
        await thinkers._discard(pool)  # the second decision that found it broken
        assert started_here() == []
        decision = await thinkers.choose(
            player, Question("santafe", {}, ["pass", "draw"], 1, 0)
        )  # a new pool
        assert decision.move == "pass" and decision.process != os.getpid()
    finally:
        await thinkers.close()
    assert started_here() == []


async def test_a_worker_killed_between_decisions_fails_the_next_one_only(
    tmp_path: Path, started_here: Children
) -> None:
    """A worker killed from outside (out of memory, an operator) while idle: the next decision fails and
    ends the broken pool; the one after it gets a new worker."""
    thinkers = Thinkers(0.05, workers=1)
    player = Recorder(tmp_path / "calls")
    try:
        first = await thinkers.choose(player, Question("santafe", {}, ["pass", "draw"], 1, 0))
        os.kill(first.process, signal.SIGKILL)
        with pytest.raises(ThinkingFailed):
            await thinkers.choose(player, Question("santafe", {}, ["pass", "draw"], 1, 0))
        again = await thinkers.choose(player, Question("santafe", {}, ["pass", "draw"], 1, 0))
        assert again.move == "pass" and again.process not in (first.process, os.getpid())
    finally:
        await thinkers.close()
    assert started_here() == []


async def test_a_lone_legal_move_is_answered_at_once_without_a_worker(tmp_path: Path) -> None:
    thinkers = Thinkers(0.05, workers=1)
    player = Recorder(tmp_path / "calls")
    try:
        decision = await thinkers.choose(player, Question("santafe", {}, ["done"], 2, 0))
        assert decision.move == "done" and decision.cpu == 0.0
        assert player.calls() == [] and not thinkers.started  # no player, no worker started
    finally:
        await thinkers.close()


async def test_a_decision_thinks_within_the_budget_it_is_given(tmp_path: Path) -> None:
    """``choose`` takes what is left of the turn; without it, a whole turn's budget."""
    thinkers = Thinkers(0.05, workers=1)
    player = Recorder(tmp_path / "calls")
    try:
        left = await thinkers.choose(
            player, Question("santafe", {}, ["pass", "draw"], 2, 0, Budget(seconds=0.02))
        )
        whole = await thinkers.choose(player, Question("santafe", {}, ["pass", "draw"], 2, 0))
        assert [seconds for _, _, seconds in player.calls()] == [0.02, 0.05]
        assert left.cpu >= 0.0 and whole.process != os.getpid()
        assert thinkers.turn("santafe").left() == per_turn(0.05)  # with its wall-clock cap
    finally:
        await thinkers.close()


def test_a_turn_thinks_for_its_game_s_own_time_unless_the_host_set_one() -> None:
    """Each game's own budget (``think_seconds``; a second a turn in both: a Great Western Trail
    decision's move stops changing after a tenth of a second) unless ``COMPUTER_THINK_SECONDS`` sets one
    for all."""
    own = Thinkers(workers=1)
    assert own.turn("gwt").left() == per_turn(1.0) and own.budget("santafe") == per_turn(1.0)
    assert own.timeout == default_timeout(1.0)  # long enough for the longest
    host = Thinkers(0.5, workers=1)
    assert host.turn("gwt").left() == host.turn("santafe").left() == per_turn(0.5)


def test_a_player_asked_without_a_budget_thinks_for_a_whole_turn_of_its_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given: list[Budget] = []
    thinking_level = rules.spec("gwt").computers[2]
    spy = Computer(
        thinking_level.description,
        lambda view, legal, rng, budget: given.append(budget) or legal[0],
        thinks=True,
    )
    monkeypatch.setitem(rules.spec("gwt").computers, 2, spy)  # type: ignore[index]
    choose_move("gwt", {}, ["a", "b"], 2, 0)
    assert given == [Budget(seconds=rules.spec("gwt").think_seconds)] == [Budget(seconds=1.0)]


async def test_a_computer_seat_s_consecutive_decisions_share_one_turn_s_budget(
    db: Database, clock: FakeClock, tiny_game: None
) -> None:
    """Each decision of a computer's turn is given what the turn's earlier decisions left of the budget
    (here each uses half of what it is given); the next turn starts with the whole budget again.
    A turn's decisions never use more than the budget in all."""
    service = GameService(db, clock, new_seed=lambda: 3, think_seconds=0.05)
    asked: list[tuple[int, float]] = []  # (seat, seconds given)

    async def halving(ai: Any, question: Question) -> Decision:
        budget = question.budget
        assert budget is not None
        asked.append((question.view["viewer"], budget.seconds))
        return Decision(playing_move(question.legal), os.getpid(), 0.0, budget.seconds / 2)

    service.thinkers.choose = halving  # type: ignore[method-assign]
    try:
        await against_the_computer(service)
        await service.hand_to_ai(CHANNEL, ANN, 0)  # two computers: turns of several decisions each
        await service.runner.idle()
    finally:
        await service.close()
    # a new turn starts with another seat, or with the same seat's next turn (its turn_start, like the
    # tiny game's bid right after a seat's own turn): there the whole budget is given again
    turns: list[list[float]] = []
    for i, (seat, seconds) in enumerate(asked):
        if i == 0 or asked[i - 1][0] != seat or seconds == pytest.approx(0.05):
            turns.append([])
        turns[-1].append(seconds)
    assert len(turns) > 2 and max(len(t) for t in turns) > 1
    for given in turns:
        assert given == pytest.approx([0.05 / 2**k for k in range(len(given))])
        assert sum(s / 2 for s in given) <= 0.05  # what the turn's decisions used
