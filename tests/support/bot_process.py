"""``python -m bot`` pointed at a loopback Discord, as a separate process for the signal and exit tests.

    python -m tests.support.bot_process ORIGIN [ARGS...]

ORIGIN is the stand-in's http://127.0.0.1:PORT; ARGS are ``python -m bot``'s; settings come from the
environment only (no .env is read).
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


async def launch(
    origin: str, *args: str, env: Mapping[str, str], **streams: Any
) -> asyncio.subprocess.Process:
    """This module in another process, run from the repository's root: ``python -m bot ARGS`` talking to
    the loopback Discord at ``origin``; ``streams``: ``stdin``, ``stdout``, ``stderr`` as for
    ``asyncio.create_subprocess_exec``."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.support.bot_process", origin, *args, cwd=ROOT, env=env, **streams
    )


if __name__ == "__main__":
    origin, *args = sys.argv[1:]
    Route.BASE = origin + "/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(origin.replace("http://", "ws://") + "/")
    raise SystemExit(main(args, env=os.environ))
