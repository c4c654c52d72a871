"""/game: opening real Santa Fe and GWT games, seating, starting, limits, status and the seat commands."""

from __future__ import annotations

import json
from unittest.mock import AsyncMock, MagicMock

import discord

from bot.i18n import ENGLISH, translate
from bot.play import lobby_message
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL, run_command
from tests.support.fixtures import ANN, BOB, CID, play_to_end, started


async def test_open_join_and_start_a_santa_fe_game(table: Table) -> None:
    """Opening posts the lobby; starting pings exactly the people who must act first."""
    opened = await table.run(ANN, "game santafe", max_players=3, advanced=True)
    assert not opened.last.ephemeral and "Santa Fe" in opened.last.content
    game = await table.service.get_game(CHANNEL)
    assert game.options == {"advanced": True, "buy_track": False} and game.max_players == 3

    joined = await table.run(BOB, "game join")
    assert joined.last.ephemeral and joined.last.content == "You joined."
    assert (await table.lobby()).content.endswith("\nBob joined.")
    await table.run(ANN, "game add-ai", level=0)
    started_reply = await table.run(ANN, "game start")
    assert started_reply.deferred == {"thinking": True, "ephemeral": True}
    turn = table.public[-1]
    game = await table.service.get_game(CHANNEL)
    assert game.status == "active" and game.to_act_users
    assert set(turn.mentioned_users or []) == set(game.to_act_users)
    assert all(f"<@{uid}>" in turn.content for uid in game.to_act_users)


async def test_gwt_options_reach_the_engine(table: Table) -> None:
    """The GWT variants are stored as the engine's own option names."""
    await table.run(ANN, "game gwt", building_sides="random", neutral_buildings="random", reminder_hours=6)
    game = await table.service.get_game(CHANNEL)
    assert game.options == {"building_sides": "random", "neutral": "random"}
    assert game.reminder_minutes == 6 * 60


async def test_second_game_in_a_channel_and_start_by_a_guest_are_refused(table: Table) -> None:
    """One game per channel; only the host starts; each refusal is private and says why."""
    await table.run(ANN, "game santafe")
    again = await table.run(BOB, "game gwt")
    assert again.last.ephemeral and "already has a game" in again.last.content
    await table.run(BOB, "game join")
    guest = await table.run(BOB, "game start")
    assert guest.last.ephemeral and "Only the player who opened the game" in guest.last.content
    assert (await table.service.get_game(CHANNEL)).status == "lobby"


async def test_hosting_limit_applies_to_members_but_not_managers(table: Table) -> None:
    """A member hosting as many open games as allowed cannot open another; a manager can."""
    table.bot.settings = type(table.bot.settings)(token="t", max_games_per_user=1)
    await table.run(ANN, "game santafe")
    other = table.interaction(ANN, channel_id=CHANNEL + 1)
    await run_command(table.bot, "game gwt", other)
    assert other.last.ephemeral and "the most allowed" in other.last.content
    manager = table.interaction(ANN, channel_id=CHANNEL + 2, manage_guild=True)
    await run_command(table.bot, "game gwt", manager)
    assert not manager.last.ephemeral


async def test_a_servers_own_hosting_limit_set_by_admin_defaults_wins_over_the_bots(table: Table) -> None:
    """The bot allows 5; a manager sets 1 for this server, so a member's second game is refused; 0 goes
    back to the bot's limit."""
    limit = await table.run(BOB, "admin defaults", manage_guild=True, hosting_limit=1)
    assert limit.last.ephemeral and "host 1 open game at a time" in limit.last.content
    await table.run(ANN, "game santafe")
    other = table.interaction(ANN, channel_id=CHANNEL + 1)
    await run_command(table.bot, "game gwt", other)
    assert other.last.ephemeral and "the most allowed" in other.last.content
    back = await table.run(BOB, "admin defaults", manage_guild=True, hosting_limit=0)
    assert "host 5 open games" in back.last.content
    again = table.interaction(ANN, channel_id=CHANNEL + 1)
    await run_command(table.bot, "game gwt", again)
    assert not again.last.ephemeral and "Great Western Trail" in again.last.content


async def test_status_of_a_finished_game_shows_the_final_ranking_with_points(table: Table) -> None:
    await started(table.service, options={"rounds": 1})
    finished = await play_to_end(table.service)
    result = await table.service.final_result(CHANNEL)
    status = await table.run(CID, "game status")
    embed = status.last.kwargs["embed"]
    scores = next(f.value for f in embed.fields if f.name == "Final scores")
    by_seat = {p["seat"]: p for p in result["players"]}
    ranked = [seat for group in result["ranking"] for seat in group]
    positions = [scores.index(finished.seats[seat].name) for seat in ranked]
    assert positions == sorted(positions)  # best first
    for seat in ranked:
        assert f"{finished.seats[seat].name}**: {by_seat[seat]['total']} points" in scores
    assert "To act" not in [f.name for f in embed.fields]


