"""Alembic revision running migrations/0019_state_checksums.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0019"
down_revision = "0018"


def upgrade() -> None:
    run_numbered(19)


def downgrade() -> None:
    downgrade_refused()
