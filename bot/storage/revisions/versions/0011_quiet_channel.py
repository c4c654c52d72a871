"""Migration 0011 (quiet channel), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0011"
down_revision = "0010"

SQLITE = [
    """\
-- A channel a person can read after a day away.
-- channel_style: 'quiet' keeps one live board per game, edited in place, and tells each change of turn in a
-- one-line ping that links to it; 'every-turn' posts a full turn message, board included, at every change.
-- auto_play: a person's step with exactly one legal move and nothing to decide is made for them at once.
-- Games opened before keep playing as they were; a new game is quiet, with auto-play (bot/services/lobby.py),
-- until its host chooses otherwise (/game channel).
ALTER TABLE games ADD COLUMN channel_style TEXT NOT NULL DEFAULT 'every-turn'
    CHECK (channel_style IN ('quiet', 'every-turn'));""",
    """\
ALTER TABLE games ADD COLUMN auto_play INTEGER NOT NULL DEFAULT 0 CHECK (auto_play IN (0, 1));""",
    """\
-- live_boards: the game's live board message. pictured_version is the move its picture shows (-1: none yet);
-- posts_since counts the bot's posts in the channel after it, to post a new board once it scrolled away.
CREATE TABLE live_boards (
    game_id          INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    message_id       INTEGER NOT NULL,
    pictured_version INTEGER NOT NULL,
    posts_since      INTEGER NOT NULL DEFAULT 0 CHECK (posts_since >= 0)
);""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
