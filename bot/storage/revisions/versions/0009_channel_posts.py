"""Migration 0009 (channel posts), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0009"
down_revision = "0008"

SQLITE = [
    """\
-- How a game's channel hears of it.
-- pictures: 'every-turn' puts the board in every turn message; 'on-request' leaves it to /board.
-- progress_posts: the one message that tells, during a simultaneous choice, who has chosen; it is edited
-- as more choose, so a restart does not post a second one. after_version is the game's announced
-- version when it was posted: once a turn message has told the moves since, the next choice gets a new one.

ALTER TABLE games ADD COLUMN pictures TEXT NOT NULL DEFAULT 'every-turn'
    CHECK (pictures IN ('every-turn', 'on-request'));""",
    """\
CREATE TABLE progress_posts (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    message_id    INTEGER NOT NULL,
    after_version INTEGER NOT NULL
);""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
