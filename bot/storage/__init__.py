"""The only place SQL lives: SQLite (Python's sqlite3) or PostgreSQL (asyncpg), through SQLAlchemy Core.

``open_database(path)`` opens the file in WAL mode with foreign keys on and applies the numbered
migrations in ``migrations/`` through Alembic (``revisions/``; see ``migrate``); ``integrity.check_file`` runs
SQLite's damage checks on a file. ``migrate_file`` and ``backup_file``
are what ``python -m bot migrate`` and ``python -m bot backup PATH`` call. The modules ``games``,
``results`` and ``preferences`` hold the queries; each takes the connection of the caller's transaction.
"""

from bot.storage.db import Database, open_database
from bot.storage.migrate import LATEST, MigrationError, backup_file, migrate_file

__all__ = ["LATEST", "Database", "MigrationError", "backup_file", "migrate_file", "open_database"]
