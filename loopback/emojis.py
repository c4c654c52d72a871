"""Which emoji Discord accepts on buttons and select options, and the error it gives for the rest.

Discord takes a partial emoji on a button or a select option (components-reference.mdx, "Button" and
"Select Option Structure"): a custom emoji with its id, or a Unicode emoji by itself as the name. The docs
say nothing of the refusal; the live API answers 400 / 50035 Invalid Form Body whose errors name
``BUTTON_COMPONENT_INVALID_EMOJI`` at ``...emoji.name``, for select options as well (Discord's answer in
discord/discord-api-docs#8071, and the bodies quoted in bwmarrin/discordgo#1476). Which Unicode emoji count
is decided by the ``emoji`` library's list (Unicode's fully-qualified emoji), not by a hand-kept one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import emoji as unicode_emoji

INVALID_EMOJI = "BUTTON_COMPONENT_INVALID_EMOJI"


def is_valid(partial: Any) -> bool:
    """Whether Discord shows ``partial`` (a partial emoji object): a custom id, or one Unicode emoji."""
    if not isinstance(partial, Mapping):
        return False
    if partial.get("id") is not None:
        return str(partial["id"]).isdigit()
    name = partial.get("name")
    return isinstance(name, str) and unicode_emoji.is_emoji(name)


def _emoji_paths(node: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every emoji in a component tree, with the path Discord names in its errors."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key == "emoji":
                yield (*path, key), value
            else:
                yield from _emoji_paths(value, (*path, key))
    elif isinstance(node, Sequence) and not isinstance(node, str):
        for i, item in enumerate(node):
            yield from _emoji_paths(item, (*path, str(i)))


def invalid_emoji(payload: Mapping[str, Any]) -> list[str]:
    """Dotted paths (``components.0.components.1.emoji.name``) of each emoji Discord refuses in a body."""
    found = _emoji_paths(payload.get("components") or [], ("components",))
    return [".".join((*path, "name")) for path, partial in found if not is_valid(partial)]


def errors_object(paths: Sequence[str]) -> dict[str, Any]:
    """Discord's nested ``errors`` object for the refused emoji."""
    tree: dict[str, Any] = {}
    for path in paths:
        node = tree
        for key in path.split("."):
            node = node.setdefault(key, {})
        node["_errors"] = [{"code": INVALID_EMOJI, "message": "Invalid emoji"}]
    return tree
