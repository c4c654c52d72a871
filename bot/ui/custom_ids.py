"""The only place component custom ids are built and read.

A custom id carries everything a click needs after a restart: the game and what the component was drawn
for. The moves of a private picker carry the key of their player's decision (``Decision.key``: a digest
of that player's legal moves in the engine's order and of the last move made for their seat) and the
index of a move in that list: the index names exactly one move while the key is the player's, whatever
the other players do meanwhile, and a button pressed twice finds the key changed by its first press.
Pickers posted before keys carried the game's revision in the key's place; a revision is never twelve
hex digits long, so such a press is answered as stale. Discord allows 100 characters; every id built
here stays far below that.
"""

from __future__ import annotations

PREFIX = "bg"
MAX_LENGTH = 100

# Regular expressions for discord.ui.DynamicItem templates, one per kind of component.
MOVE_TEMPLATE = rf"{PREFIX}:mv:(?P<game>[0-9]+):(?P<decision>[0-9a-f]+):(?P<index>[0-9]+)"
SELECT_TEMPLATE = rf"{PREFIX}:sel:(?P<game>[0-9]+):(?P<decision>[0-9a-f]+):(?P<page>[0-9]+)"
FAMILY_TEMPLATE = rf"{PREFIX}:fam:(?P<game>[0-9]+):(?P<decision>[0-9a-f]+):(?P<number>[0-9]+)"
PLAY_TEMPLATE = rf"{PREFIX}:play:(?P<game>[0-9]+):(?P<revision>[0-9]+)"
HAND_TEMPLATE = rf"{PREFIX}:hand:(?P<game>[0-9]+)"
MUTE_TEMPLATE = rf"{PREFIX}:mute:(?P<game>[0-9]+):(?P<revision>[0-9]+)"
JOIN_TEMPLATE = rf"{PREFIX}:join:(?P<game>[0-9]+)"
CLAIM_TEMPLATE = rf"{PREFIX}:claim:(?P<game>[0-9]+):(?P<seat>[0-9]+)"
BOARDS_TEMPLATE = rf"{PREFIX}:boards:(?P<game>[0-9]+)"
REPLAY_TEMPLATE = rf"{PREFIX}:rp:(?P<game>[0-9]+):(?P<slot>[a-z]):(?P<version>[0-9]+)"
REPLAY_JUMP_TEMPLATE = rf"{PREFIX}:rpj:(?P<game>[0-9]+)"
PAGE_TEMPLATE = (
    rf"{PREFIX}:pg:(?P<kind>[a-z]+):(?P<owner>[0-9]+):(?P<scope>[0-9]+):(?P<size>[0-9]+)"
    r":(?P<stamp>[0-9]+):(?P<page>[0-9]+)"
)


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_LENGTH:
        raise ValueError(f"custom id longer than {MAX_LENGTH} characters: {custom_id!r}")
    return custom_id


def move(game_id: int, decision: str, index: int) -> str:
    """A button that plays legal move number ``index`` of the player's decision keyed ``decision``."""
    return _checked(f"{PREFIX}:mv:{game_id}:{decision}:{index}")


def select(game_id: int, decision: str, page: int) -> str:
    """A select menu listing page ``page`` of the legal moves of the decision keyed ``decision``; option
    values are move indexes, or ``f`` and a family number for a family of moves (see ``bot.ui.choices``)."""
    return _checked(f"{PREFIX}:sel:{game_id}:{decision}:{page}")


def family(game_id: int, decision: str, number: int) -> str:
    """A button that opens family ``number`` of the legal moves of the decision keyed ``decision`` (see
    ``bot.ui.choices``)."""
    return _checked(f"{PREFIX}:fam:{game_id}:{decision}:{number}")


def play(game_id: int, revision: int) -> str:
    """The public "Play" button of a post about ``revision``: opens the presser's current options
    privately, however the game moved on since."""
    return _checked(f"{PREFIX}:play:{game_id}:{revision}")


def hand(game_id: int) -> str:
    """The public "Show my hand" button."""
    return _checked(f"{PREFIX}:hand:{game_id}")


def mute(game_id: int, revision: int) -> str:
    """Silences reminders to the presser for the turn that was current at ``revision``."""
    return _checked(f"{PREFIX}:mute:{game_id}:{revision}")


def join(game_id: int) -> str:
    """The lobby's "Join" button."""
    return _checked(f"{PREFIX}:join:{game_id}")


def claim(game_id: int, seat: int) -> str:
    """Takes ``seat``, kept for one person (an import, an offered replacement); only they may press it."""
    return _checked(f"{PREFIX}:claim:{game_id}:{seat}")


def boards(game_id: int) -> str:
    """The public "Player boards" button: every seat's public area, privately to the presser."""
    return _checked(f"{PREFIX}:boards:{game_id}")


def page(kind: str, owner: int, scope: int, size: int, stamp: int, number: int) -> str:
    """Turns to page ``number`` of a private list (``kind``: ``games`` in guild ``scope``, ``log`` of the
    game in channel ``scope`` with ``size`` lines) shown to ``owner``; ``stamp`` tells whether the list
    has changed since."""
    return _checked(f"{PREFIX}:pg:{kind}:{owner}:{scope}:{size}:{stamp}:{number}")


def replay(game_id: int, slot: str, version: int) -> str:
    """A button of a private replay that shows position ``version`` of the game; ``slot`` tells the
    buttons of one message apart (two may lead to the same position)."""
    return _checked(f"{PREFIX}:rp:{game_id}:{slot}:{version}")


def replay_jump(game_id: int) -> str:
    """A private replay's menu of positions; option values are move numbers."""
    return _checked(f"{PREFIX}:rpj:{game_id}")
