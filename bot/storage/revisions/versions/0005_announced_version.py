"""Migration 0005 (announced version), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0005"
down_revision = "0004"

SQLITE = [
    """\
-- How far the game's public summaries have gone: the moves after this version have not been told to
-- the channel yet. Kept with the game so a restart in the middle of a long turn loses none of them.
-- Games already running count as told up to their current move.

ALTER TABLE games ADD COLUMN announced_version INTEGER NOT NULL DEFAULT 0 CHECK (announced_version >= 0);""",
    """\
UPDATE games SET announced_version = version;""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
