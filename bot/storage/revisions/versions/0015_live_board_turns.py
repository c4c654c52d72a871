"""Alembic revision running migrations/0015_live_board_turns.sql."""

from bot.storage.migrate import downgrade_refused, run_numbered

revision = "0015"
down_revision = "0014"


def upgrade() -> None:
    run_numbered(15)


def downgrade() -> None:
    downgrade_refused()
