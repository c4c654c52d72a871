"""The fault sweep of everything between a person's move and its last post: every database statement after
the move's commit and every Discord request the bot makes after it (the answer to the mover, the live
board, the ping, the buttons taken off), each failed once, and the bot "killed" at each (from that step
on nothing it does reaches the database or Discord, it stops without its clean stop's work, and a new bot
starts on the same database). After each: the mover's answer is true (it counted, or the channel will
hear of it; never "unchanged"), the move is in the log once, the channel shows it and pings the next
person exactly once, after the fault clears or at the restart, that person (who takes direct messages) gets
exactly one direct message of their turn, and nothing is doubled.

The steps are found by recording a clean run first, so the sweep covers each one the code makes, not a
hand-picked list. By default a representative subset runs (the first and last database statement and
Discord request, and one in between; killed on PostgreSQL, where each restart waits out the dead
process's request share, the last of each); ``FAULT_SWEEP=all`` runs every step. A fake clock and events, no
sleeps: the catch-up's pauses wait on an event that the test sets once the fault has passed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import sqlalchemy as sa
from discord.webhook import async_ as webhooks

from bot.client import BoardGameBot
from bot.services import GameService
from bot.storage import games as store
from loopback import Channel, Reply
from loopback.violations import ContractViolation
from tests.bot.e2e.conftest import Arena, watch_statements
from tests.bot.e2e.test_after_the_commit import UNCHANGED, first_round, hold_catch_ups, running_catchup
from tests.support.fixtures import tiny_game  # noqa: F401  (a fixture)

EVERY_STEP = os.environ.get("FAULT_SWEEP") == "all"

Step = tuple[str, str]  # ("db", "transaction" | "reading") or ("discord", "METHOD path")


def dropped() -> Exception:
    """What a dropped database connection raises."""
    return sa.exc.OperationalError("SELECT", {}, ConnectionResetError("connection was closed"))


def unavailable() -> discord.DiscordServerError:
    """What discord.py raises for Discord's 503 (once its own retries are spent)."""
    response = SimpleNamespace(status=503, reason="Service Unavailable")
    return discord.DiscordServerError(response, {"message": "503: Service Unavailable", "code": 0})  # type: ignore[arg-type]


@dataclass
class Steps:
    """Every step after the commit of the next move, in order; at step ``at`` (counted from 0) it fails
    once (``kill`` False) or from then on every step fails (``kill``: the process is gone)."""

    at: int = -1
    kill: bool = False
    after: bool = False  # the move is committed: steps are counted
    done: bool = False  # the case is over: the test's own reads are not steps
    quiet: bool = True  # the game has a live board (else a message per turn)
    seen: list[Step] = field(default_factory=list)
    hit: Step | None = None

    def committed(self) -> None:
        """A move was committed: from here on, steps count."""
        self.after = True

    def step(self, kind: str, what: str) -> None:
        if not self.after or self.done:
            return
        n = len(self.seen)
        self.seen.append((kind, what))
        if n == self.at or (self.kill and self.at >= 0 and n > self.at):
            if n == self.at:
                self.hit = (kind, what)
            raise dropped() if kind == "db" else unavailable()


