"""A time bank per seat and holidays (``bot/services/timebank.py``).

games.bank_minutes: each seat's bank at the start (NULL: no bank, the fixed deadline if any);
games.bank_increment_minutes: what a finished wait adds; games.holiday_days: the holiday each seat may take.
seats.bank_seconds: the seat's bank when its clock last started (NULL: the full bank); seats.bank_warned:
how many of the bank's warnings this decision has had; seats.holiday_until: its bank stands still until
then; seats.holiday_used: seconds of holiday taken."""

import sqlalchemy as sa
from alembic import op

from bot.storage.migrate import downgrade_refused

revision = "0022"
down_revision = "0021"


def upgrade() -> None:
    op.add_column("games", sa.Column("bank_minutes", sa.Integer(), nullable=True))
    op.add_column(
        "games",
        sa.Column("bank_increment_minutes", sa.Integer(), nullable=False, server_default=sa.text("0")),
    )
    op.add_column(
        "games", sa.Column("holiday_days", sa.Integer(), nullable=False, server_default=sa.text("0"))
    )
    op.add_column("seats", sa.Column("bank_seconds", sa.Integer(), nullable=True))
    op.add_column(
        "seats", sa.Column("bank_warned", sa.Integer(), nullable=False, server_default=sa.text("0"))
    )
    op.add_column("seats", sa.Column("holiday_until", sa.Text(), nullable=True))
    op.add_column(
        "seats", sa.Column("holiday_used", sa.Integer(), nullable=False, server_default=sa.text("0"))
    )


def downgrade() -> None:
    downgrade_refused()
