"""The global pace on its own: within the window, in the order asked, the background last."""

from __future__ import annotations

import asyncio

import pytest

from bot import pacing
from bot.pacing import GlobalPace


@pytest.fixture(autouse=True)
def short_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pacing, "WINDOW", 0.1)
    monkeypatch.setattr(pacing, "SLACK", 0.02)


async def test_no_window_holds_more_than_allowed_and_the_order_is_kept() -> None:
    pace = GlobalPace(per_second=9)
    began: list[tuple[int, float]] = []

    async def request(n: int) -> None:
        await pace.wait()
        began.append((n, pace._sent[-1]))  # when the pace let it go (a busy machine may run it later)

    await asyncio.gather(*(request(n) for n in range(25)))
    assert [n for n, _ in began] == list(range(25))
    times = [t for _, t in began]
    for i, t in enumerate(times):
        assert sum(1 for u in times[i:] if u < t + pacing.WINDOW + pacing.SLACK) <= pace.allowed
    assert pace.waited == 25 - 9


async def test_the_background_waits_behind_people() -> None:
    pace = GlobalPace(per_second=2)
    order: list[str] = []

    async def request(name: str, *, behind: bool) -> None:
        if behind:
            with pacing.background():
                await pace.wait()
        else:
            await pace.wait()
        order.append(name)

    tasks = [asyncio.create_task(request(f"reminder {n}", behind=True)) for n in range(4)]
    await asyncio.sleep(0)  # the reminders ask first: two go at once, two wait
    tasks += [asyncio.create_task(request(f"move {n}", behind=False)) for n in range(2)]
    await asyncio.gather(*tasks)
    assert order == ["reminder 0", "reminder 1", "move 0", "move 1", "reminder 2", "reminder 3"]


async def test_the_background_goes_next_once_it_has_waited_long_enough(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """People's requests always waiting would keep a reminder's post waiting for ever, and with it its
    game's posting lock and the next move's news in that game: once it has waited ``BACKGROUND_PATIENCE``
    it goes next."""
    monkeypatch.setattr(pacing, "BACKGROUND_PATIENCE", 0.3)
    pace = GlobalPace(per_second=2)
    order: list[str] = []

    async def person(n: int) -> None:
        await pace.wait()
        order.append(f"move {n}")

    async def reminder() -> None:
        with pacing.background():
            await pace.wait()
        order.append("reminder")

    tasks = [asyncio.create_task(person(n)) for n in range(2)]  # the window is full
    await asyncio.sleep(0)
    tasks.append(asyncio.create_task(reminder()))
    tasks += [asyncio.create_task(person(n)) for n in range(2, 20)]  # some 1.1 s of moves, always waiting
    await asyncio.gather(*tasks)
    window = pacing.WINDOW + pacing.SLACK
    # two a window: it went within the windows its patience spans, one more for the window it ended in
    assert 2 <= order.index("reminder") <= 2 * (int(0.3 / window) + 2), order


async def test_a_cancelled_wait_gives_up_its_turn() -> None:
    pace = GlobalPace(per_second=1)
    await pace.wait()
    gone = asyncio.create_task(pace.wait())
    kept = asyncio.create_task(pace.wait())
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.wait_for(kept, timeout=5)
    assert gone.cancelled()
    assert len(pace._sent) == 1  # the cancelled wait took no place in the window


async def test_a_paced_request_is_called_with_its_arguments_and_answers() -> None:
    pace = GlobalPace()

    async def request(route: str, *, body: int) -> str:
        return f"{route} {body}"

    assert await pace.paced(request)("GET /x", body=3) == "GET /x 3"


async def test_without_a_part_nothing_goes_until_a_part_is_given() -> None:
    """A process whose part of the token's limit is 0 (the others hold it all) waits for a share."""
    pace = GlobalPace(per_second=3)
    pace.share(0)
    waiting = [asyncio.create_task(pace.wait()) for _ in range(2)]
    await asyncio.sleep(0)
    assert not any(w.done() for w in waiting)
    pace.share(1)
    assert pace.recent() == 1  # one went at once, the other waits for the next window
    await asyncio.wait_for(asyncio.gather(*waiting), timeout=5)


async def test_once_closed_what_waits_goes_on_at_once() -> None:
    """A closed bot sends nothing more: its waiting requests go on (to its closed session, which refuses
    them) rather than wait for a part of the limit that no renewal will bring."""
    pace = GlobalPace(per_second=1)
    pace.share(0)
    waiting = asyncio.create_task(pace.wait())
    await asyncio.sleep(0)
    assert not waiting.done()
    pace.close()
    await asyncio.wait_for(waiting, timeout=5)
    await asyncio.wait_for(pace.wait(), timeout=5)  # and what asks later does not wait either
