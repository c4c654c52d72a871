"""Routes of channels, messages, threads, direct messages and members."""

from __future__ import annotations

from typing import Any

from .messages import create_message, edit_message
from .payloads import channel_json, member_json, message_json, user_json
from .routes import ApiError, ApiRequest, RouteBase, unknown
from .world import DM, EPHEMERAL, PUBLIC_THREAD, Channel, Message


class ChannelRoutes(RouteBase):
    """What a bot does in channels outside of interactions."""

    def _channel(self, req: ApiRequest, *, send: bool = False, files: bool = False) -> Channel:
        channel = self.world.channels.get(req.params["channel_id"])
        if channel is None:
            raise unknown("Channel", 10003)
        if channel.type == DM:
            if send and set(channel.recipient_ids) & self.world.closed_dms:
                raise ApiError(403, 50007, "Cannot send messages to this user")
            return channel
        allowed = self.world.permissions(self.world.bot.id, channel)
        if not allowed.view_channel:
            raise ApiError(403, 50001, "Missing Access")
        if send and not (allowed.send_messages_in_threads if channel.is_thread else allowed.send_messages):
            raise ApiError(403, 50013, "Missing Permissions")
        if files and not allowed.attach_files:
            raise ApiError(403, 50013, "Missing Permissions")
        return channel

    def _channel_message(self, req: ApiRequest) -> Message:
        channel = self._channel(req)
        message = self.world.messages.get(req.params["message_id"])
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise unknown("Message", 10008)
        return message

    async def get_channel(self, req: ApiRequest) -> tuple[int, Any]:
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
        message = create_message(
            self.world, channel.id, payload, req.uploads, self.origin, author_id=self.world.bot.id
        )
        self._announce("MESSAGE_CREATE", message)
        return 200, message_json(self.world, message)

    async def get_messages(self, req: ApiRequest) -> tuple[int, Any]:
        channel = self._channel(req)
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
        return 200, message_json(self.world, self._channel_message(req))

    async def edit_channel_message(self, req: ApiRequest) -> tuple[int, Any]:
        message = self._channel_message(req)
        if message.author_id != self.world.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self._check_message(f"edit of message {message.id}", req.body or {}, req.uploads)
        edit_message(self.world, message, req.body or {}, req.uploads, self.origin)
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
        parent = self._channel(req, send=True)
        if not self.world.permissions(self.world.bot.id, parent).create_public_threads:
            raise ApiError(403, 50013, "Missing Permissions")
        if parent.guild_id is None or parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        guild = self.world.guilds[parent.guild_id]
        name = str(req.body.get("name", "thread"))
        thread = self.world.add_channel(guild, name, type=PUBLIC_THREAD, parent=parent)
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
