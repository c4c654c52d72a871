"""Where a game's pictures live: the package ``render/<id>/`` (its words in ``render/<id>/words.py``).

A game kept outside the two folders (the tests' toy games) names its pictures package instead, as
``PICTURES = "module.path"`` in the module it is registered by (``rules.register``); a worker process
knows the registered modules, so it finds those pictures too.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import rules


def name_of(game: str) -> str:
    """The module name of ``game``'s pictures package (``game`` a Python identifier)."""
    registered = rules.modules().get(game)
    if registered is not None and not registered.startswith("rules."):
        named = getattr(importlib.import_module(registered), "PICTURES", None)
        if isinstance(named, str):
            return named
    return f"render.{game}"


def package(game: str, part: str = "") -> ModuleType | None:
    """``game``'s pictures package (or its module ``part``, "words"), None when it has none."""
    name = name_of(game) + (f".{part}" if part else "")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is None or not name.startswith(error.name):  # a missing import inside it
            raise
        return None
