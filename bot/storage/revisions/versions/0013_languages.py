"""Alembic revision running migrations/0013_languages.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0013"
down_revision = "0012"


def upgrade() -> None:
    run_numbered(13)


def downgrade() -> None:
    downgrade_refused()
