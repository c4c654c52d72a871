"""Alembic revision running migrations/0016_lobby_messages.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0016"
down_revision = "0015"


def upgrade() -> None:
    run_numbered(16)


def downgrade() -> None:
    downgrade_refused()
