"""Alembic revision running migrations/0003_revisions.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    run_numbered(3)


def downgrade() -> None:
    downgrade_refused()
