"""Logging for the bot: one readable line per record on stderr, and the token never printed."""

from __future__ import annotations

import logging
import sys

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


class RedactFilter(logging.Filter):
    """Replaces a secret in every record by ``[redacted]``, whatever logger or library emits it."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if self.secret and self.secret in record.getMessage():
            record.msg = record.getMessage().replace(self.secret, "[redacted]")
            record.args = None
        return True


def setup_logging(level: str = "INFO", *, secret: str = "") -> logging.Handler:
    """Configure the root logger; returns the handler so a caller can remove it again."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    if secret:
        handler.addFilter(RedactFilter(secret))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    # discord.py's gateway chatter is useful only when debugging the connection itself.
    logging.getLogger("discord").setLevel(max(logging.getLevelName(level), logging.INFO))
    return handler
