"""The registry of a bot's background tasks: one task a key at a time, each bot's own ended when it stops,
and a wait for all of them."""

from __future__ import annotations

import asyncio

from bot.play.background import Background


async def test_a_key_runs_one_task_at_a_time_and_again_once_it_has_ended() -> None:
    work = Background("test")
    bot = object()
    release = asyncio.Event()
    runs: list[str] = []

    async def job(name: str) -> None:
        runs.append(name)
        await release.wait()

    assert work.start(bot, 7, lambda: job("first"))
    assert not work.start(bot, 7, lambda: job("second"))  # the first is still under way
    assert work.start(bot, 8, lambda: job("other key"))
    release.set()
    await work.settled()
    assert work.under_way() == 0 and runs == ["first", "other key"]
    assert work.start(bot, 7, lambda: job("again"))
    await work.settled()
    assert runs[-1] == "again"


async def test_a_stopping_bot_ends_its_own_tasks_only() -> None:
    work = Background("test")
    stopping, other = object(), object()
    forever = asyncio.Event()
    ended: list[str] = []

    async def job(name: str) -> None:
        try:
            await forever.wait()
        finally:
            ended.append(name)

    work.start(stopping, 1, lambda: job("stopping"))
    work.start(other, 1, lambda: job("other"))
    await asyncio.sleep(0)  # both tasks begin
    await work.stop(stopping)
    assert ended == ["stopping"] and work.under_way() == 1
    forever.set()
    await work.settled()
    assert ended == ["stopping", "other"]
