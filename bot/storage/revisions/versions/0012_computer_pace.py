"""Alembic revision running migrations/0012_computer_pace.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    run_numbered(12)


def downgrade() -> None:
    downgrade_refused()
