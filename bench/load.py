"""Load: many games at once through the loopback Discord and the real discord.py client.

``load``: ``--games`` games (Santa Fe and Great Western Trail in turn), each between one person and a
computer player at level 1 (which does not search: its moves come at once), all opened, joined and played
only through interactions, as people would (slash commands and autocomplete). Reminders are hourly and the
bot's clock jumps an hour every 15 s, so reminder rounds deliver in bursts. Then ``--people`` people
act at once for ``--seconds`` seconds, each looking at the moves of one of their games (autocomplete) and
making one (``/move``), game after game, at once or (``--think S``) pausing about S seconds after each, as
people reading their answers would. The same is first run idle: one person acting alone, the clock
still. Reported, loaded and idle, and their ratio:

* the requests the bot made while loaded, by route, and the 429s Discord answered: every request but the
  answers to interactions counts against Discord's global limit of 50 a second, which the bot keeps to
  (``bot/pacing.py``), so past some 35–45 moves a second (1–1.3 such requests a move) the moves wait for
  it; printed with the round of a look and a ``/move`` that the limit alone allows people acting back to
  back at least (Little's law);

* first response: from an interaction sent to the bot's first answer (Discord allows 3 s);
* ``/move`` done: from ``/move`` sent until the bot has answered and posted everything it posts for it
  (the turn message and its picture);
* the database's writes: how many, how busy the one writer was (the share of the time a write held it,
  its hold a write loaded and idle) and how long a write waited for it on average;
* event-loop lag: how late a 50 ms sleep wakes in the bot's loop (the loop that also sends discord.py's
  gateway heartbeats: a heartbeat is delayed as long); ``bot.latency`` (discord.py's last heartbeat's round
  trip) sampled every second, as a median: at least the stand-in's shortest round trip (50 ms), which
  leaves discord.py's heartbeat thread the time to note its send before the acknowledgement comes;
  and how often discord.py warned that a heartbeat was blocked (10 s or more).

``--apart`` (load) runs the bot as a real one runs, in a process of its own (``bench/apart.py``), the
stand-in and the people staying in this one: Discord is elsewhere, so the bot's interpreter does only the
bot's work. Its loop lag, ``bot.latency``, CPU time and warnings are measured in its process; "/move done"
is read from the stand-in's traffic: from the /move sent until its answer, or the bot's last request in
that game's channel before the person's next interaction there, whichever is later (reminders left out).

``pictures``: the event-loop lag while ``--burst`` pictures are drawn at once, drawn in threads of the
bot's process (as before) or in the picture workers (as now), on the same views.

Unless ``--apart``, the stand-in runs in the bot's process and loop, so every figure includes its work too
(about half the process's CPU under load): a real bot's loop has less to do. Rate-limit windows are
shortened 100 times, as in the end-to-end tests: the bench measures the bot, not the waits Discord imposes
on a channel's posts. ``--latency S`` gives the network S seconds each way (none by default; a heartbeat's
acknowledgement still takes the stand-in's shortest round trip).

``--phases`` (load) also times each picture drawn while loaded (how long it waited for a free picture
worker, how long its worker took, how busy the workers were) and each computer decision (from asking to
the answer, and the part not spent choosing in the worker: waiting for a thinking worker, the round trip).

Run: python bench/load.py [--games 200 --people 40 --seconds 60 --opening 40 --only load|pictures --threads
                           --phases --think S --apart --latency S]
Targets: first response max < 3 s; /move done p95 <= 1.5 s; event-loop lag max <= 0.5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import logging
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from apart import CLOCK_JUMP, LagProbe, Warnings, written_since

import render
import rules
from bot.client import BoardGameBot
from bot.pacing import DISCORD_GLOBAL_LIMIT, SLACK, WINDOW
from bot.services import FakeClock, GameService
from bot.services.drawing import KIND, Drawers, Drawing, draw
from bot.settings import Settings
from bot.storage import open_database
from bot.ui import pictures
from loopback import Channel, Guild, LoopbackDiscord, SimUser

TARGET_FIRST_MAX = 3.0
TARGET_DONE_P95 = 1.5
TARGET_LAG_MAX = 0.5
OPENING_AT_ONCE = 40  # games opened at once before the measuring, as many as the people who act at once
# Reminders are hourly: every 15 s of the loaded phase the bot's clock jumps 61 minutes, and the next
# reminder round finds every person waiting for their turn due. (A clock that ran on faster all the time
# would also make every computer turn in progress look left behind by a crash, past its 1-minute grace.)
JUMP_EVERY = 15  # seconds
GAMES = ("santafe", "gwt")


UNBOUND = ("/interactions/", "/webhooks/")  # answers to interactions: the global limit does not bind them


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class ThreadDrawers(Drawers):
    """The pictures drawn in threads of the bot's process, as before the workers: for comparison only."""

    async def draw(self, picture: Callable[..., Any], *args: Any, stem: str) -> Drawing:
        data, filename = await asyncio.to_thread(lambda: render.encode(picture(*args), stem))
        return Drawing(data, filename, 0)


