"""A separate process that writes moves, for the crash and cross-process tests.

    python -m tests.support.worker crash DB [dawdle]
                                                 play moves forever (new games when one ends) until killed;
                                                 with ``dawdle`` every move pauses inside its transaction, so
                                                 most kills land in the middle of one
    python -m tests.support.worker race DB USER MOVE VERSION
                                                 wait for a line on stdin, submit one move, print the outcome
    python -m tests.support.worker think DB      start a game of Ann against the computer, pass for Ann and
                                                 print ``thinking`` once the computer is choosing its move
                                                 (it never finishes: the test kills the process there)

It prints ``ready`` once the database is open, so the test knows when the process is up.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Sequence
from typing import Any

from bot.services import GameService, NoGameHere, ServiceError
from bot.storage import games as store
from bot.storage import open_database
from rules.core.errors import RulesError
from tests.support import tiny

GUILD = 10
FIRST_CHANNEL = 1000


def dawdle_inside_transactions() -> None:
    """Pause after writing the move row and before the snapshot: the widest window for a half-done move."""
    real = store.append_move

    async def slow_append(*args: Any, **kwargs: Any) -> None:
        await real(*args, **kwargs)
        await asyncio.sleep(0.004)

    store.append_move = slow_append  # type: ignore[assignment]


async def crash(path: str, dawdle: bool) -> None:
    if dawdle:
        dawdle_inside_transactions()
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
        await service.submit(channel, user, move, expected_version=info.version)


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


def endless_thought(
    rules_id: str, view: Any, legal: Sequence[str], level: int, seed: int, budget: Any
) -> str:
    print("thinking", flush=True)
    time.sleep(3600)
    return legal[0]


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
        asyncio.run(crash(argv[1], dawdle=argv[2:] == ["dawdle"]))
    elif argv[0] == "race":
        asyncio.run(race(argv[1], int(argv[2]), argv[3], int(argv[4]), int(argv[5])))
    elif argv[0] == "think":
        asyncio.run(think(argv[1]))
    else:
        raise SystemExit(f"unknown mode {argv[0]}")


if __name__ == "__main__":
    main(sys.argv[1:])
