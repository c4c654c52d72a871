"""The errors an engine raises: one family under ``RulesError`` with a machine-readable code."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from rules.core.texts import Said, said


class ErrorCode(StrEnum):
    """Why a move was refused; the bot turns these into words."""

    CANNOT_PARSE = "cannot_parse"
    ILLEGAL = "illegal"
    AMBIGUOUS = "ambiguous"
    NOT_YOUR_TURN = "not_your_turn"
    GAME_OVER = "game_over"
    BAD_SETUP = "bad_setup"


class RulesError(ValueError):
    """A move or a setup the rules refuse. The state it was tried on is unchanged."""

    code: ErrorCode = ErrorCode.ILLEGAL

    def __init__(self, message: str, *, code: ErrorCode | None = None, say: Said | None = None) -> None:
        super().__init__(message)
        self.message = message  # English
        self.said = say  # the same as facts of a catalog message, for readers of other languages
        if code is not None:
            self.code = code


class ParseError(RulesError):
    """The text is not a move of this game at all."""

    code = ErrorCode.CANNOT_PARSE


class IllegalMoveError(RulesError):
    """The move is well formed but not legal now; the message says why."""

    code = ErrorCode.ILLEGAL


class AmbiguousMoveError(RulesError):
    """The text matches more than one legal move."""

    code = ErrorCode.AMBIGUOUS


class NotYourTurnError(RulesError):
    """The seat is not among those who must act now."""

    code = ErrorCode.NOT_YOUR_TURN


class GameOverError(RulesError):
    """The game has ended; no move is legal."""

    code = ErrorCode.GAME_OVER


class SetupError(RulesError):
    """A new game was asked for with a wrong player count or options."""

    code = ErrorCode.BAD_SETUP


def wrong_player_count(title: str, least: int, most: int, players: object) -> SetupError:
    """The refusal of a game of ``title`` (for ``least`` to ``most``) with ``players`` players."""
    return SetupError(
        f"{title} is for {least} to {most} players, not {players}.",
        say=said("rules.setup.players", title=title, min=least, max=most, players=str(players)),
    )


def unknown_option(title: str, key: str, options: Iterable[str]) -> SetupError:
    """The refusal of an option ``key`` that a game of ``title`` (whose options are ``options``) lacks."""
    known = ", ".join(options)
    return SetupError(
        f"{title} has no option '{key}'; its options: {known}.",
        say=said("rules.setup.unknown_option", title=title, key=key, known=known),
    )
