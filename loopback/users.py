"""Simulated people: they run slash commands, type into autocomplete, click, choose and fill in modals.

Each action sends one interaction through the gateway, waits until the bot has dealt with it, and returns a
``Reply``: what the bot answered, and every message it posted or edited meanwhile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

from .commands import CommandRefused, build_call, find_command
from .limits import modal_inputs
from .text import describe_choices, describe_message, describe_modal
from .world import Account, Channel, Interaction, Message, World


class LoopbackDiscord(Protocol):
    """What a simulated person uses of the stand-in (``server.LoopbackDiscord``, which makes the people:
    typed here by what it offers, so the two modules do not import each other)."""

    world: World

    async def interact(
        self,
        user: SimUser,
        channel: Channel,
        kind: int,
        data: dict[str, Any],
        label: str,
        *,
        message: Message | None = None,
    ) -> Reply: ...


APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
_BUTTON, _STRING_SELECT, _TEXT_INPUT, _LABEL = 2, 3, 4, 18
_LINK, _PREMIUM = 5, 6


@dataclass
class Reply:
    """The bot's answer to one interaction, and what it posted or edited while answering."""

    loopback: LoopbackDiscord
    interaction: Interaction
    _mark: int  # position in the world's change log when the interaction was sent

    @property
    def acknowledged(self) -> bool:
        return self.interaction.acknowledged

    @property
    def response_type(self) -> int | None:
        """4 message, 5 deferred message, 6 deferred update, 7 update, 8 autocomplete, 9 modal."""
        return self.interaction.response_type

    @property
    def delay(self) -> float | None:
        """Seconds from sending the interaction to the bot's first response."""
        return self.interaction.response_delay

    @property
    def original(self) -> Message | None:
        """The response message (for an update, the message the component is on)."""
        found = self.loopback.world.messages.get(self.interaction.original_message_id or "")
        return found if found is not None and not found.deleted else None

    @property
    def followups(self) -> list[Message]:
        messages = self.loopback.world.messages
        return [messages[i] for i in self.interaction.followup_ids if not messages[i].deleted]

    @cached_property
    def posted(self) -> list[Message]:
        """Every message created while the bot dealt with this interaction, anywhere, in order."""
        return self._changed("create")

    @cached_property
    def edited(self) -> list[Message]:
        """Messages that existed before and were edited while the bot dealt with this interaction."""
        created = {m.id for m in self.posted}
        return [m for m in self._changed("edit") if m.id not in created]

    def _changed(self, kind: str) -> list[Message]:
        world = self.loopback.world
        ids = dict.fromkeys(mid for k, mid in world.changes[self._mark :] if k == kind)
        return [world.messages[i] for i in ids if not world.messages[i].deleted]

    @property
    def message(self) -> Message:
        """The message to read or click next: the response if there is one, else the last one posted."""
        if self.original is not None:
            return self.original
        if self.posted:
            return self.posted[-1]
        raise LookupError(f"the bot posted nothing in answer to {self.interaction.label}")

    @property
    def public(self) -> Message:
        """The message everyone sees: the response when it is public, else the last public follow-up (a
        private "thinking…" answer followed by news for the channel)."""
        if self.original is not None and not self.original.ephemeral:
            return self.original
        seen = [m for m in self.followups if not m.ephemeral]
        if not seen:
            raise LookupError(f"the bot told nobody else of {self.interaction.label}")
        return seen[-1]

    @property
    def content(self) -> str:
        return self.message.content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds

    @property
    def ephemeral(self) -> bool:
        return self.message.ephemeral

    @property
    def choices(self) -> list[dict[str, Any]]:
        """The autocomplete suggestions the bot answered."""
        if self.interaction.choices is None:
            raise LookupError(f"the bot answered {self.interaction.label} without autocomplete choices")
        return self.interaction.choices

    @property
    def modal(self) -> dict[str, Any]:
        if self.interaction.modal is None:
            raise LookupError(f"the bot did not open a modal for {self.interaction.label}")
        return self.interaction.modal

    def text(self) -> str:
        """Everything the interaction produced, as text."""
        world = self.loopback.world
        parts = []
        if self.interaction.modal is not None:
            parts.append(describe_modal(self.interaction.modal))
        if self.interaction.choices is not None:
            parts.append(describe_choices(self.interaction.choices))
        shown = [*self.posted, *self.edited]
        if self.original is not None and self.original not in shown:
            shown.insert(0, self.original)
        parts += [describe_message(world, m) for m in shown]
        if not self.acknowledged:
            parts.append("(the bot did not answer)")
        return "\n".join(parts)


