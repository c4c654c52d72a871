"""The animated replays kept for the next reader: drawn once per game, revision, language and names, however
many ask at once; never one of an older position; within a budget of bytes; a failed drawing not kept.
Counted in drawings, never timed: a drawing here waits on an event the test sets."""

from __future__ import annotations

import asyncio

import pytest

from bot.ui.animations import Animation, AnimationKey, Animations, Build

NAMES = ("Ann", "Bob")


def key(
    game: int = 1, revision: int = 5, language: str = "en", names: tuple[str, ...] = NAMES
) -> AnimationKey:
    return AnimationKey(game, revision, language, names)


def movie(size: int = 10, moves: int = 5) -> Animation:
    return Animation(bytes(size), "replay-1.webp", moves + 1, moves)


class Drawer:
    """Builds that count their drawings, wait for ``gate`` when given, and draw ``result`` (nothing when
    ``fails``: as a failed picture)."""

    def __init__(
        self, result: Animation | None = None, gate: asyncio.Event | None = None, fails: bool = False
    ) -> None:
        self.result = result or movie()
        self.fails = fails
        self.gate = gate
        self.drawn: list[AnimationKey] = []
        self.started = asyncio.Event()

    def __call__(self, made: AnimationKey) -> Build:
        """A build that draws the animation of ``made``."""

        async def build() -> tuple[AnimationKey, Animation] | None:
            self.drawn.append(made)
            self.started.set()
            if self.gate is not None:
                await self.gate.wait()
            return None if self.fails else (made, self.result)

        return build


async def test_one_animation_asked_for_twice_is_drawn_once_and_then_kept() -> None:
    cache, draw = Animations(), Drawer()
    first = await cache.get(key(), draw(key()))
    again = await cache.get(key(), draw(key()))
    assert first is again is draw.result
    assert cache.builds == 1 and len(draw.drawn) == 1 and key() in cache


async def test_asked_for_at_once_it_is_drawn_once_the_others_wait_without_holding_the_loop() -> None:
    gate = asyncio.Event()
    cache, draw = Animations(), Drawer(gate=gate)
    other_cache, other = Animations(), Drawer()
    waiting = [asyncio.create_task(cache.get(key(), draw(key()))) for _ in range(3)]
    await draw.started.wait()
    # while it is drawn, the loop answers everything else: another animation, kept, comes at once
    await other_cache.get(key(game=2), other(key(game=2)))
    assert await other_cache.get(key(game=2), other(key(game=2))) is other.result
    assert not any(task.done() for task in waiting)
    gate.set()
    shown = await asyncio.gather(*waiting)
    assert all(s is draw.result for s in shown)
    assert cache.builds == 1 and draw.drawn == [key()]


async def test_the_first_asker_giving_up_leaves_the_drawing_to_the_others() -> None:
    gate = asyncio.Event()
    cache, draw = Animations(), Drawer(gate=gate)
    first = asyncio.create_task(cache.get(key(), draw(key())))
    await draw.started.wait()
    second = asyncio.create_task(cache.get(key(), draw(key())))
    await asyncio.sleep(0)  # the second is waiting too
    first.cancel()
    gate.set()
    assert await second is draw.result
    assert first.cancelled() and cache.builds == 1 and key() in cache


async def test_another_revision_language_or_names_is_drawn_anew_a_newer_revision_drops_the_older() -> None:
    cache = Animations()
    asked = [key(), key(revision=6), key(revision=6, language="de"), key(revision=6, names=("Ann", "Cy"))]
    draws = [Drawer() for _ in asked]
    for made, draw in zip(asked, draws, strict=True):
        assert await cache.get(made, draw(made)) is draw.result
    assert cache.builds == 4
    # a move (revision 6) left revision 5 never to be asked for again; a seat renamed at 6, the old names
    assert key() not in cache and key(revision=6) not in cache
    assert key(revision=6, language="de") in cache and key(revision=6, names=("Ann", "Cy")) in cache
    # an animation drawn of an older revision than one kept (it was asked for before a move) is not kept
    late = Drawer()
    assert await cache.get(key(revision=4), late(key(revision=4))) is late.result
    assert key(revision=4) not in cache


async def test_a_drawing_of_the_game_as_it_was_read_later_is_kept_under_that_revision() -> None:
    # asked at revision 5; a move came before the frames were read: what was drawn is revision 6's
    cache, draw = Animations(), Drawer()
    assert await cache.get(key(), draw(key(revision=6))) is draw.result
    assert key(revision=6) in cache and key() not in cache
    assert await cache.get(key(revision=6), Drawer()(key(revision=6))) is draw.result
    assert cache.builds == 1


async def test_the_least_recently_asked_for_go_first_past_the_budget() -> None:
    cache = Animations(budget=30)
    for game in (1, 2, 3):
        await cache.get(key(game=game), Drawer(movie(10))(key(game=game)))
    assert cache.size == 30
    await cache.get(key(game=1), Drawer()(key(game=1)))  # asked for again: now the most recent
    await cache.get(key(game=4), Drawer(movie(10))(key(game=4)))
    assert key(game=2) not in cache and all(key(game=g) in cache for g in (1, 3, 4))
    assert cache.size == 30 and cache.builds == 4
    await cache.get(key(game=5), Drawer(movie(31))(key(game=5)))  # larger than the whole budget
    assert key(game=5) not in cache and cache.size == 30


async def test_a_failed_drawing_is_not_kept_and_an_error_reaches_every_asker() -> None:
    cache = Animations()
    failed = Drawer(fails=True)
    assert await cache.get(key(), failed(key())) is None
    assert key() not in cache
    drawn = Drawer()
    assert await cache.get(key(), drawn(key())) is drawn.result  # asked again: drawn again
    assert cache.builds == 2

    gate = asyncio.Event()

    async def broken() -> tuple[AnimationKey, Animation] | None:
        await gate.wait()
        raise LookupError("no such game")

    waiting = [asyncio.create_task(cache.get(key(game=9), broken)) for _ in range(2)]
    await asyncio.sleep(0)
    gate.set()
    for task in waiting:
        with pytest.raises(LookupError):
            await task
    assert cache.builds == 3 and key(game=9) not in cache
