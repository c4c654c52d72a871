"""The errors an engine raises: one family under ``RulesError`` with a machine-readable code."""

from __future__ import annotations

from enum import StrEnum

from rules.core.texts import Said


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
