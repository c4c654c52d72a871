"""The API catalogue in ``bot/services/__init__.py``'s docstring names every public method of
``GameService``, and nothing else as a call: a newcomer reads it to find what the service does."""

from __future__ import annotations

import re

import bot.services
from bot.services import GameService


def _public() -> set[str]:
    return {n for n in dir(GameService) if not n.startswith("_") and callable(getattr(GameService, n))}


def test_the_catalogue_names_every_public_method() -> None:
    words = set(re.findall(r"\b[a-z_][a-z0-9_]*\b", bot.services.__doc__ or ""))
    assert sorted(_public() - words) == []


def test_every_call_in_the_catalogue_is_a_public_method() -> None:
    doc = bot.services.__doc__ or ""
    # lines of the catalogue: a name at the start of a line or after " ; " or " / ", then "("
    called = set(re.findall(r"(?:^\s+|; |/ )([a-z_][a-z0-9_]*)\(", doc, re.MULTILINE))
    assert called, "the catalogue lists no calls"
    assert sorted(called - _public() - {"GameService"}) == []
