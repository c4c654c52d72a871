"""Only the turn message about the game's latest position carries the buttons, whatever order the posts
about two positions finish in."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.play import announcer


class Posted:
    """A posted message that records what was edited on it."""

    def __init__(self) -> None:
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
