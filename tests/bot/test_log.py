"""Logging never prints the token, whichever logger emits it, nor hidden game information at any level."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from bot.log import VERBOSE_LIBRARIES, RedactFilter, setup_logging
from bot.services import GameService
from rules.core.events import hidden_move, is_public
from tests.support.fixtures import clock, db, db_kind, db_path, db_where, moves_since

__all__ = ["clock", "db", "db_kind", "db_path", "db_where"]


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


def test_the_token_is_redacted_in_tracebacks_and_stacks() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(message)s"))
    handler.addFilter(RedactFilter("s3cr3t.token"))
    logger = logging.getLogger("test.redact.traceback")
    logger.addHandler(handler)
    try:
        try:
            raise RuntimeError("login with s3cr3t.token refused")
        except RuntimeError:
            logger.exception("could not log in")
        record = logger.makeRecord(logger.name, logging.ERROR, __file__, 1, "stack follows", None, None)
        record.stack_info = "Stack (most recent call last):\n  connect(token='s3cr3t.token')"
        logger.handle(record)
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert "RuntimeError: login with [redacted] refused" in text and "connect(token='[redacted]')" in text
    assert "s3cr3t.token" not in text


@pytest.fixture
def debug_logging(capsys: pytest.CaptureFixture[str]) -> Iterator[pytest.CaptureFixture[str]]:
    """setup_logging at DEBUG, writing to the captured stderr; everything put back afterwards."""
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("", *VERBOSE_LIBRARIES)}
    handler = setup_logging("DEBUG", secret="tok")
    yield capsys
    root.removeHandler(handler)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


@pytest.fixture
def debug_text() -> Iterator[io.StringIO]:
    """setup_logging at DEBUG, its handler writing into the returned buffer; everything put back after."""
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("", *VERBOSE_LIBRARIES)}
    handler = setup_logging("DEBUG", secret="tok")
    written = io.StringIO()
    handler.stream = written  # type: ignore[attr-defined]
    yield written
    root.removeHandler(handler)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


async def test_debug_logging_writes_no_hidden_card(db, clock, debug_logging) -> None:
    """Twelve moves of Great Western Trail logged at DEBUG: no hand, no deck, no random state in the log."""
    service = GameService(db, clock, new_seed=lambda: 7)
    await service.create_game(1, 500, 11, "Ann", "gwt", seat_order="join")
    await service.join(500, 12, "Bob")
    await service.start(500, 11)
    hands = []
    for _ in range(12):
        info = await service.get_game(500)
        user = info.seats[info.to_act[0]].user_id
        assert user is not None
        hands.append(json.dumps((await service.view_for(500, user))[1]["hand"]))
        await service.submit(500, user, (await service.legal_moves(500, user))[0][0])
    logging.getLogger("discord.http").debug("a library record below INFO is never written")
    logging.getLogger("sqlalchemy.engine.Engine").info("SQLAlchemy's statements are never written")
    logging.getLogger("aiosqlite").info("aiosqlite's calls are never written")
    logging.getLogger("asyncpg.pool").info("asyncpg's are never written")
    log = debug_logging.readouterr().err
    assert not any(hand in log for hand in hands)
    assert '"rng"' not in log and '"deck"' not in log and "never written" not in log


@pytest.mark.parametrize("game_id", ["gwt", "santafe"])
async def test_debug_logging_names_no_private_move_or_choice(db, clock, debug_text, game_id) -> None:
    """People and a computer play at DEBUG: no line names a move whose text is private (a card chosen in
    secret, cards exchanged unseen), nor a private event's text; the computer's line gives the stand-in."""
    service = GameService(db, clock, new_seed=lambda: 7, think_seconds=0.05)
    try:
        await service.create_game(1, 500, 11, "Ann", game_id, seat_order="join")
        await service.join(500, 12, "Bob")
        await service.add_ai(500, 11, level=0)
        await service.start(500, 11)
        secrets: set[str] = set()
        hidden = {"player": 0, "ai": 0}
        for _ in range(80):
            await service.runner.idle()  # the computer moves in the background
            info = await service.get_game(500)
            if info.status != "active" or (hidden["player"] > 3 and hidden["ai"] > 3):
                break
            user = info.seats[info.to_act[0]].user_id
            assert user is not None
            before = info.version
            await service.submit(500, user, (await service.legal_moves(500, user))[-1][0])
            for played in await moves_since(service, before, 500):
                secrets |= {ev["text"] for ev in played.events if not is_public(ev)}
                if hidden_move(list(played.events)) is not None:
                    secrets.add(played.move)
                    hidden[played.actor] += 1
    finally:
        await service.close()
    log = debug_text.getvalue()
    assert not [secret for secret in secrets if secret in log]
    assert "level 0 chose" in log  # the computer's moves are logged, by their public text
    if game_id == "santafe":
        assert hidden["player"] and hidden["ai"] and "chose 'a hidden card'" in log
