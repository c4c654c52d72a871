"""Whether a damaged game's channel was told (``bot/services/damage.py``).

games.damage_told_at: when the line saying the game is paused as damaged was posted in its channel (or its
channel was found gone); NULL while it is owed. A game paused as damaged whose line is owed has it queued
again at every start, so a line lost with a process (killed between the pause and the post) is still said.
A game paused before this revision is taken as told: its line was queued in memory then."""

import sqlalchemy as sa
from alembic import op

from bot.storage.migrate import downgrade_refused

revision = "0023"
down_revision = "0022"


def upgrade() -> None:
    op.add_column("games", sa.Column("damage_told_at", sa.Text(), nullable=True))
    op.execute("UPDATE games SET damage_told_at = paused_at WHERE damaged IS NOT NULL")


def downgrade() -> None:
    downgrade_refused()
