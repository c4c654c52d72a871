"""Alembic revision running migrations/0001_games.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0001"
down_revision = None


def upgrade() -> None:
    run_numbered(1)


def downgrade() -> None:
    downgrade_refused()
