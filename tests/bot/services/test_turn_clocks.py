"""Every seat's turn clock starts when that seat starts to act: also when it acts again at once (a new
round, consecutive turns of one seat, a double turn, a simultaneous choice right after its own move)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

import rules
from bot.services import GameService
from rules.core.events import TURN_START
from rules.core.rng import Rng
from tests.support.fixtures import GUILD, turns

USERS = (21, 22, 23, 24, 25)
CHANNEL = 700
DEADLINE = timedelta(days=1000)  # far beyond the game's length, so no deadline falls due meanwhile


def started_seats(events: tuple[dict, ...]) -> set[int]:
    return {
        s
        for e in events
        if e.get("type") == TURN_START
        for s in (*(e.get("seats") or ()), *([e["seat"]] if e.get("seat") is not None else []))
    }


async def deadline_starts(service: GameService, now: datetime) -> dict[int, datetime]:
    """Each acting seat's clock start, read back from when its deadline falls due."""
    items = await service.due(now + DEADLINE + timedelta(days=1))
    return {i.seat: i.due_at - DEADLINE for i in items if i.kind == "deadline"}


# Santa Fe has every case of a seat acting again at once; in GWT turns simply pass on, and must stay right.
@pytest.mark.parametrize(
    ("rules_id", "players", "moves", "acts_again"), [("santafe", 3, 400, True), ("gwt", 2, 250, False)]
)
async def test_each_seats_clock_starts_when_its_turn_starts(db, clock, rules_id, players, moves, acts_again):
    try:
        rules.get(rules_id)
    except ImportError as exc:  # the engine is not in this checkout
        pytest.skip(f"{rules_id} is not available: {exc}")
    service = GameService(db, clock, new_seed=lambda: 7)
    await service.create_game(
        GUILD,
        CHANNEL,
        USERS[0],
        "P0",
        rules_id,
        seat_order="join",
        reminder_minutes=None,
        deadline_minutes=int(DEADLINE.total_seconds() // 60),
    )
    for i in range(1, players):
        await service.join(CHANNEL, USERS[i], f"P{i}")
    await service.start(CHANNEL, USERS[0])
    info = await service.get_game(CHANNEL)
    expected = dict.fromkeys(info.to_act, clock.now)
    pick = Rng(3)
    seen: list[str] = []  # every turn that began, to show the game's whole turn structure was walked
    again: list[str] = []  # turns that began for a seat already acting: the case a stale clock got wrong
    async for info, user in turns(service, pick, moves, CHANNEL):
        clock.advance(minutes=7)
        move, _label = pick.choice(await service.legal_moves(CHANNEL, user))
        outcome = await service.submit(CHANNEL, user, move)
        starters = started_seats(outcome.public_events)
        seen += [e["text"] for e in outcome.public_events if e.get("type") == TURN_START]
        again += [
            e["text"]
            for e in outcome.public_events
            if started_seats((e,)) & set(info.to_act) & set(outcome.to_act)
        ]
        expected = {
            seat: clock.now if seat in starters or seat not in expected else expected[seat]
            for seat in outcome.to_act
        }
        assert await deadline_starts(service, clock.now) == expected, (outcome.version, move)
    if acts_again:  # a new round's simultaneous choice, a double turn, consecutive turns of one seat
        assert {"choose a card" in t for t in again} == {True, False}, again
        assert any("Double Turn" in t for t in seen), seen
