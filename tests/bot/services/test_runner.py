"""The background runner: nobody waits for a computer, and the game's lock is free while one thinks."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.services import GameService, MoveOutcome, NotAllowed, NotHost, engine
from tests.support.fixtures import ANN, BOB, CHANNEL, lobby, moves_since


class SlowThinker:
    """Stands in for a computer that thinks for as long as the test likes: it chooses only once ``gate``
    is open, and records how many games' computers think at the same time."""

    def __init__(self, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.gate = asyncio.Event()
        self.entered = asyncio.Event()
        self.thinking = 0
        self.now: dict[int, int] = {}
        self.most_at_once: dict[int, int] = {}
        self.decisions = 0
        monkeypatch.setattr(service, "_ai_move", self.choose)

    async def choose(self, game: Any, seat: Any, rules: Any, state: Any, turn: Any = None) -> Any:
        self.thinking += 1
        at_once = self.now[game.id] = self.now.get(game.id, 0) + 1
        self.most_at_once[game.id] = max(self.most_at_once.get(game.id, 0), at_once)
        self.entered.set()
        try:
            await self.gate.wait()
        finally:
            self.thinking -= 1
            self.now[game.id] -= 1
        self.decisions += 1
        legal = rules.legal_moves(state, seat.seat)
        return engine.play(rules, state, seat.seat, legal[-1])


async def start_against_a_computer(service: GameService) -> None:
    """Ann's game against one computer, started."""
    await lobby(service, (ANN,))
    await service.add_ai(CHANNEL, ANN, level=0)
    await service.start(CHANNEL, ANN)


async def test_a_move_returns_before_the_computer_thinks_and_commands_are_served_meanwhile(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinker = SlowThinker(service, monkeypatch)
    await start_against_a_computer(service)
    move = asyncio.create_task(service.submit(CHANNEL, ANN, "pass"))
    await thinker.entered.wait()
    assert move.done()  # the person's move was answered before the computer began to think
    outcome = move.result()
    assert [p.actor for p in outcome.played] == ["player"] and outcome.to_act == (1,)
    # every command goes through while the computer thinks: the game's lock is free
    assert not service.repo.lock(outcome.game.id).locked()
    await service.set_away(CHANNEL, ANN, True)
    await service.update_game_timing(CHANNEL, ANN, reminder_minutes=60)
    await service.set_pictures(CHANNEL, ANN, "on-request")
    assert service.runner.running(outcome.game.id)
    thinker.gate.set()
    played = await moves_since(service, 1)
    assert played and {p.actor for p in played} == {"ai"}
    assert (await service.get_game(CHANNEL)).reminder_minutes == 60


async def test_a_decision_for_a_position_changed_meanwhile_is_dropped_and_taken_again(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinker = SlowThinker(service, monkeypatch)
    await start_against_a_computer(service)
    await service.submit(CHANNEL, ANN, "pass")
    await thinker.entered.wait()
    await service.restore(CHANNEL, 0, admin=True)  # served at once, though the computer thinks
    thinker.gate.set()
    assert await moves_since(service, 0) == []  # the computer's decision for version 1 was dropped
    game = await service.get_game(CHANNEL)
    assert game.version == 0 and game.to_act == (0,) and thinker.decisions == 1
    assert await service.check_replay(game.id)


async def test_a_game_of_computers_runs_to_its_end_paced_one_post_per_round(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinker = SlowThinker(service, monkeypatch)
    thinker.gate.set()
    told: list[MoveOutcome] = []

    async def listen(outcome: MoveOutcome) -> None:
        told.append(outcome)

    service.runner.listener = listen
    await lobby(service, (ANN,), options={"rounds": 3})
    await service.add_ai(CHANNEL, ANN, level=0)
    await service.add_ai(CHANNEL, ANN, level=0)
    await service.start(CHANNEL, ANN)
    handed = await service.hand_to_ai(CHANNEL, ANN, 0, level=0)
    assert not handed.finished  # the hand-over returns at once; the runner plays on
    await service.runner.idle()
    game = await service.get_game(CHANNEL)
    assert game.status == "finished"  # no pause, no reminder round needed
    moves = await moves_since(service, 0)
    # nobody plays in person: the channel hears once per round (as many turn changes as seats, each
    # at least one move) at most, and of the end
    assert told[-1].finished and len(told) <= len(moves) // len(game.seats) + 1


@pytest.mark.parametrize("posts", ["turn", "round", "end"])
async def test_the_host_sets_how_often_a_game_of_computers_is_told_and_the_pause_after_each_post(
    service: GameService, monkeypatch: pytest.MonkeyPatch, posts: str
) -> None:
    SlowThinker(service, monkeypatch).gate.set()
    told: list[MoveOutcome] = []
    pauses: list[float] = []

    async def listen(outcome: MoveOutcome) -> None:
        told.append(outcome)

    async def pause(seconds: float) -> None:
        pauses.append(seconds)

    service.runner.listener, service.runner.sleep = listen, pause
    await lobby(service, (ANN,), options={"rounds": 3})
    await service.add_ai(CHANNEL, ANN, level=0)
    await service.add_ai(CHANNEL, ANN, level=0)
    await service.start(CHANNEL, ANN)
    game = await service.set_computer_pace(CHANNEL, ANN, posts=posts, pause=30)
    assert (game.computer_posts, game.computer_pause) == (posts, 30)
    await service.hand_to_ai(CHANNEL, ANN, 0, level=0)
    await service.runner.idle()
    game = await service.get_game(CHANNEL)
    assert game.status == "finished" and told[-1].finished
    turns = len(await moves_since(service, 0))  # the tiny game: every move passes the turn
    if posts == "turn":
        assert len(told) == turns - 1  # Ann's hand-over move was hers, told by its command
    elif posts == "round":
        assert 1 < len(told) <= turns // len(game.seats) + 1
    else:
        assert len(told) == 1
    assert pauses == [30] * (len(told) - 1)  # after every post but the results


async def test_only_the_host_sets_the_pace_and_only_to_known_values(service: GameService) -> None:
    await lobby(service, (ANN, BOB))
    with pytest.raises(NotHost):
        await service.set_computer_pace(CHANNEL, BOB, posts="turn")
    with pytest.raises(NotAllowed, match="one of turn, round, end"):
        await service.set_computer_pace(CHANNEL, ANN, posts="often")
    with pytest.raises(NotAllowed, match="0 to 3600"):
        await service.set_computer_pace(CHANNEL, ANN, pause=3601)
    game = await service.get_game(CHANNEL)
    assert (game.computer_posts, game.computer_pause) == ("round", 0)
    assert (await service.set_computer_pace(CHANNEL, ANN, pause=5)).computer_posts == "round"


async def test_one_game_is_never_run_twice_at_once_and_many_games_think_together(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinker = SlowThinker(service, monkeypatch)
    games = []
    for n in range(5):
        await lobby(service, (ANN,), CHANNEL + n)
        await service.add_ai(CHANNEL + n, ANN, level=0)
        await service.start(CHANNEL + n, ANN)
        outcome = await service.submit(CHANNEL + n, ANN, "pass")
        games.append(outcome.game.id)
    await thinker.entered.wait()
    for game_id in games * 3:  # the reminder round and changes wake the runner again and again
        service.runner.wake(game_id)
    await asyncio.sleep(0)
    while thinker.thinking < len(games):
        await asyncio.sleep(0)
    assert max(thinker.most_at_once.values()) == 1
    thinker.gate.set()
    await service.runner.idle()
    for n in range(5):
        assert (await service.get_game(CHANNEL + n)).to_act == (0,)
