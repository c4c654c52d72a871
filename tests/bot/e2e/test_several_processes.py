"""Three bot processes, one shard each, sharing one PostgreSQL database; one of them is killed (SIGKILL) while
its computer player thinks. The others take over its games' due work: nothing lost, nothing done twice.

Each process is ``python -m bot`` against the stand-in over HTTP and the gateway. Time passing (an hour
until reminders fall due, the grace after which a computer seat counts as left behind) is made by moving
the stored times back, as a clock would have moved them.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.storage.connection import Location
from bot.storage.records import from_time, to_time
from loopback import Channel, LoopbackDiscord, SimUser
from tests.support.bot_process import launch
from tests.support.databases import WHY_NOT, fresh

pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")

SHARDS = 3
DEAD = 1  # the shard whose process is killed
REMINDER = "Reminder: it is your turn in Santa Fe."


async def start_process(loopback: LoopbackDiscord, where: Location, tmp_path: Path, shard: int, think: str):
    """``python -m bot`` running shard ``shard`` of ``SHARDS``; its log goes to a file (never a full pipe)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID", "DATABASE_PATH")}
    env |= {
        "DISCORD_TOKEN": loopback.world.token,
        "DATABASE_URL": str(where.url),
        "DATABASE_PATH": str(tmp_path / f"process{shard}.db"),  # only its command-sync note lives there
        "SHARD_COUNT": str(SHARDS),
        "SHARD_IDS": str(shard),
        "REMINDER_POLL_SECONDS": "5",
        "COMPUTER_THINK_SECONDS": think,
        "COMPUTER_WORKERS": "1",
        "PICTURE_WORKERS": "1",
    }
    log = (tmp_path / f"process{shard}.log").open("wb")
    return await launch(loopback.origin, env=env, stdout=log, stderr=log)


async def until(check, seconds: float, what: str) -> Any:  # type: ignore[no-untyped-def]
    """Wait for ``check()`` (a function, or a coroutine function) to return something true."""
    for _ in range(int(seconds * 10)):
        found = check()
        if inspect.isawaitable(found):
            found = await found
        if found:
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"waited {seconds} s for {what}")


class Store:
    """The shared database, read (and aged) directly."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def game(self, channel: Channel) -> dict[str, Any]:
        async with self.engine.connect() as conn:
            row = (
                (
                    await conn.execute(
                        sa.text("SELECT * FROM games WHERE channel_id = :c ORDER BY id DESC LIMIT 1"),
                        {"c": int(channel.id)},
                    )
                )
                .mappings()
                .one()
            )
            seats = (
                (
                    await conn.execute(
                        sa.text("SELECT * FROM seats WHERE game_id = :g ORDER BY seat"), {"g": row["id"]}
                    )
                )
                .mappings()
                .all()
            )
        return {**row, "to_act": json.loads(row["to_act"]), "seats": [dict(s) for s in seats]}

    async def moves(self, game_id: int) -> list[dict[str, Any]]:
        async with self.engine.connect() as conn:
            result = await conn.execute(
                sa.text("SELECT version, seat, actor FROM moves WHERE game_id = :g ORDER BY version"),
                {"g": game_id},
            )
            return [dict(r) for r in result.mappings()]

    async def age(self, by: timedelta) -> None:
        """Every active game's clocks moved back by ``by``: as if that much time had passed."""
        async with self.engine.begin() as conn:
            # claims too: a claim of a process that died an hour ago has run out
            columns = "id, turn_started_at, updated_at, claimed_until"
            for game_id, *times in (await conn.execute(sa.text(f"SELECT {columns} FROM games"))).all():
                started, updated, claimed = (to_time(from_time(t) - by) if t else None for t in times)
                await conn.execute(
                    sa.text(
                        "UPDATE games SET turn_started_at = :s, updated_at = :u, claimed_until = :c,"
                        " due_stale = 1 WHERE id = :g"
                    ),
                    {"s": started, "u": updated, "c": claimed, "g": game_id},
                )
            seats = (await conn.execute(sa.text("SELECT game_id, seat, waiting_since FROM seats"))).all()
            for game_id, seat, since in seats:
                if since:
                    await conn.execute(
                        sa.text("UPDATE seats SET waiting_since = :w WHERE game_id = :g AND seat = :s"),
                        {"w": to_time(from_time(since) - by), "g": game_id, "s": seat},
                    )


@asynccontextmanager
async def shared_store(tmp_path: Path) -> AsyncIterator[tuple[Location, Store]]:
    where = await fresh("postgresql", tmp_path)
    engine = create_async_engine(str(where.url), poolclass=sa.pool.NullPool)
    try:
        yield where, Store(engine)
    finally:
        await engine.dispose()


def acting(game: dict[str, Any], people: dict[int, SimUser]) -> SimUser | None:
    """A person who must act (the first by seat), or None when only computer seats must act. Seats are
    shuffled at the start, so a computer may sit before a person still choosing a card with it: that
    person acts too (and their clock runs)."""
    seats = {s["seat"]: s for s in game["seats"]}
    people_acting = [seats[n] for n in game["to_act"] if not seats[n]["is_ai"]]
    return people[people_acting[0]["user_id"]] if people_acting else None


