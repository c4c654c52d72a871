"""Turn DMs remembered per decision.

turn_dms: the person last sent a direct message that their seat's turn has come, and after which move; as
turn_pings does for the channel's pings: the same seat and person is the same decision while that seat has
made no move since, so a seat change, a restart or a post told again does not send the message twice.
"""

import sqlalchemy as sa
from alembic import op

from bot.storage.migrate import BIG_INT, downgrade_refused

revision = "0020"
down_revision = "0019"


def upgrade() -> None:
    op.create_table(
        "turn_dms",
        sa.Column("game_id", BIG_INT, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", BIG_INT, nullable=False),
        sa.Column("user_id", BIG_INT, nullable=False),
        sa.Column("version", BIG_INT, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )


def downgrade() -> None:
    downgrade_refused()
