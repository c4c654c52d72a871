"""Posting after a saved change, through the cogs: a channel that refuses a post never undoes the change nor
stops other channels; the person who made the change hears privately that it counted and why the channel
did not hear of it; refusals never reach the channel; nobody is pinged by a name."""

from __future__ import annotations

from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.services import FakeClock
from tests.bot.cogs.conftest import Table
from tests.bot.cogs.test_simultaneous import santa_fe
from tests.bot.helpers import CHANNEL, make_user, run_command, stop_reminder_loops
from tests.support.fixtures import ANN, BOB, CID, started

COUNTED = "but I could not post it in <#100>: the bot lacks Send Messages there."


def refuse_posts(table: Table, channel_id: int = CHANNEL) -> None:
    """The channel answers every post as Discord does without Send Messages: 403, code 50013."""
    response = MagicMock(status=403, reason="Forbidden")
    error = discord.Forbidden(response, {"code": 50013, "message": "Missing Permissions"})
    table.bot.get_partial_messageable(channel_id).send = AsyncMock(side_effect=error)


def without_send(table: Table, uid: int, **kwargs: Any) -> Any:
    perms = discord.Permissions(view_channel=True, embed_links=True, attach_files=True)
    return table.interaction(uid, app_permissions=perms, **kwargs)


async def run(table: Table, uid: int, path: str, *, manager: bool = False, **arguments: Any) -> Any:
    interaction = without_send(table, uid, manage_guild=manager)
    await run_command(table.bot, path, interaction, **arguments)
    return interaction


@pytest.mark.parametrize(
    ("path", "uid", "manager", "arguments", "done"),
    [
        ("move", ANN, False, {"move": "pass"}, "Your move counted"),
        ("game resign", ANN, False, {}, "Your resignation counted"),
        ("game computer", ANN, False, {}, "The computer plays that seat now"),
        ("admin computer", CID, True, {"seat": 1}, "The computer plays that seat now"),
        ("admin skip", CID, True, {}, "The deadline rule was applied"),
        ("admin restore", CID, True, {"move": 0}, "The game was restored"),
    ],
)
async def test_a_change_whose_post_is_refused_stands_and_its_maker_is_told_privately(
    table: Table, path: str, uid: int, manager: bool, arguments: dict[str, Any], done: str
) -> None:
    await started(table.service, players=(ANN, BOB, CID), options={"rounds": 1})
    if path == "admin restore":
        await table.service.submit(CHANNEL, ANN, "pass")
    before = await table.service.get_game(CHANNEL)
    refuse_posts(table)
    answered = await run(table, uid, path, manager=manager, **arguments)
    after = await table.service.get_game(CHANNEL)
    assert after.revision > before.revision or after.seats != before.seats
    texts = [m.content or "" for m in answered.everything()]
    told = f"{done}, {COUNTED} Everyone can see the game with /board."
    assert [m.ephemeral for m in answered.everything() if m.content == told] == [True], texts
    assert not any("Something went wrong" in t for t in texts), texts


async def test_a_vote_that_carries_stands_when_its_post_is_refused(table: Table, clock: FakeClock) -> None:
    await started(
        table.service,
        players=(ANN, BOB, CID),
        options={"rounds": 1},
        deadline_minutes=60,
        deadline_action="vote",
    )
    clock.advance(minutes=61)
    await table.service.run_due()
    await table.service.vote_kick(CHANNEL, BOB, 0)
    refuse_posts(table)
    answered = await run(table, CID, "game vote", seat=1)
    assert (await table.service.get_game(CHANNEL)).seats[0].is_ai
    texts = [m.content or "" for m in answered.everything()]
    assert any(t.startswith(f"Your vote carried, {COUNTED}") for t in texts), texts


@pytest.mark.parametrize("refusing", [CHANNEL, CHANNEL + 1])
async def test_a_reminder_round_goes_on_past_a_channel_that_refuses_posts(
    table: Table, clock: FakeClock, refusing: int
) -> None:
    """Two games whose deadlines pass in the same round: the channel that refuses every post does not keep
    the other from hearing of its deadline and getting its turn message."""
    await table.bot.load_extension("bot.cogs.reminders")
    cog = stop_reminder_loops(table.bot)
    for channel in (CHANNEL, CHANNEL + 1):
        await started(table.service, channel=channel, options={"rounds": 1}, deadline_minutes=60)
    refuse_posts(table, refusing)
    clock.advance(minutes=61)
    await cog.tick()
    other = CHANNEL + 1 if refusing == CHANNEL else CHANNEL
    heard = table.stage.channels[other].sent
    assert any("Time ran out" in (m.content or "") for m in heard)
    assert BOB in (heard[-1].mentioned_users or []) and heard[-1].view is not None