class SimUser:
    """A person in the simulated guilds; every action returns the bot's ``Reply``."""

    def __init__(self, loopback: LoopbackDiscord, account: Account) -> None:
        self.loopback = loopback
        self.account = account

    @property
    def id(self) -> str:
        return self.account.id

    @property
    def name(self) -> str:
        return self.account.name

    @property
    def mention(self) -> str:
        return self.account.mention

    def __repr__(self) -> str:
        return f"<SimUser {self.name} {self.id}>"

    async def slash(self, command: str, channel: Channel, **options: Any) -> Reply:
        """Run ``/command`` (a path such as "game new") in ``channel`` with options by name."""
        call = build_call(self.loopback.world, command, channel, self.id, options)
        return await self.loopback.interact(self, channel, APPLICATION_COMMAND, call.data, call.label)

    async def autocomplete(
        self, command: str, channel: Channel, *, focused: str | None = None, **options: Any
    ) -> list[dict[str, Any]]:
        """Type into an autocompleting option; returns the choices the bot offered ({"name", "value"}).

        ``focused`` names the option being typed in; it defaults to the one autocompleting option given.
        """
        world = self.loopback.world
        if focused is None:
            focused = _single_autocompleting(world, command, channel, options)
        call = build_call(world, command, channel, self.id, options, focused=focused)
        reply = await self.loopback.interact(
            self, channel, AUTOCOMPLETE, call.data, f"{call.label} ({focused}…)"
        )
        return reply.choices

    async def click(self, message: Message | Reply, key: str) -> Reply:
        """Press a button found by custom_id, label or 1-based number."""
        target = self._target(message)
        button = _enabled(target, key, _BUTTON, "button", "a button")
        if button.get("style") in (_LINK, _PREMIUM) or "custom_id" not in button:
            raise CommandRefused(f"button {key!r} opens a link; it sends no interaction")
        data = {"custom_id": button["custom_id"], "component_type": _BUTTON}
        if "id" in button:
            data["id"] = button["id"]
        label = f"click {button.get('label') or button['custom_id']}"
        return await self.loopback.interact(
            self, self._channel(target), MESSAGE_COMPONENT, data, label, message=target
        )

    async def forge_click(
        self, message: Message | Reply, custom_id: str, values: Sequence[str] | None = None
    ) -> Reply:
        """Send a press (a choice of ``values`` in a string select, if given) that Discord's own client
        never sends: on a message this user cannot see (an ephemeral one is "only visible to the user
        who invoked the Interaction", message.mdx, "Message Flags"), or for a component no longer on
        it (a client that has not yet shown an edit). A modified or out-of-date client can still send
        one, so the bot must check every press it gets."""
        target = message.message if isinstance(message, Reply) else message
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": _BUTTON}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": _STRING_SELECT, "values": list(values)}
        return await self.loopback.interact(
            self, self._channel(target), MESSAGE_COMPONENT, data, f"forged click {custom_id}", message=target
        )

    async def select(self, message: Message | Reply, key: str, values: str | Sequence[str]) -> Reply:
        """Choose in a string select (by custom_id, placeholder or number) by option value or label."""
        target = self._target(message)
        menu = _enabled(target, key, _STRING_SELECT, "select menu", "a string select menu")
        chosen = _option_values(menu, [values] if isinstance(values, str) else list(values))
        data = {"custom_id": menu["custom_id"], "component_type": _STRING_SELECT, "values": chosen}
        label = f"select {', '.join(chosen)} in {menu.get('placeholder') or menu['custom_id']}"
        return await self.loopback.interact(
            self, self._channel(target), MESSAGE_COMPONENT, data, label, message=target
        )

    async def submit(
        self, opened: Reply, values: Mapping[str, str | Sequence[str]] | None = None, **by_id: Any
    ) -> Reply:
        """Fill in and submit the modal the bot opened in ``opened``; values by input custom_id."""
        modal = opened.modal
        given = {**(values or {}), **by_id}
        rows = [_submitted_row(row, given) for row in modal.get("components") or []]
        leftover = set(given) - {
            c.get("custom_id") for row in modal.get("components") or [] for c in modal_inputs(row)
        }
        if leftover:
            raise CommandRefused(f"the modal has no inputs {sorted(leftover)}")
        data = {"custom_id": modal["custom_id"], "components": rows}
        source = self.loopback.world.messages.get(opened.interaction.message_id or "")
        channel = self.loopback.world.channels[opened.interaction.channel_id]
        label = f"submit {modal.get('title') or modal['custom_id']}"
        return await self.loopback.interact(self, channel, MODAL_SUBMIT, data, label, message=source)

    def sees(self, channel: Channel) -> list[Message]:
        """Messages in ``channel`` this user can see, oldest first."""
        return self.loopback.world.visible_messages(channel.id, self.id)

    def _target(self, message: Message | Reply) -> Message:
        target = message.message if isinstance(message, Reply) else message
        if not target.can_see(self.id):
            raise CommandRefused(f"{self.name} cannot see message {target.id}")
        return target

    def _channel(self, message: Message) -> Channel:
        return self.loopback.world.channels[message.channel_id]


