"""Alembic revision running migrations/0002_results_settings_reminders.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    run_numbered(2)


def downgrade() -> None:
    downgrade_refused()
