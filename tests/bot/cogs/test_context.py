"""One interaction read once (``bot.play.context``): the bot, the asker, whether they manage the server,
their language, the guild and the channel; an interaction that names no channel is refused privately, in
the asker's language, rather than read as the game of channel 0."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import translate
from bot.play import announcer, replies
from bot.play.context import context
from bot.services import NotAllowed
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL, GUILD, run_command
from tests.support.fixtures import ANN, started


async def test_the_context_holds_what_a_command_reads_of_its_interaction(table: Table) -> None:
    asked = table.interaction(ANN, manage_guild=True).mock
    asked.locale = "de"
    here = context(asked)
    assert here.bot is table.bot
    assert (here.user_id, here.admin, here.locale) == (ANN, True, "de")
    assert (here.guild_id, here.channel_id) == (GUILD, CHANNEL)
    assert context(table.interaction(ANN).mock).admin is False


async def test_managing_needs_a_server(table: Table) -> None:
    """Discord's permissions outside a server say nothing about managing one."""
    here = context(table.interaction(ANN, guild_id=None, manage_guild=True).mock)
    assert here.admin is False and here.guild_id is None


async def test_no_channel_is_refused_in_the_askers_language(table: Table) -> None:
    """A direct message whose interaction names no channel addresses no game: asking for its channel
    refuses, in words of the asker's language, instead of answering 0."""
    here = context(table.interaction(ANN, channel_id=None, guild_id=None).mock)
    assert here.channel is None
    with pytest.raises(NotAllowed) as refused:
        _ = here.channel_id
    for language in ("en", "de", "ja"):
        said = replies.explain(refused.value, language)
        assert said == translate(language, "refusal.no_channel")
    assert "channel" in translate("en", "refusal.no_channel")
    assert translate("de", "refusal.no_channel") != translate("en", "refusal.no_channel")


@pytest.mark.parametrize(
    ("path", "arguments"),
    [
        ("move", {"move": "pass"}),
        ("undo", {}),
        ("hand", {}),
        ("options", {}),
        ("board", {}),
        ("log", {"count": 15}),
        ("export", {}),
        ("replay", {}),
        ("game join", {}),
        ("game leave", {}),
        ("game status", {}),
        ("game resign", {}),
    ],
)
async def test_a_command_without_a_channel_is_answered_privately_and_changes_nothing(
    table: Table, path: str, arguments: dict[str, Any]
) -> None:
    """Every command that addresses the game here refuses such an interaction in one private line of the
    asker's language; the game of the channel (the only one) is untouched and the channel hears nothing."""
    game = await started(table.service)
    await announcer.post_turn(table.bot, game, [])
    posted = len(table.public)
    asked = table.interaction(ANN, channel_id=None)
    asked.mock.locale = "de"
    await run_command(table.bot, path, asked, **arguments)
    assert [(m.ephemeral, m.text()) for m in asked.everything()][-1] == (
        True,
        translate("de", "refusal.no_channel"),
    )
    after = await table.service.get_game(CHANNEL)
    assert (after.version, after.revision, after.status) == (game.version, game.revision, game.status)
    assert len(table.public) == posted
