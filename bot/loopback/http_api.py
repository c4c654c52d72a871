"""The HTTP half of the stand-in: the routes a bot calls, each request checked against the spec and limits.

Every request is matched against the OpenAPI description (path template and method) and its JSON body (or
the ``payload_json`` part of a multipart body) is validated against the request schema; Discord's size limits
are checked on top. Problems become violations; the request is still answered the way Discord would.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Protocol

from aiohttp import web

from . import limits
from .messages import Upload, create_message, edit_message
from .payloads import channel_json, command_json, error_json, member_json, message_json, user_json
from .spec import ApiSpec
from .violations import Violations
from .world import DM, EPHEMERAL, LOADING, Command, Interaction, Message, World

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
RESPONSE_DEADLINE = timedelta(seconds=3)
TOKEN_LIFETIME = timedelta(minutes=15)

# Interaction callback types.
PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    1,
    4,
    5,
    6,
    7,
    8,
    9,
)
# Interaction types.
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5

# Gateway intents that decide which message events the bot receives.
_GUILD_MESSAGES, _DIRECT_MESSAGES = 1 << 9, 1 << 12


class ApiError(Exception):
    """An error answer in Discord's shape: HTTP status, JSON error code, message."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


class EventSink(Protocol):
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


@dataclass(frozen=True)
class Exchange:
    """One request the stand-in answered, for tests that want to look at the traffic."""

    method: str
    path: str
    status: int
    body: Any


Handler = Callable[[ApiRequest], Awaitable[tuple[int, Any]]]


