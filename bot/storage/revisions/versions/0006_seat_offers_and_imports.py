"""Alembic revision running migrations/0006_seat_offers_and_imports.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    run_numbered(6)


def downgrade() -> None:
    downgrade_refused()