def watch(monkeypatch: pytest.MonkeyPatch, bot: BoardGameBot, service: GameService, steps: Steps) -> None:
    """Count (and fail) ``bot``'s database statements and Discord requests after a move's commit."""
    watch_statements(monkeypatch, service.db, lambda kind: steps.step("db", kind), steps.committed)
    request = bot.http.request

    async def counted_request(route: Any, **kwargs: Any) -> Any:
        steps.step("discord", f"{route.method} {route.path}")
        return await request(route, **kwargs)

    answer = webhooks.AsyncWebhookAdapter.request

    async def counted_answer(self: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
        steps.step("discord", f"{route.method} {route.path}")
        return await answer(self, route, *args, **kwargs)

    monkeypatch.setattr(bot.http, "request", counted_request)
    monkeypatch.setattr(webhooks.AsyncWebhookAdapter, "request", counted_answer)


async def opened(arena: Arena, name: str, style: str) -> tuple[Channel, Any, Any]:
    """A new two-person game of the tiny game in a new channel told in ``style``: the channel, the person
    to act, the other."""
    alice, bob = arena.people[:2]
    channel = arena.loopback.add_channel(arena.guild, name)
    await arena.start_game("tiny", alice, bob, channel=channel, style=style)
    await arena.loopback.settle()
    return channel, alice, bob


async def to_act(service: GameService, channel: Channel, arena: Arena) -> tuple[Any, Any]:
    game = await service.get_game(int(channel.id))
    first = next(p for p in arena.people[:2] if int(p.id) in game.to_act_users)
    return first, next(p for p in arena.people[:2] if p is not first)


def turn_dms(arena: Arena, channel: Channel, person: Any) -> list[Any]:
    """The direct messages telling ``person`` their turn in the game of ``channel`` has come."""
    inbox = arena.loopback.messages(arena.loopback.dm_channel(person))
    return [m for m in inbox if "your turn** since" in m.content and f"/{channel.id}/" in m.content]


def public_since(arena: Arena, channel: Channel, seen: set[str]) -> list[Any]:
    return [m for m in arena.loopback.messages(channel) if m.visible_to is None and m.id not in seen]


async def log_of(service: GameService, channel: Channel) -> list[int]:
    game = await service.get_game(int(channel.id))
    async with service.db.reading() as conn:
        return [m.version for m in await store.moves_of(conn, game.id, game.version + 1)]


async def record(arena: Arena, monkeypatch: pytest.MonkeyPatch, style: str) -> list[Step]:
    """The steps of a clean run: one move, from its commit to its last post."""
    steps = Steps()
    with monkeypatch.context() as patches:
        async with arena.running() as (bot, service):
            watch(patches, bot, service, steps)
            channel, _, _ = await opened(arena, "clean", style)
            first, other = await to_act(service, channel, arena)
            await other.slash("notify dm", channel, enabled=True)
            seen = {m.id for m in arena.loopback.messages(channel)}
            await first.slash("move", channel, move="pass")
            await arena.loopback.settle()
            await running_catchup().settled()
            await arena.loopback.settle()
            steps.done = True  # the bot's stop is not a step of the move
            pings = [m.pinged_users for m in public_since(arena, channel, seen) if m.pinged_users]
            assert pings == [{other.id}], pings
            assert len(turn_dms(arena, channel, other)) == 1
    assert any(k == "db" for k, _ in steps.seen) and any(k == "discord" for k, _ in steps.seen), steps.seen
    return steps.seen


def chosen(steps: list[Step], few: bool) -> list[int]:
    """Every step with ``FAULT_SWEEP=all``; else the first and last of each kind and the middle one, or
    with ``few`` the last of each kind (around the ping's post, where a crash is hardest to heal)."""
    if EVERY_STEP:
        return list(range(len(steps)))
    picked = set() if few else {len(steps) // 2}
    for kind in ("db", "discord"):
        mine = [n for n, (k, _) in enumerate(steps) if k == kind]
        picked |= {mine[-1]} if few else {mine[0], mine[-1]}
    return sorted(picked)


@contextmanager
def left_loading(kill: bool) -> Iterator[None]:
    """A process killed before it filled the mover's deferred answer leaves it loading, as a crash does
    (Discord then says the application did not respond): the stand-in's check at each stop may say so,
    and nothing else."""
    try:
        yield
    except ContractViolation as broken:
        assert kill and all(v.kind == "unfilled" and v.where == "/move" for v in broken.violations), broken


def check_answer(reply: Reply, kill: bool) -> None:
    """The mover's answer never says the game is unchanged; unless the process died first, it says
    something: what the move did, or that it counted."""
    assert UNCHANGED not in reply.text(), reply.text()
    if not kill:
        assert reply.original is not None and reply.original.content, reply.text()


@pytest.mark.parametrize("kill", [False, True], ids=["fail-once", "kill"])
@pytest.mark.parametrize("style", ["quiet", "every-turn"])
@pytest.mark.usefixtures("tiny_game")
async def test_a_fault_at_any_step_after_a_move_leaves_the_truth_told_once(
    arena: Arena, monkeypatch: pytest.MonkeyPatch, kill: bool, style: str
) -> None:
    """A live board (a new game's) or a full message per turn."""
    steps = await record(arena, monkeypatch, style)
    print("steps after the commit:", *(f"{n}: {k} {w}" for n, (k, w) in enumerate(steps)), sep="\n  ")
    problems: list[str] = []
    # on PostgreSQL a new process waits out the dead one's request share (10 s) before it is ready: by
    # default only the two steps around the ping are killed there
    for n in chosen(steps, few=kill and arena.db_where.url is not None):
        where = f"step {n} {steps[n]}"
        fault = Steps(at=n, kill=kill, quiet=style == "quiet")
        with left_loading(kill), monkeypatch.context() as patches:
            async with arena.running() as (bot, service):
                watch(patches, bot, service, fault)
                cleared, _ = hold_catch_ups(patches)
                channel, _, _ = await opened(arena, f"case-{n}", style)
                first, other = await to_act(service, channel, arena)
                await other.slash("notify dm", channel, enabled=True)
                seen = {m.id for m in arena.loopback.messages(channel)}
                before = await log_of(service, channel)
                reply = await first.slash("move", channel, move="pass")
                await arena.loopback.settle()
                check_answer(reply, kill)
                if not kill:  # the fault has passed: the catch-up's next try goes through
                    cleared.set()
                    await running_catchup().settled()
                    await arena.loopback.settle()
                    fault.done = True
                    problems += await verdict(arena, service, channel, seen, before, other, where, fault)
                    await arena.admin.slash("admin abandon", channel)  # a server hosts only so many
        if kill:  # a new process on the same database, as after a SIGKILL
            with left_loading(kill):
                async with arena.running() as (bot, service):
                    await first_round(bot)
                    await arena.loopback.settle()
                    problems += await verdict(arena, service, channel, seen, before, other, where, fault)
                    await arena.admin.slash("admin abandon", channel)
    assert not problems, "\n".join(problems)


async def verdict(
    arena: Arena,
    service: GameService,
    channel: Channel,
    seen: set[str],
    before: list[int],
    other: Any,
    where: str,
    fault: Steps,
) -> list[str]:
    """What is wrong after the fault at ``where`` cleared (or the restart): the move logged once, the
    channel's board showing it, the next person pinged once, nothing posted twice."""
    wrong = []
    if fault.hit is None:
        wrong.append(f"{where}: never reached (the run took {len(fault.seen)} steps)")
    if await log_of(service, channel) != [*before, len(before) + 1]:
        wrong.append(f"{where}: the log is {await log_of(service, channel)}")
    new = public_since(arena, channel, seen)
    pings = [m.pinged_users for m in new if m.pinged_users]
    if pings != [{other.id}]:
        wrong.append(f"{where}: pings {pings} ({[m.content[:60] for m in new]})")
    dms = turn_dms(arena, channel, other)
    if len(dms) != 1:  # the person to act takes direct messages: one for their turn
        wrong.append(f"{where}: {len(dms)} direct messages of the turn")
    if fault.quiet and [m for m in new if " · move " in m.content]:  # the board is edited, never doubled
        wrong.append(f"{where}: a second live board {[m.content[:60] for m in new]}")
    boards = [m for m in arena.loopback.messages(channel) if m.visible_to is None and " · move " in m.content]
    if fault.quiet and (not boards or f"move {len(before) + 1} ·" not in boards[-1].content):
        wrong.append(f"{where}: the board says {boards[-1].content[:80] if boards else None}")
    return wrong
