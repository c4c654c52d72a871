"""What an engine says, as facts: a message id of the game's catalog and typed, JSON-able arguments.

An engine does not hand the bot a finished sentence to show; it says ``said("santafe.event.lay",
player=seat(1), railroad="Santa Fe", cost=3)`` and the bot fills in the message of the reader's language
(``bot/services/wording.py``) when it shows it, so an old game reads in any language.

An argument is one of:

- a number or a string, shown as it is (amounts; city and railroad names, which stay as printed on the map);
- ``seat(n)``: ``{"seat": n}``, seat ``n`` (from 0), written as the reader's name for that seat;
- another ``said(...)``: a message of its own (a card's name, a prompt inside a sentence);
- a list of these, joined as the reader's language lists things (``game.list_separator``: "; " in English);
- ``{"prose": text}``: English the engine wrote with seats as "Player N" (in events
  stored before move labels were facts), shown with the reader's names for the seats;
- ``listing(items)``: ``{"items": [...]}``, a list of these joined with the language's plain comma
  (``message.list_separator``: ", " in English), for names inside a sentence; with ``conjunction``, the
  last joined by the language's "and" (``message.list_and``).

- ``lines_of(items)``: ``{"lines": [...]}``, a list of these one a line (a page of a help topic).

An argument named ``count`` chooses the plural form. Everything is JSON-able: events are stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Said = dict[str, Any]  # {"msg": message id, "args": {name: argument}}


def said(msg: str, /, **args: Any) -> Said:
    return {"msg": msg, "args": args}


def seat(n: int) -> dict[str, int]:
    return {"seat": n}


def message_of(label: Any) -> tuple[str, dict[str, Any]] | None:
    """A said label's message id and a copy of its arguments; ``None`` for anything else (a move's label
    typed as text)."""
    if not isinstance(label, dict) or "msg" not in label:
        return None
    return str(label["msg"]), dict(label.get("args") or {})


def clause_by_prefix(
    clauses: Mapping[str, str], msg: str, mover: int, args: Mapping[str, Any]
) -> Said | None:
    """The clause telling that seat ``mover`` made the move labelled ``msg`` with ``args``, found by the
    label's prefix: ``clauses`` maps a label prefix to the prefix of its clauses, which take the label's
    arguments and ``player``; ``None`` for a label under none of the prefixes."""
    for prefix, clause in clauses.items():
        if msg.startswith(prefix):
            return said(clause + msg.removeprefix(prefix), player=seat(mover), **args)
    return None


def listing(items: list[Any], *, conjunction: bool = False) -> dict[str, Any]:
    """``items`` joined with commas, or (``conjunction``) with commas and an "and" before the last."""
    return {"items": items, "and": True} if conjunction else {"items": items}


def lines_of(items: list[Any]) -> dict[str, Any]:
    """``items`` one a line."""
    return {"lines": items}


def chained(msg: str, parts: list[Any]) -> Said | str:
    """The ``parts`` that say something, in order, each joined to the rest by message ``msg`` (its
    ``{first}`` and ``{second}``: "A · B · C"); "" when none does."""
    shown = [part for part in parts if part]
    if not shown:
        return ""
    joined: Said | str = shown[-1]
    for part in reversed(shown[:-1]):
        joined = said(msg, first=part, second=joined)
    return joined
