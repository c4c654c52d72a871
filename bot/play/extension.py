"""The turn pipeline's extension: what the client loads by name.

A leaf module of its own, because discord.py forgets an extension's module and every module under it when
the extension is unloaded (as a closing bot does): loaded as ``bot.play`` it would take the whole pipeline
with it, and the next bot in the same process would import fresh copies of modules others still hold.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from bot.play import components, computers, damage_lines

if TYPE_CHECKING:
    from bot.client import BoardGameBot


def install(bot: BoardGameBot) -> None:
    """Answer presses on the bot's buttons after a restart too, tell the channel of each computer move
    the background runner makes, through the same path as a person's move, and tell a game's channel as
    soon as a read finds the game damaged."""
    bot.add_dynamic_items(*components.DYNAMIC_ITEMS)
    if bot.games is not None:
        bot.games.runner.listener = functools.partial(computers.tell, bot)
    damage_lines.install(bot)


async def setup(bot: BoardGameBot) -> None:
    install(bot)
