"""Migration 0001 (games), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0001"
down_revision = None

SQLITE = [
    """\
-- Games, their seats, the append-only move log and the cached state snapshot.
-- Times are ISO 8601 strings in UTC; JSON columns hold text.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    host_id          INTEGER NOT NULL,
    rules_id         TEXT    NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    max_players      INTEGER,
    seat_order       TEXT    NOT NULL DEFAULT 'random' CHECK (seat_order IN ('random', 'join')),
    to_act           TEXT    NOT NULL DEFAULT '[]',
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    turn_started_at  TEXT,
    reminder_minutes INTEGER CHECK (reminder_minutes IS NULL OR reminder_minutes > 0),
    deadline_minutes INTEGER CHECK (deadline_minutes IS NULL OR deadline_minutes > 0),
    deadline_action  TEXT    NOT NULL DEFAULT 'skip' CHECK (deadline_action IN ('skip', 'ai', 'vote'))
);""",
    """\
-- At most one open (lobby or active) game per channel or thread.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');""",
    """\
CREATE INDEX games_by_status ON games (status);""",
    """\
CREATE INDEX games_by_channel ON games (channel_id, id);""",
    """\
CREATE TABLE seats (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    user_id       INTEGER,
    name          TEXT    NOT NULL,
    is_ai         INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
    ai_level      INTEGER,
    state         TEXT    NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'away', 'replaced', 'resigned')),
    joined_at     TEXT    NOT NULL,
    -- when this seat last became one that must act; NULL while it need not act
    waiting_since TEXT,
    PRIMARY KEY (game_id, seat)
);""",
    """\
CREATE INDEX seats_by_user ON seats (user_id);""",
    """\
CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version   INTEGER NOT NULL CHECK (version >= 1),
    seat      INTEGER NOT NULL,
    user_id   INTEGER,
    move      TEXT    NOT NULL,
    events    TEXT    NOT NULL DEFAULT '[]',
    -- who made the move: the seat's player, its computer player, or the deadline rule
    actor     TEXT    NOT NULL DEFAULT 'player' CHECK (actor IN ('player', 'ai', 'deadline', 'admin')),
    played_at TEXT    NOT NULL,
    UNIQUE (game_id, version)
);""",
    """\
-- The log is the truth: rows are never rewritten (undo deletes the last rows and records them below).
CREATE TRIGGER moves_are_append_only BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;""",
    """\
CREATE TABLE undone_moves (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version   INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,
    move      TEXT    NOT NULL,
    played_at TEXT    NOT NULL,
    undone_at TEXT    NOT NULL,
    undone_by INTEGER,
    reason    TEXT    NOT NULL CHECK (reason IN ('undo', 'restore'))
);""",
    """\
-- A cache of the state after `version` moves; always rebuildable by replaying the seed and the moves.
CREATE TABLE snapshots (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    state   TEXT    NOT NULL
);""",
]

POSTGRESQL = [
    *postgresql_of(SQLITE[:7]),
    # written for PostgreSQL: its triggers run functions
    """\
-- The log is the truth: rows are never rewritten (undo deletes the last rows and records them below).
CREATE FUNCTION moves_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'moves are append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;""",
    """\
CREATE TRIGGER moves_are_append_only BEFORE UPDATE ON moves
    FOR EACH ROW EXECUTE FUNCTION moves_are_append_only();""",
    *postgresql_of(SQLITE[8:]),
]

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
