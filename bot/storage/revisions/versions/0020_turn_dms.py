"""Turn DMs remembered per decision.

turn_dms: the person last sent a direct message that their seat's turn has come, and after which move; as
turn_pings does for the channel's pings: the same seat and person is the same decision while that seat has
made no move since, so a seat change, a restart or a post told again does not send the message twice.
"""

from bot.storage.migrate import create_told_turns, downgrade_refused

revision = "0020"
down_revision = "0019"


def upgrade() -> None:
    create_told_turns("turn_dms")


def downgrade() -> None:
    downgrade_refused()