class TimedDrawers(Drawers):
    """The picture workers, noting for each picture how long it waited for a free worker and how long its
    worker took (``--phases``)."""

    def __init__(self) -> None:
        super().__init__()
        self.waited: list[float] = []
        self.drew: list[float] = []

    async def draw(self, picture: Callable[..., Any], *args: Any, stem: str) -> Drawing:
        asked, begun = time.perf_counter(), []
        drawing = await self.pool.run(
            KIND,
            draw,
            *(picture, args, stem),
            timeout=self.timeout,
            start_timeout=self.timeout,
            admitted=lambda: begun.append(time.perf_counter()),  # a worker is free for it
        )
        started = begun[0]
        self.waited.append(started - asked)
        self.drew.append(time.perf_counter() - started)
        return drawing

    def line(self, seconds: float) -> str:
        per_second = len(self.drew) / seconds if seconds else float("nan")
        busy = sum(self.drew) / seconds / self.workers if seconds else float("nan")
        return (
            f"pictures {len(self.drew)} ({per_second:.1f}/s, {self.workers} workers busy {busy:.0%}) | wait "
            f"for a worker p50 {percentile(self.waited, 0.5):.3f} p95 {percentile(self.waited, 0.95):.3f} "
            f"max {max(self.waited, default=float('nan')):.3f} s | drawing p50 "
            f"{percentile(self.drew, 0.5):.3f} p95 {percentile(self.drew, 0.95):.3f} s"
        )

    def clear(self) -> None:
        self.waited.clear()
        self.drew.clear()


@dataclass
class Figures:
    first: list[float] = field(default_factory=list)  # seconds to the first response, every interaction
    done: list[float] = field(default_factory=list)  # seconds until /move was done, posts included
    lag: list[float] = field(default_factory=list)
    latency: list[float] = field(default_factory=list)  # bot.latency samples
    started: list[tuple[str, float]] = field(default_factory=list)  # each /move's channel and start
    moves: int = 0
    seconds: float = 0.0
    unanswered: int = 0  # autocompletes the bot did not answer in time
    cpu: float = 0.0  # the bot process's CPU seconds
    blocked: int = 0  # discord.py's heartbeat warnings
    errors: int = 0  # errors the bot logged
    warned: dict[str, int] = field(default_factory=dict)  # its commonest warnings, how often (a bot apart)
    writes: list[float] = field(default_factory=lambda: [0, 0.0, 0.0])  # count, seconds waited, held

    def line(self, name: str) -> str:
        return (
            f"{name:6} moves {self.moves:5} in {self.seconds:5.1f} s | first response p50 "
            f"{percentile(self.first, 0.5):6.3f} p95 {percentile(self.first, 0.95):6.3f} max "
            f"{max(self.first, default=float('nan')):6.3f} s | /move done p50 "
            f"{percentile(self.done, 0.5):6.3f} "
            f"p95 {percentile(self.done, 0.95):6.3f} s | loop lag p99 {percentile(self.lag, 0.99):6.3f} max "
            f"{max(self.lag, default=float('nan')):6.3f} s | bot.latency median "
            f"{percentile(self.latency, 0.5):6.3f} s | unanswered {self.unanswered}"
        )


@dataclass
class Table:
    person: SimUser
    channel: Channel


