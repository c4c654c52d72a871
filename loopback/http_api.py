"""The HTTP half of the stand-in: the routes a bot calls, each request checked against the spec and limits.

Every request is matched against the OpenAPI description (path template and method) and its JSON body (or
the ``payload_json`` part of a multipart body) is validated against the request schema; Discord's size limits
are checked on top. A breach is recorded as a violation and the request refused as Discord would refuse it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from . import limits
from .channel_routes import ChannelRoutes
from .gateway import Gateway
from .interaction_routes import InteractionRoutes
from .messages import Upload
from .payloads import command_json, error_json, user_json
from .ratelimits import VIA, RateLimits, TooManyRequests
from .routes import ApiError, ApiRequest, Handler, unknown
from .spec import ApiSpec
from .violations import Violations
from .world import Command, World

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"


@dataclass(frozen=True)
class Exchange:
    """One request the stand-in answered, for tests that want to look at the traffic."""

    method: str
    path: str
    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)  # the rate-limit headers
    at: float = field(default_factory=time.monotonic)  # when it was answered


class HttpApi(InteractionRoutes, ChannelRoutes):
    """The route table, the request pipeline (route, token, spec, handler), identity and commands."""

    def __init__(self, world: World, violations: Violations, spec: ApiSpec | None, gateway: Gateway) -> None:
        super().__init__(world, violations, gateway)
        self.gateway = gateway
        self.spec = spec
        self.exchanges: list[Exchange] = []
        self._routes: list[tuple[str, re.Pattern[str], Handler, str]] = []
        self.ratelimits = RateLimits(world.clock)
        self.latency = 0.0  # seconds each way between the bot and the API (``LoopbackDiscord(latency=)``)
        self._add_routes()

    # plumbing

    def _route(self, method: str, template: str, handler: Handler) -> None:
        pattern = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template)
        self._routes.append((method, re.compile(pattern), handler, template))

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
        # The network both ways: a request is judged (deadlines, rate limits) when it arrives, and the bot
        # hears the answer one more trip later.
        if self.latency:
            await asyncio.sleep(self.latency)
        response = await self._serve(request)
        if self.latency:
            await asyncio.sleep(self.latency)
        return response

    async def _serve(self, request: web.Request) -> web.Response:
        method, path = request.method, "/" + request.match_info["tail"]
        if self.ratelimits.banned():  # Cloudflare answers, not Discord: no JSON, no "Via"
            self.exchanges.append(Exchange(method, path, 429, None))
            return web.Response(status=429, text="error code: 1015")
        operation = self.spec.match(method, path) if self.spec else None
        where = f"{method} {operation.template if operation else path}"
        route = self._find_route(method, path)
        if route is None:
            known = operation is not None or self.spec is None
            detail = "the stand-in does not serve this route" if known else "Discord's API has no such route"
            self.violations.add("unknown-route", where, detail)
            return self._answer(method, path, 404, error_json(0, "404: Not Found"))
        handler, params, template = route
        if not path.startswith(("/interactions/", "/webhooks/")) and not self._authorised(request):
            return self._answer(method, path, 401, error_json(0, "401: Unauthorized"))
        try:
            headers = self.ratelimits.admit(method, template, path, params)
        except TooManyRequests as limited:
            return self._answer(method, path, 429, limited.body, limited.headers)
        try:
            body, uploads, content_type = await _read_body(request)
            if operation is not None and content_type is not None and self.spec is not None:
                self._refuse("spec", where, self.spec.body_errors(operation, content_type, body))
            elif operation is not None and operation.body_required and content_type is None:
                self._refuse("spec", where, ["a request body is required"])
            api_request = ApiRequest(method, path, params, request.query, body, uploads)
            status, answer = await handler(api_request)
        except ApiError as error:
            status, answer = error.status, error_json(error.code, error.message, error.errors)
        except TooManyRequests as limited:
            status, answer, headers = 429, limited.body, headers | limited.headers
        except Exception as error:  # a defect in the stand-in must fail the test, not hang the client
            log.exception("stand-in failed on %s", where)
            self.violations.add("stand-in", where, f"{type(error).__name__}: {error}")
            status, answer = 400, error_json(0, "stand-in error")
        return self._answer(method, path, status, answer, headers)

    def _find_route(self, method: str, path: str) -> tuple[Handler, dict[str, str], str] | None:
        for route_method, pattern, handler, template in self._routes:
            found = pattern.fullmatch(path)
            if route_method == method and found:
                return handler, found.groupdict(), template
        return None

    def _answer(
        self, method: str, path: str, status: int, body: Any, headers: dict[str, str] | None = None
    ) -> web.Response:
        self.exchanges.append(Exchange(method, path, status, body, headers or {}))
        if self.ratelimits.count_answer(status, headers or {}):
            limit = self.ratelimits.invalid_limit
            self.violations.add(
                "invalid-requests",
                f"{method} {path}",
                f"more than {limit.requests} answers of 401, 403 or 429 in {limit.per:g} s: Discord bans the "
                "bot's address for a while (rate-limits.mdx, Invalid Request Limit)",
            )
        headers = VIA | (headers or {})
        if status == 204 or body is None:
            return web.Response(status=204, headers=headers)
        # Exactly "application/json", no charset: discord.py compares the header verbatim.
        return web.Response(
            body=json.dumps(body).encode(), status=status, content_type="application/json", headers=headers
        )

    def _authorised(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {self.world.token}"

    async def serve_attachment(self, request: web.Request) -> web.Response:
        attachment = self.world.uploads.get(request.match_info["attachment_id"])
        if attachment is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=attachment.data, content_type=attachment.content_type or "application/octet-stream"
        )

    # identity and gateway

    async def get_me(self, req: ApiRequest) -> tuple[int, Any]:
        return 200, user_json(self.world.bot) | {"verified": True, "mfa_enabled": False, "locale": "en-US"}

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
            "integration_types_config": {str(kind): {} for kind in sorted(world.install_types)},
            "approximate_guild_count": len(world.guilds),
        }

    async def get_gateway(self, req: ApiRequest) -> tuple[int, Any]:
        info = self.gateway.bot_gateway()
        return 200, ({"url": info["url"]} if req.path == "/gateway" else info)

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
            # A guild the application is not in: 403 / 50001 Missing Access (opcodes-and-status-codes.mdx).
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
        created = sum(1 for item in payload if item["name"] not in old)
        self.ratelimits.create_commands("PUT", req.path, guild_id or "global", created)
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
