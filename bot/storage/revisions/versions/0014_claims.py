"""Alembic revision running migrations/0014_claims.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0014"
down_revision = "0013"


def upgrade() -> None:
    run_numbered(14)


def downgrade() -> None:
    downgrade_refused()
