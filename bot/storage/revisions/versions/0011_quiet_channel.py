"""Alembic revision running migrations/0011_quiet_channel.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    run_numbered(11)


def downgrade() -> None:
    downgrade_refused()
