"""Alembic revision running migrations/0018_placeholder.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0018"
down_revision = "0017"


def upgrade() -> None:
    run_numbered(18)


def downgrade() -> None:
    downgrade_refused()
