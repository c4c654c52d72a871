"""The global pace on its own: within the window, in the order asked."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot import pacing
from bot.pacing import GlobalPace


async def test_no_window_holds_more_than_allowed_and_the_order_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pacing, "WINDOW", 0.1)
    monkeypatch.setattr(pacing, "SLACK", 0.02)
    pace = GlobalPace(per_second=9)
    assert pace.allowed == 9
    began: list[tuple[int, float]] = []

    async def request(n: int) -> None:
        await pace.wait()
        began.append((n, time.monotonic()))

    await asyncio.gather(*(request(n) for n in range(25)))
    assert [n for n, _ in began] == list(range(25))
    times = [t for _, t in began]
    for i, t in enumerate(times):
        assert sum(1 for u in times[i:] if u < t + pacing.WINDOW + pacing.SLACK) <= pace.allowed
    assert pace.waited > 0


async def test_a_paced_request_is_called_with_its_arguments_and_answers() -> None:
    pace = GlobalPace()

    async def request(route: str, *, body: int) -> str:
        return f"{route} {body}"

    assert await pace.paced(request)("GET /x", body=3) == "GET /x 3"
