"""The words of the notices the service hands out: what a turn asks of its player, and where to play it."""

from __future__ import annotations

import re
from typing import Any

from bot.services.engine import with_names
from bot.services.models import GameInfo, Notification
from bot.services.repository import Repository
from bot.storage.records import GameRow
from rules.core.players import PLAYER_WORDS

# Engines write a prompt for anyone reading the board ("Player 2: choose…; waiting for Player 2."); told to
# the one who must act, who acts goes without saying.
_WHO_ACTS = re.compile(rf"^{PLAYER_WORDS}: ")
_WAITING_FOR = re.compile(rf"; waiting for {PLAYER_WORDS}((, | and ){PLAYER_WORDS})*\.$")


def bare_prompt(prompt: str) -> str:
    """The engine's decision prompt without saying who must decide."""
    return _WAITING_FOR.sub(".", _WHO_ACTS.sub("", prompt.strip()))


def channel_link(game: GameInfo) -> str:
    """The link that opens the game's channel or thread, from anywhere (a direct message too)."""
    return f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"


def your_turn(game: GameInfo, view: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A player's turn has come, on one line: which game (a link that opens it) and what is asked; the
    catalog message and its parameters."""
    decision = view.get("decision") or {}
    prompt = bare_prompt(str(decision.get("prompt", "")))
    # the engine's facts, worded in each reader's language; else its English sentence with names
    asked = decision.get("say") or with_names(prompt, {s.seat: s.name for s in game.seats})
    params = {"title": game.title, "link": channel_link(game)}
    if asked:
        return "notice.your_turn_asked", {**params, "asked": asked}
    return "notice.your_turn", params


async def notice(
    repo: Repository, kind: str, message: str, game: GameRow, user_id: int | None, **params: Any
) -> Notification:
    """A notification of catalog ``message`` for ``user_id`` (None: the channel), saying whether they
    take direct messages."""
    dm = user_id is not None and (await repo.prefs([user_id]))[user_id].dms
    where = {"game_id": game.id, "channel_id": game.channel_id, "user_id": user_id, "dm": dm}
    return Notification.said(kind, message, params, **where)
