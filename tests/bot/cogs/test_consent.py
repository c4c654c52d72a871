"""Seats are taken by their people: /game import keeps them, /game replace offers them, Accept takes them."""

from __future__ import annotations

import json

from bot.i18n import translate
from bot.play import components
from tests.bot.cogs.conftest import Table
from tests.bot.cogs.test_lobby import attachment
from tests.bot.helpers import CHANNEL, GUILD, make_user, run_command
from tests.support.fixtures import ANN, BOB, CID, DOT, play_to_end, started

ELSEWHERE = CHANNEL + 5


def labels(sent) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(getattr(item, "item", item).label) for item in sent.view.children] if sent.view else []


async def test_replace_asks_the_member_and_only_they_can_accept(table: Table) -> None:
    await started(table.service, options={"rounds": 1})
    offered = await table.run(ANN, "game replace", seat=2, member=table.users[CID])
    invitation = offered.last
    assert not invitation.ephemeral and invitation.mentioned_users == [CID]
    assert "<@3>" in invitation.content and labels(invitation) == ["Accept"]
    game = await table.service.get_game(CHANNEL)
    assert game.seats[1].user_id == BOB  # nothing changes before Cid agrees

    button = components.ClaimButton(game.id, 1)
    intruder = table.interaction(DOT)
    await button.callback(intruder.mock)
    assert intruder.last.ephemeral and "someone else" in intruder.last.content
    assert (await table.service.get_game(CHANNEL)).seats[1].user_id == BOB

    accepted = table.interaction(CID)
    await button.callback(accepted.mock)
    assert not accepted.last.ephemeral and "Cid took seat 2" in accepted.last.content
    assert accepted.last.mentioned_users == []
    assert (await table.service.get_game(CHANNEL)).seats[1].user_id == CID
    again = table.interaction(CID)
    await button.callback(again.mock)
    assert again.last.ephemeral  # an offer is taken once


async def test_a_bot_account_cannot_be_offered_a_seat(table: Table) -> None:
    await started(table.service, options={"rounds": 1})
    robot = make_user(77, "Robot")
    robot.bot = True
    refused = await table.run(ANN, "game replace", seat=2, member=robot)
    assert refused.last.ephemeral and "Bots cannot take a seat" in refused.last.content
    assert all(s.offered_to is None for s in (await table.service.get_game(CHANNEL)).seats)


async def test_an_import_pings_nobody_and_keeps_seats_for_the_people_it_names(table: Table) -> None:
    await started(table.service, players=(ANN, BOB), options={"rounds": 1})
    exported = await table.service.export(CHANNEL)
    importer = table.interaction(CID, channel_id=ELSEWHERE)
    await run_command(table.bot, "game import", importer, file=attachment(json.dumps(exported).encode()))
    [announcement] = [m for m in importer.replies if not m.ephemeral]  # the importer's own note is private
    assert announcement.mentioned_users == [] and "never count in statistics" in announcement.content
    assert labels(announcement) == ["Take seat 1", "Take seat 2"]
    assert "kept for <@1>" in announcement.text() and "kept for <@2>" in announcement.text()
    turn = table.stage.channels[ELSEWHERE].sent[-1]
    assert turn.mentioned_users == [] and "<@" not in (turn.content or "")
    game = await table.service.get_game(ELSEWHERE)
    assert game.to_act_users == () and [s.user_id for s in game.seats] == [None, None]

    # the importer cannot take Ann's seat; a claim from another server is refused; Ann's own works
    grab = table.interaction(CID, channel_id=ELSEWHERE)
    await components.ClaimButton(game.id, 0).callback(grab.mock)
    assert grab.last.ephemeral and "someone else" in grab.last.content
    foreign = table.interaction(ANN, channel_id=ELSEWHERE, guild_id=GUILD + 1)
    await run_command(table.bot, "game join", foreign)
    assert foreign.last.ephemeral and "another server" in foreign.last.content
    joined = table.interaction(ANN, channel_id=ELSEWHERE)
    await run_command(table.bot, "game join", joined)
    assert "Ann took seat 1" in joined.last.content and "their turn" in joined.last.content
    assert labels(joined.last) == ["Play", "Show my hand", "Player boards"]
    assert (await table.service.get_game(ELSEWHERE)).to_act_users == (ANN,)


async def test_a_forged_finished_import_leaves_the_leaderboard_alone(table: Table) -> None:
    await started(table.service, players=(ANN, BOB), options={"rounds": 1})
    await play_to_end(table.service)
    exported = await table.service.export(CHANNEL)
    for player in exported["players"]:
        player["user_id"] = DOT if player["seat"] == 0 else BOB
    importer = table.interaction(DOT, channel_id=ELSEWHERE)
    before = await table.service.leaderboard(GUILD)
    await run_command(table.bot, "game import", importer, file=attachment(json.dumps(exported).encode()))
    assert importer.replies[0].view is None  # a finished game has no seats to take
    assert await table.service.leaderboard(GUILD) == before
    stats = await table.run(DOT, "stats")
    assert "No finished games" in stats.last.embeds[0].description
    assert "imported game never counts" in stats.last.embeds[0].footer.text


async def test_help_states_the_consent_and_counting_rules(table: Table) -> None:
    seats = await table.run(ANN, "help", topic="seats")
    text = seats.last.embeds[0].description
    assert "/game import" in text and "Accept" in text and "nobody is pinged" in text
    counting = await table.run(ANN, "help", topic="stats")
    assert "imported game never counts" in counting.last.embeds[0].description
    assert translate("en", "help.stats.text") == counting.last.embeds[0].description


async def test_the_host_names_whom_a_kept_seat_waits_for_to_let_the_computer_play_it(table: Table) -> None:
    await started(table.service, players=(ANN, BOB), options={"rounds": 1})
    exported = await table.service.export(CHANNEL)
    importer = table.interaction(CID, channel_id=ELSEWHERE)
    await run_command(table.bot, "game import", importer, file=attachment(json.dumps(exported).encode()))
    handed = table.interaction(CID, channel_id=ELSEWHERE)
    await run_command(table.bot, "game computer", handed, player=table.users[BOB])
    assert [s.is_ai for s in (await table.service.get_game(ELSEWHERE)).seats] == [False, True]
