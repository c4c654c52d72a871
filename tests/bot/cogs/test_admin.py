"""/admin: hidden by default permissions and checked again in code; abandon, skip, restore, defaults."""

from __future__ import annotations

import discord

from bot.i18n import ENGLISH, translate
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL
from tests.support.fixtures import ANN, BOB, DOT, started


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
    """A forced skip passes Ann's turn and pings Bob; the manager reads whose turn was skipped, and Ann
    that a manager skipped it (no time ran out)."""
    await started(table.service, options={"rounds": 1})
    skipped = await table.run(BOB, "admin skip", manage_guild=True)
    assert BOB in (table.public[-1].mentioned_users or [])
    assert (await table.service.get_game(CHANNEL)).to_act == (1,)
    assert skipped.replies[0].ephemeral and skipped.replies[0].content == "Ann's turn was skipped."
    told = table.public_text()
    assert "A server manager skipped your turn in Tiny." in told and "Time ran out" not in told


async def test_skip_in_a_step_without_a_pass_says_the_computer_plays_on_until_take_back(table: Table) -> None:
    """Tiny's sealed bid has no pass (like every step of Great Western Trail): the skip hands each bidder's
    seat to the computer until its player takes it back, and the confirmation, the pings and /help say
    so."""
    await started(table.service, options={"rounds": 1})
    await table.run(ANN, "move", move="pass")
    await table.run(BOB, "move", move="pass")  # both bid now, at the same time; a bid cannot be passed
    skipped = await table.run(DOT, "admin skip", manage_guild=True)
    await table.service.runner.idle()
    game = await table.service.get_game(CHANNEL)
    assert [s.state for s in game.seats] == ["replaced", "replaced"]
    assert skipped.replies[0].content == "\n".join(
        f"Tiny has no pass here, so the computer now plays {name}'s seat until they take it back with "
        "/game take-back."
        for name in ("Ann", "Bob")
    )
    pings = [m for m in table.public if "server manager" in (m.content or "")]
    assert sorted(p.mentioned_users or [] for p in pings) == [[ANN], [BOB]]
    assert all(
        "the computer now plays your seat until you take it back with /game take-back" in (p.content or "")
        for p in pings
    )
    assert "Time ran out" not in table.public_text()
    admin_help = await table.run(DOT, "help", topic="admin")
    assert "**/admin skip**" in admin_help.last.embeds[0].description
    assert (
        "where it has none (Great Western Trail) the computer plays their seat until they take it back "
        "with **/game take-back**" in admin_help.last.embeds[0].description
    )


async def test_manager_sets_server_defaults(table: Table) -> None:
    """Defaults for new games are stored and echoed privately."""
    answer = await table.run(
        BOB, "admin defaults", manage_guild=True, deadline_hours=48, deadline_action="ai"
    )
    assert answer.last.ephemeral and "2 days" in answer.last.content and "ai" in answer.last.content
