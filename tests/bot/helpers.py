"""Stand-ins for the discord.py objects a cog touches, specced on the real classes so a misspelt attribute
fails the test, plus a real bot (not connected) around a real GameService.

``Table`` is one server channel as the tests see it: every message the bot posts there is recorded, and
each user's interactions record what was answered to them privately.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, cast
from unittest.mock import AsyncMock, MagicMock

import discord
from discord import app_commands

from bot.client import BoardGameBot
from bot.cogs.reminders import Reminders
from bot.play import extension
from bot.services import GameService
from bot.settings import Settings

GUILD = 10
# ids of interactions' follow-ups, apart from those of the channels' own posts (1, 2, 3…)
FOLLOW_UP_IDS = itertools.count(1_000_000)
CHANNEL = 100
# what the bot may do in the channel (Discord sends it with each interaction): all a game needs
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True, embed_links=True, attach_files=True
)


@dataclass
class Sent:
    """One message as the bot sent it."""

    content: str | None
    kwargs: dict[str, Any]
    ephemeral: bool = False
    id: int = 0
    edits: int = 0  # how often the bot edited it since

    def _all(self, many: str, one: str) -> list[Any]:
        """What the message was sent with under ``many`` (a list) and ``one`` (a single item)."""
        found = list(self.kwargs.get(many) or [])
        if self.kwargs.get(one) is not None:
            found.append(self.kwargs[one])
        return found

    @property
    def embeds(self) -> list[discord.Embed]:
        return self._all("embeds", "embed")

    @property
    def files(self) -> list[discord.File]:
        return self._all("files", "file")

    @property
    def view(self) -> discord.ui.View | None:
        return self.kwargs.get("view")

    def text(self) -> str:
        """Everything readable in the message: content, embed texts, file names, component labels."""
        parts = [self.content or ""]
        for embed in self.embeds:
            parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
            parts += [f"{f.name} {f.value}" for f in embed.fields]
        parts += [f.filename or "" for f in self.files]
        if self.view is not None:
            for item in self.view.children:
                parts.append(str(getattr(item, "label", "") or ""))
                parts += [f"{o.label} {o.description or ''}" for o in getattr(item, "options", [])]
        return "\n".join(parts)

    @property
    def mentioned_users(self) -> list[int] | None:
        """The user ids this message may ping (None: nothing restricted it)."""
        allowed = self.kwargs.get("allowed_mentions")
        if allowed is None:
            return None
        if allowed.users is True:
            return None
        return [u.id for u in allowed.users or []]


class RecordingChannel:
    """A text channel whose ``send`` records the message (a spec'd mock of discord.TextChannel)."""

    def __init__(self, channel_id: int) -> None:
        self.mock = MagicMock(spec=discord.TextChannel)
        self.mock.id = channel_id
        self.sent: list[Sent] = []
        # the public follow-ups of interactions here: not in ``sent`` (the bot did not post them), but the
        # bot may edit them, as its own messages, by id
        self.followed: list[Sent] = []
        self.mock.send = AsyncMock(side_effect=self._send)
        self.mock.get_partial_message = self._partial
        self.mock.recording = self

    async def _send(self, content: str | None = None, **kwargs: Any) -> MagicMock:
        self.sent.append(Sent(content, kwargs, id=len(self.sent) + 1))
        message = MagicMock(spec=discord.Message)
        message.id = len(self.sent)
        return message

    def _partial(self, message_id: int) -> MagicMock:
        """A message addressed by id; editing it changes the recorded message."""
        [sent] = [s for s in self.sent + self.followed if s.id == message_id]

        async def edit(content: str | None = None, **kwargs: Any) -> None:
            sent.content = content
            if "embeds" in kwargs:  # the message's embeds are now these
                sent.kwargs.pop("embed", None)
            sent.kwargs.update(kwargs)
            sent.edits += 1

        message = MagicMock(spec=discord.PartialMessage)
        message.edit = AsyncMock(side_effect=edit)
        return message


def make_user(user_id: int, name: str) -> MagicMock:
    user = MagicMock(spec=discord.Member)
    user.id = user_id
    user.name = name.lower()
    user.display_name = name
    user.mention = f"<@{user_id}>"
    user.bot = False
    return user


@dataclass
class FakeInteraction:
    """What one interaction answered, around a spec'd discord.Interaction mock."""

    mock: MagicMock
    replies: list[Sent] = field(default_factory=list)
    edits: list[Sent] = field(default_factory=list)
    done: bool = False
    deferred: dict[str, Any] | None = None

    @property
    def last(self) -> Sent:
        return (self.replies + self.edits)[-1]

    def everything(self) -> list[Sent]:
        return self.replies + self.edits


def make_interaction(
    bot: BoardGameBot,
    user: MagicMock,
    *,
    channel_id: int = CHANNEL,
    guild_id: int | None = GUILD,
    manage_guild: bool = False,
    command: app_commands.Command[Any, ..., Any] | None = None,
    values: list[str] | None = None,
    app_permissions: discord.Permissions | None = None,
) -> FakeInteraction:
    """A spec'd interaction whose response, follow-ups and edits are recorded in order."""
    mock = MagicMock(spec=discord.Interaction)
    record = FakeInteraction(mock)
    mock.client = bot
    mock.user = user
    mock.channel_id = channel_id
    mock.guild_id = guild_id
    mock.permissions = discord.Permissions(manage_guild=manage_guild)
    mock.app_permissions = app_permissions if app_permissions is not None else BOT_PERMISSIONS
    mock.command = command
    mock.data = {"custom_id": "", "values": values or []}
    mock.message = MagicMock(spec=discord.Message)
    # a component's message was made by the presser's own interaction (like their private picker)
    mock.message.interaction_metadata = MagicMock(spec=discord.MessageInteractionMetadata, user=user)

    response = MagicMock(spec=discord.InteractionResponse)
    response.is_done = lambda: record.done

    async def send_message(content: str | None = None, **kwargs: Any) -> None:
        assert not record.done, "an interaction can be answered only once"
        record.done = True
        record.replies.append(Sent(content, kwargs, ephemeral=bool(kwargs.get("ephemeral"))))

    async def defer(**kwargs: Any) -> None:
        assert not record.done, "an interaction can be answered only once"
        record.done = True
        record.deferred = kwargs

    response.send_message = AsyncMock(side_effect=send_message)
    response.defer = AsyncMock(side_effect=defer)
    mock.response = response

    followup = MagicMock(spec=discord.Webhook)

    async def follow(content: str | None = None, **kwargs: Any) -> MagicMock:
        assert record.done, "a follow-up needs a response first"
        sent = Sent(content, kwargs, ephemeral=bool(kwargs.get("ephemeral")), id=next(FOLLOW_UP_IDS))
        record.replies.append(sent)
        if not sent.ephemeral:  # editable by id through its channel, like a message the bot posted
            bot.get_channel(channel_id).recording.followed.append(sent)
        message = MagicMock(spec=discord.WebhookMessage)
        message.id = sent.id
        return message

    followup.send = AsyncMock(side_effect=follow)
    mock.followup = followup

    async def edit_original(**kwargs: Any) -> None:
        assert record.done, "there is no original response to edit yet"
        ephemeral = record.deferred is None or bool(record.deferred.get("ephemeral", True))
        record.edits.append(Sent(kwargs.get("content"), kwargs, ephemeral=ephemeral))

    mock.edit_original_response = AsyncMock(side_effect=edit_original)
    return record


@dataclass
class Stage:
    """What the bot sent where: channel messages by channel id, direct messages by user id."""

    channels: dict[int, RecordingChannel] = field(default_factory=dict)
    dms: dict[int, list[Sent]] = field(default_factory=dict)


def make_bot(service: GameService, *, max_games: int = 5) -> tuple[BoardGameBot, Stage]:
    """A real bot around ``service`` whose channels and users are recording stand-ins; nothing connects."""
    settings = Settings(token="test-token", max_games_per_user=max_games)
    bot = BoardGameBot(games=service, settings=settings, sync_commands=False)
    extension.install(bot)  # as its extension does at start
    stage = Stage()

    def get_channel(channel_id: int) -> MagicMock:
        return stage.channels.setdefault(channel_id, RecordingChannel(channel_id)).mock

    def get_user(user_id: int) -> MagicMock:
        user = make_user(user_id, f"User{user_id}")

        async def send(content: str | None = None, **kwargs: Any) -> MagicMock:
            stage.dms.setdefault(user_id, []).append(Sent(content, kwargs))
            return MagicMock(spec=discord.Message)

        user.send = AsyncMock(side_effect=send)
        return user

    def get_partial_messageable(channel_id: int, **_: Any) -> MagicMock:
        return get_channel(channel_id)

    bot.get_channel = get_channel  # type: ignore[method-assign]
    bot.get_partial_messageable = get_partial_messageable  # type: ignore[method-assign]
    bot.get_user = get_user  # type: ignore[method-assign]
    return bot, stage


def find_command(bot: BoardGameBot, path: str) -> app_commands.Command[Any, ..., Any]:
    """The slash command at ``path`` ("game start", "move")."""
    first, *rest = path.split()
    node: Any = bot.tree.get_command(first)
    for name in rest:
        node = node.get_command(name)
    assert isinstance(node, app_commands.Command), path
    return node


async def run_command(bot: BoardGameBot, path: str, interaction: FakeInteraction, **arguments: Any) -> None:
    """Run a slash command as the tree would: checks, then the callback, errors to the tree's handler."""
    command = find_command(bot, path)
    interaction.mock.command = command
    try:
        if not await command._check_can_run(interaction.mock):
            raise app_commands.CheckFailure(f"checks of {path} failed")
        bound = () if command.binding is None else (command.binding,)  # a game's /game <id> is unbound
        await command.callback(*bound, interaction.mock, **arguments)  # type: ignore[misc]
    except app_commands.AppCommandError as exc:
        await bot.tree.on_error(interaction.mock, exc)
    except Exception as exc:
        await bot.tree.on_error(interaction.mock, app_commands.CommandInvokeError(command, exc))


def stop_reminder_loops(bot: BoardGameBot) -> Reminders:
    """The loaded Reminders cog with both its loops (the rounds and the lease renewals) stopped, for tests
    that drive them themselves or only need the commands. A loop left waiting for a client that never logs
    in fails in the background; its exception, never retrieved, is logged when the task is collected,
    which can happen in the middle of a later import's compile (CPython 3.11 then raises "AST constructor
    recursion depth mismatch", failing pytest's run after every test passed)."""
    cog = cast(Reminders, bot.get_cog("Reminders"))  # a class of the extension's own import of its module
    assert cog is not None
    cog.loop.cancel()
    cog.leases.cancel()
    return cog
