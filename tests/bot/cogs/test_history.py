"""/log, /board, /export and /games."""

from __future__ import annotations

import json

import pytest

from bot import messages
from bot.i18n import ENGLISH, translate
from bot.play import paging
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL
from tests.support.fixtures import ANN, BOB, CID, GUILD, play_to_end, started


async def test_log_shows_recent_moves_privately(table: Table) -> None:
    """The log lists moves; a player's private lines appear only in their own log."""
    await started(table.service, options={"rounds": 1})
    await table.run(ANN, "move", move="draw")
    mine = await table.run(ANN, "log")
    theirs = await table.run(BOB, "log")
    assert mine.last.ephemeral and "You draw a" in mine.last.content
    assert "draw" in theirs.last.content and "You draw a" not in theirs.last.content


async def test_board_defers_and_can_be_shared(table: Table) -> None:
    """/board defers (drawing takes time) and is private unless shared."""
    await started(table.service, options={"rounds": 1})
    await table.run(ANN, "move", move="pass")
    private = await table.run(CID, "board", move=0)
    assert private.deferred == {"ephemeral": True, "thinking": True}
    assert private.last.ephemeral and "after move 0" in private.last.text()
    shared = await table.run(CID, "board", share=True)
    assert shared.deferred == {"ephemeral": True, "thinking": True} and not shared.last.ephemeral


async def test_a_refused_shared_board_stays_private(table: Table) -> None:
    """The "thinking…" message a follow-up fills is private even when the board is to be shared, so a
    refusal never lands in the channel."""
    await started(table.service, options={"rounds": 1})
    answer = await table.run(CID, "board", move=50, share=True)
    assert answer.deferred == {"ephemeral": True, "thinking": True}
    assert [m.ephemeral for m in answer.everything()] == [True] and "version" in answer.last.text().lower()


async def test_board_of_a_move_that_does_not_exist_is_refused(table: Table) -> None:
    await started(table.service, options={"rounds": 1})
    answer = await table.run(CID, "board", move=50)
    assert answer.last.ephemeral and "version" in answer.last.content.lower()


async def test_export_of_a_running_game_needs_a_manager_without_a_seat(table: Table) -> None:
    """A running game's seed reveals every hidden card: no player of it may export it, not even a manager;
    a manager who does not play gets the file with a plain warning."""
    await started(table.service, options={"rounds": 1})
    refused = await table.run(CID, "export")
    assert refused.last.ephemeral and not refused.last.files
    seated = await table.run(BOB, "export", manage_guild=True)
    assert seated.last.ephemeral and not seated.last.files and "seat" in seated.last.content
    allowed = await table.run(CID, "export", manage_guild=True)
    assert allowed.last.ephemeral and "reveals every player's hidden cards" in allowed.last.content
    (file,) = allowed.last.files
    data = json.loads(file.fp.read())
    assert data["rules_id"] == "tiny" and data["players"][0]["name"] == "Ann"
    assert "hidden cards" in data["hidden_cards_warning"]
    assert (await table.service.get_game(CHANNEL)).status == "active"


async def test_export_of_a_finished_game_is_for_everyone_without_warning(table: Table) -> None:
    await started(table.service, options={"rounds": 1})
    await play_to_end(table.service)
    answer = await table.run(BOB, "export")
    (file,) = answer.last.files
    assert "hidden_cards_warning" not in json.loads(file.fp.read()) and "⚠️" not in answer.last.content


async def test_games_lists_my_open_games_in_this_server_mine_to_play_first(table: Table) -> None:
    """Bob plays in two games here (one waiting for him) and one in another server; Cid in none."""
    await started(table.service, options={"rounds": 1})  # Ann acts first here
    await started(table.service, (BOB, ANN), channel=CHANNEL + 1, options={"rounds": 1})  # Bob first
    await table.service.create_game(GUILD + 1, CHANNEL + 2, BOB, "Bob", "tiny", {"rounds": 1})
    listed = await table.run(BOB, "games")
    assert listed.last.ephemeral
    lines = listed.last.content.splitlines()[1:]
    assert len(lines) == 2
    assert f"<#{CHANNEL + 1}>" in lines[0] and "your turn" in lines[0]
    assert f"<#{CHANNEL}>" in lines[1] and "waiting for Ann" in lines[1]
    assert f"<#{CHANNEL + 2}>" not in listed.last.content
    nothing = await table.run(CID, "games")
    assert nothing.last.ephemeral and nothing.last.content == messages.no_open_games(ENGLISH)


async def test_only_the_one_who_asked_may_turn_the_pages(table: Table) -> None:
    """A page button pressed by anyone else is refused privately and nothing is turned."""
    await started(table.service, options={"rounds": 1})
    await started(table.service, (BOB, ANN), channel=CHANNEL + 1, options={"rounds": 1})
    listing = await paging.games_listing(table.bot, BOB, GUILD, "en-US")
    assert listing is not None
    button = paging.PageButton.of(listing, 1, "Next", back=False, disabled=False)
    intruder = table.interaction(ANN)
    await button.callback(intruder.mock)
    assert intruder.last.ephemeral and "run /games yourself" in intruder.last.content
    assert not intruder.edits and intruder.mock.response.edit_message.await_count == 0


async def test_a_page_of_a_list_the_bot_no_longer_makes_is_answered(table: Table) -> None:
    button = paging.PageButton("gone", BOB, GUILD, 0, 0, 1)
    pressed = table.interaction(BOB)
    await button.callback(pressed.mock)
    assert pressed.last.ephemeral and pressed.last.content == translate(ENGLISH, "message.stale_pages")


async def test_a_log_too_long_for_its_pages_comes_whole_as_a_text_file(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started(table.service, options={"rounds": 2})
    game = await play_to_end(table.service)
    assert game.version > 5
    monkeypatch.setattr(paging, "LOG_PAGES", 0)
    answer = await table.run(ANN, "log", count=5)
    assert answer.last.ephemeral and "the last 5 lines" in answer.last.content
    (file,) = answer.last.files
    lines = file.fp.read().decode().splitlines()
    assert [int(line.split(".")[0]) for line in lines] == list(range(game.version - 4, game.version + 1))
