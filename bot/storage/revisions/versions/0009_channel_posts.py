"""Alembic revision running migrations/0009_channel_posts.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    run_numbered(9)


def downgrade() -> None:
    downgrade_refused()
