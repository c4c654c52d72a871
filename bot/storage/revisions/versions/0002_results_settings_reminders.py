"""Migration 0002 (results settings reminders), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0002"
down_revision = "0001"

SQLITE = [
    """\
-- Statistics, per-guild and per-user settings, and the bookkeeping reminders and deadline votes need.

ALTER TABLE seats ADD COLUMN last_reminded_at TEXT;""",
    """\
-- muted: no reminders for this seat in this game; muted_turn: no reminders while waiting_since equals it
ALTER TABLE seats ADD COLUMN muted INTEGER NOT NULL DEFAULT 0 CHECK (muted IN (0, 1));""",
    """\
ALTER TABLE seats ADD COLUMN muted_turn TEXT;""",
    """\
-- set once the deadline passed and the other players were asked to vote on removing this seat's player
ALTER TABLE seats ADD COLUMN vote_opened_at TEXT;""",
    """\
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER,
    rules_id    TEXT    NOT NULL,
    user_id     INTEGER,
    name        TEXT    NOT NULL,
    is_ai       INTEGER NOT NULL CHECK (is_ai IN (0, 1)),
    resigned    INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1)),
    score       INTEGER NOT NULL,
    rank        INTEGER NOT NULL,
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    players     INTEGER NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);""",
    """\
CREATE INDEX results_by_guild ON results (guild_id, rules_id);""",
    """\
CREATE INDEX results_by_user ON results (user_id, finished_at);""",
    """\
CREATE TABLE guild_settings (
    guild_id         INTEGER PRIMARY KEY,
    reminder_minutes INTEGER CHECK (reminder_minutes IS NULL OR reminder_minutes > 0),
    deadline_minutes INTEGER CHECK (deadline_minutes IS NULL OR deadline_minutes > 0),
    deadline_action  TEXT CHECK (deadline_action IS NULL OR deadline_action IN ('skip', 'ai', 'vote'))
);""",
    """\
CREATE TABLE user_settings (
    user_id          INTEGER PRIMARY KEY,
    dms              INTEGER NOT NULL DEFAULT 1 CHECK (dms IN (0, 1)),
    reminder_minutes INTEGER CHECK (reminder_minutes IS NULL OR reminder_minutes > 0),
    muted            INTEGER NOT NULL DEFAULT 0 CHECK (muted IN (0, 1))
);""",
    """\
CREATE TABLE kick_votes (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    voter_id INTEGER NOT NULL,
    voted_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat, voter_id)
);""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
