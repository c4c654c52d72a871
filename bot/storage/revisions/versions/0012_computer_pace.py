"""Migration 0012 (computer pace), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0012"
down_revision = "0011"

SQLITE = [
    """\
-- How a game that no person plays (every seat a computer's) is told in its channel; the host chooses.
-- computer_posts: 'turn' posts at every change of turn, 'round' once per round (as many turn changes as
-- seats), 'end' only the results.
-- computer_pause: seconds the computers wait after each post, so watchers can follow (0: no wait).

ALTER TABLE games ADD COLUMN computer_posts TEXT NOT NULL DEFAULT 'round'
    CHECK (computer_posts IN ('turn', 'round', 'end'));""",
    """\
ALTER TABLE games ADD COLUMN computer_pause INTEGER NOT NULL DEFAULT 0
    CHECK (computer_pause BETWEEN 0 AND 3600);""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
