"""Alembic revision running migrations/0004_guild_hosting_limit.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    run_numbered(4)


def downgrade() -> None:
    downgrade_refused()
