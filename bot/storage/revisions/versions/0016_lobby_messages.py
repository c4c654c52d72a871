"""lobby_messages: the one message that shows a game's lobby (its table and the Join button), edited in
place as people join and leave, and told when the game starts or is called off; posted again only when it
was deleted."""

import sqlalchemy as sa
from alembic import op

from bot.storage.migrate import BIG_INT, downgrade_refused

revision = "0016"
down_revision = "0015"


def upgrade() -> None:
    op.create_table(
        "lobby_messages",
        # no NOT NULL, as first written: on SQLite an INTEGER primary key is the row id, never NULL anyway
        sa.Column(
            "game_id",
            BIG_INT,
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
            nullable=True,
            autoincrement=False,
        ),
        sa.Column("message_id", BIG_INT, nullable=False),
    )


def downgrade() -> None:
    downgrade_refused()
