"""Discord's OpenAPI description: which routes exist and what their request bodies may hold.

The description is vendored in the package (``discord_api/openapi.json.gz``, MIT, from Discord's public
discord-api-spec repository; see the README there). It is read and indexed once per process; each request
schema is compiled on first use and kept, and so is the verdict on each distinct body: validation is a pure
function of the body, and the bot sends the same few bodies (deferrals, autocomplete answers) thousands of
times, each costing half a millisecond of the loop the bot shares with the stand-in.
"""

from __future__ import annotations

import functools
import gzip
import json
import logging
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jsonschema
from jsonschema.exceptions import best_match
from referencing import Registry
from referencing.jsonschema import DRAFT202012

log = logging.getLogger(__name__)

VERDICTS_KEPT = 4096  # distinct bodies remembered per operation and content type (least recently used go)
SPEC_PATH = Path(__file__).resolve().parent / "discord_api" / "openapi.json.gz"
_SPEC_URI = "urn:discord-api-spec"
_METHODS = ("get", "put", "post", "patch", "delete")


@dataclass
class Operation:
    """One method on one path template of the API."""

    template: str
    method: str
    pattern: re.Pattern[str]
    literal_segments: int
    body_types: tuple[str, ...]
    body_required: bool
    _validators: dict[str, jsonschema.protocols.Validator] = field(default_factory=dict, repr=False)
    _verdicts: OrderedDict[tuple[str, str], list[str]] = field(default_factory=OrderedDict, repr=False)


class ApiSpec:
    """Route lookup and request-body validation against the OpenAPI document."""

    def __init__(self, document: dict[str, Any]) -> None:
        # The live API also takes snowflakes as JSON integers (discord.py numbers new attachments 0, 1, …).
        snowflake = document["components"]["schemas"]["SnowflakeType"]
        document["components"]["schemas"]["SnowflakeType"] = {
            "anyOf": [snowflake, {"type": "integer", "minimum": 0}]
        }
        self._registry: Registry = Registry().with_resource(_SPEC_URI, DRAFT202012.create_resource(document))
        self._operations: list[Operation] = []
        for template, item in document["paths"].items():
            for method in _METHODS:
                if method not in item:
                    continue
                body = item[method].get("requestBody") or {}
                self._operations.append(
                    Operation(
                        template=template,
                        method=method.upper(),
                        pattern=_template_pattern(template),
                        literal_segments=sum("{" not in part for part in template.split("/")),
                        body_types=tuple(body.get("content", {})),
                        body_required=bool(body.get("required")),
                    )
                )
        # A literal segment beats a parameter: /users/@me before /users/{user_id}.
        self._operations.sort(key=lambda op: -op.literal_segments)

    def match(self, method: str, path: str) -> Operation | None:
        """The operation for ``method`` on a concrete ``path`` (relative to /api/v10), if the API has one."""
        for op in self._operations:
            if op.method == method and op.pattern.fullmatch(path):
                return op
        return None

    def body_errors(self, op: Operation, content_type: str, body: Any) -> list[str]:
        """What is wrong with ``body`` sent as ``content_type`` to ``op`` (empty when it is valid)."""
        if content_type not in op.body_types:
            return [f"{op.method} {op.template} does not accept a {content_type} body"]
        try:
            key = (content_type, json.dumps(body, sort_keys=True, separators=(",", ":")))
        except (TypeError, ValueError):  # not JSON at all: checked afresh, never remembered
            return self._check(op, content_type, body)
        verdict = op._verdicts.get(key)
        if verdict is None:
            verdict = op._verdicts[key] = self._check(op, content_type, body)
            while len(op._verdicts) > VERDICTS_KEPT:
                op._verdicts.popitem(last=False)
        else:
            op._verdicts.move_to_end(key)
        return list(verdict)

    def _check(self, op: Operation, content_type: str, body: Any) -> list[str]:
        validator = op._validators.get(content_type)
        if validator is None:
            pointer = "/".join(
                _pointer_part(part)
                for part in ("paths", op.template, op.method.lower(), "requestBody", "content", content_type)
            )
            validator = jsonschema.Draft202012Validator(
                {"$ref": f"{_SPEC_URI}#/{pointer}/schema"}, registry=self._registry
            )
            op._validators[content_type] = validator
        error = best_match(validator.iter_errors(body))
        if error is None:
            return []
        error = _deepest(error)
        where = "/".join(str(p) for p in error.absolute_path) or "(body)"
        return [f"{where}: {_short(error.instance)} breaks {error.validator} {_short(error.validator_value)}"]


def _deepest(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """Inside a union, the error of the branch the body meant (its "type" matched), else the closest."""
    while error.context:
        branches: dict[Any, list[jsonschema.ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        meant = [
            errs for errs in branches.values() if not any(list(e.relative_path) == ["type"] for e in errs)
        ]
        closest = min(meant or list(branches.values()), key=len)
        error = best_match(closest) or closest[0]
    return error


def _short(value: Any) -> str:
    text = repr(value)
    if len(text) <= 60:
        return text
    if isinstance(value, str | list | dict):
        return f"a {type(value).__name__} of length {len(value)}"
    return text[:57] + "..."


def _template_pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^}]+\})", template)
    return re.compile("".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts))


def _pointer_part(part: str) -> str:
    return quote(part.replace("~", "~0").replace("/", "~1"), safe="")


@functools.cache
def load_spec(path: Path = SPEC_PATH) -> ApiSpec:
    """The indexed description (gzipped JSON)."""
    with gzip.open(path, "rt", encoding="utf-8") as file:
        return ApiSpec(json.load(file))
