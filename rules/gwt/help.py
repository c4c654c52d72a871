"""Great Western Trail by topic for /rules: summaries written for this bot from the rulebook, reminders for
players, not a replacement for the rulebook. Topic key -> (title, text), messages of the game's catalog
(``gwt.help.<topic>.title`` and ``.text``); "goal" comes first."""

from __future__ import annotations

from typing import Any

from rules.core.texts import said
from rules.gwt.buildings import table


def _topic(key: str) -> tuple[Any, Any]:
    slug = key.replace(" ", "_")
    return said(f"gwt.help.{slug}.title"), said(f"gwt.help.{slug}.text")


TOPICS: dict[str, tuple[Any, Any]] = {
    **{key: _topic(key) for key in ("goal", "places", "turn", "fees", "buildings")},
    "all buildings": table(),
    **{
        key: _topic(key)
        for key in ("building", "workers", "kansas city", "railroad", "cattle", "objectives", "end")
    },
}
