"""After a move's commit, the truth: when the first database statement after it fails (as on a dropped
PostgreSQL connection), the mover is told that the move counted, never that the game is unchanged; the
move is in the log once; and the channel hears of it, pinging the next person once, as soon as the fault
has passed, not at the next reminder round."""

from __future__ import annotations

import asyncio
import itertools
import sys
from types import ModuleType
from typing import Any, NamedTuple

import pytest
import sqlalchemy as sa

from bot.i18n import ENGLISH, translate
from bot.play import catchup
from bot.services import GameService
from bot.storage import Database
from bot.storage import games as store
from loopback import Message, Reply, SimUser
from tests.bot.e2e.conftest import Arena, watch_statements
from tests.support.fixtures import tiny_game  # noqa: F401  (a fixture)

UNCHANGED = "unchanged"  # the end of message.generic_error, in English


class DroppedAfterMove:
    """Once armed, the first database statement after the commit of the next move (after ``passing``
    others) fails, as when the connection was dropped; so do the next ``left`` statements, when set."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, db: Database, passing: int = 0) -> None:
        self.armed = False
        self.passing = passing
        self.skip = 0  # statements yet to pass before the next fails
        self.left = 0  # statements yet to fail
        self.failed = 0
        watch_statements(monkeypatch, db, lambda _kind: self._statement(), self._committed)

    def _committed(self) -> None:
        if self.armed:  # the move is committed: what follows fails
            self.armed, self.skip, self.left = False, self.passing, 1

    def _statement(self) -> None:
        if self.skip:
            self.skip -= 1
        elif self.left:
            self.left -= 1
            self.failed += 1
            dropped = ConnectionResetError("connection was closed in the middle of operation")
            raise sa.exc.OperationalError("SELECT", {}, dropped)


def running_catchup() -> ModuleType:
    """The module the running bot calls: after an earlier bot in this process (discord.py unloads the
    extensions' modules), sys.modules holds a fresh copy of it, not the one imported above."""
    return sys.modules[catchup.__name__]


def hold_catch_ups(monkeypatch: pytest.MonkeyPatch) -> tuple[asyncio.Event, list[float]]:
    """The catch-ups' pauses end when the event returned is set (the fault has passed); the pauses asked
    for are listed."""
    cleared = asyncio.Event()
    asked: list[float] = []

    async def pause(seconds: float) -> None:
        asked.append(seconds)
        await cleared.wait()

    monkeypatch.setattr(running_catchup(), "pause", pause)
    return cleared, asked


def first_pauses(count: int) -> list[float]:
    return list(itertools.islice(catchup.pauses(), count))


async def movers(arena: Arena, service: GameService) -> tuple[SimUser, SimUser]:
    """The person to act in the arena's two-person game, and the other."""
    game = await service.get_game(int(arena.channel.id))
    first = next(p for p in arena.people if int(p.id) in game.to_act_users)
    return first, next(p for p in arena.people[:2] if p is not first)


async def logged_versions(service: GameService, arena: Arena) -> list[int]:
    game = await service.get_game(int(arena.channel.id))
    async with service.db.reading() as conn:
        return [m.version for m in await store.moves_of(conn, game.id, game.version + 1)]


class Armed(NamedTuple):
    """A two-person game about to fail after a move's commit: who moves, who is next, the public messages
    and logged moves so far, the held catch-ups (``cleared``, ``asked``: see ``hold_catch_ups``) and the
    armed fault."""

    first: SimUser
    other: SimUser
    seen: set[str]
    before: list[int]
    cleared: asyncio.Event
    asked: list[float]
    fault: DroppedAfterMove


async def arm_fault(
    arena: Arena, service: GameService, monkeypatch: pytest.MonkeyPatch, passing: int = 0
) -> Armed:
    """Everything settled, the catch-ups held and a ``DroppedAfterMove`` (``passing``) armed."""
    first, other = await movers(arena, service)
    await arena.loopback.settle()
    seen = {m.id for m in arena.public()}
    before = await logged_versions(service, arena)
    cleared, asked = hold_catch_ups(monkeypatch)
    fault = DroppedAfterMove(monkeypatch, service.db, passing)
    fault.armed = True
    return Armed(first, other, seen, before, cleared, asked, fault)


def pings_since(arena: Arena, seen: set[str]) -> list[set[str]]:
    """Who each public message of the channel not among ``seen`` pinged (messages that pinged)."""
    public: list[Message] = [m for m in arena.public() if m.id not in seen]
    return [m.pinged_users for m in public if m.pinged_users]


async def check_counted_then_told(
    arena: Arena, service: GameService, play: Any, monkeypatch: pytest.MonkeyPatch, lasting: int = 0
) -> None:
    """``play(first)`` passes the turn of the person to act while the statement after its commit fails:
    the answer says it counted, the move is logged once, and once the fault clears (after failing the
    first ``lasting`` tries to tell the channel) the channel tells the move and pings the other person,
    once."""
    first, other, seen, before, cleared, asked, fault = await arm_fault(arena, service, monkeypatch)
    reply: Reply = await play(first)
    version = len(before) + 1
    assert fault.failed == 1
    counted = translate(ENGLISH, "message.move_counted_later", version=version)
    assert reply.ephemeral and counted in reply.content, reply.content
    assert UNCHANGED not in reply.text(), reply.text()
    assert await logged_versions(service, arena) == [*before, version]
    assert not pings_since(arena, seen)  # not told yet: the fault has not passed
    fault.left = lasting
    cleared.set()
    await running_catchup().settled()
    await arena.loopback.settle()
    assert fault.failed == 1 + lasting
    assert asked == first_pauses(1 + lasting)  # the first try comes within a second
    assert pings_since(arena, seen) == [{other.id}]
    assert f"move {version} ·" in arena.live_board().content
    assert await logged_versions(service, arena) == [*before, version]


@pytest.mark.usefixtures("tiny_game")
async def test_a_typed_move_saved_before_a_dropped_connection_counts_and_is_told(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("tiny", alice, bob)

        async def typed(person: SimUser) -> Reply:
            return await person.slash("move", arena.channel, move="pass")

        await check_counted_then_told(arena, service, typed, monkeypatch)
        arena.loopback.assert_prompt_responses()


@pytest.mark.usefixtures("tiny_game")
async def test_a_button_move_saved_before_a_dropped_connection_counts_and_is_told(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same for a move pressed on a picker, with the fault lasting into the first retry: the channel
    hears of it at the next."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("tiny", alice, bob)

        async def pressed(person: SimUser) -> Reply:
            decision = await service.decision(channel_id, int(person.id), ENGLISH)
            index = [move for move, _ in decision.moves].index("pass")
            picker = await person.click(arena.live_board(), "Play")
            button = next(
                c["custom_id"]
                for c in picker.message.flat_components()
                if c.get("custom_id", "").startswith("bg:mv:") and c["custom_id"].endswith(f":{index}")
            )
            return await person.click(picker, button)

        await check_counted_then_told(arena, service, pressed, monkeypatch, lasting=1)
        arena.loopback.assert_prompt_responses()


@pytest.mark.usefixtures("tiny_game")
async def test_a_move_whose_post_failed_on_a_dropped_connection_is_told_once_it_passes(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The statement that fails is the post's own first read: the mover's answer shows the move, a note
    says it counted although the channel did not hear of it, and the channel is told at the next try."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("tiny", alice, bob)
        # passing=1: the answer's read goes through
        first, other, seen, before, cleared, asked, fault = await arm_fault(
            arena, service, monkeypatch, passing=1
        )
        reply = await first.slash("move", arena.channel, move="pass")
        await arena.loopback.wait_until(lambda: bool(reply.followups), "the note that the post failed")
        assert fault.failed == 1
        note = reply.followups[-1]
        assert note.ephemeral and note.content.startswith("Your move counted, but I could not post it"), note
        assert f"<#{channel_id}>" in note.content and UNCHANGED not in reply.text(), reply.text()
        assert not pings_since(arena, seen)
        cleared.set()
        await running_catchup().settled()
        await arena.loopback.settle()
        assert asked == first_pauses(1)
        assert pings_since(arena, seen) == [{other.id}]
        assert await logged_versions(service, arena) == [*before, len(before) + 1]
        arena.loopback.assert_prompt_responses()


@pytest.mark.usefixtures("tiny_game")
async def test_a_move_is_told_after_a_fault_lasting_many_tries_once_it_passes(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fault outlasts seven tries to tell the channel: the tries go on, their pauses capped at a
    minute, and the channel hears of the move at the first try after the fault has passed."""
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("tiny", alice, bob)

        async def typed(person: SimUser) -> Reply:
            return await person.slash("move", arena.channel, move="pass")

        await check_counted_then_told(arena, service, typed, monkeypatch, lasting=7)
        assert max(first_pauses(20)) == catchup.CAP
        arena.loopback.assert_prompt_responses()


async def first_round(bot: Any) -> None:
    """The reminder loop's first round after a start (run here rather than waiting for its timer), and
    the catch-ups it began."""
    cog = bot.get_cog("Reminders")
    assert cog is not None
    await cog.tick()
    await running_catchup().settled()
    await bot.games.runner.idle()


@pytest.mark.usefixtures("tiny_game")
async def test_a_move_the_bot_stopped_before_telling_is_told_at_the_next_start_once(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot stops between a move's commit and its post (the post failed, and the fault outlasted the
    process): the next start tells the channel of the move and pings the next person, once; a start
    after that says nothing more."""
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("tiny", alice, bob)
        first, other, seen, before, cleared, _, _fault = await arm_fault(arena, service, monkeypatch)
        reply = await first.slash("move", arena.channel, move="pass")
        version = len(before) + 1
        assert translate(ENGLISH, "message.move_counted_later", version=version) in reply.content
        assert not pings_since(arena, seen)
    assert running_catchup().under_way() == 0  # the catch-up waiting out the fault ended with the bot
    cleared.set()
    assert not pings_since(arena, seen)
    async with arena.running() as (bot, service):
        await first_round(bot)
        await arena.loopback.settle()
        assert pings_since(arena, seen) == [{other.id}]
        assert f"move {version} ·" in arena.live_board().content
        game = await service.get_game(int(arena.channel.id))
        assert await service.untold_movers(game.id, game.version) == []
        told = {m.id for m in arena.public()}
    async with arena.running() as (bot, service):
        await first_round(bot)
        await arena.loopback.settle()
        assert not pings_since(arena, told)
        assert await logged_versions(service, arena) == [*before, version]
