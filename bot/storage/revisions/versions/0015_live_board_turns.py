"""What the live board shows, so that it never shows a false position nor loses a move's line, and whom a
turn's ping went to.

live_boards.pictured_for: who acted (seat:user, or seat:ai for a computer) when its picture was drawn: a
change of who acts draws it again; lines_after: its words list every move after this one (-1: those not
yet told); person_at: the move after which it last showed a person to act (-1: none), where the next run
of lines begins. A move taken back or a restored position forgets what came after it.

turn_pings: the person last pinged for each seat's turn, and after which move. A ping for the same seat
and person is the same decision while that seat has made no move since: seat changes, a restart or a
reposted board do not ping them again.
"""

import sqlalchemy as sa
from alembic import op

from bot.storage.migrate import BIG_INT, create_told_turns, downgrade_refused

revision = "0015"
down_revision = "0014"


def upgrade() -> None:
    op.add_column("live_boards", sa.Column("pictured_for", sa.Text(), nullable=False, server_default=""))
    for name in ("lines_after", "person_at"):
        op.add_column("live_boards", sa.Column(name, BIG_INT, nullable=False, server_default=sa.text("-1")))
    create_told_turns("turn_pings")


def downgrade() -> None:
    downgrade_refused()
