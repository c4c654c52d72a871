"""The network between the bot and Discord: its delay counts against the 3-second deadline, and a deferred
reply must be filled."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.gateway import KeepAliveHandler

from loopback import ContractViolation, LoopbackDiscord, gateway

from .conftest import Place
from .sample_bot import SampleBot, bot_with, noting_refusal


async def test_each_trip_costs_the_latency(place: Place) -> None:
    place.loopback.latency = 0.15
    async with place.loopback.run_bot(SampleBot()):
        reply = await place.alice.slash("board", place.games)
    # the gateway hop delivering the interaction, then the callback's trip to Discord
    assert reply.acknowledged and reply.delay is not None and reply.delay >= 0.3


async def test_a_heartbeat_is_acknowledged_after_a_round_trip(place: Place) -> None:
    place.loopback.latency = 0.1
    async with place.loopback.run_bot(SampleBot()) as bot:
        await place.loopback.wait_until(lambda: bot.latency != float("inf"), "a heartbeat acknowledgement")
        # discord.py's latency: from its heartbeat's send to the acknowledgement, there and back again
        assert 0.2 <= bot.latency < 10


async def test_a_heartbeat_is_measured_by_its_own_acknowledgement(
    place: Place, monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py notes a heartbeat's send on its keep-alive thread once the loop has sent it; an
    acknowledgement that reaches the loop before the thread runs counts from the heartbeat before, a whole
    interval ("Can't keep up, shard ID 0 websocket is 41.3s behind" in an idle sandbox on a busy host)."""
    monkeypatch.setattr(gateway, "HEARTBEAT_INTERVAL_MS", 1000)
    measured: list[float] = []
    acknowledged = threading.Event()
    ack, run_threadsafe = KeepAliveHandler.ack, asyncio.run_coroutine_threadsafe

    def noted(handler: KeepAliveHandler) -> None:
        ack(handler)
        measured.append(handler.latency)
        acknowledged.set()

    class LateThread:
        """The keep-alive thread as a busy host runs it: late, until the acknowledgement came or 10 ms
        passed (a bound well inside the stand-in's shortest round trip, not a measurement)."""

        def __init__(self, sent: concurrent.futures.Future[Any]) -> None:
            self.sent = sent

        def result(self, timeout: float | None = None) -> Any:
            value = self.sent.result(timeout)
            acknowledged.wait(0.01)
            return value

    def send(coro: Any, loop: asyncio.AbstractEventLoop) -> Any:
        if not threading.current_thread().name.startswith("keep-alive-handler"):
            return run_threadsafe(coro, loop)
        acknowledged.clear()
        return LateThread(run_threadsafe(coro, loop))

    monkeypatch.setattr(KeepAliveHandler, "ack", noted)
    monkeypatch.setattr(asyncio, "run_coroutine_threadsafe", send)
    async with place.loopback.run_bot(SampleBot()):
        await place.loopback.wait_until(
            lambda: len(measured) >= 3, f"three heartbeat acknowledgements {measured}"
        )
    # the round trip (50 ms and whatever a busy host adds), not the whole 1 s interval
    assert all(latency < 0.8 for latency in measured), measured


def test_latency_is_never_negative() -> None:
    with pytest.raises(ValueError, match="negative"):
        LoopbackDiscord(latency=-0.1)


async def test_the_deadline_counts_from_creation_so_the_network_eats_into_it(place: Place) -> None:
    place.loopback.latency = 0.3
    errors: list[int] = []

    @app_commands.command(name="ponder", description="Spends most of its 3 seconds before answering")
    async def ponder(interaction: discord.Interaction) -> None:
        place.loopback.clock.advance(seconds=2.5)  # 2.5 s of work: in time only on a network without delay
        await noting_refusal(errors, interaction.response.send_message("done"), discord.NotFound)

    with pytest.raises(ContractViolation) as caught:
        async with place.loopback.run_bot(bot_with(ponder)):
            await place.alice.slash("ponder", place.games)
    assert errors == [10062]
    assert sorted(v.kind for v in caught.value.violations) == ["late-response", "unanswered"]


async def test_a_deferral_never_filled_fails_the_test(place: Place) -> None:
    @app_commands.command(name="mull", description="Defers and never says more")
    async def mull(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)

    with pytest.raises(ContractViolation) as caught:
        async with place.loopback.run_bot(bot_with(mull)):
            reply = await place.alice.slash("mull", place.games)
            assert reply.response_type == 5 and reply.message.loading
            assert place.loopback.unfilled_deferrals() == [reply.interaction]
    [violation] = caught.value.violations
    assert (violation.kind, violation.where) == ("unfilled", "/mull")


async def test_a_deferral_filled_after_the_token_expired_stays_unfilled(place: Place) -> None:
    go_on = asyncio.Event()
    errors: list[int] = []

    @app_commands.command(name="nap", description="Defers, then answers after 16 minutes")
    async def nap(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await go_on.wait()
        await noting_refusal(errors, interaction.followup.send("back"))

    with pytest.raises(ContractViolation, match=r"\[unfilled\] /nap"):
        async with place.loopback.run_bot(bot_with(nap)):
            await place.alice.slash("nap", place.games)
            place.loopback.clock.advance(minutes=16)
            go_on.set()
            await place.loopback.settle()
    assert errors == [50027]  # receiving-and-responding.mdx: tokens are valid for 15 minutes


async def test_a_filled_deferral_is_fine(place: Place) -> None:
    @app_commands.command(name="think", description="Defers, then answers")
    async def think(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("there", ephemeral=True)

    async with place.loopback.run_bot(bot_with(think)):
        reply = await place.alice.slash("think", place.games)
    assert reply.content == "there" and not reply.message.loading
    assert place.loopback.unfilled_deferrals() == []