async def play(person: SimUser, channel: Channel) -> None:
    choices = await person.autocomplete("move", channel, move="")
    reply = await person.slash("move", channel, move=choices[0]["value"])
    assert reply.acknowledged, reply.content


async def test_a_killed_process_leaves_nothing_lost_and_nothing_done_twice(tmp_path: Path) -> None:
    async with shared_store(tmp_path) as (where, store), LoopbackDiscord() as loopback:
        loopback.api.ratelimits.speed_up(100)
        guilds = [loopback.add_guild(f"club {n}", shard=(n, SHARDS)) for n in range(SHARDS)]
        alice = loopback.add_user("alice", guilds=guilds)
        bob = loopback.add_user("bob", guilds=guilds)
        people = {int(alice.id): alice, int(bob.id): bob}
        # with a computer: one game in each guild; without: a second game in the dead shard's guild
        with_computer = [loopback.add_channel(g, "games") for g in guilds]
        people_only = loopback.add_channel(guilds[DEAD], "duels")
        processes = [
            await start_process(loopback, where, tmp_path, n, "30" if n == DEAD else "0.05")
            for n in range(SHARDS)
        ]
        try:
            await until(lambda: len(loopback.gateway.sessions) == SHARDS, 60, "every shard to connect")
            for channel in [*with_computer, people_only]:
                await alice.slash("game santafe", channel)
                await bob.slash("game join", channel)
                if channel is not people_only:  # the doomed game's computer searches: it takes its time
                    await alice.slash(
                        "game add-ai", channel, level=3 if channel is with_computer[DEAD] else 1
                    )
                await alice.slash("game timing", channel, reminder_hours=1, deadline_hours=48)
                started = await alice.slash("game start", channel)
                assert "started" in started.content, started.content
            # everybody plays a few moves; the computers of the live processes answer at once
            for _ in range(3):
                for channel in [with_computer[0], with_computer[2], people_only]:
                    game = await until(lambda c=channel: _human_turn(store, c, people), 30, "a person's turn")
                    await play(acting(game, people), channel)
            # in the dead shard's guild: the person whose move hands the turn to the computer...
            doomed = with_computer[DEAD]
            while True:
                game = await until(lambda: _human_turn(store, doomed, people), 30, "a person's turn")
                await play(acting(game, people), doomed)
                after = await store.game(doomed)
                await asyncio.sleep(0.5)  # a choice with one option is made at once: not that one
                if (
                    acting(after, people) is None
                    and (await store.game(doomed))["version"] == after["version"]
                ):
                    break
            # ...and its process is killed while its computer player thinks (for up to 30 s)
            processes[DEAD].send_signal(signal.SIGKILL)
            await processes[DEAD].wait()
            stranded = await store.game(doomed)
            assert stranded["version"] == after["version"] and acting(stranded, people) is None
            seen = {c.id: len(loopback.messages(c)) for c in [*with_computer, people_only]}
            waiting = [with_computer[0], with_computer[2], people_only]  # a person's turn for an hour
            for channel in waiting:  # their computers have answered (on a busy machine, a while later)
                await until(lambda c=channel: _human_turn(store, c, people), 60, "a person's turn")

            await store.age(timedelta(minutes=61))  # an hour on: reminders due, the computer left behind

            async def computer_moved() -> bool:
                game = await store.game(doomed)
                return game["version"] > stranded["version"] and acting(game, people) is not None

            await until(computer_moved, 60, "the others to make the killed process's computer move")

            def reminded(channel: Channel) -> list[str]:
                return [
                    m.content for m in loopback.messages(channel)[seen[channel.id] :] if REMINDER in m.content
                ]

            await until(lambda: all(reminded(c) for c in waiting), 60, "the reminders")
            await asyncio.sleep(12)  # two more rounds of each live process: nothing is sent twice
            assert [len(reminded(c)) for c in waiting] == [1, 1, 1]
            assert reminded(doomed) == []  # its person's turn began just now
            moved = await store.game(doomed)
            # the computer's moves were made once each, by one process, and told once
            log = await store.moves(moved["id"])
            assert [m["version"] for m in log] == list(range(1, moved["version"] + 1))
            assert all(m["actor"] == "ai" for m in log[stranded["version"] :])
            turn_pings = [
                m
                for m in loopback.messages(doomed)[seen[doomed.id] :]
                if str(acting(moved, people).id) in m.pinged_users
            ]
            assert len(turn_pings) == 1, [m.content for m in turn_pings]
            for channel in [*with_computer, people_only]:  # nothing lost: every game's log is whole
                game = await store.game(channel)
                assert [m["version"] for m in await store.moves(game["id"])] == list(
                    range(1, game["version"] + 1)
                )
        finally:
            for process in processes:
                if process.returncode is None:
                    process.send_signal(signal.SIGTERM)
            for process in processes:
                await process.wait()


async def _human_turn(store: Store, channel: Channel, people: dict[int, SimUser]) -> dict[str, Any] | None:
    game = await store.game(channel)
    return game if game["status"] == "active" and acting(game, people) is not None else None
