"""Logging for the bot: one readable line per record on stderr; never the token, never hidden game
information, whatever the level."""

from __future__ import annotations

import logging
import sys

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

# Libraries that log, at DEBUG, what they send: discord.py its request bodies (private replies show a
# player's hand). Their records below INFO are never written, whatever LOG_LEVEL says.
VERBOSE_LIBRARIES = ("discord",)
# SQLAlchemy logs every statement with its parameters (every hand, the deck order, the random state in the
# stored snapshots) at INFO, aiosqlite every call with its arguments at DEBUG: only their warnings are ever
# written (asyncpg's too, for the same reason).
QUIET_LIBRARIES = ("sqlalchemy", "aiosqlite", "asyncpg")


class RedactFilter(logging.Filter):
    """Replaces a secret in every record by ``[redacted]``, whatever logger or library emits it: in the
    message, the traceback of an exception and the stack shown with ``stack_info``."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secret:
            return True
        if self.secret in record.getMessage():
            record.msg = record.getMessage().replace(self.secret, "[redacted]")
            record.args = None
        if record.exc_info and not record.exc_text:
            # formatted once here, as the formatter would; the formatter then uses this text
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = record.exc_text.replace(self.secret, "[redacted]")
        if record.stack_info:
            record.stack_info = record.stack_info.replace(self.secret, "[redacted]")
        return True


class HiddenInformationFilter(logging.Filter):
    """Drops the records below INFO of the libraries that would write hidden game information."""

    def filter(self, record: logging.LogRecord) -> bool:
        if any(record.name == lib or record.name.startswith(lib + ".") for lib in QUIET_LIBRARIES):
            return record.levelno >= logging.WARNING
        if record.levelno >= logging.INFO:
            return True
        return not any(record.name == lib or record.name.startswith(lib + ".") for lib in VERBOSE_LIBRARIES)


def setup_logging(level: str = "INFO", *, secret: str = "") -> logging.Handler:
    """Configure the root logger; returns the handler so a caller can remove it again."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(HiddenInformationFilter())
    if secret:
        handler.addFilter(RedactFilter(secret))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    # not even built: their DEBUG records cost time and must never be written (discord.py's gateway
    # chatter is useful only when debugging the connection itself)
    for name in VERBOSE_LIBRARIES:
        logging.getLogger(name).setLevel(max(logging.getLevelName(level), logging.INFO))
    # Alembic tells each revision it runs at INFO: start-up stays quiet, as it was before Alembic
    logging.getLogger("alembic").setLevel(max(logging.getLevelName(level), logging.WARNING))
    for name in QUIET_LIBRARIES:
        logging.getLogger(name).setLevel(logging.WARNING)
    return handler
