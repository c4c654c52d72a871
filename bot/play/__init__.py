"""The turn pipeline: what happens between a person's click and what everyone reads.

- ``controller``: a person's move (``/move``, a button, a menu) is submitted to the service, and the mover
  is answered privately with what it did and their next choices;
- ``components``: what a press on each of the bot's buttons and menus does (they survive restarts);
- ``announcer``: after each saved change (a person's, a computer's from ``computers``, a deadline's), the
  channel's turn message, the results, the direct messages;
- ``delivery``, ``posting``, ``channels``, ``dms``: every post goes out through one guarded path, and a
  post that fails leaves the change standing and its author told why;
- ``replies``, ``paging``, ``boards``: private answers, paged lists, player boards.

It builds its messages and views with ``bot.ui`` (pure builders) and reads and changes games only through
``bot.services``. Loaded as an extension (``setup``), so the client does not import it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from bot.play import components, computers

if TYPE_CHECKING:
    from bot.client import BoardGameBot


def install(bot: BoardGameBot) -> None:
    """Answer presses on the bot's buttons after a restart too, and tell the channel of each computer move
    the background runner makes, through the same path as a person's move."""
    bot.add_dynamic_items(*components.DYNAMIC_ITEMS)
    if bot.games is not None:
        bot.games.runner.listener = functools.partial(computers.tell, bot)


async def setup(bot: BoardGameBot) -> None:
    install(bot)
