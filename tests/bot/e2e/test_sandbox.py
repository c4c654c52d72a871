"""``python -m bot sandbox``: the real bot on the loopback Discord, driven by typed lines."""

from __future__ import annotations

import re
from pathlib import Path

from bot import __main__ as entry
from bot.settings import load_settings


async def test_sandbox_plays_a_few_commands(tmp_path: Path) -> None:
    # "wait": until the bot has posted the board (a line waits only for the bot's answer)
    started = ["@alice /game santafe", "@bob /game join", "@alice /game start", "wait"]
    lines = iter([*started, "@bob look", "quit"])
    printed: list[str] = []

    async def read(prompt: str) -> str | None:
        return next(lines, None)

    settings = load_settings(
        {"DATABASE_PATH": str(tmp_path / "sandbox.db"), "DEV_GUILD_ID": "5"}, require_token=False
    )
    await entry.run_sandbox(settings, read_line=read, write=printed.append)
    output = "\n".join(printed)
    assert "/move" in output and "/game" in output  # the commands were registered
    # the lobby's post, printed as it reads when printed: "Alice opened a game of **Santa Fe** here", or,
    # when Bob's join edited it before the terminal caught up, "A game of **Santa Fe** is waiting"
    assert "game of **Santa Fe**" in output
    assert "your turn" in output
    assert list((tmp_path / "sandbox-pictures").glob("*.png"))


async def test_a_game_carries_on_after_the_sandbox_restarts(tmp_path: Path) -> None:
    settings = load_settings({"DATABASE_PATH": str(tmp_path / "sandbox.db")}, require_token=False)

    async def run(lines: list[str]) -> str:
        pending = iter(lines)
        printed: list[str] = []

        async def read(prompt: str) -> str | None:
            return next(pending, None)

        await entry.run_sandbox(settings, read_line=read, write=printed.append)
        return "\n".join(printed)

    await run(["@alice /game santafe", "@bob /game join"])
    output = await run(["@alice /game start", "wait", "@alice /game status"])
    assert "refused" not in output and "no game" not in output.lower()
    # the seats taken before the restart belong to the same people after it (seat order is drawn at random)
    assert re.search(r"Santa Fe\*\* · move 0 · @(bob @alice|alice @bob) your turn", output), output
    assert re.search(r"Players: ▶ 1\. @(bob|alice)\n  \|   ▶ 2\. @(alice|bob)", output)
