"""Routes of channels, messages, threads, direct messages and members."""

from __future__ import annotations

import time
from typing import Any

from .messages import create_message, edit_message
from .payloads import channel_json, member_json, message_json, user_json
from .routes import ApiError, ApiRequest, RouteBase, unknown
from .world import DM, EPHEMERAL, PRIVATE_THREAD, THREADS, Channel, Message

# Seconds a nonce sent with enforce_nonce stays checked: message.mdx, "Create Message", says "in the past
# few minutes"; the stand-in takes three.
NONCE_WINDOW = 180.0


class ChannelRoutes(RouteBase):
    """What a bot does in channels outside of interactions."""

    def _channel(self, req: ApiRequest, *, send: bool = False, files: bool = False) -> Channel:
        """The channel of a request, if the bot may see it (and send there, and attach files)."""
        channel = self.world.channels.get(req.params["channel_id"])
        if channel is None or channel.deleted:
            raise unknown("Channel", 10003)
        if channel.type == DM:
            if send and set(channel.recipient_ids) & self.world.closed_dms:
                raise ApiError(403, 50007, "Cannot send messages to this user")
            return channel
        allowed = self.world.permissions(self.world.bot.id, channel)
        if not allowed.view_channel:
            # Also the answer in a guild the bot has left: it is no member there any more.
            raise ApiError(403, 50001, "Missing Access")
        # In a thread Send Messages has no effect; Send Messages in Threads decides (threads.mdx).
        if send and not (allowed.send_messages_in_threads if channel.is_thread else allowed.send_messages):
            raise ApiError(403, 50013, "Missing Permissions")
        if files and not allowed.attach_files:
            raise ApiError(403, 50013, "Missing Permissions")
        return channel

    def _without_embeds_unless_allowed(self, channel: Channel, payload: dict[str, Any]) -> dict[str, Any]:
        """Without Embed Links a bot's embeds are dropped: the message is posted without them, no error.

        permissions.mdx (EMBED_LINKS: "Links sent by users with this permission will be auto-embedded");
        Discord applies it to a bot's own embeds as well, silently.
        """
        if channel.type == DM or not payload.get("embeds"):
            return payload
        if self.world.permissions(self.world.bot.id, channel).embed_links:
            return payload
        return {key: value for key, value in payload.items() if key != "embeds"}

    def _history(self, channel: Channel) -> bool:
        return channel.type == DM or self.world.permissions(self.world.bot.id, channel).read_message_history

    def _channel_message(self, req: ApiRequest) -> Message:
        channel = self._channel(req)
        message = self.world.messages.get(req.params["message_id"])
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise unknown("Message", 10008)
        return message

    async def get_channel(self, req: ApiRequest) -> tuple[int, Any]:
        # Works for archived threads too: discord.py fetches them, as they leave its cache.
        return 200, channel_json(self.world, self._channel(req))

    async def post_message(self, req: ApiRequest) -> tuple[int, Any]:
        channel = self._channel(req, send=True, files=bool(req.uploads))
        payload = req.body or {}
        where = f"message to #{channel.name or channel.id}"
        self._check_message(where, payload, req.uploads)
        if not (payload.get("content") or payload.get("embeds") or req.uploads or payload.get("components")):
            raise ApiError(400, 50006, "Cannot send an empty message")
        if int(payload.get("flags") or 0) & EPHEMERAL:
            self.violations.add("protocol", where, "channel messages cannot be ephemeral")
        if payload.get("message_reference") and not self._history(channel):
            # message.mdx, "Create Message" limitations; the code is in opcodes-and-status-codes.mdx.
            raise ApiError(400, 160002, "Cannot reply without permission to read message history")
        self._check_thread_open(channel, posting=True)
        earlier = self._same_nonce(payload)
        if earlier is not None:
            return 200, message_json(self.world, earlier)
        message = create_message(
            self.world,
            channel.id,
            self._without_embeds_unless_allowed(channel, payload),
            req.uploads,
            self.origin,
            author_id=self.world.bot.id,
        )
        if payload.get("nonce") is not None and payload.get("enforce_nonce"):
            self.world.nonces[(self.world.bot.id, str(payload["nonce"]))] = (message.id, time.monotonic())
        self._announce("MESSAGE_CREATE", message)
        return 200, message_json(self.world, message)

    def _same_nonce(self, payload: dict[str, Any]) -> Message | None:
        """The message the bot created with this nonce in the past few minutes, when ``enforce_nonce`` is
        set: message.mdx, "Create Message" (enforce_nonce): "If another message was created by the same
        author with the same nonce, that message will be returned and no new message will be created"."""
        if payload.get("nonce") is None or not payload.get("enforce_nonce"):
            return None
        found = self.world.nonces.get((self.world.bot.id, str(payload["nonce"])))
        if found is None or time.monotonic() - found[1] > NONCE_WINDOW:
            return None
        return self.world.messages.get(found[0])

    async def get_messages(self, req: ApiRequest) -> tuple[int, Any]:
        channel = self._channel(req)
        if not self._history(channel):
            return 200, []  # message.mdx, "Get Channel Messages": no history, no messages
        found = [
            m
            for m in self.world.messages.values()
            if m.channel_id == channel.id and not m.deleted and not m.ephemeral
        ]
        if "before" in req.query:
            found = [m for m in found if int(m.id) < int(req.query["before"])]
        if "after" in req.query:
            found = [m for m in found if int(m.id) > int(req.query["after"])]
        limit = int(req.query.get("limit", 50))
        newest_first = sorted(found, key=lambda m: int(m.id), reverse=True)[:limit]
        return 200, [message_json(self.world, m) for m in newest_first]

    async def get_message(self, req: ApiRequest) -> tuple[int, Any]:
        message = self._channel_message(req)
        if not self._history(self.world.channels[message.channel_id]):
            # message.mdx, "Get Channel Message": needs View Channel and Read Message History.
            raise ApiError(403, 50001, "Missing Access")
        return 200, message_json(self.world, message)

    async def edit_channel_message(self, req: ApiRequest) -> tuple[int, Any]:
        message = self._channel_message(req)
        if message.author_id != self.world.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self._check_message(f"edit of message {message.id}", req.body or {}, req.uploads)
        channel = self.world.channels[message.channel_id]
        # A new file on an edit is an upload like a post's (permissions.mdx, ATTACH_FILES).
        allowed = self.world.permissions(self.world.bot.id, channel)
        if req.uploads and channel.type != DM and not allowed.attach_files:
            raise ApiError(403, 50013, "Missing Permissions")
        self._check_thread_open(channel, posting=False)
        payload = self._without_embeds_unless_allowed(channel, req.body or {})
        edit_message(self.world, message, payload, req.uploads, self.origin)
        self._announce("MESSAGE_UPDATE", message)
        return 200, message_json(self.world, message)

    async def delete_channel_message(self, req: ApiRequest) -> tuple[int, Any]:
        message = self._channel_message(req)
        self._delete(message)
        return 204, None

    async def typing(self, req: ApiRequest) -> tuple[int, Any]:
        self._channel(req, send=True)
        return 204, None

    async def create_thread(self, req: ApiRequest) -> tuple[int, Any]:
        """Start a thread without a message: public (11) or private (12, only in a text channel)."""
        parent = self._channel(req, send=True)
        kind = int((req.body or {}).get("type") or PRIVATE_THREAD)  # Discord's default is private
        if parent.guild_id is None or parent.is_thread or kind not in THREADS:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        allowed = self.world.permissions(self.world.bot.id, parent)
        may = allowed.create_private_threads if kind == PRIVATE_THREAD else allowed.create_public_threads
        if not may:
            raise ApiError(403, 50013, "Missing Permissions")
        guild = self.world.guilds[parent.guild_id]
        name = str(req.body.get("name", "thread"))
        thread = self.world.add_channel(guild, name, type=kind, parent=parent)
        data = channel_json(self.world, thread)
        self.events.dispatch("THREAD_CREATE", data | {"newly_created": True})
        return 201, data

    async def open_dm(self, req: ApiRequest) -> tuple[int, Any]:
        account = self.world.accounts.get(str(req.body.get("recipient_id")))
        if account is None:
            raise ApiError(400, 50007, "Cannot send messages to this user")
        return 200, channel_json(self.world, self.world.dm_channel(account))

    async def get_member(self, req: ApiRequest) -> tuple[int, Any]:
        guild = self.world.guilds.get(req.params["guild_id"])
        if guild is None:
            raise unknown("Guild", 10004)
        member = guild.members.get(req.params["user_id"])
        if member is None:
            raise unknown("Member", 10007)
        return 200, member_json(self.world, member)

    async def get_user(self, req: ApiRequest) -> tuple[int, Any]:
        account = self.world.accounts.get(req.params["user_id"])
        if account is None:
            raise unknown("User", 10013)
        return 200, user_json(account)