async def open_games(loopback: LoopbackDiscord, guild: Guild, count: int, at_once: int) -> list[Table]:
    """``count`` games, each opened by its own person with a level-1 computer, through interactions only."""
    tables = [
        Table(loopback.add_user(f"player{i}", guilds=guild), loopback.add_channel(guild, f"game-{i}"))
        for i in range(count)
    ]
    slots = asyncio.Semaphore(at_once)

    async def open_one(i: int, table: Table) -> None:
        async with slots:
            await table.person.slash(f"game {GAMES[i % len(GAMES)]}", table.channel)
            await table.person.slash("game add-ai", table.channel, level=1)
            await table.person.slash("game start", table.channel)

    await asyncio.gather(*(open_one(i, t) for i, t in enumerate(tables)))
    return tables


async def act(table: Table, rng: random.Random, figures: Figures) -> None:
    """The person looks at their moves and makes one, if it is their turn."""
    try:
        choices = await table.person.autocomplete("move", table.channel, move="")
    except LookupError:  # not answered (too late: the stand-in then refuses the answer, as Discord does)
        figures.unanswered += 1
        return
    if not choices:  # the computer's turn still, or the game is over
        return
    move = rng.choice(choices)["value"]
    started = time.monotonic()
    await table.person.slash("move", table.channel, move=move)
    figures.done.append(time.monotonic() - started)
    figures.started.append((table.channel.id, started))
    figures.moves += 1


async def play(
    loopback: LoopbackDiscord,
    tables: list[Table],
    people: int,
    seconds: float,
    tick: Callable[[Figures, int], None],
    think: float = 0.0,
) -> Figures:
    """``people`` act at once for ``seconds`` (each on their share of the tables, in turn); ``tick`` is
    called every second (it samples ``bot.latency``, and may jump the bot's clock so reminders fall due)."""
    figures, probe, rng = Figures(), LagProbe(), random.Random(7)
    deadline = time.perf_counter() + seconds

    async def person(share: list[Table]) -> None:
        while time.perf_counter() < deadline:
            for table in share:
                if time.perf_counter() >= deadline:
                    return
                await act(table, rng, figures)
                if think:  # reading the answer and choosing, as a person would: half to one and a half times
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))

    async def background() -> None:
        for second in itertools.count(1):
            await asyncio.sleep(1)
            tick(figures, second)

    before = set(loopback.world.interactions)
    probe.start()
    ticking = asyncio.create_task(background())
    started = time.perf_counter()
    await asyncio.gather(*(person(tables[i::people]) for i in range(people)))
    figures.seconds = time.perf_counter() - started
    ticking.cancel()
    await asyncio.gather(ticking, return_exceptions=True)
    figures.lag = await probe.stop()
    # every interaction of the phase (autocomplete and /move), and how long until its first response
    new = [i for key, i in loopback.world.interactions.items() if key not in before]
    figures.first = [i.response_delay if i.response_delay is not None else float("inf") for i in new]
    return figures


@dataclass
class Run:
    """What a load run found, in either shape (the bot in the bench's process or apart)."""

    idle: Figures
    loaded: Figures  # with the bot process's CPU seconds, heartbeat warnings and errors while loaded
    requests: Counter[str]
    refused: Counter[str]
    reminded: int
    broken: Counter[str]
    notes: list[str] = field(default_factory=list)


