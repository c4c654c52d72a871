"""Migration 0008 (paused and parent), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0008"
down_revision = "0007"

SQLITE = [
    """\
-- paused_at: when the bot left the game's server (removed or kicked, not an outage); while set, no
-- reminders, deadlines or computer moves happen, and the turn clocks restart from where they stopped
-- once the bot is back. A column rather than a status: a paused game stays open (it holds its channel
-- and is listed as the players' game), and the status CHECK could only change by rebuilding the table.
-- parent_id: the channel a thread game's thread belongs to. Deleting a channel deletes its threads,
-- but Discord sends no THREAD_DELETE for threads the bot does not hold in memory (archived ones).

ALTER TABLE games ADD COLUMN paused_at TEXT;""",
    """\
ALTER TABLE games ADD COLUMN parent_id INTEGER;""",
    """\
CREATE INDEX games_by_parent ON games (parent_id) WHERE parent_id IS NOT NULL;""",
    """\
-- pausing or resuming moves the game's next-due time (nothing is due while paused)
CREATE TRIGGER games_due_moved_on_pause AFTER UPDATE OF paused_at ON games
    WHEN NEW.due_stale = 0
BEGIN
    UPDATE games SET due_stale = 1 WHERE id = NEW.id;
END;""",
]

POSTGRESQL = [
    *postgresql_of(SQLITE[:3]),
    # written for PostgreSQL: its triggers run functions
    """\
-- pausing or resuming moves the game's next-due time (nothing is due while paused)
CREATE TRIGGER games_due_moved_on_pause BEFORE UPDATE OF paused_at ON games
    FOR EACH ROW WHEN (NEW.due_stale = 0) EXECUTE FUNCTION games_due_moved();""",
]

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
