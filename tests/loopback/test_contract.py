"""The stand-in refuses and reports what Discord would refuse: the checker can fail a test."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from loopback import ContractViolation, LoopbackDiscord
from loopback.world import Interaction

from .conftest import Place
from .sample_bot import SampleBot, bot_with, noting_refusal


async def raw(
    loopback: LoopbackDiscord, method: str, path: str, body: Any = None, *, auth: bool = True
) -> tuple[int, Any]:
    """A request straight to the stand-in's API, as a misbehaving client might send it."""
    headers = {"Authorization": f"Bot {loopback.world.token}"} if auth else {}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, loopback.origin + "/api/v10" + path, json=body, headers=headers) as response,
    ):
        return response.status, await response.json() if response.status != 204 else None


def pending_interaction(place: Place) -> Interaction:
    """An interaction the stand-in knows but never sent to the bot, for answering by hand."""
    return place.loopback.world.new_interaction(
        type=2,
        user_id=place.alice.id,
        channel_id=place.games.id,
        guild_id=place.guild.id,
        data={"name": "move"},
        started=time.monotonic(),
        label="/move",
    )


async def test_content_over_2000_characters_fails_the_test(place: Place) -> None:
    with pytest.raises(ContractViolation) as caught:
        async with place.loopback.run_bot(SampleBot()):
            await place.alice.slash("shout", place.games, times=2000)
            assert len(place.loopback.violations) == 0
            await place.alice.slash("shout", place.games, times=2001)
    # Discord refuses the reply, so the interaction also goes unanswered.
    too_long, unanswered = caught.value.violations
    assert too_long.kind == "spec"
    assert too_long.where == "POST /interactions/{interaction_id}/{interaction_token}/callback"
    assert too_long.detail == "data/content: a str of length 2001 breaks maxLength 2000"
    assert unanswered.kind == "unanswered" and unanswered.where == "/shout"
    assert [m.content for m in place.loopback.messages(place.games)] == ["A" * 2000]


async def test_a_body_that_breaks_the_spec_is_reported(place: Place) -> None:
    interaction = pending_interaction(place)
    path = f"/interactions/{interaction.id}/{interaction.token}/callback"
    status, body = await raw(place.loopback, "POST", path, {"type": 4, "data": {"content": 5}})
    assert (status, body["code"]) == (400, 50035)
    assert not interaction.acknowledged
    [violation] = place.loopback.take_violations()
    assert violation.kind == "spec" and violation.where.endswith("/callback")
    assert violation.detail == "data/content: 5 breaks type ['string', 'null']"


async def test_an_unknown_route_is_reported_by_name(place: Place) -> None:
    status, body = await raw(place.loopback, "GET", "/applications/1/nonsense")
    assert status == 404 and body["message"] == "404: Not Found"
    [violation] = place.loopback.take_violations()
    assert violation.kind == "unknown-route" and violation.where == "GET /applications/1/nonsense"


async def test_a_request_without_the_bot_token_is_unauthorised(place: Place) -> None:
    status, body = await raw(place.loopback, "GET", "/users/@me", auth=False)
    assert (status, body["code"]) == (401, 0)


async def test_bad_command_registrations_are_refused(place: Place) -> None:
    app = place.loopback.world.application_id
    commands = [{"name": "Bad Name", "description": "x", "type": 1}]
    status, body = await raw(place.loopback, "PUT", f"/applications/{app}/commands", commands)
    assert (status, body["code"]) == (400, 50035)
    [violation] = place.loopback.take_violations()
    assert violation.kind == "limit" and "is not 1-32 lowercase" in violation.detail