async def test_status_is_private_and_shows_the_seats(table: Table) -> None:
    """/game status lists the players and whose turn it is, only to the asker."""
    await started(table.service, options={"rounds": 1})
    status = await table.run(CID, "game status")
    assert status.last.ephemeral
    text = status.last.text()
    assert "<@1>" in text and "<@2>" in text and "To act" in text


async def test_cancel_by_host_and_leave(table: Table) -> None:
    """A guest may leave a lobby; the host calls it off publicly."""
    await table.run(ANN, "game santafe")
    await table.run(BOB, "game join")
    await table.run(BOB, "game leave")
    assert (await table.lobby()).content.endswith("\nBob left.")
    await table.run(ANN, "game cancel")
    assert (await table.lobby()).content == "The game of Santa Fe here was called off."
    assert (await table.service.get_game(CHANNEL)).status == "abandoned"


async def test_resign_hands_the_seat_to_the_computer(table: Table) -> None:
    """Resigning answers privately, tells the channel, and the computer plays on."""
    await started(table.service, players=(ANN, BOB, CID), options={"rounds": 1})
    resigned = await table.run(ANN, "game resign")
    assert resigned.replies[0].ephemeral and "resigned" in resigned.replies[0].content
    assert any("Ann resigned" in (m.content or "") for m in table.public)
    game = await table.service.get_game(CHANNEL)
    assert game.seats[0].is_ai and game.seats[0].state == "resigned"


async def test_away_and_computer_and_take_back(table: Table) -> None:
    """Away is private; the computer can take a seat and the player can take it back."""
    await started(table.service, players=(ANN, BOB, CID), options={"rounds": 1})
    away = await table.run(BOB, "game away", away=True)
    assert away.last.ephemeral and "away" in away.last.content
    await table.run(CID, "game computer")
    assert (await table.service.get_game(CHANNEL)).seats[2].is_ai
    await table.run(CID, "game take-back")
    assert not (await table.service.get_game(CHANNEL)).seats[2].is_ai


async def test_host_changes_the_timing(table: Table) -> None:
    await started(table.service, options={"rounds": 1})
    guest = await table.run(BOB, "game timing", deadline_hours=48)
    assert guest.last.ephemeral
    changed = await table.run(ANN, "game timing", reminder_hours=0, deadline_hours=48, deadline_action="ai")
    assert (
        changed.last.content == "Timing changed: no reminders; 2 days per turn, then the computer plays it."
    )
    game = await table.service.get_game(CHANNEL)
    assert (game.reminder_minutes, game.deadline_minutes, game.deadline_action) == (None, 48 * 60, "ai")


def attachment(data: bytes) -> MagicMock:
    file = MagicMock(spec=discord.Attachment)
    file.size = len(data)
    file.filename = "game.json"
    file.read = AsyncMock(return_value=data)
    return file


async def test_import_continues_an_exported_game_elsewhere(table: Table) -> None:
    """A file from /export starts the same game in another channel, at the same move."""
    await started(table.service, options={"rounds": 1})
    await table.run(ANN, "move", move="pass")
    exported = await table.service.export(CHANNEL)
    other = table.interaction(CID, channel_id=CHANNEL + 5)
    await run_command(table.bot, "game import", other, file=attachment(json.dumps(exported).encode()))
    public = [m for m in other.replies if not m.ephemeral]
    assert "after 1 move." in public[0].content
    copy = await table.service.get_game(CHANNEL + 5)
    assert copy.version == 1 and copy.host_id == CID


async def test_import_refuses_what_is_not_an_export(table: Table) -> None:
    garbage = table.interaction(CID, channel_id=CHANNEL + 6)
    await run_command(table.bot, "game import", garbage, file=attachment(b"not json"))
    assert garbage.last.ephemeral and "not an export" in garbage.last.content
    # the "thinking…" message the refusal fills was private too: nothing reached the channel
    assert garbage.deferred == {"thinking": True, "ephemeral": True} and not table.public
    huge = table.interaction(CID, channel_id=CHANNEL + 7)
    await run_command(table.bot, "game import", huge, file=attachment(b"x" * (2 * 1024 * 1024)))
    assert huge.last.ephemeral and "larger than" in huge.last.content


async def test_lobby_news_told_after_the_start_leaves_the_start_on_the_lobby_message(table: Table) -> None:
    """A join told late (its post waited behind the start's) does not overwrite "has started" with its own
    news: the lobby message keeps saying the game started, without a Join button."""
    await table.run(ANN, "game santafe")
    await table.run(BOB, "game join")
    before_start = await table.service.get_game(CHANNEL)
    await table.run(ANN, "game start")
    late = table.interaction(BOB)
    await late.mock.response.defer(ephemeral=True, thinking=True)
    await lobby_message.tell(late.mock, before_start, "Bob joined.")
    lobby = await table.lobby()
    assert lobby.content == translate(ENGLISH, "message.lobby.started", title="Santa Fe")
    assert lobby.view is None and late.everything() == []
