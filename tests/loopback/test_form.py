"""Form rules beyond the schema: one custom_id per message, and parse never beside a users or roles list."""

from __future__ import annotations

import discord
import pytest

from loopback.form import DUPLICATE_CUSTOM_ID, PARSE_EXCLUSIVE, duplicate_custom_ids, exclusive_mentions

from .conftest import Place
from .sample_bot import SampleBot


def test_a_custom_id_repeated_anywhere_in_the_message_is_named_by_its_path() -> None:
    rows = [
        {"type": 1, "components": [{"type": 2, "custom_id": "a"}, {"type": 2, "custom_id": "b"}]},
        {"type": 1, "components": [{"type": 2, "url": "https://example.com"}, {"type": 3, "custom_id": "a"}]},
    ]
    [(path, code, message)] = duplicate_custom_ids({"components": rows})
    assert (path, code) == ("components.1.components.1.custom_id", DUPLICATE_CUSTOM_ID)
    assert message == "Component custom id cannot be duplicated"
    assert duplicate_custom_ids({"components": rows[:1]}) == []


def test_parse_is_exclusive_with_a_non_empty_list_of_the_same_kind() -> None:
    assert exclusive_mentions({"allowed_mentions": {"parse": ["users"], "users": ["1", "2"]}}) == [
        ("allowed_mentions", PARSE_EXCLUSIVE, 'parse:["users"] and users: [1, 2] are mutually exclusive.')
    ]
    # message.mdx: an empty list is no conflict, and parse of one kind beside a list of another is fine.
    assert exclusive_mentions({"allowed_mentions": {"parse": ["users", "roles"], "users": []}}) == []
    assert exclusive_mentions({"allowed_mentions": {"parse": ["everyone"], "users": ["1"]}}) == []
    roles = exclusive_mentions({"allowed_mentions": {"parse": ["roles"], "roles": ["9"]}})
    assert [code for _, code, _ in roles] == [PARSE_EXCLUSIVE]


async def test_a_message_repeating_a_custom_id_is_refused_with_discords_error(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        channel = bot.get_channel(int(place.games.id))
        assert isinstance(channel, discord.TextChannel)
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="One", custom_id="same"))
        view.add_item(discord.ui.Button(label="Two", custom_id="same", row=1))
        with pytest.raises(discord.HTTPException) as caught:
            await channel.send("turn", view=view)
        violations = place.loopback.take_violations()
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert caught.value.text == (
        "Invalid Form Body\nIn components.1.components.0.custom_id: Component custom id cannot be duplicated"
    )
    assert [v.kind for v in violations] == ["invalid-form"]
    assert place.loopback.messages(place.games) == []


async def test_parse_users_beside_a_users_list_is_refused_with_discords_error(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=int(place.games.id))
        mentions = {"parse": ["users"], "users": [place.alice.id]}
        body = {"content": place.alice.mention, "allowed_mentions": mentions}
        with pytest.raises(discord.HTTPException) as caught:
            await bot.http.request(route, json=body)
        violations = place.loopback.take_violations()
    assert (caught.value.status, caught.value.code) == (400, 50035)
    [refusal] = [e.body for e in place.loopback.api.exchanges if e.status == 400]
    assert refusal["errors"] == {
        "allowed_mentions": {
            "_errors": [
                {
                    "code": PARSE_EXCLUSIVE,
                    "message": f'parse:["users"] and users: [{place.alice.id}] are mutually exclusive.',
                }
            ]
        }
    }
    assert [v.kind for v in violations] == ["invalid-form"]
    assert place.loopback.messages(place.games) == []
