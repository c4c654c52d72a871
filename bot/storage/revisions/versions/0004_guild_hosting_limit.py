"""Migration 0004 (guild hosting limit), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0004"
down_revision = "0003"

SQLITE = [
    """\
-- A server's own limit on the open games one member may host there; NULL falls back to the bot's
-- MAX_GAMES_PER_USER setting.

ALTER TABLE guild_settings ADD COLUMN max_games_per_user INTEGER
    CHECK (max_games_per_user IS NULL OR max_games_per_user > 0);""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
