"""Migration 0014 (claims), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0014"
down_revision = "0013"

SQLITE = [
    """\
-- Which bot process is doing a game's due work (a reminder, a deadline, computer seats left waiting), and
-- until when: several processes sharing one database each take the games no other holds, and a process
-- that dies holding some leaves them to the others once its claim has run out. Times as elsewhere.

ALTER TABLE games ADD COLUMN claimed_by TEXT;""",
    """\
ALTER TABLE games ADD COLUMN claimed_until TEXT;""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
