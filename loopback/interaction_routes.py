"""Routes of interactions: the initial response (callback), follow-ups, and the webhook's messages."""

from __future__ import annotations

import time
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from . import limits
from .messages import Upload, create_message, edit_message
from .payloads import message_json
from .routes import ApiError, ApiRequest, RouteBase, unknown
from .world import EPHEMERAL, LOADING, Interaction, Message

# an interaction authorised by the user's own install alone (authorizing_integration_owners key "1")
USER_INSTALL_ONLY = "1"
USER_FOLLOWUPS = 5

RESPONSE_DEADLINE = timedelta(seconds=3)
TOKEN_LIFETIME = timedelta(minutes=15)

# Interaction callback types.
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 6, 7, 8, 9
# Interaction types.
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5

#: Which callback types Discord accepts for each interaction type.
_CALLBACKS_FOR = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}


class InteractionRoutes(RouteBase):
    """Answering interactions, as a bot does through its interaction token."""

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
        self._check_channel_exists(interaction)
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
        message = self._respond(interaction, kind, data, req.uploads, where)
        interaction.response_type = kind
        interaction.response_delay = time.monotonic() - interaction.started
        if req.query.get("with_response", "").lower() not in ("1", "true"):
            return 204, None
        return 200, self._callback_response(interaction, kind, message)

    def _callback_response(
        self, interaction: Interaction, kind: int, message: Message | None
    ) -> dict[str, Any]:
        """The answer to ``with_response``: the interaction and the message the response made, if any."""
        summary: dict[str, Any] = {"id": interaction.id, "type": interaction.type}
        resource: dict[str, Any] = {"type": kind}
        if message is not None:
            summary |= {
                "response_message_id": message.id,
                "response_message_loading": message.loading,
                "response_message_ephemeral": message.ephemeral,
            }
            resource["message"] = message_json(self.world, message)
        return {"interaction": summary, "resource": resource}

    def _respond(
        self, interaction: Interaction, kind: int, data: Mapping[str, Any], uploads: list[Upload], where: str
    ) -> Message | None:
        """Carry out an initial response; returns the message it created or updated."""
        world = self.world
        message: Message | None = None
        if kind in (MESSAGE, DEFERRED_MESSAGE):
            self._check_message(where, data, uploads)
            if kind == DEFERRED_MESSAGE:
                data = {"flags": int(data.get("flags") or 0) & EPHEMERAL}
            loading = LOADING if kind == DEFERRED_MESSAGE else 0
            message = self._post_reply(interaction, data, uploads, first=True, extra_flags=loading)
            interaction.original_message_id = message.id
        elif kind in (UPDATE_MESSAGE, DEFERRED_UPDATE):
            target = world.messages.get(interaction.message_id or "")
            if target is None:
                self.violations.add(
                    "protocol", where, "there is no message to update (the modal came from a command)"
                )
                raise ApiError(400, 50035, "Invalid Form Body")
            if kind == UPDATE_MESSAGE:
                self._check_message(where, data, uploads)
                self._check_thread_open(world.channels[target.channel_id], posting=False)
                edit_message(world, target, data, uploads, self.origin)
                self._announce("MESSAGE_UPDATE", target)
                message = target
            interaction.original_message_id = target.id
        elif kind == AUTOCOMPLETE_RESULT:
            choices = list(data.get("choices") or [])
            self._refuse("limit", where, limits.autocomplete_problems(choices))
            interaction.choices = choices
        elif kind == MODAL:
            self._refuse("limit", where, limits.modal_problems(data))
            self._check_emoji(where, data)
            interaction.modal = dict(data)
        return message

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
        if self._public_answers_refused(interaction):
            # USE_EXTERNAL_APPS "Allows user-installed apps to send public responses. When disabled, users
            # will still be allowed to use their apps but the responses will be ephemeral. This only
            # applies to apps not also installed to the server." (permissions.mdx)
            flags |= EPHEMERAL
            payload = {**payload, "flags": flags}
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

    def _public_answers_refused(self, interaction: Interaction) -> bool:
        """In a server, an interaction that only the user's own install authorised, from a member without
        Use External Apps there."""
        channel = self.world.channels[interaction.channel_id]
        if channel.guild_id is None or set(interaction.owners) != {USER_INSTALL_ONLY}:
            return False
        return not self.world.permissions(interaction.user_id, channel).use_external_apps

    def _interaction_for_webhook(self, req: ApiRequest) -> Interaction:
        """The interaction whose token a follow-up or webhook edit uses, while the token is good.

        Tokens live 15 minutes (receiving-and-responding.mdx, "Followup Messages"); after that Discord
        answers 401 / 50027 Invalid Webhook Token. Before any initial response there is no webhook yet:
        404 / 10015 Unknown Webhook (and after 3 s unanswered the token is invalidated for good).
        """
        interaction = self.world.interaction_by_token(req.params["token"])
        if req.params["app"] != self.world.application_id or interaction is None:
            raise unknown("Webhook", 10015)
        if self.world.clock.now() - interaction.created_at > TOKEN_LIFETIME:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if not interaction.acknowledged:
            raise unknown("Webhook", 10015)
        self._check_channel_exists(interaction)
        return interaction

    def _check_channel_exists(self, interaction: Interaction) -> None:
        if self.world.channels[interaction.channel_id].deleted:
            raise unknown("Channel", 10003)

    async def followup(self, req: ApiRequest) -> tuple[int, Any]:
        interaction = self._interaction_for_webhook(req)
        where = f"follow-up to {interaction.label}"
        if set(interaction.owners) == {USER_INSTALL_ONLY} and interaction.followups_sent >= USER_FOLLOWUPS:
            # "Apps are limited to 5 followup messages per interaction if it was initiated from a
            # user-installed app and isn't installed in the server" (receiving-and-responding.mdx, "Create
            # Followup Message"); the code Discord answers with is not documented
            raise ApiError(400, 40094, "This interaction has hit the maximum number of follow up messages")
        interaction.followups_sent += 1
        self._check_message(where, req.body or {}, req.uploads)
        self._check_thread_open(self.world.channels[interaction.channel_id], posting=True)
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
        self._check_thread_open(self.world.channels[message.channel_id], posting=False)
        edit_message(self.world, message, req.body or {}, req.uploads, self.origin)
        self._announce("MESSAGE_UPDATE", message)
        return 200, message_json(self.world, message)

    async def delete_webhook_message(self, req: ApiRequest) -> tuple[int, Any]:
        _, message = self._webhook_message(req)
        self._delete(message)
        return 204, None
