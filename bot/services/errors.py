"""Why the service refused something: one family with a machine-readable code and a message for people.

Engine refusals (``rules.core.errors.RulesError``: cannot parse, illegal, not your turn…) pass through
the service unchanged; the cogs show both kinds the same way. ``Committed`` is not a refusal: it says
that a change was saved although a later step of the same call failed.
"""

from __future__ import annotations

from bot.i18n import ENGLISH
from bot.services import wording
from bot.storage.db import DatabaseUnavailable as FileGone
from rules.core.texts import Said


class ServiceError(Exception):
    """A request the service refuses; nothing was changed. Raised with the facts of a catalog message
    (``said("refusal.…", …)``), so it reads in each person's language; ``message`` is the English."""

    code = "refused"

    def __init__(self, message: str | Said) -> None:
        self.said = message if isinstance(message, dict) else None
        self.message = wording.say(ENGLISH, message, {}) if isinstance(message, dict) else message
        super().__init__(self.message)

    def text_in(self, locale: object) -> str:
        """What was refused, for a reader of ``locale``."""
        return wording.say(locale, self.said, {}) if self.said is not None else self.message


class NoGameHere(ServiceError):
    code = "no_game"


class GameExists(ServiceError):
    code = "game_exists"


class NotInGame(ServiceError):
    code = "not_in_game"


class AlreadyJoined(ServiceError):
    code = "already_joined"


class TableFull(ServiceError):
    code = "table_full"


class NotEnoughPlayers(ServiceError):
    code = "not_enough_players"


class NotHost(ServiceError):
    code = "not_host"


class StaleVersion(ServiceError):
    """The move was made against an older position (an old button, a double click)."""

    code = "stale_version"


class Busy(ServiceError):
    """Another move was written at the same moment (by another process); nothing was applied."""

    code = "busy"


class NotAllowed(ServiceError):
    code = "not_allowed"


class UndoRefused(ServiceError):
    code = "undo_refused"


class GameNotActive(ServiceError):
    """The game is still in its lobby, or already over."""

    code = "not_active"


class GamePaused(ServiceError):
    """The bot is not in the game's server: nothing is played until it is back."""

    code = "paused"


class GameDamaged(GamePaused):
    """The game's stored rows are damaged and its move log cannot rebuild them: it is paused until the
    database is restored from a backup."""

    code = "damaged"


class AlreadyStarted(ServiceError):
    code = "already_started"


class NoSuchVersion(ServiceError):
    code = "no_such_version"


class BadImport(ServiceError):
    code = "bad_import"


class DatabaseUnavailable(ServiceError, FileGone):
    """The database file was deleted or replaced under the running bot: no write can count any more.
    The storage layer logged the details for the administrator; the player hears only what it means."""

    code = "db_unavailable"

    def __init__(self, detail: str = "") -> None:
        super().__init__(
            "The game database is unavailable; your move did not count and nothing was changed. "
            "An administrator has been told."
        )
        self.detail = detail


class Committed(Exception):
    """A move was saved (``version`` of game ``game_id``), but a step after its commit failed (a dropped
    database connection, say): the move counts, so its mover must not hear "unchanged". The failure is
    the exception's ``__cause__``."""

    def __init__(self, game_id: int, channel_id: int, version: int) -> None:
        super().__init__(f"move {version} of game {game_id} was saved; a later step failed")
        self.game_id = game_id
        self.channel_id = channel_id
        self.version = version
