"""request_shares: the bot processes sharing one token, each with its part of Discord's global limit on
requests a second (bot/pacing.py). A process renews its row every few seconds and deletes it when it stops
cleanly; a row not renewed for a short lease is a dead process's, and its part goes back to the others.
holder: the process, as its claims on games' due work name it. budget: the most requests it may have begun
in any one window, now or until its next renewal. seen_at: its last renewal (times as elsewhere)."""

import sqlalchemy as sa
from alembic import op

from bot.storage.migrate import BIG_INT, downgrade_refused

revision = "0017"
down_revision = "0016"


def upgrade() -> None:
    op.create_table(
        "request_shares",
        # no NOT NULL, as first written (a primary key is NOT NULL on PostgreSQL anyway)
        sa.Column("holder", sa.Text(), primary_key=True, nullable=True),
        sa.Column("budget", BIG_INT, sa.CheckConstraint("budget >= 0"), nullable=False),
        sa.Column("seen_at", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    downgrade_refused()
