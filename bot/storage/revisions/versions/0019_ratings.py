"""Ratings: openskill's Plackett–Luce model over finished games (bot/ratings.py), kept so that they can be
recomputed from ``results`` at any time (``python -m bot recompute-ratings``): these tables only cache it.

ratings: each player's current rating in one game (rules_id) in one server (guild_id), or across servers
(guild_id 0: no Discord id is 0). player: "user:<id>" for a person, "computer:<level>" for a computer level
(its own ladder). mu and sigma: the model's estimate and its uncertainty; games: games rated.
rating_history: one row per player and game rated: the rating before and after that game.
rated_games: the finished games already rated (in the order rated, with when each finished), so none is
rated twice and one missed (a process stopped between the result and its rating) is rated next."""

import sqlalchemy as sa
from alembic import op

from bot.storage.migrate import BIG_INT, downgrade_refused

revision = "0019"
down_revision = "0018"


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("guild_id", BIG_INT, primary_key=True, nullable=True),
        sa.Column("rules_id", sa.Text(), primary_key=True, nullable=True),
        sa.Column("player", sa.Text(), primary_key=True, nullable=True),
        sa.Column("user_id", BIG_INT, nullable=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", BIG_INT, nullable=False),
        sa.Column("updated_at", sa.Text(), nullable=False),
    )
    op.create_index("ratings_by_user", "ratings", ["user_id"])
    op.create_table(
        "rating_history",
        sa.Column(
            "game_id", BIG_INT, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, nullable=True
        ),
        sa.Column("guild_id", BIG_INT, primary_key=True, nullable=True),
        sa.Column("player", sa.Text(), primary_key=True, nullable=True),
        sa.Column("rules_id", sa.Text(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("finished_at", sa.Text(), nullable=False),
    )
    op.create_index("rating_history_by_player", "rating_history", ["guild_id", "rules_id", "player"])
    op.create_table(
        "rated_games",
        sa.Column(
            "game_id", BIG_INT, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, nullable=True
        ),
        sa.Column("position", BIG_INT, nullable=False),
        sa.Column("finished_at", sa.Text(), nullable=False),
    )
    op.create_index("rated_games_in_order", "rated_games", ["position"])
    # the games finished lately, which the next rating looks through for any not rated yet
    op.create_index("results_by_finish", "results", ["finished_at"])


def downgrade() -> None:
    downgrade_refused()
