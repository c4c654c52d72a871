"""Alembic revision running migrations/0007_next_due.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    run_numbered(7)


def downgrade() -> None:
    downgrade_refused()