@pytest.mark.parametrize(
    ("path", "manager", "arguments"),
    [("game computer", False, {"player": ANN}), ("admin computer", True, {"seat": 5})],
)
async def test_refusals_after_a_deferral_stay_private(
    table: Table, path: str, manager: bool, arguments: dict[str, Any]
) -> None:
    """The "thinking…" message a refusal fills is private: nothing reaches the channel."""
    await started(table.service, players=(ANN, BOB), options={"rounds": 1})
    arguments = {k: table.users[v] if k == "player" else v for k, v in arguments.items()}  # a member, by id
    refused = await table.run(BOB, path, manage_guild=manager, **arguments)
    assert refused.deferred == {"thinking": True, "ephemeral": True}
    assert [m.ephemeral for m in refused.everything()] == [True] and not table.public


async def test_names_are_echoed_without_markdown_or_mentions(table: Table) -> None:
    """A member called "@everyone" who takes their seat back is named, never pinging anyone; the bot's
    messages ping nobody unless they say whom."""
    assert table.bot.allowed_mentions is not None
    assert table.bot.allowed_mentions.to_dict() == discord.AllowedMentions.none().to_dict()
    table.users[CID] = make_user(CID, "@everyone *bold*")
    await started(table.service, players=(ANN, BOB, CID), options={"rounds": 1})
    await table.run(CID, "game computer")
    back = await table.run(CID, "game take-back")
    content = back.last.content or ""
    assert "@everyone" not in content and "\\*bold\\*" in content, content


async def test_without_embed_links_the_summary_is_in_the_text(table: Table) -> None:
    """Discord drops the embeds of a bot without Embed Links, without a word: the turn message then carries
    its summary in its text, so the reveal is not lost."""
    await santa_fe(table.service, 2)
    perms = discord.Permissions(view_channel=True, send_messages=True, attach_files=True)
    for uid in (ANN, BOB):
        move = (await table.service.legal_moves(CHANNEL, uid))[0][0]
        interaction = table.interaction(uid, app_permissions=perms)
        await run_command(table.bot, "move", interaction, move=move)
    turn = table.public[-1]
    assert not turn.embeds and "Cards revealed" in (turn.content or "") and len(turn.content or "") <= 2000


async def test_after_a_discord_failure_the_summary_waits_for_the_next_post(table: Table) -> None:
    """A 500 from Discord on the turn message: the move counts, the mover hears why privately, and the
    moves it would have told stay untold until a post gets through."""
    game = await started(table.service, players=(ANN, BOB), options={"rounds": 2})
    channel = table.bot.get_partial_messageable(CHANNEL)
    recorded = channel.send
    error = discord.DiscordServerError(MagicMock(status=500, reason="Internal Server Error"), "oops")
    channel.send = AsyncMock(side_effect=error)
    answered = await table.run(ANN, "move", move="pass")
    channel.send = recorded
    texts = [m.content or "" for m in answered.everything() if m.ephemeral]
    assert any("Your move counted, but I could not post it" in t and "Discord failed" in t for t in texts)
    untold = await table.service.untold_public_events(
        game.id, (await table.service.get_game(CHANNEL)).version
    )
    assert untold
    await table.run(BOB, "move", move="pass")
    assert (
        "Seat 0 ends the turn." in table.public[-1].text() or "Ann ends the turn." in table.public[-1].text()
    )


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("de", "Dein Zug zählt, aber ich konnte es nicht in <#100> posten: Discord hat es abgelehnt"),
        ("ja", "あなたの手は有効です。ただし<#100>に投稿できませんでした：Discordに拒否されました"),
    ],
)
def test_why_a_post_failed_is_told_in_the_readers_language(locale: str, said: str) -> None:
    from types import SimpleNamespace

    from bot.play import posting

    response = MagicMock(status=400, reason="Bad Request")
    failure = discord.HTTPException(response, {"code": 50035, "message": "Invalid Form Body"})
    interaction = SimpleNamespace(locale=locale, channel_id=999)
    game = SimpleNamespace(channel_id=100)
    text = posting.not_posted("posting.done.move", interaction, game, failure)  # type: ignore[arg-type]
    assert text.startswith(said), text
