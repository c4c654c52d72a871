"""The only place SQL lives: SQLite (aiosqlite) or PostgreSQL (asyncpg), each driver used directly, the SQL
written once and compiled for each by SQLAlchemy Core (``sql``, ``drivers``; docs/storage.md).

``open_database(where)`` opens a SQLite file (WAL mode, foreign keys on) or a PostgreSQL database and applies
the numbered migrations, Alembic revisions in ``revisions/versions/`` (see ``migrate`` and
``revisions/README.md``); ``integrity.check_file`` runs SQLite's damage checks on a file.
``migrate_file``, ``backup_file`` and ``copy.copy_database`` are what ``python -m bot migrate``, ``backup
PATH`` and ``copy-database FROM TO`` call. The modules ``games``, ``results``, ``preferences``, ``due`` and
``shares`` (the processes' parts of Discord's global limit) hold the queries, run through ``sql``; each
is a named operation over the connection of the caller's transaction or reading block, every statement
awaited and its error raised where it happens.
"""

from bot.storage.db import Database, open_database
from bot.storage.migrate import LATEST, MigrationError, backup_file, migrate_file

__all__ = ["LATEST", "Database", "MigrationError", "backup_file", "migrate_file", "open_database"]