class HttpApi:
    """Routes and handlers; ``origin`` is the server's http://host:port once it listens."""

    def __init__(self, world: World, violations: Violations, spec: ApiSpec | None, events: EventSink) -> None:
        self.world = world
        self.violations = violations
        self.spec = spec
        self.events = events
        self.origin = ""
        self.exchanges: list[Exchange] = []
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []
        self._add_routes()

    # plumbing

    def _route(self, method: str, template: str, handler: Handler) -> None:
        pattern = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template)
        self._routes.append((method, re.compile(pattern), handler))

    def _add_routes(self) -> None:
        r = self._route
        r("GET", "/users/@me", self.get_me)
        r("GET", "/users/{user_id}", self.get_user)
        r("POST", "/users/@me/channels", self.open_dm)
        r("GET", "/oauth2/applications/@me", self.get_application)
        r("GET", "/applications/@me", self.get_application)
        r("GET", "/gateway", self.get_gateway)
        r("GET", "/gateway/bot", self.get_gateway)
        r("GET", "/applications/{app}/commands", self.get_commands)
        r("PUT", "/applications/{app}/commands", self.put_commands)
        r("GET", "/applications/{app}/guilds/{guild_id}/commands", self.get_commands)
        r("PUT", "/applications/{app}/guilds/{guild_id}/commands", self.put_commands)
        r("POST", "/interactions/{interaction_id}/{token}/callback", self.callback)
        r("POST", "/webhooks/{app}/{token}", self.followup)
        for method, handler in (("GET", self.get_webhook_message), ("PATCH", self.edit_webhook_message)):
            r(method, "/webhooks/{app}/{token}/messages/{message_id}", handler)
        r("DELETE", "/webhooks/{app}/{token}/messages/{message_id}", self.delete_webhook_message)
        r("GET", "/channels/{channel_id}", self.get_channel)
        r("GET", "/channels/{channel_id}/messages", self.get_messages)
        r("POST", "/channels/{channel_id}/messages", self.post_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_channel_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_channel_message)
        r("POST", "/channels/{channel_id}/typing", self.typing)
        r("POST", "/channels/{channel_id}/threads", self.create_thread)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)

    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self.serve_attachment)
        return app

    async def handle(self, request: web.Request) -> web.Response:
        method, path = request.method, "/" + request.match_info["tail"]
        operation = self.spec.match(method, path) if self.spec else None
        where = f"{method} {operation.template if operation else path}"
        route = self._find_route(method, path)
        if route is None:
            known = operation is not None or self.spec is None
            detail = "the stand-in does not serve this route" if known else "Discord's API has no such route"
            self.violations.add("unknown-route", where, detail)
            return self._answer(method, path, 404, error_json(0, "404: Not Found"))
        handler, params = route
        if not path.startswith(("/interactions/", "/webhooks/")) and not self._authorised(request):
            return self._answer(method, path, 401, error_json(0, "401: Unauthorized"))
        try:
            body, uploads, content_type = await _read_body(request)
            if operation is not None and content_type is not None and self.spec is not None:
                self._refuse("spec", where, self.spec.body_errors(operation, content_type, body))
            elif operation is not None and operation.body_required and content_type is None:
                self._refuse("spec", where, ["a request body is required"])
            api_request = ApiRequest(method, path, params, request.query, body, uploads)
            status, answer = await handler(api_request)
        except ApiError as error:
            status, answer = error.status, error_json(error.code, error.message)
        except Exception as error:  # a defect in the stand-in must fail the test, not hang the client
            log.exception("stand-in failed on %s", where)
            self.violations.add("stand-in", where, f"{type(error).__name__}: {error}")
            status, answer = 400, error_json(0, "stand-in error")
        return self._answer(method, path, status, answer)

    def _find_route(self, method: str, path: str) -> tuple[Handler, dict[str, str]] | None:
        for route_method, pattern, handler in self._routes:
            found = pattern.fullmatch(path)
            if route_method == method and found:
                return handler, found.groupdict()
        return None

    def _answer(self, method: str, path: str, status: int, body: Any) -> web.Response:
        self.exchanges.append(Exchange(method, path, status, body))
        if status == 204 or body is None:
            return web.Response(status=204)
        # Exactly "application/json", no charset: discord.py compares the header verbatim.
        return web.Response(body=json.dumps(body).encode(), status=status, content_type="application/json")

    def _authorised(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {self.world.token}"

    async def serve_attachment(self, request: web.Request) -> web.Response:
        attachment = self.world.uploads.get(request.match_info["attachment_id"])
        if attachment is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=attachment.data, content_type=attachment.content_type or "application/octet-stream"
        )

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

    # identity and gateway

    async def get_me(self, req: ApiRequest) -> tuple[int, Any]:
        return 200, user_json(self.world.bot) | {"verified": True, "mfa_enabled": False, "locale": "en-US"}

    async def get_user(self, req: ApiRequest) -> tuple[int, Any]:
        account = self.world.accounts.get(req.params["user_id"])
        if account is None:
            raise unknown("User", 10013)
        return 200, user_json(account)

    async def get_application(self, req: ApiRequest) -> tuple[int, Any]:
        world = self.world
        owner = next((a for a in world.accounts.values() if not a.bot), world.bot)
        return 200, {
            "id": world.application_id,
            "name": world.bot.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot": user_json(world.bot),
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": user_json(owner),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 1 << 23,  # GATEWAY_MESSAGE_CONTENT_LIMITED
            "rpc_origins": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "tags": [],
            "integration_types_config": {"0": {}},
            "approximate_guild_count": len(world.guilds),
        }

    async def get_gateway(self, req: ApiRequest) -> tuple[int, Any]:
        url = self.origin.replace("http://", "ws://") + "/"
        if req.path == "/gateway":
            return 200, {"url": url}
        limit = {"total": 1000, "remaining": 999, "reset_after": 86_400_000, "max_concurrency": 1}
        return 200, {"url": url, "shards": 1, "session_start_limit": limit}

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

    # application commands

    def _check_app(self, req: ApiRequest) -> None:
        if req.params["app"] != self.world.application_id:
            raise unknown("Application", 10002)

    def _scope(self, req: ApiRequest) -> tuple[str | None, list[Command]]:
        self._check_app(req)
        guild_id = req.params.get("guild_id")
        if guild_id is None:
            return None, self.world.global_commands
        if guild_id not in self.world.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return guild_id, self.world.guild_commands.setdefault(guild_id, [])

    async def get_commands(self, req: ApiRequest) -> tuple[int, Any]:
        _, commands = self._scope(req)
        return 200, [command_json(self.world, c) for c in commands]

    async def put_commands(self, req: ApiRequest) -> tuple[int, Any]:
        guild_id, commands = self._scope(req)
        payload = req.body or []
        scope = f"guild {guild_id}" if guild_id else "global"
        problems = limits.command_problems(payload, scope)
        if problems:
            self._refuse("limit", f"PUT {req.path}", problems)
        old = {c.name: c for c in commands}
        commands[:] = [
            Command(
                id=old[item["name"]].id if item["name"] in old else self.world.ids.next(),
                payload=dict(item),
                guild_id=guild_id,
                version=self.world.ids.next(),
            )
            for item in payload
        ]
        return 200, [command_json(self.world, c) for c in commands]

    # interactions

    async def callback(self, req: ApiRequest) -> tuple[int, Any]:
        world = self.world
        interaction = world.interactions.get(req.params["interaction_id"])
        if interaction is None or interaction.token != req.params["token"]:
            raise unknown("interaction", 10062)
        if interaction.acknowledged:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if world.clock.now() - interaction.created_at > RESPONSE_DEADLINE:
            self.violations.add("late-response", interaction.label, "the first response came after 3 seconds")
            raise unknown("interaction", 10062)
        kind = req.body.get("type")
        data = req.body.get("data") or {}
        where = f"callback to {interaction.label}"
        allowed = _CALLBACKS_FOR.get(interaction.type, set())
        if kind not in allowed:
            self.violations.add(
                "protocol",
                where,
                f"response type {kind} is not valid for interaction type {interaction.type}",
            )
            raise ApiError(400, 50035, "Invalid Form Body")
        message: Message | None = None
        if kind in (MESSAGE, DEFERRED_MESSAGE):
            self._check_message(where, data, req.uploads)
            if kind == DEFERRED_MESSAGE:
                data = {"flags": int(data.get("flags") or 0) & EPHEMERAL}
            loading = LOADING if kind == DEFERRED_MESSAGE else 0
            message = self._post_reply(interaction, data, req.uploads, first=True, extra_flags=loading)
            interaction.original_message_id = message.id
        elif kind in (UPDATE_MESSAGE, DEFERRED_UPDATE):
            target = world.messages.get(interaction.message_id or "")
            if target is None:
                self.violations.add(
                    "protocol", where, "there is no message to update (the modal came from a command)"
                )
                raise ApiError(400, 50035, "Invalid Form Body")
            if kind == UPDATE_MESSAGE:
                self._check_message(where, data, req.uploads)
                edit_message(world, target, data, req.uploads, self.origin)
                self._announce("MESSAGE_UPDATE", target)
                message = target
            interaction.original_message_id = target.id
        elif kind == AUTOCOMPLETE_RESULT:
            choices = list(data.get("choices") or [])
            self._refuse("limit", where, limits.autocomplete_problems(choices))
            interaction.choices = choices
        elif kind == MODAL:
            self._refuse("limit", where, limits.modal_problems(data))
            interaction.modal = dict(data)
        interaction.response_type = kind
        interaction.response_delay = time.monotonic() - interaction.started
        if req.query.get("with_response", "").lower() not in ("1", "true"):
            return 204, None
        summary: dict[str, Any] = {"id": interaction.id, "type": interaction.type}
        resource: dict[str, Any] = {"type": kind}
        if message is not None:
            summary |= {
                "response_message_id": message.id,
                "response_message_loading": message.loading,
                "response_message_ephemeral": message.ephemeral,
            }
            resource["message"] = message_json(world, message)
        return 200, {"interaction": summary, "resource": resource}

    def _post_reply(
        self,
        interaction: Interaction,
        payload: Mapping[str, Any],
        uploads: list[Upload],
        *,
        first: bool,
        extra_flags: int = 0,
    ) -> Message:
        """A message answering ``interaction``; ephemeral ones only its user can see."""
        flags = int(payload.get("flags") or 0)
        message = create_message(
            self.world,
            interaction.channel_id,
            payload,
            uploads,
            self.origin,
            author_id=self.world.bot.id,
            interaction_id=interaction.id,
            webhook_id=self.world.application_id,
            visible_to=frozenset({interaction.user_id}) if flags & EPHEMERAL else None,
        )
        message.flags |= extra_flags
        if not first:
            interaction.followup_ids.append(message.id)
        self._announce("MESSAGE_CREATE", message)
        return message

    def _interaction_for_webhook(self, req: ApiRequest) -> Interaction:
        interaction = self.world.interaction_by_token(req.params["token"])
        if req.params["app"] != self.world.application_id or interaction is None:
            raise unknown("Webhook", 10015)
        if self.world.clock.now() - interaction.created_at > TOKEN_LIFETIME:
            raise unknown("Webhook", 10015)
        if not interaction.acknowledged:
            raise unknown("Webhook", 10015)
        return interaction

    async def followup(self, req: ApiRequest) -> tuple[int, Any]:
        interaction = self._interaction_for_webhook(req)
        where = f"follow-up to {interaction.label}"
        self._check_message(where, req.body or {}, req.uploads)
        original = self.world.messages.get(interaction.original_message_id or "")
        if original is not None and original.loading and original.interaction_id == interaction.id:
            # The first follow-up after a deferred reply fills the "thinking…" message.
            edit_message(self.world, original, req.body or {}, req.uploads, self.origin)
            original.edited_at = None
            self._announce("MESSAGE_UPDATE", original)
            message = original
        else:
            message = self._post_reply(interaction, req.body or {}, req.uploads, first=False)
        if req.query.get("wait", "").lower() not in ("1", "true"):
            return 204, None
        return 200, message_json(self.world, message)

    def _webhook_message(self, req: ApiRequest) -> tuple[Interaction, Message]:
        interaction = self._interaction_for_webhook(req)
        wanted = req.params["message_id"]
        message_id = interaction.original_message_id if wanted == "@original" else wanted
        if message_id is None or (wanted != "@original" and wanted not in interaction.followup_ids):
            raise unknown("Message", 10008)
        message = self.world.messages.get(message_id)
        if message is None or message.deleted:
            raise unknown("Message", 10008)
        return interaction, message

    async def get_webhook_message(self, req: ApiRequest) -> tuple[int, Any]:
        _, message = self._webhook_message(req)
        return 200, message_json(self.world, message)

    async def edit_webhook_message(self, req: ApiRequest) -> tuple[int, Any]:
        interaction, message = self._webhook_message(req)
        self._check_message(f"edit of a reply to {interaction.label}", req.body or {}, req.uploads)
        edit_message(self.world, message, req.body or {}, req.uploads, self.origin)
        self._announce("MESSAGE_UPDATE", message)
        return 200, message_json(self.world, message)

    async def delete_webhook_message(self, req: ApiRequest) -> tuple[int, Any]:
        _, message = self._webhook_message(req)
        self._delete(message)
        return 204, None

    # channels and messages

    def _channel(self, req: ApiRequest, *, send: bool = False, files: bool = False) -> Any:
        channel = self.world.channels.get(req.params["channel_id"])
        if channel is None:
            raise unknown("Channel", 10003)
        if channel.type == DM:
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
        guild = self.world.guilds[parent.guild_id]
        thread = self.world.add_channel(guild, str(req.body.get("name", "thread")), type=11, parent=parent)
        data = channel_json(self.world, thread)
        self.events.dispatch("THREAD_CREATE", data | {"newly_created": True})
        return 201, data

    def _delete(self, message: Message) -> None:
        message.deleted = True
        self.world.changes.append(("delete", message.id))
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
        self.world.changes.append(("create" if event == "MESSAGE_CREATE" else "edit", message.id))
        if not message.ephemeral and self._wants_messages(message):
            self.events.dispatch(event, message_json(self.world, message))


#: Which callback types Discord accepts for each interaction type.
_CALLBACKS_FOR = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}


async def _read_body(request: web.Request) -> tuple[Any, list[Upload], str | None]:
    """The JSON body (or a multipart body's payload_json), its uploads, and the content type to validate."""
    if not request.can_read_body:
        return None, [], None
    if request.content_type == "multipart/form-data":
        body: Any = None
        uploads = []
        reader = await request.multipart()
        async for part in reader:
            name = part.name or ""  # type: ignore[union-attr]
            data = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                body = json.loads(data)
            else:
                content_type = part.headers.get("Content-Type")  # type: ignore[union-attr]
                uploads.append(Upload(name, part.filename or name, content_type, bytes(data)))  # type: ignore[union-attr]
        return body, uploads, "multipart/form-data"
    raw = await request.read()
    if not raw:
        return None, [], None
    return json.loads(raw), [], request.content_type