async def bench_load(
    games: int,
    people: int,
    seconds: float,
    folder: Path,
    threads: bool,
    opening: int = OPENING_AT_ONCE,
    phases: bool = False,
    think: float = 0.0,
    latency: float = 0.0,
) -> Run:
    """The bot in the bench's own process and loop, beside the stand-in."""
    clock = FakeClock()
    db_path = folder / "load.db"
    warnings = Warnings()
    logging.basicConfig(handlers=[warnings], level=logging.WARNING, force=True)
    timed = TimedDrawers() if phases and not threads else None
    thought: list[tuple[float, float]] | None = None
    notes: list[str] = []
    if threads:
        pictures.use(ThreadDrawers())
    elif timed is not None:
        pictures.use(timed)
    async with LoopbackDiscord(latency=latency) as loopback:
        loopback.api.ratelimits.speed_up(100)
        guild = loopback.add_guild("Load")
        admin = loopback.add_user("admin", guilds=guild, admin=True)
        lounge = loopback.add_channel(guild, "lounge")
        db = await open_database(db_path)
        try:
            service = GameService(db, clock)
            settings = Settings(token="unused", database_path=db_path, reminder_poll_seconds=1)
            bot = BoardGameBot(games=service, settings=settings)
            thought = timed_thinking(service) if phases else None

            def still(figures: Figures, second: int) -> None:
                figures.latency.append(bot.latency)

            def jumping(figures: Figures, second: int) -> None:
                figures.latency.append(bot.latency)
                if second % JUMP_EVERY == 0:
                    clock.advance(minutes=CLOCK_JUMP)

            async with loopback.run_bot(bot):
                await admin.slash("admin defaults", lounge, reminder_hours=1)
                began = time.perf_counter()
                tables = await open_games(loopback, guild, games, opening)
                print(f"opened {games} games through interactions in {time.perf_counter() - began:.1f} s")
                # the openings' computer moves and their posts are done before "idle" is measured
                await service.runner.idle()
                writes = replace(db.writes)
                idle = await play(loopback, tables[:1], 1, min(seconds, 20.0), still)
                idle.writes = written_since(db.writes, writes)
                reminded = reminder_posts(loopback)
                if timed is not None:
                    timed.clear()
                if thought is not None:
                    thought.clear()
                cpu, writes = time.process_time(), replace(db.writes)
                limited = len(loopback.api.ratelimits.rate_limited)
                exchanged = len(loopback.api.exchanges)
                loaded = await play(loopback, tables, people, seconds, jumping, think)
                loaded.cpu = time.process_time() - cpu
                loaded.writes = written_since(db.writes, writes)
                refused, requests = traffic(loopback, limited, exchanged)
                reminded = reminder_posts(loopback) - reminded
                # what broke Discord's rules (answers after 3 s, none at all), reported below
                broken = Counter(f"{v.kind} {v.where}" for v in loopback.take_violations())
        finally:
            await db.close()
            if threads or timed is not None:
                await pictures.close()
                pictures.use(Drawers())
    loaded.blocked, loaded.errors = warnings.blocked, warnings.errors  # the whole run, closing included
    how = "threads of the bot's process" if threads else "the picture workers"
    if timed is not None:
        notes.append(timed.line(loaded.seconds))
    if thought is not None:
        totals = [total for total, _ in thought]
        waits = [total - worker for total, worker in thought]
        notes.append(
            f"computer decisions {len(thought)} | asked to answered p50 "
            f"{percentile(totals, 0.5):.3f} p95 {percentile(totals, 0.95):.3f} "
            f"s | of which not in the worker's decision p50 {percentile(waits, 0.5):.3f} p95 "
            f"{percentile(waits, 0.95):.3f} s | {service.thinkers.workers} thinking workers"
        )
    print(f"load: {games} games, {people} people at once{pausing(think)}, pictures drawn in {how}")
    return Run(idle, loaded, requests, refused, reminded, broken, notes)


