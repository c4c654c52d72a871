"""Discord's limits on application commands, checked on the real command tree before Discord sees it.

A single command over a limit makes Discord refuse the whole registration, so this walks every command,
group, option and choice of the loaded cogs.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.client import BoardGameBot
from bot.cogs import EXTENSIONS, game_commands
from bot.settings import Settings
from tests.bot.helpers import stop_reminder_loops

NAME = re.compile(r"^[-_\w]{1,32}$")
MAX_TOP_LEVEL = 100
MAX_CHILDREN = 25
MAX_CHOICES = 25
MAX_DESCRIPTION = 100
# name, description and every option's name, description and choices together (Discord's limit, which the
# bot also checks at start-up when it builds a /game command per game)
MAX_TOTAL_CHARACTERS = game_commands.MAX_CHARACTERS


@pytest.fixture
async def payloads() -> list[dict[str, Any]]:
    bot = BoardGameBot(games=None, settings=Settings(token="x"), sync_commands=False)  # type: ignore[arg-type]
    for name in EXTENSIONS:
        await bot.load_extension(name)
    stop_reminder_loops(bot)
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]


def walk(node: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    found = [(f"{path} {node['name']}".strip(), node)]
    for option in node.get("options", []):
        found += walk(option, found[0][0])
    return found


def characters(node: dict[str, Any]) -> int:
    total = len(node["name"]) + len(node.get("description", ""))
    for choice in node.get("choices", []):
        total += len(choice["name"]) + len(str(choice["value"]))
    return total + sum(characters(o) for o in node.get("options", []))


async def test_top_level_count(payloads: list[dict[str, Any]]) -> None:
    assert 0 < len(payloads) <= MAX_TOP_LEVEL
    assert len({p["name"] for p in payloads}) == len(payloads)


def problems_of(payloads: list[dict[str, Any]]) -> list[str]:
    """Every way the payloads break Discord's rules for names, descriptions, children and choices."""
    problems = []
    for command in payloads:
        if characters(command) > MAX_TOTAL_CHARACTERS:
            problems.append(f"/{command['name']} has more than {MAX_TOTAL_CHARACTERS} characters")
        for path, node in walk(command):
            if not NAME.match(node["name"]) or node["name"] != node["name"].lower():
                problems.append(f"{path}: bad name")
            if not 1 <= len(node.get("description", "x")) <= MAX_DESCRIPTION:
                problems.append(f"{path}: description of {len(node.get('description', ''))} characters")
            if len(node.get("options", [])) > MAX_CHILDREN:
                problems.append(f"{path}: more than {MAX_CHILDREN} options or subcommands")
            if len(node.get("choices", [])) > MAX_CHOICES:
                problems.append(f"{path}: more than {MAX_CHOICES} choices")
            if node.get("autocomplete") and node.get("choices"):
                problems.append(f"{path}: autocomplete together with choices")
            required = [o.get("required", False) for o in node.get("options", []) if o.get("type", 0) > 2]
            if required != sorted(required, reverse=True):
                problems.append(f"{path}: a required option after an optional one")
    return problems


async def test_every_node_within_limits(payloads: list[dict[str, Any]]) -> None:
    assert problems_of(payloads) == []


def test_the_checks_can_fail() -> None:
    """A long description, a capitalised name and 26 choices are each reported."""
    bad = {
        "name": "Bad",
        "description": "d" * 101,
        "options": [
            {
                "name": "pick",
                "description": "p",
                "type": 3,
                "choices": [{"name": str(i), "value": str(i)} for i in range(26)],
            }
        ],
    }
    found = problems_of([bad])
    assert len(found) == 3


async def test_admin_and_move_commands_are_shaped_as_intended(payloads: list[dict[str, Any]]) -> None:
    """/admin is hidden behind Manage Server; /move's argument autocompletes; games are guild-only."""
    by_name = {p["name"]: p for p in payloads}
    assert int(by_name["admin"]["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    move = by_name["move"]["options"][0]
    assert move["name"] == "move" and move["autocomplete"] and move["required"]
    for name in ("game", "move", "hand", "admin"):
        assert by_name[name].get("contexts") == [0] or by_name[name].get("dm_permission") is False
