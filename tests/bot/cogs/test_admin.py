"""/admin: hidden by default permissions and checked again in code; abandon, skip, restore, defaults."""

from __future__ import annotations

import discord

from bot.i18n import ENGLISH, translate
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL
from tests.support.fixtures import ANN, BOB, started


async def test_admin_group_is_hidden_from_members(table: Table) -> None:
    """The group asks Discord to show it only to members who can manage the server."""
    group = table.bot.tree.get_command("admin")
    assert group is not None and group.default_permissions == discord.Permissions(manage_guild=True)


async def test_members_without_the_permission_are_refused_in_code(table: Table) -> None:
    """Even if a server shows /admin to everyone, a member without Manage Server is refused."""
    await started(table.service, options={"rounds": 1})
    refused = await table.run(BOB, "admin abandon")
    assert refused.last.ephemeral and refused.last.content == translate(ENGLISH, "message.no_permission")
    assert (await table.service.get_game(CHANNEL)).status == "active"


async def test_manager_abandons_a_running_game(table: Table) -> None:
    """A manager ends the game without a result."""
    await started(table.service, options={"rounds": 1})
    done = await table.run(BOB, "admin abandon", manage_guild=True)
    assert "abandoned" in done.last.content
    assert (await table.service.get_game(CHANNEL)).status == "abandoned"


async def test_manager_restores_an_earlier_move(table: Table) -> None:
    """Restore rewinds the game and posts a fresh turn message."""
    await started(table.service, options={"rounds": 1})
    await table.run(ANN, "move", move="pass")
    restored = await table.run(BOB, "admin restore", manage_guild=True, move=0)
    assert restored.replies[0].ephemeral
    assert (await table.service.get_game(CHANNEL)).version == 0
    assert table.public[-1].mentioned_users == [ANN]


async def test_manager_skip_applies_the_deadline_rule(table: Table) -> None:
    """A forced skip passes Ann's turn and pings Bob."""
    await started(table.service, options={"rounds": 1})
    await table.run(BOB, "admin skip", manage_guild=True)
    assert BOB in (table.public[-1].mentioned_users or [])
    assert (await table.service.get_game(CHANNEL)).to_act == (1,)


async def test_manager_sets_server_defaults(table: Table) -> None:
    """Defaults for new games are stored and echoed privately."""
    answer = await table.run(
        BOB, "admin defaults", manage_guild=True, deadline_hours=48, deadline_action="ai"
    )
    assert answer.last.ephemeral and "2 days" in answer.last.content and "ai" in answer.last.content
