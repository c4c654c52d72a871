"""Alembic revision running migrations/0010_result_places.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    run_numbered(10)


def downgrade() -> None:
    downgrade_refused()