async def bench_load_apart(
    games: int,
    people: int,
    seconds: float,
    folder: Path,
    opening: int = OPENING_AT_ONCE,
    think: float = 0.0,
    latency: float = 0.0,
) -> Run:
    """The bot as ``python -m bot`` would run it, in a process of its own (``bench/apart.py``); the stand-in
    and the people stay in this one. The bot's loop lag, latency and CPU come from its process; "/move
    done" is read from the stand-in's traffic: until the answer, or the bot's last request in that game's
    channel before the person's next interaction there (reminders left out)."""
    report = folder / "phase.json"
    async with LoopbackDiscord(latency=latency) as loopback:
        loopback.api.ratelimits.speed_up(100)
        guild = loopback.add_guild("Load")
        admin = loopback.add_user("admin", guilds=guild, admin=True)
        lounge = loopback.add_channel(guild, "lounge")
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DEV_GUILD_ID")}
        env |= {"DISCORD_TOKEN": loopback.world.token, "DATABASE_PATH": str(folder / "load.db")}
        with (folder / "bot.log").open("wb") as log:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                str(Path(__file__).with_name("apart.py")),
                loopback.origin,
                str(report),
                env=env,
                stdout=log,
                stderr=log,
            )
        try:
            await loopback.wait_until(lambda: bool(loopback.gateway.sessions), "the bot process to connect")

            async def measured(tables: list[Table], at_once: int, jumps: bool, pause: float) -> Figures:
                def tick(figures: Figures, second: int) -> None:
                    if jumps and second % JUMP_EVERY == 0:
                        process.send_signal(signal.SIGUSR1)

                report.unlink(missing_ok=True)
                process.send_signal(signal.SIGUSR2)
                exchanged = len(loopback.api.exchanges)
                figures = await play(
                    loopback, tables, at_once, seconds if jumps else min(seconds, 20.0), tick, pause
                )
                process.send_signal(signal.SIGUSR2)
                await loopback.wait_until(report.exists, "the bot process's figures")
                found = json.loads(report.read_text())
                figures.lag, figures.latency = found["lags"], found["latency"]
                figures.done = done_by_traffic(loopback, figures, exchanged)
                figures.cpu, figures.blocked, figures.errors = found["cpu"], found["blocked"], found["errors"]
                figures.warned = found["said"]
                figures.writes = found["writes"]
                return figures

            await admin.slash("admin defaults", lounge, reminder_hours=1)
            began = time.perf_counter()
            tables = await open_games(loopback, guild, games, opening)
            print(f"opened {games} games through interactions in {time.perf_counter() - began:.1f} s")
            await quiet(loopback)  # the openings' computer moves and their posts are done
            idle = await measured(tables[:1], 1, False, 0.0)
            reminded = reminder_posts(loopback)
            limited = len(loopback.api.ratelimits.rate_limited)
            exchanged = len(loopback.api.exchanges)
            loaded = await measured(tables, people, True, think)
            refused, requests = traffic(loopback, limited, exchanged)
            reminded = reminder_posts(loopback) - reminded
            broken = Counter(f"{v.kind} {v.where}" for v in loopback.take_violations())
        finally:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
            await process.wait()
    print(f"load: {games} games, {people} people at once{pausing(think)}, the bot in a process of its own")
    warned = [f"warned {n} times: {said}" for said, n in loaded.warned.items()]
    return Run(idle, loaded, requests, refused, reminded, broken, warned)


def pausing(think: float) -> str:
    return f", each pausing {think:g} s on average after each look or move" if think else ", without pausing"


def traffic(loopback: LoopbackDiscord, limited: int, exchanged: int) -> tuple[Counter[str], Counter[str]]:
    """The 429s answered since, by scope, and the requests made since, by route."""
    refused = Counter(r.scope for r in loopback.api.ratelimits.rate_limited[limited:])
    requests = Counter(route_of(x.method, x.path) for x in loopback.api.exchanges[exchanged:])
    return refused, requests


async def quiet(loopback: LoopbackDiscord, seconds: float = 2.0, patience: float = 120.0) -> None:
    """Wait until the bot has made no request for ``seconds``; after ``patience`` seconds, say what it
    went on asking for and go on (a run that never settles is a finding, not a reason to hang)."""
    began = time.monotonic()
    while True:
        seen = len(loopback.api.exchanges)
        await asyncio.sleep(seconds)
        if len(loopback.api.exchanges) == seen:
            return
        if time.monotonic() - began > patience:
            asked = Counter(route_of(x.method, x.path) for x in loopback.api.exchanges[seen:])
            print(f"the bot was still making requests after {patience:g} s: {dict(asked)}; going on")
            return


def done_by_traffic(loopback: LoopbackDiscord, figures: Figures, exchanged: int) -> list[float]:
    """Each /move's "done" as the stand-in saw it: its answer, or the bot's last request in the game's
    channel after it and before the person's next interaction there, whichever came later."""
    posts: dict[str, list[float]] = {}
    for x in loopback.api.exchanges[exchanged:]:
        parts = x.path.split("/")
        content = x.body.get("content") if isinstance(x.body, dict) else None
        if len(parts) > 2 and parts[1] == "channels" and "Reminder:" not in (content or ""):
            posts.setdefault(parts[2], []).append(x.at)
    looks: dict[str, list[float]] = {}
    for interaction in loopback.world.interactions.values():
        looks.setdefault(str(interaction.channel_id), []).append(interaction.started)
    done = []
    for (channel, started), answered in zip(figures.started, figures.done, strict=True):
        following = min((t for t in looks.get(str(channel), ()) if t > started), default=float("inf"))
        last = max((t for t in posts.get(str(channel), ()) if started <= t < following), default=0.0)
        done.append(max(answered, last - started))
    return done


