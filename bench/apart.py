"""The bot in a process of its own, for ``bench/load.py --apart``: Discord is elsewhere, so the bot's
interpreter does only the bot's work, as on a real server.

    python bench/apart.py ORIGIN REPORT

ORIGIN is the stand-in's http://127.0.0.1:PORT; settings come from the environment (DISCORD_TOKEN,
DATABASE_PATH, ...); reminder rounds run every second, as in the bench's own process. The bench steers it
with signals:

* SIGUSR1: the bot's clock jumps ``CLOCK_JUMP`` minutes (reminders fall due), as ``FakeClock.advance``;
* SIGUSR2: the first starts a measuring phase, the next ends it and writes REPORT (JSON): the event-loop
  lags (how late a 50 ms sleep woke), ``bot.latency`` each second, the process's CPU seconds and wall
  seconds, discord.py's heartbeat warnings, the errors logged and the commonest warnings;
* SIGTERM: the bot closes and the process ends.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.__main__ import build_bot, open_configured
from bot.client import BoardGameBot
from bot.services import FakeClock
from bot.settings import load_settings
from bot.storage import Database
from bot.storage.db import Writes

CLOCK_JUMP = 61  # minutes: the bot's clock jumps this far every JUMP_EVERY seconds (bench/load.py)
PROBE_SECONDS = 0.05


class Warnings(logging.Handler):
    """discord.py's warnings that a heartbeat was blocked, the errors the bot logged, and how often each
    warning's wording was logged."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.blocked = 0
        self.errors = 0
        self.said: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        if "heartbeat blocked" in record.getMessage() or "Can't keep up" in record.getMessage():
            self.blocked += 1
        if record.levelno >= logging.ERROR:
            self.errors += 1
        self.said[f"{record.name}: {record.msg}"] += 1

    def clear(self) -> None:
        self.blocked = self.errors = 0
        self.said.clear()


def written_since(now: Writes, before: Writes) -> list[float]:
    """The writes made between two readings of ``Database.writes``: how many, the seconds they waited
    for the writer and the seconds they held it."""
    return [now.count - before.count, now.waited - before.waited, now.held - before.held]


class LagProbe:
    """How late the event loop runs a task that slept ``PROBE_SECONDS``: the time anything else scheduled
    then (a heartbeat, a reply) waited for the loop."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(PROBE_SECONDS)
            self.lags.append(time.perf_counter() - start - PROBE_SECONDS)

    def start(self) -> None:
        self.lags.clear()
        self._task = asyncio.create_task(self._run())

    def halt(self) -> list[float]:
        """Stop probing (without waiting for the probe to end): the lags seen."""
        if self._task is not None:
            self._task.cancel()
        return list(self.lags)

    async def stop(self) -> list[float]:
        lags = self.halt()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
        return lags


class Phase:
    """What a measuring phase collects; ``toggle`` starts one or ends it, writing the report."""

    def __init__(self, report: Path, warnings: Warnings) -> None:
        self.report = report
        self.warnings = warnings
        self.on = False
        self.lag = LagProbe()
        self.latency: list[float] = []
        self.cpu = self.wall = 0.0
        self.db: Database | None = None  # its writes are counted too
        self.writes = Writes()

    def toggle(self) -> None:
        if not self.on:
            self.lag.start()
            self.latency.clear()
            self.warnings.clear()
            self.cpu, self.wall = time.process_time(), time.perf_counter()
            self.writes = replace(self.db.writes) if self.db is not None else Writes()
            self.on = True
            return
        self.on = False
        figures: dict[str, Any] = {
            "lags": self.lag.halt(),
            "latency": self.latency,
            "cpu": time.process_time() - self.cpu,
            "wall": time.perf_counter() - self.wall,
            "blocked": self.warnings.blocked,
            "errors": self.warnings.errors,
            "said": dict(self.warnings.said.most_common(5)),
            "writes": written_since(self.db.writes, self.writes) if self.db is not None else [0, 0.0, 0.0],
        }
        written = self.report.with_suffix(".part")
        written.write_text(json.dumps(figures))
        written.replace(self.report)  # the bench waits for the whole file

    async def sample_latency(self, bot: BoardGameBot) -> None:
        """``bot.latency`` once a second while a phase is on."""
        while True:
            await asyncio.sleep(1)
            if self.on:
                self.latency.append(bot.latency)


async def run(report: Path) -> None:
    warnings = Warnings()
    logging.basicConfig(handlers=[warnings], level=logging.WARNING, force=True)
    settings = replace(load_settings(os.environ), reminder_poll_seconds=1)
    clock = FakeClock()
    phase = Phase(report, warnings)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, lambda: clock.advance(minutes=CLOCK_JUMP))
    loop.add_signal_handler(signal.SIGUSR2, phase.toggle)
    loop.add_signal_handler(signal.SIGTERM, stopping.set)
    db = await open_configured(settings)
    phase.db = db
    try:
        async with build_bot(db, settings, clock) as bot:
            running = asyncio.create_task(bot.start(settings.token))
            probing = asyncio.create_task(phase.sample_latency(bot))
            await asyncio.wait((running, asyncio.create_task(stopping.wait())), return_when="FIRST_COMPLETED")
            probing.cancel()
            await bot.close()
            await asyncio.gather(running, probing, return_exceptions=True)
    finally:
        await db.close()


if __name__ == "__main__":
    origin, where = sys.argv[1:]
    Route.BASE = origin + "/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(origin.replace("http://", "ws://") + "/")
    asyncio.run(run(Path(where)))
