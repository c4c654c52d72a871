"""``python -m bot`` pointed at a loopback Discord, as a separate process for the signal and exit tests.

    python -m tests.support.bot_process ORIGIN [ARGS...]

ORIGIN is the stand-in's http://127.0.0.1:PORT; ARGS are ``python -m bot``'s; settings come from the
environment only (no .env is read).
"""

from __future__ import annotations

import os
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.__main__ import main

if __name__ == "__main__":
    origin, *args = sys.argv[1:]
    Route.BASE = origin + "/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(origin.replace("http://", "ws://") + "/")
    raise SystemExit(main(args, env=os.environ))
