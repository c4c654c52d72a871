"""Each kind of interaction goes through the real client and comes back as Discord would show it."""

from __future__ import annotations

import discord
import pytest

from loopback import CommandRefused, ContractViolation

from .conftest import Place
from .sample_bot import PNG, SampleBot


async def test_a_slash_command_with_a_subcommand_and_choices(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        reply = await place.alice.slash("game new", place.games, kind="Santa Fe", seats=3)
        assert reply.response_type == 4
        assert reply.content == f"santafe for 3 started by {place.alice.mention}"
        assert reply.message.mentions == [place.alice.id]
        assert not reply.ephemeral and place.bob.sees(place.games) == [reply.message]
        assert [b["label"] for b in reply.message.flat_components()] == ["Vote yes", "Vote no"]
        assert reply.message.interaction_id == reply.interaction.id


async def test_a_subcommand_in_a_group_answers_ephemerally(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        reply = await place.alice.slash("game admin reset", place.games)
        assert reply.content == "reset done" and reply.ephemeral
        assert reply.message.visible_to == {place.alice.id}
        assert place.bob.sees(place.games) == []
        [option] = reply.interaction.data["options"]
        assert (option["name"], option["type"], option["options"][0]["name"]) == ("admin", 2, "reset")


async def test_default_member_permissions_hide_a_command_from_members(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        assert (await place.carol.slash("purge", place.games)).content == "purged"
        with pytest.raises(CommandRefused, match="needs permissions"):
            await place.alice.slash("purge", place.games)


async def test_options_are_checked_like_discords_client_does(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        with pytest.raises(CommandRefused, match="required"):
            await place.alice.slash("game new", place.games)
        with pytest.raises(CommandRefused, match="not a choice"):
            await place.alice.slash("game new", place.games, kind="chess")
        with pytest.raises(CommandRefused, match="no option"):
            await place.alice.slash("move", place.games, move="pass", speed=3)
        with pytest.raises(CommandRefused, match="no slash command /dance"):
            await place.alice.slash("dance", place.games)
        with pytest.raises(CommandRefused, match="needs a subcommand"):
            await place.alice.slash("game", place.games)


async def test_autocomplete_returns_the_bots_choices(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        choices = await place.alice.autocomplete("move", place.games, move="blue")
        assert choices == [
            {"name": "lay blue 3", "value": "lay blue 3"},
            {"name": "lay blue 5", "value": "lay blue 5"},
        ]
        assert place.loopback.interactions[-1].response_type == 8


async def test_a_dynamic_button_updates_its_message(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        started = await place.alice.slash("game new", place.games, kind="gwt")
        clicked = await place.bob.click(started, "Vote no")
        assert clicked.response_type == 7
        assert clicked.original is started.message
        assert started.message.content == "bob voted no" and started.message.edited_at is not None
        assert clicked.edited == [started.message] and clicked.posted == []
        again = await place.alice.click(started.message, "1")
        assert again.message.content == "alice voted yes"


async def test_a_select_menu_choice_gets_an_ephemeral_answer(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        menu = await place.alice.slash("colour", place.games)
        chosen = await place.alice.select(menu, "Pick a colour", "Blue")
        assert chosen.content == "you picked blue" and chosen.ephemeral
        with pytest.raises(CommandRefused, match="not an option"):
            await place.alice.select(menu, "colour", "purple")


async def test_a_modal_opens_and_is_submitted(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        opened = await place.alice.slash("feedback", place.games)
        assert opened.response_type == 9 and opened.modal["title"] == "Feedback"
        submitted = await place.alice.submit(opened, feedback="lovely game")
        assert submitted.content == "thanks: lovely game" and submitted.ephemeral
        with pytest.raises(CommandRefused, match="required"):
            await place.alice.submit(opened)


async def test_a_deferred_reply_is_filled_by_the_follow_up_with_a_file(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        reply = await place.alice.slash("board", place.thread)
        assert reply.response_type == 5
        message = reply.original
        assert message is not None and not message.loading and reply.followups == []
        assert message.channel_id == place.thread.id
        [attachment] = message.attachments
        assert (attachment.filename, attachment.data) == ("board.png", PNG)
        [embed] = message.embeds
        assert embed["title"] == "Board" and embed["image"]["url"] == "attachment://board.png"
        assert embed["fields"] == [{"name": "Alice", "value": "12 points", "inline": True}]


async def test_an_ephemeral_reply_with_a_file_is_seen_only_by_its_user(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        reply = await place.alice.slash("card", place.games)
        assert reply.ephemeral and reply.response_type == 4
        assert [(a.filename, a.data) for a in reply.message.attachments] == [("card.png", PNG)]
        assert place.bob.sees(place.games) == [] and place.alice.sees(place.games) == [reply.message]


async def test_follow_ups_are_edited_read_and_deleted_through_the_webhook(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        reply = await place.alice.slash("steps", place.games)
    assert reply.content == "step 1 (seen)"
    assert [m.content for m in reply.followups] == ["step 2, edited"]
    assert [m.content for m in reply.posted] == ["step 1 (seen)", "step 2, edited"]
    routes = [(e.method, e.path.split("/")[-1], e.status) for e in place.loopback.api.exchanges[-5:]]
    assert [(method, status) for method, _, status in routes] == [
        ("PATCH", 200),
        ("POST", 200),
        ("GET", 200),
        ("PATCH", 200),
        ("DELETE", 204),
    ]
    assert routes[2][1] == routes[3][1] == "@original"


async def test_messages_to_channels_the_bot_cannot_use_are_refused(place: Place) -> None:
    loopback = place.loopback
    async with loopback.run_bot(SampleBot()) as bot:
        loopback.set_bot_access(place.private, view=False)

        def bot_sees_private() -> bool:
            channel, guild = bot.get_channel(int(place.private.id)), bot.get_guild(int(place.guild.id))
            assert isinstance(channel, discord.TextChannel) and guild is not None
            return channel.permissions_for(guild.me).view_channel

        await loopback.wait_until(lambda: not bot_sees_private(), "the CHANNEL_UPDATE")
        hidden = await place.alice.slash("announce", place.games, where=place.private, text="hello")
        assert hidden.content == "cannot: 50001"
        loopback.set_bot_access(place.private, view=True, send=False)
        mute = await place.alice.slash("announce", place.games, where=place.private, text="hello")
        assert mute.content == "cannot: 50013"
        loopback.set_bot_access(place.private)
        posted = await place.alice.slash("announce", place.games, where=place.private, text="hello")
        assert posted.content == "posted"
        assert [m.content for m in loopback.messages(place.private)] == ["hello"]
        assert loopback.messages(place.private)[0] in posted.posted


async def test_a_direct_message_reaches_only_its_recipient(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        reply = await place.alice.slash("remind", place.games, who=place.bob)
        assert reply.content == f"reminded {place.bob.mention}"
        dm = place.loopback.dm_channel(place.bob)
        assert [m.content for m in place.bob.sees(dm)] == ["it is your turn"]


async def test_an_attachment_option_is_uploaded_and_readable(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        reply = await place.alice.slash("upload", place.games, file=("notes.txt", b"hello world"))
        assert reply.content == "notes.txt: 11 bytes"
        with pytest.raises(CommandRefused, match="takes a number"):
            await place.alice.slash("game new", place.games, kind="gwt", seats="four")


async def test_a_user_who_closed_direct_messages_cannot_be_reached(place: Place) -> None:
    place.loopback.close_dms(place.bob)
    with pytest.raises(ContractViolation, match="never answered"):  # /remind lets the Forbidden escape
        async with place.loopback.run_bot(SampleBot()):
            reply = await place.alice.slash("remind", place.games, who=place.bob)
            assert not reply.acknowledged
    assert place.loopback.messages(place.loopback.dm_channel(place.bob)) == []
    assert [e.body["code"] for e in place.loopback.api.exchanges if e.status == 403] == [50007]


async def test_every_interaction_was_answered_within_three_seconds(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        await place.alice.slash("move", place.games, move="pass")
        await place.alice.slash("board", place.games)
        await place.alice.autocomplete("move", place.games, move="")
    loopback = place.loopback
    assert len(loopback.interactions) == 3
    assert all(i.response_delay is not None and i.response_delay < 3 for i in loopback.interactions)
    loopback.assert_prompt_responses()
    with pytest.raises(AssertionError, match="not answered within"):
        loopback.assert_prompt_responses(within=0.0)


async def test_an_attachment_can_be_downloaded_from_its_url(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        reply = await place.alice.slash("board", place.games)
        channel = bot.get_channel(int(place.games.id))
        message = await channel.fetch_message(int(reply.message.id))  # type: ignore[union-attr]
        assert await message.attachments[0].read() == PNG


def test_a_command_mention_reads_as_the_command() -> None:
    """Discord shows </game join:id> as the command's name ("Message Formatting", reference)."""
    from loopback.ids import Clock
    from loopback.text import readable
    from loopback.world import World

    assert readable(World(Clock()), "Take a seat with </game join:12345>.") == "Take a seat with /game join."
