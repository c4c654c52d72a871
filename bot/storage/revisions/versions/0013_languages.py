"""Migration 0013 (languages), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0013"
down_revision = "0012"

SQLITE = [
    """\
-- Who reads which language.
-- games.language: the catalog the game's public posts are written in (the server's language when opened).
-- user_languages: per person, the language their Discord client last used with the bot (last_used) and
-- the one they chose with /notify language (chosen; NULL: follow last_used). Direct messages and
-- reminders read chosen, else last_used, else English. A table of its own, so that noting a person's
-- language never touches user_settings (whose changes mark their games' reminders for recomputing).

ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';""",
    """\
CREATE TABLE user_languages (
    user_id   INTEGER PRIMARY KEY,
    last_used TEXT,
    chosen    TEXT
);""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
