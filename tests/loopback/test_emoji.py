"""Emoji on buttons and select options: Discord's own set, or a custom emoji with an id; else 400 / 50035."""

from __future__ import annotations

import discord
import pytest

from loopback.emojis import INVALID_EMOJI, invalid_emoji, is_valid

from .conftest import Place
from .sample_bot import SampleBot
from .test_contract import pending_interaction, raw


def test_unicode_emoji_of_discords_set_and_custom_emoji_with_an_id_are_accepted() -> None:
    assert is_valid({"name": "🃏"}) and is_valid({"name": "⚜️"}) and is_valid({"name": "1️⃣"})
    assert is_valid({"name": "sip", "id": "878108113260130375"})
    # A playing-card back is Unicode but not an emoji; names and text are not emoji either.
    for refused in ({"name": "🂠"}, {"name": "black_nib"}, {"name": "A"}, {"name": "🃏🃏"}, {"name": ""}):
        assert not is_valid(refused), refused


def test_every_refused_emoji_is_named_by_its_path() -> None:
    rows = [
        {"type": 1, "components": [{"type": 2, "label": "ok", "emoji": {"name": "🎲"}, "custom_id": "a"}]},
        {
            "type": 1,
            "components": [
                {
                    "type": 3,
                    "custom_id": "s",
                    "options": [{"label": "x", "value": "1", "emoji": {"name": "🂠"}}],
                }
            ],
        },
    ]
    assert invalid_emoji({"components": rows}) == ["components.1.components.0.options.0.emoji.name"]


async def test_a_channel_message_with_a_bad_emoji_is_refused_with_discords_error(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        channel = bot.get_channel(int(place.games.id))
        assert isinstance(channel, discord.TextChannel)
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Hand", emoji="🂠", custom_id="hand"))
        with pytest.raises(discord.HTTPException) as caught:
            await channel.send("turn", view=view)
        good = await channel.send("turn", view=discord.ui.View())
        bad_select = discord.ui.View()
        bad_select.add_item(
            discord.ui.Select(custom_id="pick", options=[discord.SelectOption(label="x", emoji="🂠")])
        )
        with pytest.raises(discord.HTTPException) as edited:
            await good.edit(view=bad_select)
        violations = place.loopback.take_violations()
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert caught.value.text == "Invalid Form Body\nIn components.0.components.0.emoji.name: Invalid emoji"
    [first, _] = [e.body for e in place.loopback.api.exchanges if e.status == 400]
    button = first["errors"]["components"]["0"]["components"]["0"]
    assert button["emoji"]["name"]["_errors"] == [{"code": INVALID_EMOJI, "message": "Invalid emoji"}]
    assert (edited.value.status, edited.value.code) == (400, 50035)
    assert "options.0.emoji.name" in edited.value.text
    assert [v.kind for v in violations] == ["invalid-emoji", "invalid-emoji"]
    assert [m.content for m in place.loopback.messages(place.games)] == ["turn"]


async def test_an_interaction_response_with_a_bad_emoji_is_refused(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        refused = await place.alice.slash("badge", place.games, emoji="🂠")
        accepted = await place.alice.slash("badge", place.games, emoji="🃏")
        violations = place.loopback.take_violations()
    assert refused.ephemeral and refused.content.startswith("refused: 50035")
    assert accepted.content == "badge" and accepted.message.flat_components()[0]["emoji"]["name"] == "🃏"
    assert [v.kind for v in violations] == ["invalid-emoji"]


async def test_a_modal_whose_select_option_has_a_bad_emoji_is_refused(place: Place) -> None:
    interaction = pending_interaction(place)
    path = f"/interactions/{interaction.id}/{interaction.token}/callback"
    menu = {"type": 3, "custom_id": "seat", "options": [{"label": "A", "value": "a", "emoji": {"name": "🂠"}}]}
    modal = {
        "custom_id": "m",
        "title": "Seat",
        "components": [{"type": 18, "label": "Seat", "component": menu}],
    }
    status, body = await raw(place.loopback, "POST", path, {"type": 9, "data": modal})
    violations = place.loopback.take_violations()
    assert (status, body["code"]) == (400, 50035)
    assert "emoji" in body["errors"]["components"]["0"]["component"]["options"]["0"]
    assert not interaction.acknowledged and [v.kind for v in violations] == ["invalid-emoji"]
