"""Alembic revision running migrations/0017_placeholder.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0017"
down_revision = "0016"


def upgrade() -> None:
    run_numbered(17)


def downgrade() -> None:
    downgrade_refused()
