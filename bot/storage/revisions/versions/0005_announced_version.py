"""Alembic revision running migrations/0005_announced_version.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    run_numbered(5)


def downgrade() -> None:
    downgrade_refused()
