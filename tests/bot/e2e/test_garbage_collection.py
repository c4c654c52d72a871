"""The bot's long-lived start-up objects are kept out of the garbage collector's full collections, which
otherwise walk every object and pause the event loop (the gateway's heartbeat included)."""

from __future__ import annotations

import gc

from .conftest import Arena


async def test_what_the_bot_loaded_at_start_is_left_out_of_later_collections(arena: Arena) -> None:
    gc.unfreeze()
    try:
        async with arena.running():
            assert gc.get_freeze_count() > 10_000  # the modules and discord.py's state, frozen once set up
    finally:
        gc.unfreeze()
