"""The real bot in the sandbox: its database opened beside the terminal of the Discord stand-in.

The only module of the bot that imports the stand-in (``loopback``); ``python -m bot sandbox`` imports it
when it runs, so the bot itself needs none of the stand-in's dependencies (the ``sandbox`` extra).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Unpack

import discord

from bot.storage.db import Database, open_database
from loopback.sandbox import BotClock, TerminalIO, read_stdin, run_terminal

__all__ = ["read_stdin", "run_sandbox"]


async def run_sandbox(
    bot_factory: Callable[[Database, BotClock], discord.Client],
    db_path: str | Path,
    pictures_dir: str | Path,
    **io: Unpack[TerminalIO],
) -> None:
    """The sandbox terminal (``loopback.sandbox``) with the bot ``bot_factory`` builds over the database at
    ``db_path`` (opened with its migrations applied, closed at the end) and the stand-in's clock."""
    db = await open_database(db_path)
    try:
        await run_terminal(
            lambda clock: bot_factory(db, clock),
            db_path,
            pictures_dir,
            **io,
        )
    finally:
        await db.close()
