"""Discord's size limits, as data, and checks that list every limit a payload breaks.

The OpenAPI description is looser than the live API in places (it allows 4000 characters of content, for
example), so these checks apply the limits Discord enforces for a bot without boosts.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from discord import Locale

MESSAGE = {"content": 2000, "embeds": 10, "attachments": 10}
EMBED = {
    "title": 256,
    "description": 4096,
    "fields": 25,
    "field.name": 256,
    "field.value": 1024,
    "footer.text": 2048,
    "author.name": 256,
    "total": 6000,
}
COMPONENTS = {
    "action_rows": 5,
    "buttons_per_row": 5,
    "custom_id": 100,
    "button.label": 80,
    "select.options": 25,
    "select.placeholder": 150,
    "option.label": 100,
    "option.value": 100,
    "option.description": 100,
}
UPLOAD_BYTES = 10 * 1024 * 1024
AUTOCOMPLETE = {"choices": 25, "choice.name": 100, "choice.value": 100}
COMMANDS = {
    "chat_input_per_scope": 100,
    "name": 32,
    "description": 100,
    "options": 25,
    "choices": 25,
    "choice.name": 100,
    "choice.value": 100,
    # "a maximum of 8000 characters for combined name, description, and value properties for each command,
    # its options (including subcommands and groups), and choices" (discord-docs/application-commands.mdx)
    "characters": 8000,
}
MODAL = {"title": 45, "components": 5, "label": 45, "placeholder": 100, "value": 4000, "custom_id": 100}

# Discord's pattern for command and option names, ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, lower case
# where the script has case ("Application Command Naming", discord-docs/application-commands.mdx); the
# scripts' ranges stand in for \p{sc=…}, which Python's re lacks.
_NAME_SCRIPTS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x0E00, 0x0E7F))  # Devanagari (and extended), Thai
# "Values follow the same restrictions as name / description", and the keys are Discord's locales
# ("Localization", discord-docs/application-commands.mdx).
LOCALES = frozenset(locale.value for locale in Locale)
_SUBCOMMANDS = (1, 2)
_BUTTON, _STRING_SELECT, _TEXT_INPUT, _LABEL = 2, 3, 4, 18
_SELECTS = (3, 5, 6, 7, 8)


def _too_long(where: str, text: Any, limit: int) -> list[str]:
    if isinstance(text, str) and len(text) > limit:
        return [f"{where} has {len(text)} characters (limit {limit})"]
    return []


def _too_many(where: str, items: Any, limit: int) -> list[str]:
    if isinstance(items, Sequence) and len(items) > limit:
        return [f"{where} has {len(items)} entries (limit {limit})"]
    return []


def message_problems(payload: Mapping[str, Any]) -> list[str]:
    """Limits broken by a message body (content, embeds, components, attachment descriptors)."""
    problems = _too_long("content", payload.get("content"), MESSAGE["content"])
    embeds = payload.get("embeds") or []
    problems += _too_many("embeds", embeds, MESSAGE["embeds"])
    problems += _too_many("attachments", payload.get("attachments"), MESSAGE["attachments"])
    total = 0
    for i, embed in enumerate(embeds):
        problems += _embed_problems(f"embeds[{i}]", embed)
        total += _embed_characters(embed)
    if total > EMBED["total"]:
        problems.append(f"embeds have {total} characters in all (limit {EMBED['total']})")
    problems += component_problems(payload.get("components") or [])
    return problems


def _embed_problems(where: str, embed: Mapping[str, Any]) -> list[str]:
    problems = _too_long(f"{where}.title", embed.get("title"), EMBED["title"])
    problems += _too_long(f"{where}.description", embed.get("description"), EMBED["description"])
    problems += _too_many(f"{where}.fields", embed.get("fields"), EMBED["fields"])
    for j, fld in enumerate(embed.get("fields") or []):
        problems += _too_long(f"{where}.fields[{j}].name", fld.get("name"), EMBED["field.name"])
        problems += _too_long(f"{where}.fields[{j}].value", fld.get("value"), EMBED["field.value"])
    problems += _too_long(
        f"{where}.footer.text", (embed.get("footer") or {}).get("text"), EMBED["footer.text"]
    )
    problems += _too_long(
        f"{where}.author.name", (embed.get("author") or {}).get("name"), EMBED["author.name"]
    )
    return problems


def _embed_characters(embed: Mapping[str, Any]) -> int:
    texts = [
        embed.get("title"),
        embed.get("description"),
        (embed.get("footer") or {}).get("text"),
        (embed.get("author") or {}).get("name"),
    ]
    for fld in embed.get("fields") or []:
        texts += [fld.get("name"), fld.get("value")]
    return sum(len(t) for t in texts if isinstance(t, str))


def component_problems(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Limits broken by a message's action rows."""
    problems = _too_many("components", rows, COMPONENTS["action_rows"])
    for i, row in enumerate(rows):
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == _BUTTON]
        selects = [c for c in children if c.get("type") in _SELECTS]
        problems += _too_many(f"components[{i}] buttons", buttons, COMPONENTS["buttons_per_row"])
        if selects and len(children) > 1:
            problems.append(f"components[{i}] holds a select menu beside other components")
        for j, child in enumerate(children):
            where = f"components[{i}][{j}]"
            problems += _too_long(f"{where}.custom_id", child.get("custom_id"), COMPONENTS["custom_id"])
            problems += _too_long(f"{where}.label", child.get("label"), COMPONENTS["button.label"])
            problems += _too_long(
                f"{where}.placeholder", child.get("placeholder"), COMPONENTS["select.placeholder"]
            )
            options = child.get("options") or []
            problems += _too_many(f"{where}.options", options, COMPONENTS["select.options"])
            for k, option in enumerate(options):
                for key in ("label", "value", "description"):
                    problems += _too_long(
                        f"{where}.options[{k}].{key}", option.get(key), COMPONENTS[f"option.{key}"]
                    )
    return problems


