"""Migration 0006 (seat offers and imports), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0006"
down_revision = "0005"

SQLITE = [
    """\
-- Nobody is seated or scored without agreeing.
--
-- seats.offered_to: the one person who may take this seat (an imported game's named player, or the member
-- a seat was offered to as a replacement). The seat stays as it is (nobody, the computer, or its current
-- player) until that person takes it themselves.
-- games.imported_moves: NULL for a game dealt on this bot; for an imported game, how many moves its file
-- brought. Imported games never count in statistics: their deal and earlier moves come from a file.

ALTER TABLE seats ADD COLUMN offered_to INTEGER;""",
    """\
ALTER TABLE games ADD COLUMN imported_moves INTEGER CHECK (imported_moves IS NULL OR imported_moves >= 0);""",
    """\
-- Games imported before this column existed: an import writes the game, all its seats and the moves it
-- brought in one transaction, so they share the game's creation time; a game opened here has at least
-- one seat taken later (nobody joins in the same instant the lobby opens).
UPDATE games SET imported_moves = (
    SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id AND moves.played_at = games.created_at
)
WHERE status != 'lobby'
  AND (SELECT COUNT(*) FROM seats WHERE seats.game_id = games.id) >= 2
  AND NOT EXISTS (
      SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.joined_at != games.created_at
  );""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