def _enabled(target: Message, key: str, kind: int, name: str, a_kind: str) -> dict[str, Any]:
    """The component ``key`` of ``target``; refused unless it is of ``kind`` (``a_kind`` in words) and
    enabled (a disabled one is the ``name`` refused)."""
    found = target.component(key)
    if found.get("type") != kind:
        raise CommandRefused(f"{key!r} is not {a_kind}")
    if found.get("disabled"):
        raise CommandRefused(f"{name} {key!r} is disabled")
    return found


def _single_autocompleting(world: World, command: str, channel: Channel, options: Mapping[str, Any]) -> str:
    found, words = find_command(world, command, channel.guild_id)
    node: Mapping[str, Any] = found.payload
    for word in words:
        node = next((o for o in node.get("options") or [] if o.get("name") == word), {})
    candidates = [
        o["name"] for o in node.get("options") or [] if o.get("autocomplete") and o["name"] in options
    ]
    if len(candidates) != 1:
        raise CommandRefused(f"say which option is being typed in (focused=...); candidates: {candidates}")
    return str(candidates[0])


def _option_values(menu: Mapping[str, Any], wanted: list[str]) -> list[str]:
    options = menu.get("options") or []
    chosen = []
    for want in wanted:
        match = next((o for o in options if want in (o.get("value"), o.get("label"))), None)
        if match is None:
            raise CommandRefused(
                f"{want!r} is not an option of the menu ({[o.get('label') for o in options]})"
            )
        chosen.append(str(match["value"]))
    low, high = menu.get("min_values", 1), menu.get("max_values", 1)
    if not low <= len(chosen) <= high:
        raise CommandRefused(f"choose between {low} and {high} options")
    return chosen


def _submitted_row(row: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """One top-level modal component as the client submits it, with the values typed or chosen."""
    submitted = []
    for child in modal_inputs(row):
        custom_id = str(child.get("custom_id"))
        value = given.get(custom_id, child.get("value"))
        if child.get("type") == _TEXT_INPUT:
            text = "" if value is None else str(value)
            if child.get("required", True) and not text:
                raise CommandRefused(f"modal input {custom_id!r} is required")
            if text and not child.get("min_length", 0) <= len(text) <= child.get("max_length", 4000):
                raise CommandRefused(
                    f"modal input {custom_id!r} must have "
                    f"{child.get('min_length', 0)}-{child.get('max_length', 4000)} characters"
                )
            entry: dict[str, Any] = {"type": _TEXT_INPUT, "custom_id": custom_id, "value": text}
        elif child.get("type") == _STRING_SELECT:
            picked = [] if value is None else [value] if isinstance(value, str) else list(value)
            entry = {"type": _STRING_SELECT, "custom_id": custom_id, "values": _option_values(child, picked)}
        else:
            raise CommandRefused(f"the stand-in cannot fill modal component type {child.get('type')}")
        if "id" in child:
            entry["id"] = child["id"]
        submitted.append(entry)
    if row.get("type") == _LABEL:
        return {"type": _LABEL, "id": row.get("id"), "component": submitted[0]}
    return {"type": 1, "components": submitted}