def global_bound(run: Run, people: int) -> str:
    """The requests Discord's global limit binds (every one but the answers to interactions) and what the
    limit alone allows: at most so many moves a second, so (Little's law: people = moves a second times
    the seconds each person's round of a look and a /move takes) so long a round for people acting back
    to back, however fast the machine."""
    bound = sum(n for route, n in run.requests.items() if not route.split(" ", 1)[1].startswith(UNBOUND))
    seconds, moves = run.loaded.seconds, max(1, run.loaded.moves)
    allowed = DISCORD_GLOBAL_LIMIT / (WINDOW + SLACK)  # as bot/pacing.py keeps to it
    most = allowed * moves / bound if bound else float("inf")
    return (
        f"requests the global limit binds while loaded: {bound} ({bound / seconds:.1f}/s of the "
        f"{allowed:.1f}/s the bot allows itself, {bound / moves:.2f} a move): at most {most:.0f} moves a "
        f"second, so {people} people acting back to back take at least {people / most:.2f} s a round "
        "(a look and a /move) on average"
    )


def report(run: Run, people: int) -> None:
    idle, loaded = run.idle, run.loaded
    print(idle.line("idle"))
    print(loaded.line("loaded"))
    print(
        f"bot process CPU while loaded: {loaded.cpu:.1f} s in {loaded.seconds:.1f} s "
        f"({loaded.cpu / loaded.seconds:.0%} of a core)"
    )
    print(
        f"requests while loaded: {sum(run.requests.values())} "
        f"({sum(run.requests.values()) / loaded.seconds:.0f}/s), "
        + ", ".join(f"{route} {n}" for route, n in run.requests.most_common(6))
    )
    print(global_bound(run, people))
    count, waited, held = loaded.writes
    each, alone = held / max(1, count) * 1000, idle.writes[2] / max(1, idle.writes[0]) * 1000
    print(
        f"database writes while loaded: {count:.0f} ({count / loaded.seconds:.0f}/s); the writer was held "
        f"{held:.1f} s of {loaded.seconds:.1f} s ({held / loaded.seconds:.0%}), {each:.1f} ms a write "
        f"({alone:.1f} ms idle); a write waited {waited / max(1, count) * 1000:.0f} ms for it on average "
        "(the writes go one at a time: the nearer the writer is to held all the time, the longer a /move "
        "waits its turn)"
    )
    print("429s answered while loaded: " + (", ".join(f"{k} {n}" for k, n in run.refused.items()) or "none"))
    for note in run.notes:
        print(note)
    print(
        f"reminders posted while loaded: {run.reminded}; discord.py heartbeat warnings: {loaded.blocked}; "
        f"errors logged: {loaded.errors}"
    )
    print("broken rules (all phases): " + (", ".join(f"{k} x{n}" for k, n in run.broken.items()) or "none"))

    def ratio(a: float, b: float) -> str:
        return f"{a / b:.2f}" if b > 0 else "n/a"

    print(
        "ratios loaded/idle: first response p50 "
        f"{ratio(percentile(loaded.first, 0.5), percentile(idle.first, 0.5))} p95 "
        f"{ratio(percentile(loaded.first, 0.95), percentile(idle.first, 0.95))} max "
        f"{ratio(max(loaded.first), max(idle.first))}; /move done p50 "
        f"{ratio(percentile(loaded.done, 0.5), percentile(idle.done, 0.5))} p95 "
        f"{ratio(percentile(loaded.done, 0.95), percentile(idle.done, 0.95))}; loop lag max "
        f"{ratio(max(loaded.lag), max(idle.lag))}"
    )
    print(
        f"targets: first response max {max(loaded.first):.3f} / {TARGET_FIRST_MAX} s, /move done p95 "
        f"{percentile(loaded.done, 0.95):.3f} / {TARGET_DONE_P95} s, loop lag max {max(loaded.lag):.3f} / "
        f"{TARGET_LAG_MAX} s"
    )


def route_of(method: str, path: str) -> str:
    """A request's route, its ids and tokens left out: "POST /channels/-/messages"."""
    return (
        method + " " + "/".join("-" if part.isdigit() or len(part) > 40 else part for part in path.split("/"))
    )


