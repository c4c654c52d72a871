"""Messages, modals and autocomplete answers written out as plain text, for people and for failing tests."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .world import Message, World

_BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium"}


def describe_message(world: World, message: Message, *, numbered: bool = True) -> str:
    """A message as a few indented lines: header, content, embeds, attachments, numbered components."""
    channel = world.channels[message.channel_id]
    where = f"#{channel.name}" if channel.name else "DM"
    flags = [word for word, on in (("ephemeral", message.ephemeral), ("thinking…", message.loading)) if on]
    if message.visible_to is not None:
        names = sorted(world.accounts[u].name for u in message.visible_to)
        flags.append("seen only by " + ", ".join(names))
    header = f"[{where}] {world.accounts[message.author_id].name}" + (
        f" ({'; '.join(flags)})" if flags else ""
    )
    lines = [header]
    if message.content:
        lines += ["  " + line for line in readable(world, message.content).splitlines()]
    for embed in message.embeds:
        lines += _embed_lines(world, embed)
    for attachment in message.attachments:
        lines.append(f"  [file] {attachment.filename} ({attachment.size} bytes)")
    lines += component_lines(message.components, numbered=numbered)
    return "\n".join(lines)


def _embed_lines(world: World, embed: Mapping[str, Any]) -> list[str]:
    lines = []
    if embed.get("author", {}).get("name"):
        lines.append(f"  | {embed['author']['name']}")
    if embed.get("title"):
        lines.append(f"  | ** {readable(world, embed['title'])} **")
    for line in readable(world, embed.get("description") or "").splitlines():
        lines.append(f"  | {line}")
    for fld in embed.get("fields") or []:
        value = readable(world, fld.get("value", "")).replace("\n", "\n  |   ")
        lines.append(f"  | {readable(world, fld.get('name', ''))}: {value}")
    if (embed.get("image") or {}).get("url"):
        lines.append(f"  | [image] {embed['image']['url']}")
    if (embed.get("footer") or {}).get("text"):
        lines.append(f"  | -- {embed['footer']['text']}")
    return lines


def component_lines(rows: Sequence[Mapping[str, Any]], *, numbered: bool = True) -> list[str]:
    """Buttons and menus, numbered in reading order so a person can pick one by number."""
    lines = []
    number = 0
    for row in rows:
        shown = []
        for child in row.get("components") or []:
            number += 1
            tag = f"{number}. " if numbered else ""
            disabled = " (disabled)" if child.get("disabled") else ""
            if child.get("type") == 2:
                style = _BUTTON_STYLES.get(child.get("style", 2), "?")
                label = child.get("label") or (child.get("emoji") or {}).get("name") or child.get("custom_id")
                shown.append(f"[{tag}{label}]{disabled}" + (f" <{style}>" if style == "link" else ""))
            else:
                options = ", ".join(
                    (f"{i}) " if numbered else "") + o.get("label", o.get("value", ""))
                    for i, o in enumerate(child.get("options") or [], 1)
                )
                placeholder = child.get("placeholder") or "choose"
                shown.append(f"[{tag}{placeholder} ▾ {options}]{disabled}")
        if shown:
            lines.append("  " + " ".join(shown))
    return lines


def describe_modal(modal: Mapping[str, Any]) -> str:
    lines = [f"[modal] {modal.get('title', '')}"]
    for row in modal.get("components") or []:
        inner = row.get("components") or ([row["component"]] if row.get("component") else [])
        for child in inner:
            label = row.get("label") or child.get("label") or child.get("custom_id")
            required = "" if child.get("required", True) else " (optional)"
            lines.append(f"  {child.get('custom_id')}: {label}{required}")
    return "\n".join(lines)


def describe_choices(choices: Sequence[Mapping[str, Any]]) -> str:
    if not choices:
        return "  (no suggestions)"
    return "\n".join(f"  {i}. {c.get('name')}" for i, c in enumerate(choices, 1))


def readable(world: World, text: str) -> str:
    """Mentions written as names: <@id> → @alice, <#id> → #games, and a command mention </game join:id>
    → /game join (its English name; a client shows the reader's: Discord's "Message Formatting",
    https://discord.com/developers/docs/reference#message-formatting)."""

    def user(match: re.Match[str]) -> str:
        account = world.accounts.get(match.group(1))
        return f"@{account.name}" if account else match.group(0)

    def channel(match: re.Match[str]) -> str:
        found = world.channels.get(match.group(1))
        return f"#{found.name}" if found else match.group(0)

    text = re.sub(r"</([^:<>]+):\d+>", r"/\1", text)
    return re.sub(r"<#(\d+)>", channel, re.sub(r"<@!?(\d+)>", user, text))
