"""A separate process that writes moves, for the crash and cross-process tests.

    python -m tests.support.worker crash DB [stop N]
                                                 play moves forever (new games when one ends) until killed,
                                                 printing ``moved GAME VERSION`` once each move is committed;
                                                 with ``stop N`` the N-th move stops inside its transaction
                                                 and prints ``inside``, so the kill lands in the middle of it
    python -m tests.support.worker race DB USER MOVE VERSION
                                                 wait for a line on stdin, submit one move, print the outcome
    python -m tests.support.worker think DB      start a game of Ann against the computer, pass for Ann and
                                                 print ``thinking`` once the computer is choosing its move
                                                 (it never finishes: the test kills the process there)

It prints ``ready`` once the database is open, so the test knows when the process is up.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from bot.services import GameService, NoGameHere, ServiceError
from bot.storage import games as store
from bot.storage import open_database
from rules.ai import Question
from rules.core.errors import RulesError
from tests.support import tiny

GUILD = 10
FIRST_CHANNEL = 1000
ROOT = Path(__file__).resolve().parents[2]


def start(*args: str, stdin: bool = False) -> subprocess.Popen[str]:
    """``python -m tests.support.worker ARGS`` from the repository's root, its output (and with ``stdin``
    its input) a text pipe."""
    return subprocess.Popen(
        [sys.executable, "-m", "tests.support.worker", *args],
        cwd=ROOT,
        stdin=subprocess.PIPE if stdin else None,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def stop_inside_transaction(nth: int) -> None:
    """The ``nth`` move written stops after its move row, before its transaction commits, says so and waits
    there for the kill."""
    real = store.append_move
    appended = 0

    async def stopping_append(*args: Any, **kwargs: Any) -> None:
        nonlocal appended
        await real(*args, **kwargs)
        appended += 1
        if appended == nth:
            print("inside", flush=True)
            await asyncio.Event().wait()

    store.append_move = stopping_append  # type: ignore[assignment]


async def crash(path: str, stop: int | None) -> None:
    if stop is not None:
        stop_inside_transaction(stop)
    # A killed process loses nothing the OS already holds, so full sync (for power cuts) would only slow
    # the writes and leave fewer moves between two kills.
    db = await open_database(path, sync="normal")
    service = GameService(db)
    print("ready", flush=True)
    channel = FIRST_CHANNEL
    while True:
        try:
            info = await service.get_game(channel)
        except NoGameHere:
            await service.create_game(GUILD, channel, 1, "Ann", "tiny", {"rounds": 50}, seat_order="join")
            continue
        if info.status == "lobby":  # a previous worker was killed while setting the game up
            if len(info.seats) < 2:
                await service.join(channel, 2, "Bob")
            await service.start(channel, 1)
            continue
        if info.status != "active":
            channel += 1
            continue
        user = info.seats[info.to_act[0]].user_id
        assert user is not None
        move = (await service.legal_moves(channel, user))[0][0]
        outcome = await service.submit(channel, user, move, expected_version=info.version)
        print(f"moved {info.id} {outcome.version}", flush=True)


async def race(path: str, user: int, move: str, version: int, channel: int) -> None:
    db = await open_database(path)
    service = GameService(db)
    print("ready", flush=True)
    sys.stdin.readline()
    try:
        outcome = await service.submit(channel, user, move, expected_version=version)
        print(f"applied {outcome.version}", flush=True)
    except (ServiceError, RulesError) as exc:
        print(f"refused {type(exc).__name__}", flush=True)
    finally:
        await db.close()


def endless_thought(asked: Question) -> str:
    print("thinking", flush=True)
    time.sleep(3600)
    return asked.legal[0]


async def think(path: str) -> None:
    db = await open_database(path)
    service = GameService(db, ai=endless_thought)
    await service.create_game(GUILD, FIRST_CHANNEL, 1, "Ann", "tiny", {"rounds": 2}, seat_order="join")
    await service.add_ai(FIRST_CHANNEL, 1)
    await service.start(FIRST_CHANNEL, 1)
    print("ready", flush=True)
    await service.submit(FIRST_CHANNEL, 1, "pass")
    await service.runner.idle()  # the computer answers in the background


def main(argv: list[str]) -> None:
    tiny.register()
    if argv[0] == "crash":
        asyncio.run(crash(argv[1], stop=int(argv[3]) if argv[2:3] == ["stop"] else None))
    elif argv[0] == "race":
        asyncio.run(race(argv[1], int(argv[2]), argv[3], int(argv[4]), int(argv[5])))
    elif argv[0] == "think":
        asyncio.run(think(argv[1]))
    else:
        raise SystemExit(f"unknown mode {argv[0]}")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except BaseException:
        # a worker that fails must end, so the test reading its output sees the end and the traceback:
        # the database's thread would otherwise keep the process, and the test's read, waiting for good
        traceback.print_exc()
        sys.stderr.flush()
        os._exit(1)
