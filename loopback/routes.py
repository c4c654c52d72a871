"""What every group of routes shares: the request record, Discord's error shape, refusing with a reason."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import emojis, form, limits
from .messages import Upload
from .payloads import channel_json, message_json
from .violations import Violations
from .world import DM, Channel, Message, World

# Gateway intents that decide which message events the bot receives.
_GUILD_MESSAGES, _DIRECT_MESSAGES = 1 << 9, 1 << 12


class ApiError(Exception):
    """An error answer in Discord's shape: HTTP status, JSON error code, message."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message
        self.errors = errors  # the nested ``errors`` object of an Invalid Form Body


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


class EventSink(Protocol):
    """Where gateway events go (the ``Gateway``), and what the bot asked to receive."""

    @property
    def intents(self) -> int: ...

    def dispatch(self, event: str, data: dict[str, Any]) -> None: ...


@dataclass
class ApiRequest:
    method: str
    path: str
    params: dict[str, str]
    query: Mapping[str, str]
    body: Any
    uploads: list[Upload] = field(default_factory=list)


Handler = Callable[[ApiRequest], Awaitable[tuple[int, Any]]]


class RouteBase:
    """The state handlers work on, and the helpers they share."""

    def __init__(self, world: World, violations: Violations, events: EventSink) -> None:
        self.world = world
        self.violations = violations
        self.events = events
        self.origin = ""  # http://127.0.0.1:port once the server listens

    def _refuse(
        self, kind: str, where: str, problems: list[str], *, status: int = 400, code: int = 50035
    ) -> None:
        """Record what is wrong and answer as Discord does, refusing the whole request."""
        if problems:
            self.violations.extend(kind, where, problems)
            raise ApiError(status, code, "Invalid Form Body" if code == 50035 else "Request entity too large")

    def _check_message(self, where: str, payload: Mapping[str, Any], uploads: list[Upload]) -> None:
        self._refuse(
            "limit",
            where,
            limits.upload_problems((u.filename, len(u.data)) for u in uploads),
            status=413,
            code=40005,
        )
        self._refuse("limit", where, limits.message_problems(payload))
        self._check_emoji(where, payload)
        self._check_form(where, payload)

    def _check_form(self, where: str, payload: Mapping[str, Any]) -> None:
        """Refuse shared custom_ids and contradictory allowed_mentions, as Discord does (see ``form``)."""
        problems = form.duplicate_custom_ids(payload) + form.exclusive_mentions(payload)
        if problems:
            self.violations.extend("invalid-form", where, [f"{path}: {text}" for path, _, text in problems])
            raise ApiError(400, 50035, "Invalid Form Body", form.errors_object(problems))

    def _check_emoji(self, where: str, payload: Mapping[str, Any]) -> None:
        """Refuse emoji Discord does not have, on buttons and select options (see ``emojis``)."""
        refused = emojis.invalid_emoji(payload)
        if refused:
            self.violations.extend(
                "invalid-emoji", where, [f"{path} is not an emoji Discord has" for path in refused]
            )
            raise ApiError(400, 50035, "Invalid Form Body", emojis.errors_object(refused))

    def _check_thread_open(self, channel: Channel, *, posting: bool) -> None:
        """Refuse what an archived or locked thread refuses; a post unarchives one that is not locked.

        threads.mdx ("Locked Threads", "Active & Archived Threads"): messages cannot be edited in an archived
        thread; sending one unarchives it unless it is locked; in a locked thread only those with Manage
        Threads may post or edit. The codes are 50083 and 160005 (opcodes-and-status-codes.mdx).
        """
        if not channel.is_thread:
            return
        manages = self.world.permissions(self.world.bot.id, channel).manage_threads
        if channel.archived and (not posting or (channel.locked and not manages)):
            raise ApiError(400, 50083, "Thread is archived")
        if channel.locked and not manages:
            raise ApiError(400, 160005, "Thread is locked")
        if channel.archived:
            channel.archived, channel.archived_at = False, self.world.clock.now()
            self.events.dispatch("THREAD_UPDATE", channel_json(self.world, channel))

    def _delete(self, message: Message) -> None:
        message.deleted = True
        self.world.note_change("delete", message.id)
        if not message.ephemeral and self._wants_messages(message):
            event = {"id": message.id, "channel_id": message.channel_id}
            guild_id = self.world.channels[message.channel_id].guild_id
            if guild_id:
                event["guild_id"] = guild_id
            self.events.dispatch("MESSAGE_DELETE", event)

    def _wants_messages(self, message: Message) -> bool:
        dm = self.world.channels[message.channel_id].type == DM
        return bool(self.events.intents & (_DIRECT_MESSAGES if dm else _GUILD_MESSAGES))

    def _announce(self, event: str, message: Message) -> None:
        """Note the change, and tell the bot about it the way the gateway does (never for ephemeral ones)."""
        self.world.note_change("create" if event == "MESSAGE_CREATE" else "edit", message.id)
        if not message.ephemeral and self._wants_messages(message):
            self.events.dispatch(event, message_json(self.world, message))