async def test_a_second_initial_response_gets_40060(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        reply = await place.alice.slash("move", place.games, move="pass")
        interaction = reply.interaction
        path = f"/interactions/{interaction.id}/{interaction.token}/callback"
        status, body = await raw(place.loopback, "POST", path, {"type": 4, "data": {"content": "again"}})
    assert (status, body["code"]) == (400, 40060)
    assert body["message"] == "Interaction has already been acknowledged."


async def test_an_interaction_token_expires_after_15_minutes(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        reply = await place.alice.slash("board", place.games)
        app, token = place.loopback.world.application_id, reply.interaction.token
        path = f"/webhooks/{app}/{token}/messages/@original"
        place.loopback.clock.advance(minutes=14)
        assert (await raw(place.loopback, "PATCH", path, {"content": "still fine"}))[0] == 200
        place.loopback.clock.advance(minutes=2)
        status, body = await raw(place.loopback, "PATCH", path, {"content": "too late"})
        follow_up = await raw(place.loopback, "POST", f"/webhooks/{app}/{token}", {"content": "late"})
    # As Discord answers an expired interaction token: 401 / 50027, not "unknown".
    assert (status, body["code"], body["message"]) == (401, 50027, "Invalid Webhook Token")
    assert (follow_up[0], follow_up[1]["code"]) == (401, 50027)
    assert reply.message.content == "still fine"


async def test_a_follow_up_before_any_response_is_refused(place: Place) -> None:
    interaction = pending_interaction(place)
    path = f"/webhooks/{place.loopback.world.application_id}/{interaction.token}"
    status, body = await raw(place.loopback, "POST", path, {"content": "hello"})
    assert (status, body["code"]) == (404, 10015)


async def test_an_answer_after_three_seconds_is_refused_and_reported(place: Place) -> None:
    go_on = asyncio.Event()
    errors: list[int] = []

    @app_commands.command(name="slow", description="Answers late")
    async def slow(interaction: discord.Interaction) -> None:
        await go_on.wait()
        await noting_refusal(errors, interaction.response.send_message("finally"), discord.NotFound)

    with pytest.raises(ContractViolation) as caught:
        async with place.loopback.run_bot(bot_with(slow)):
            reply = await place.alice.slash("slow", place.games)
            assert not reply.acknowledged  # the bot is waiting; the harness did not wait for it
            place.loopback.clock.advance(seconds=4)
            go_on.set()
            await place.loopback.settle()
    assert errors == [10062]
    kinds = sorted(v.kind for v in caught.value.violations)
    assert kinds == ["late-response", "unanswered"]


async def test_an_unanswered_interaction_fails_the_test(place: Place) -> None:
    @app_commands.command(name="silent", description="Never answers")
    async def silent(interaction: discord.Interaction) -> None:
        return None

    with pytest.raises(ContractViolation, match="never answered"):
        async with place.loopback.run_bot(bot_with(silent)):
            reply = await place.alice.slash("silent", place.games)
            assert not reply.acknowledged
            assert reply.text().endswith("(the bot did not answer)")


async def test_updating_a_message_that_does_not_exist_is_refused(place: Place) -> None:
    class Rename(discord.ui.Modal, title="Rename"):
        name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")

        async def on_submit(self, interaction: discord.Interaction) -> None:
            # There is no message to edit: the modal was opened by a slash command.
            await interaction.response.edit_message(content=self.name.value)

    @app_commands.command(name="rename", description="Opens a modal")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Rename())

    with pytest.raises(ContractViolation) as caught:
        async with place.loopback.run_bot(bot_with(rename)):
            opened = await place.alice.slash("rename", place.games)
            await place.alice.submit(opened, name="x")
    found = [(v.kind, v.where) for v in caught.value.violations]
    assert found == [("protocol", "callback to submit Rename"), ("unanswered", "submit Rename")]


async def test_a_response_type_that_does_not_fit_the_interaction_is_refused(place: Place) -> None:
    interaction = pending_interaction(place)
    interaction.type = 4  # autocomplete: only choices (type 8) may answer it
    path = f"/interactions/{interaction.id}/{interaction.token}/callback"
    status, body = await raw(place.loopback, "POST", path, {"type": 4, "data": {"content": "hello"}})
    assert (status, body["code"]) == (400, 50035)
    [violation] = place.loopback.take_violations()
    assert (
        violation.kind == "protocol"
        and violation.detail == "response type 4 is not valid for interaction type 4"
    )
    status, _ = await raw(
        place.loopback, "POST", path, {"type": 8, "data": {"choices": [{"name": "a", "value": "a"}]}}
    )
    assert status == 204 and interaction.choices == [{"name": "a", "value": "a"}]
