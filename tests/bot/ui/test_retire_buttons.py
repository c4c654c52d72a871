"""Only the turn message about the game's latest position carries the buttons, whatever order the posts
about two positions finish in."""

from __future__ import annotations

import itertools
from types import SimpleNamespace
from typing import Any

from bot.play import announcer

_ids = itertools.count(1)


class Posted:
    """A posted message that records what was edited on it."""

    def __init__(self) -> None:
        self.id = next(_ids)
        self.edits: list[dict[str, Any]] = []

    async def edit(self, **fields: Any) -> None:
        self.edits.append(fields)


async def test_a_message_about_an_older_position_never_takes_the_buttons() -> None:
    bot: Any = SimpleNamespace(turn_messages={})
    first, later, stale = Posted(), Posted(), Posted()
    await announcer.retire_buttons(bot, 7, first, 3)
    await announcer.retire_buttons(bot, 7, later, 5)
    assert first.edits == [{"view": None}] and later.edits == []
    # a post about revision 4 that finished after the one about revision 5
    await announcer.retire_buttons(bot, 7, stale, 4)
    assert stale.edits == [{"view": None}] and later.edits == []
    assert bot.turn_messages[7] == (5, later)
    await announcer.retire_buttons(bot, 7, None)  # the game is over: no message keeps buttons
    assert later.edits == [{"view": None}] and 7 not in bot.turn_messages


async def test_the_live_board_edited_to_a_later_position_keeps_its_buttons() -> None:
    """A quiet channel's live board is edited in place at each change of turn: it stays the message with
    the buttons, and gives them up only when a new board is posted below it or the game ends."""
    bot: Any = SimpleNamespace(turn_messages={})
    board, below = Posted(), Posted()
    await announcer.retire_buttons(bot, 7, board, 3)
    await announcer.retire_buttons(bot, 7, board, 4)
    assert board.edits == [] and bot.turn_messages[7] == (4, board)
    await announcer.retire_buttons(bot, 7, below, 6)
    assert board.edits == [{"view": None}] and below.edits == []
    await announcer.retire_buttons(bot, 7, None)
    assert below.edits == [{"view": None}]
