"""Form rules Discord checks beyond the schema and the size limits, answered with its nested ``errors``.

- components-reference.mdx, "Custom ID": components of one message must not share a ``custom_id``.
- message.mdx, "Allowed Mentions Object": ``parse`` and the ``users`` (or ``roles``) list are mutually
  exclusive; a list that is empty or null is no conflict.
Each problem is ``(path, code, message)``, the path in Discord's dotted form ("components.0.components.1").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

DUPLICATE_CUSTOM_ID = "COMPONENT_CUSTOM_ID_DUPLICATED"
PARSE_EXCLUSIVE = "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"
DUPLICATE_MESSAGE = "Component custom id cannot be duplicated"

Problem = tuple[str, str, str]


def _components(node: Mapping[str, Any], path: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every component under ``node`` with its path, rows and containers included, depth first."""
    for i, child in enumerate(node.get("components") or []):
        if isinstance(child, Mapping):
            where = f"{path}components.{i}"
            yield where, child
            yield from _components(child, where + ".")
    accessory = node.get("accessory")
    if isinstance(accessory, Mapping):
        yield f"{path}accessory", accessory


def duplicate_custom_ids(payload: Mapping[str, Any]) -> list[Problem]:
    """The second and later components reusing a ``custom_id`` already taken in the message."""
    seen: set[str] = set()
    problems = []
    for where, component in _components(payload, ""):
        custom_id = component.get("custom_id")
        if custom_id is None:
            continue
        if custom_id in seen:
            problems.append((f"{where}.custom_id", DUPLICATE_CUSTOM_ID, DUPLICATE_MESSAGE))
        seen.add(custom_id)
    return problems


def exclusive_mentions(payload: Mapping[str, Any]) -> list[Problem]:
    rules = payload.get("allowed_mentions")
    if not isinstance(rules, Mapping):
        return []
    parse = rules.get("parse") or []
    problems = []
    for kind in ("users", "roles"):
        named = rules.get(kind)
        if kind in parse and named:
            ids = ", ".join(str(i) for i in named)
            message = f'parse:["{kind}"] and {kind}: [{ids}] are mutually exclusive.'
            problems.append(("allowed_mentions", PARSE_EXCLUSIVE, message))
    return problems


def errors_object(problems: list[Problem]) -> dict[str, Any]:
    """Discord's nested ``errors`` object: each path's ``_errors`` lists its codes and messages."""
    tree: dict[str, Any] = {}
    for path, code, message in problems:
        node = tree
        for key in path.split("."):
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return tree
