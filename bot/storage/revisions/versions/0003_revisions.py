"""Migration 0003 (revisions), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0003"
down_revision = "0002"

SQLITE = [
    """\
-- A counter bumped by every change of a game's position (a move, an undo, a restore). Undo brings the
-- version (the number of moves) back to an earlier value, so the version alone cannot tell whether a
-- cached or snapshotted state is still the current one; the version and the revision together can.

ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;""",
    """\
ALTER TABLE snapshots ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
