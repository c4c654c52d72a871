"""Move checksums.

moves.checksum: the SHA-256 (hex) of what replaying a move reads (its game, number, seat and move text),
written with the move, so a move row damaged on disk is found where the log is replayed to rebuild a
damaged state, and the game is paused rather than rebuilt wrongly; NULL for a move written before
checksums, which is taken as it is."""

import sqlalchemy as sa
from alembic import op

from bot.storage.migrate import downgrade_refused

revision = "0021"
down_revision = "0020"


def upgrade() -> None:
    op.add_column("moves", sa.Column("checksum", sa.Text(), nullable=True))


def downgrade() -> None:
    downgrade_refused()
