"""Command sync happens to the development guild or globally, and only when the tree changed."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import AsyncMock

import discord
from discord import app_commands

from bot.client import sync_if_changed, tree_fingerprint


def make_tree() -> app_commands.CommandTree:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    @tree.command(name="ping", description="Ping")
    async def ping(interaction: discord.Interaction) -> None: ...

    tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
    return tree


async def test_sync_only_when_the_tree_changed(tmp_path: Path) -> None:
    hashes = tmp_path / "db.commands.json"
    tree = make_tree()
    assert await sync_if_changed(tree, None, hashes) is True
    assert await sync_if_changed(tree, None, hashes) is False
    assert tree.sync.await_count == 1

    @tree.command(name="pong", description="Pong")
    async def pong(interaction: discord.Interaction) -> None: ...

    assert await sync_if_changed(tree, None, hashes) is True
    assert tree.sync.await_count == 2
    tree.sync.assert_awaited_with(guild=None)


async def test_development_guild_gets_its_own_copy(tmp_path: Path) -> None:
    tree = make_tree()
    assert await sync_if_changed(tree, 42, tmp_path / "h.json") is True
    (call,) = tree.sync.await_args_list
    assert call.kwargs["guild"].id == 42
    assert [c.name for c in tree.get_commands(guild=discord.Object(id=42))] == ["ping"]
    # the global scope has its own record: syncing globally later is not skipped
    assert await sync_if_changed(tree, None, tmp_path / "h.json") is True


def test_fingerprint_follows_descriptions() -> None:
    first = make_tree()
    second = make_tree()
    assert tree_fingerprint(first, None) == tree_fingerprint(second, None)
    second.get_command("ping").description = "Another"  # type: ignore[union-attr]
    assert tree_fingerprint(first, None) != tree_fingerprint(second, None)