def upload_problems(files: Iterable[tuple[str, int]]) -> list[str]:
    """Limits broken by uploaded files, given as (filename, size in bytes)."""
    files = list(files)
    problems = _too_many("files", files, MESSAGE["attachments"])
    total = sum(size for _, size in files)
    if total > UPLOAD_BYTES:
        problems.append(f"uploads total {total} bytes (limit {UPLOAD_BYTES})")
    return problems


def autocomplete_problems(choices: Sequence[Mapping[str, Any]]) -> list[str]:
    """Limits broken by an autocomplete answer."""
    problems = _too_many("choices", choices, AUTOCOMPLETE["choices"])
    for i, choice in enumerate(choices):
        name = choice.get("name")
        if not name:
            problems.append(f"choices[{i}].name is empty")
        problems += _too_long(f"choices[{i}].name", name, AUTOCOMPLETE["choice.name"])
        problems += _too_long(f"choices[{i}].value", choice.get("value"), AUTOCOMPLETE["choice.value"])
    return problems


def modal_problems(modal: Mapping[str, Any]) -> list[str]:
    """Limits broken by a modal."""
    problems = _too_long("modal title", modal.get("title"), MODAL["title"])
    problems += _too_long("modal custom_id", modal.get("custom_id"), MODAL["custom_id"])
    rows = modal.get("components") or []
    if not rows:
        problems.append("modal has no components")
    problems += _too_many("modal components", rows, MODAL["components"])
    for i, row in enumerate(rows):
        problems += _too_long(f"modal components[{i}].label", row.get("label"), MODAL["label"])
        for child in modal_inputs(row):
            where = f"modal input {child.get('custom_id')!r}"
            problems += _too_long(f"{where} custom_id", child.get("custom_id"), MODAL["custom_id"])
            problems += _too_long(f"{where} label", child.get("label"), MODAL["label"])
            problems += _too_long(f"{where} placeholder", child.get("placeholder"), MODAL["placeholder"])
            problems += _too_long(f"{where} value", child.get("value"), MODAL["value"])
    return problems


