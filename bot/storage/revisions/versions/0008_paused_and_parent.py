"""Alembic revision running migrations/0008_paused_and_parent.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    run_numbered(8)


def downgrade() -> None:
    downgrade_refused()
