"""State checksums and damaged games.

snapshots.checksum: the SHA-256 (hex) of a snapshot's stored state text, written with it, so a state damaged
on disk is found (at start-up and when read) and rebuilt by replaying the seed and the moves; NULL for a
snapshot written before checksums, which the next move of its game rewrites.
games.damaged: why a game was paused because its rows are damaged and its move log cannot rebuild them (set
together with paused_at; a paused game stays so until the database is restored from a backup)."""

import sqlalchemy as sa
from alembic import op

from bot.storage.migrate import downgrade_refused

revision = "0018"
down_revision = "0017"


def upgrade() -> None:
    op.add_column("snapshots", sa.Column("checksum", sa.Text(), nullable=True))
    op.add_column("games", sa.Column("damaged", sa.Text(), nullable=True))


def downgrade() -> None:
    downgrade_refused()