def timed_thinking(service: GameService) -> list[tuple[float, float]]:
    """Note for each computer decision the seconds from asking to the answer, and the seconds its worker
    spent choosing (the rest is waiting for a worker and the round trip)."""
    noted: list[tuple[float, float]] = []
    choose = service.thinkers.choose

    async def timed(*args: Any, **kwargs: Any) -> Any:
        asked = time.perf_counter()
        decision = await choose(*args, **kwargs)
        noted.append((time.perf_counter() - asked, decision.seconds))
        return decision

    service.thinkers.choose = timed  # type: ignore[method-assign]
    return noted


def reminder_posts(loopback: LoopbackDiscord) -> int:
    return sum(1 for m in loopback.world.messages.values() if "Reminder:" in (m.content or ""))


def sample_views() -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
    """A turn picture and a full board of each game, mid-game."""
    from rules.core.playout import random_playout, replay

    found: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
    for game in GAMES:
        engine = rules.get(game)
        played = random_playout(engine, 3, seed=5, max_moves=60)
        state = replay(engine, 3, 5, None, played.moves)
        view = engine.view(state, None)
        style = render.Style(["Ada", "Brook", "Cy"])
        found += [
            (render.render_turn, (view, ["Ada: moved."], (), style)),
            (render.render_board, (view, style)),
        ]
    return found


async def lag_while_drawing(drawers: Drawers, burst: int, rounds: int) -> tuple[list[float], float]:
    views = sample_views()
    await drawers.draw(views[0][0], *views[0][1], stem="warm")  # start the workers beforehand
    probe = LagProbe()
    probe.start()
    started = time.perf_counter()
    for _ in range(rounds):
        await asyncio.gather(
            *(drawers.draw(picture, *args, stem="x") for picture, args in (views * burst)[:burst])
        )
    elapsed = time.perf_counter() - started
    lags = await probe.stop()
    await drawers.close()
    return lags, elapsed


async def bench_pictures(burst: int, rounds: int) -> None:
    for name, drawers in (("threads", ThreadDrawers()), ("workers", Drawers())):
        lags, elapsed = await lag_while_drawing(drawers, burst, rounds)
        print(
            f"pictures {name:7} {rounds} bursts of {burst}: {rounds * burst / elapsed:5.1f} pictures/s, "
            f"loop lag p50 {percentile(lags, 0.5) * 1000:6.1f} ms p99 {percentile(lags, 0.99) * 1000:6.1f} "
            f"ms max {max(lags) * 1000:6.1f} ms"
        )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--people", type=int, default=40, help="people acting at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long they act")
    parser.add_argument("--burst", type=int, default=20, help="pictures drawn at once (pictures case)")
    parser.add_argument("--rounds", type=int, default=3, help="bursts (pictures case)")
    parser.add_argument("--threads", action="store_true", help="load: draw in threads, as before")
    parser.add_argument(
        "--opening", type=int, default=OPENING_AT_ONCE, help="load: games opened at once before the measuring"
    )
    parser.add_argument(
        "--think", type=float, default=0.0, help="load: seconds a person pauses after each look or move"
    )
    parser.add_argument("--only", choices=("load", "pictures"))
    parser.add_argument(
        "--phases", action="store_true", help="load: also time each picture's wait for a worker and drawing"
    )
    parser.add_argument(
        "--apart", action="store_true", help="load: the bot in a process of its own, as Discord is elsewhere"
    )
    parser.add_argument(
        "--latency", type=float, default=0.0, help="load: seconds the network takes each way (0: none)"
    )
    args = parser.parse_args()
    if args.apart and (args.threads or args.phases):
        parser.error("--threads and --phases time the bot's insides: they need it in the bench's process")
    if args.only in (None, "pictures"):
        await bench_pictures(args.burst, args.rounds)
    if args.only in (None, "load"):
        with tempfile.TemporaryDirectory() as tmp:
            if args.apart:
                run = await bench_load_apart(
                    args.games, args.people, args.seconds, Path(tmp), args.opening, args.think, args.latency
                )
            else:
                run = await bench_load(
                    args.games,
                    args.people,
                    args.seconds,
                    Path(tmp),
                    args.threads,
                    args.opening,
                    args.phases,
                    args.think,
                    args.latency,
                )
            report(run, args.people)


if __name__ == "__main__":
    asyncio.run(main())
