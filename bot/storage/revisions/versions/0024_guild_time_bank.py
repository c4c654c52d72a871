"""A server's default time bank for new games (``/admin defaults``, ``bot/services/timebank.py``).

guild_settings.bank_minutes: each seat's bank in a game opened here without a time bank or deadline chosen
(NULL: no default bank, the server's default deadline if any); guild_settings.bank_increment_minutes: what
a finished wait adds; guild_settings.holiday_days: the holiday each seat may take. A server's row from
before this revision has no default bank."""

import sqlalchemy as sa
from alembic import op

from bot.storage.migrate import downgrade_refused

revision = "0024"
down_revision = "0023"


def upgrade() -> None:
    op.add_column("guild_settings", sa.Column("bank_minutes", sa.Integer(), nullable=True))
    op.add_column(
        "guild_settings",
        sa.Column("bank_increment_minutes", sa.Integer(), nullable=False, server_default=sa.text("0")),
    )
    op.add_column(
        "guild_settings", sa.Column("holiday_days", sa.Integer(), nullable=False, server_default=sa.text("0"))
    )


def downgrade() -> None:
    downgrade_refused()
