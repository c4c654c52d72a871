"""Santa Fe by topic for /rules: summaries written for this bot from the rulebook, reminders for
players, not a replacement for the rulebook. Topic key -> (title, text), messages of the game's catalog
(``santafe.help.<topic>.title`` and ``.text``); "goal" comes first."""

from __future__ import annotations

from rules.core.texts import Said, said

KEYS = ("goal", "round", "cards", "track", "branches", "bonuses", "advanced", "buy track", "end")

TOPICS: dict[str, tuple[Said, Said]] = {
    key: (
        said(f"santafe.help.{key.replace(' ', '_')}.title"),
        said(f"santafe.help.{key.replace(' ', '_')}.text"),
    )
    for key in KEYS
}
