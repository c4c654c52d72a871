"""/admin: hidden by default permissions and checked again in code; abandon, skip, restore, defaults."""

from __future__ import annotations

import discord

from bot.i18n import ENGLISH, translate
from bot.services.timebank import TimeBank, bank_of
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL, GUILD, run_command
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


DAY = 24 * 60


async def test_a_default_time_bank_is_saved_shown_and_given_to_new_games(table: Table) -> None:
    """/admin defaults time_bank: the reply says the bank; a game opened with no bank or deadline chosen
    gets it instead of the server's deadline; time_bank:off and a deadline chosen open without it."""
    none = await table.run(BOB, "admin defaults", manage_guild=True, deadline_hours=5)
    assert none.last.ephemeral and "No time bank by default." in (none.last.content or "")
    saved = await table.run(BOB, "admin defaults", manage_guild=True, time_bank="7d+1d", holiday_days=3)
    assert saved.last.ephemeral
    assert "time bank of 7 days + 1 day per move, 3 days of holiday each" in (saved.last.content or "")
    settings = await table.service.guild_settings(GUILD)
    assert bank_of(settings) == TimeBank(7 * DAY, DAY, 3)
    assert settings.deadline_minutes == 5 * 60  # kept: a game opened with time_bank:off has it
    opened = await table.run(ANN, "game tiny")
    game = await table.service.get_game(CHANNEL)
    assert opened.replies[0].ephemeral
    assert (game.bank_minutes, game.holiday_days, game.deadline_minutes) == (7 * DAY, 3, None)
    await table.run(ANN, "admin abandon", manage_guild=True)
    await table.run(ANN, "game tiny", time_bank="off")
    game = await table.service.get_game(CHANNEL)
    assert (game.bank_minutes, game.deadline_minutes) == (None, 5 * 60)
    await table.run(ANN, "admin abandon", manage_guild=True)
    await table.run(ANN, "game tiny", deadline_hours=24)
    game = await table.service.get_game(CHANNEL)
    assert (game.bank_minutes, game.deadline_minutes) == (None, DAY)
    await table.run(ANN, "admin abandon", manage_guild=True)
    await table.run(ANN, "game tiny", time_bank="custom", bank_days=2)
    game = await table.service.get_game(CHANNEL)
    assert (game.bank_minutes, game.bank_increment_minutes) == (2 * DAY, 0)  # the opener's own bank
    off = await table.run(BOB, "admin defaults", manage_guild=True, time_bank="off")
    assert "No time bank by default." in (off.last.content or "")
    assert (await table.service.guild_settings(GUILD)).bank_minutes is None


async def test_a_bad_default_bank_is_refused_privately_in_the_managers_language(table: Table) -> None:
    await table.run(BOB, "admin defaults", manage_guild=True, time_bank="3d+1d")
    before = await table.service.guild_settings(GUILD)
    for bad, refusal in (
        ({"time_bank": "custom", "bank_days": 0}, translate("de", "refusal.bank.days", most=60)),
        ({"time_bank": "7d+1d", "bank_days": 2}, translate("de", "refusal.bank.preset_and_custom")),
        ({"time_bank": "off", "holiday_days": 2}, translate("de", "refusal.bank.which")),
        ({"increment_hours": 5}, translate("de", "refusal.bank.which")),
        ({"time_bank": "3d+1d", "holiday_days": 61}, translate("de", "refusal.bank.holiday_days", most=60)),
    ):
        asked = table.interaction(BOB, manage_guild=True)
        asked.mock.locale = "de"
        await run_command(table.bot, "admin defaults", asked, deadline_hours=5, **bad)
        assert asked.last.ephemeral and asked.last.content == refusal, bad
        assert len(asked.replies) == 1
    assert await table.service.guild_settings(GUILD) == before  # the deadline given with it is not saved
    assert table.public == []


async def test_the_default_bank_reads_in_the_managers_language(table: Table) -> None:
    for language, words in (
        ("de", "Zeitkonto: 3 Tage + 1 Tag pro Zug"),
        ("nl", "tijdbank van 3 dagen + 1 dag per zet"),
        ("ja", "持ち時間：3日＋手番ごとに1日"),
    ):
        asked = table.interaction(BOB, manage_guild=True)
        asked.mock.locale = language
        await run_command(table.bot, "admin defaults", asked, time_bank="3d+1d")
        assert words in (asked.last.content or ""), asked.last.content
        removed = table.interaction(BOB, manage_guild=True)
        removed.mock.locale = language
        await run_command(table.bot, "admin defaults", removed, time_bank="off")
        assert (removed.last.content or "").endswith(translate(language, "message.defaults.no_bank"))
