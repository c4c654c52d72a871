"""Migration 0007 (next due), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0007"
down_revision = "0006"

# What each trigger on user_settings runs (SQLite's two, PostgreSQL's function): the active games the
# player sits in become stale.
THEIR_GAMES_DUE_MOVED = """\
    UPDATE games SET due_stale = 1
    WHERE due_stale = 0 AND status = 'active'
        AND id IN (SELECT game_id FROM seats WHERE user_id = NEW.user_id);"""

SQLITE = [
    """\
-- When each game next needs the reminder loop (a reminder, a deadline, a computer seat to move), so a
-- round finds its work with one indexed query instead of reading every active game.
-- next_due_at is computed by the service's policy code; due_stale = 1 says it must be computed again.
-- The triggers below mark a game stale on every change that can move its next-due time, whoever makes
-- it, so no writer has to remember; the loop recomputes the stale games in batches before each round.
-- Existing games start stale: their times are computed by the first round after the upgrade.

ALTER TABLE games ADD COLUMN next_due_at TEXT;""",
    """\
ALTER TABLE games ADD COLUMN due_stale INTEGER NOT NULL DEFAULT 1 CHECK (due_stale IN (0, 1));""",
    """\
CREATE INDEX games_by_next_due ON games (next_due_at) WHERE status = 'active';""",
    """\
CREATE INDEX games_due_stale ON games (id) WHERE due_stale = 1;""",
    """\
CREATE TRIGGER games_due_moved AFTER UPDATE OF
    status, to_act, turn_started_at, reminder_minutes, deadline_minutes, deadline_action ON games
    WHEN NEW.due_stale = 0
BEGIN
    UPDATE games SET due_stale = 1 WHERE id = NEW.id;
END;""",
    """\
CREATE TRIGGER seats_due_moved_on_update AFTER UPDATE ON seats
BEGIN
    UPDATE games SET due_stale = 1 WHERE id IN (OLD.game_id, NEW.game_id) AND due_stale = 0;
END;""",
    """\
CREATE TRIGGER seats_due_moved_on_insert AFTER INSERT ON seats
BEGIN
    UPDATE games SET due_stale = 1 WHERE id = NEW.game_id AND due_stale = 0;
END;""",
    """\
CREATE TRIGGER seats_due_moved_on_delete AFTER DELETE ON seats
BEGIN
    UPDATE games SET due_stale = 1 WHERE id = OLD.game_id AND due_stale = 0;
END;""",
    f"""\
-- a player's own reminder interval or global mute moves the times of every game they sit in
CREATE TRIGGER user_settings_due_moved_on_insert AFTER INSERT ON user_settings
BEGIN
{THEIR_GAMES_DUE_MOVED}
END;""",
    f"""\
CREATE TRIGGER user_settings_due_moved_on_update AFTER UPDATE ON user_settings
BEGIN
{THEIR_GAMES_DUE_MOVED}
END;""",
]

POSTGRESQL = [
    *postgresql_of(SQLITE[:4]),
    # written for PostgreSQL: its triggers run functions
    """\
-- (PostgreSQL: the games' own changes mark the row before it is written; the others update it after)
CREATE FUNCTION games_due_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.due_stale := 1;
    RETURN NEW;
END;
$$;""",
    """\
CREATE TRIGGER games_due_moved BEFORE UPDATE OF
    status, to_act, turn_started_at, reminder_minutes, deadline_minutes, deadline_action ON games
    FOR EACH ROW WHEN (NEW.due_stale = 0) EXECUTE FUNCTION games_due_moved();""",
    """\
CREATE FUNCTION seats_due_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE games SET due_stale = 1 WHERE id = OLD.game_id AND due_stale = 0;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        UPDATE games SET due_stale = 1 WHERE id = NEW.game_id AND due_stale = 0;
    END IF;
    RETURN NULL;
END;
$$;""",
    """\
CREATE TRIGGER seats_due_moved AFTER INSERT OR UPDATE OR DELETE ON seats
    FOR EACH ROW EXECUTE FUNCTION seats_due_moved();""",
    f"""\
-- a player's own reminder interval or global mute moves the times of every game they sit in
CREATE FUNCTION user_settings_due_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
{THEIR_GAMES_DUE_MOVED}
    RETURN NULL;
END;
$$;""",
    """\
CREATE TRIGGER user_settings_due_moved AFTER INSERT OR UPDATE ON user_settings
    FOR EACH ROW EXECUTE FUNCTION user_settings_due_moved();""",
]

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
