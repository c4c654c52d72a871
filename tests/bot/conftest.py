"""What every test of the bot shares."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest

from bot.ui import pictures


@pytest.fixture(autouse=True)
def _picture_workers_end_with_the_test() -> Iterator[None]:
    """A test that drew pictures without a bot (whose close ends them) ends the drawing workers itself,
    so that no later test finds worker processes it did not start."""
    yield
    if pictures.drawers().running:
        asyncio.run(pictures.close())


@pytest.fixture(autouse=True)
def _restore_logging() -> Iterator[None]:
    """``python -m bot``'s entry point, called by a test, sets up logging for the process: its handler and
    level go with the test, or later tests' records would go to a stream pytest has closed."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