def modal_inputs(row: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The interactive components inside one top-level modal component (action row or label)."""
    if row.get("type") == 1:
        return list(row.get("components") or [])
    if row.get("type") == _LABEL:
        return [row["component"]] if row.get("component") else []
    return []


def command_problems(commands: Sequence[Mapping[str, Any]], scope: str) -> list[str]:
    """Limits broken by a bulk registration of application commands in one scope (global or a guild)."""
    chat_input = [c for c in commands if c.get("type", 1) == 1]
    problems = _too_many(f"{scope} slash commands", chat_input, COMMANDS["chat_input_per_scope"])
    names = [str(c.get("name")) for c in chat_input]
    for name in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f"{scope} registers /{name} twice")
    for command in chat_input:
        where = f"/{command.get('name')}"
        problems += _command_node_problems(where, command)
        size = _command_characters(command)
        if size > COMMANDS["characters"]:
            problems.append(f"{where} has {size} characters in all (limit {COMMANDS['characters']})")
    return problems


def is_command_name(name: str) -> bool:
    """Whether ``name`` matches Discord's pattern for command and option names, in lower case."""
    return (
        1 <= len(name) <= COMMANDS["name"]
        and name == name.lower()
        and all(
            ch in "-_"
            or unicodedata.category(ch)[0] in "LN"
            or any(low <= ord(ch) <= high for low, high in _NAME_SCRIPTS)
            for ch in name
        )
    )


def _localisation_problems(where: str, node: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []
    for field in ("name_localizations", "description_localizations"):
        for locale, text in (node.get(field) or {}).items():
            if locale not in LOCALES:
                problems.append(f"{where}: {field} has {locale!r}, which is not one of Discord's locales")
            elif field == "name_localizations" and not is_command_name(str(text)):
                problems.append(f"{where}: name in {locale} {text!r} breaks Discord's naming rule")
            elif field == "description_localizations" and not 1 <= len(str(text)) <= COMMANDS["description"]:
                problems.append(
                    f"{where}: description in {locale} has {len(str(text))} characters "
                    f"(1-{COMMANDS['description']})"
                )
    return problems


def _sibling_name_problems(where: str, options: Sequence[Mapping[str, Any]]) -> list[str]:
    """Discord: "Localized option names ... must be distinct from all other default option names of that
    command, as well as all other option names within that locale on that command" ("Localization",
    discord-docs/application-commands.mdx)."""
    problems: list[str] = []
    defaults = [str(o.get("name")) for o in options]
    locales = {locale for o in options for locale in o.get("name_localizations") or {}}
    for locale in sorted(locales):
        shown = [str((o.get("name_localizations") or {}).get(locale, o.get("name"))) for o in options]
        for i, name in enumerate(shown):
            if shown.count(name) > 1 or (name != defaults[i] and name in defaults):
                problems.append(f"{where}: option name {name!r} is not unique in {locale}")
    return sorted(set(problems))


def _command_node_problems(where: str, node: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []
    name = node.get("name", "")
    if not is_command_name(name):
        problems.append(f"{where}: name {name!r} is not 1-32 lowercase letters, digits, - or _")
    description = node.get("description", "")
    if not 1 <= len(description) <= COMMANDS["description"]:
        problems.append(
            f"{where}: description has {len(description)} characters (1-{COMMANDS['description']})"
        )
    problems += _localisation_problems(where, node)
    options = node.get("options") or []
    problems += _too_many(f"{where} options", options, COMMANDS["options"])
    problems += _sibling_name_problems(where, options)
    seen_optional = False
    for option in options:
        sub = f"{where} {option.get('name')}"
        problems += _command_node_problems(sub, option)
        choices = option.get("choices") or []
        problems += _too_many(f"{sub} choices", choices, COMMANDS["choices"])
        for choice in choices:
            problems += _too_long(f"{sub} choice name", choice.get("name"), COMMANDS["choice.name"])
            for locale, text in (choice.get("name_localizations") or {}).items():
                problems += _too_long(f"{sub} choice name in {locale}", text, COMMANDS["choice.name"])
            problems += _too_long(f"{sub} choice value", choice.get("value"), COMMANDS["choice.value"])
        if choices and option.get("autocomplete"):
            problems.append(f"{sub}: has both choices and autocomplete")
        if option.get("type") not in _SUBCOMMANDS:
            if option.get("required") and seen_optional:
                problems.append(f"{sub}: a required option follows an optional one")
            seen_optional = seen_optional or not option.get("required")
    return problems


def _longest(node: Mapping[str, Any], field: str) -> int:
    """The length of ``field`` counted towards the 8,000: "only the longest localization for each field
    (including the default value)" (discord-docs/application-commands.mdx)."""
    texts = [str(node.get(field, "")), *map(str, (node.get(f"{field}_localizations") or {}).values())]
    return max(map(len, texts))


def _command_characters(node: Mapping[str, Any]) -> int:
    size = _longest(node, "name") + _longest(node, "description")
    for choice in node.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size + sum(_command_characters(option) for option in node.get("options") or [])
