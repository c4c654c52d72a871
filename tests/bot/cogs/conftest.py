"""A table for cog tests: a real bot (not connected) around a real GameService on a SQLite file."""

from __future__ import annotations

from typing import Any

import pytest

from bot.services import GameService
from tests.bot.helpers import (
    CHANNEL,
    FakeInteraction,
    Sent,
    make_bot,
    make_interaction,
    make_user,
    run_command,
)
from tests.support.fixtures import (
    ANN,
    BOB,
    CID,
    DOT,
    NAMES,
    clock,
    db,
    db_kind,
    db_path,
    db_where,
    service,
    tiny_game,
)

__all__ = ["clock", "db", "db_kind", "db_path", "db_where", "service", "tiny_game"]


class Table:
    """One channel with a game service behind it, and the people sitting at it."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.bot, self.stage = make_bot(service)
        self.users = {uid: make_user(uid, NAMES.get(uid, f"User{uid}")) for uid in (ANN, BOB, CID, DOT, 99)}

    def interaction(self, uid: int, **kwargs: Any) -> FakeInteraction:
        return make_interaction(self.bot, self.users[uid], **kwargs)

    async def run(
        self, uid: int, path: str, *, manage_guild: bool = False, **arguments: Any
    ) -> FakeInteraction:
        interaction = self.interaction(uid, manage_guild=manage_guild)
        await run_command(self.bot, path, interaction, **arguments)
        return interaction

    @property
    def public(self) -> list[Sent]:
        channel = self.stage.channels.get(CHANNEL)
        return channel.sent if channel else []

    def public_text(self) -> str:
        return "\n".join(m.text() for m in self.public)

    async def lobby(self, channel_id: int = CHANNEL) -> Sent:
        """The lobby's one message as it reads now (a follow-up of the command that opened the game, edited
        in place since)."""
        game = await self.service.get_game(channel_id)
        message_id = await self.service.lobby_message(game.id)
        [lobby] = [m for m in self.stage.channels[channel_id].followed if m.id == message_id]
        return lobby


async def open_table(service: GameService) -> Table:
    """A table whose bot has every cog except the reminder loop loaded (also used to restart the bot)."""
    table = Table(service)
    for name in (
        "bot.cogs.errors",
        "bot.cogs.lobby",
        "bot.cogs.play",
        "bot.cogs.history",
        "bot.cogs.help",
        "bot.cogs.stats",
        "bot.cogs.admin",
    ):
        await table.bot.load_extension(name)
    return table


@pytest.fixture
async def table(service: GameService) -> Table:
    return await open_table(service)
