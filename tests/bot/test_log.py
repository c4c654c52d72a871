"""Logging never prints the token, whichever logger emits it."""

from __future__ import annotations

import io
import logging

from bot.log import RedactFilter, setup_logging


def test_token_is_redacted_in_every_record() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactFilter("s3cr3t.token"))
    logger = logging.getLogger("test.redact")
    logger.addHandler(handler)
    logger.warning("connecting with %s now", "s3cr3t.token")
    logger.warning("plain s3cr3t.token text")
    logger.removeHandler(handler)
    assert "s3cr3t.token" not in stream.getvalue()
    assert stream.getvalue().count("[redacted]") == 2


def test_setup_installs_the_filter_on_the_root_handler() -> None:
    handler = setup_logging("WARNING", secret="tok")
    try:
        assert any(isinstance(f, RedactFilter) for f in handler.filters)
        assert logging.getLogger().level == logging.WARNING
    finally:
        logging.getLogger().removeHandler(handler)
