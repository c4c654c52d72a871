"""Unexpected failures: logged with their context, a polite private message, and the bot keeps going."""

from __future__ import annotations

import logging

import pytest

from bot.i18n import ENGLISH, translate
from bot.play import components, replies
from bot.services import Committed
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL
from tests.support.fixtures import ANN, started


async def test_a_bug_in_a_command_is_logged_and_answered_politely(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(channel_id: int) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(table.service, "get_game", broken)
    with caplog.at_level(logging.ERROR, logger="bot.play.replies"):
        answer = await table.run(ANN, "game status")
    assert answer.last.ephemeral and answer.last.content == translate(ENGLISH, "message.generic_error")
    (record,) = caplog.records
    assert "'game status' by user 1 in channel 100" in record.getMessage()
    assert record.exc_info is not None and "disk on fire" in str(record.exc_info[1])


async def test_a_bug_behind_a_button_is_answered_too(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Component callbacks bypass the command tree; they still answer instead of leaving the click hanging."""
    game = await started(table.service, options={"rounds": 1})

    async def broken(channel_id: int, user_id: int, locale: object = None) -> None:
        raise KeyError("lost")

    monkeypatch.setattr(table.service, "choices", broken)  # what the Play button reads
    click = table.interaction(ANN)
    with caplog.at_level(logging.ERROR, logger="bot.play.replies"):
        await components.PlayButton(game.id, game.revision).callback(click.mock)
    assert click.last.content == translate(ENGLISH, "message.generic_error")
    assert caplog.records


async def test_a_failure_after_a_saved_move_is_answered_that_it_counted(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    """``Committed`` reaching the error handler: the move counted, so the answer says so (never
    "unchanged"), and the failure behind it is logged."""
    saved = Committed(7, CHANNEL, 12)
    saved.__cause__ = ConnectionResetError("connection dropped")
    click = table.interaction(ANN)
    with caplog.at_level(logging.ERROR, logger="bot.play.replies"):
        await replies.report(click.mock, saved)
    assert click.last.ephemeral
    assert click.last.content == translate(ENGLISH, "message.move_counted_later", version=12)
    (record,) = caplog.records
    assert record.exc_info is not None and "connection dropped" in str(record.exc_info[1])


async def test_autocomplete_without_a_game_offers_nothing(table: Table) -> None:
    cog = table.bot.get_cog("Play")
    choices = await cog.move_autocomplete(table.interaction(ANN, channel_id=CHANNEL + 9).mock, "")  # type: ignore[union-attr]
    assert choices == []
