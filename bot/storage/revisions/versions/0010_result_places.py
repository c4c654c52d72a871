"""Migration 0010 (result places), frozen: its SQL as first written, one statement at a time,
for SQLite and (``postgresql_of``, with PostgreSQL's types) for PostgreSQL."""

from bot.storage.migrate import frozen_revision, postgresql_of

revision = "0010"
down_revision = "0009"

SQLITE = [
    """\
-- What a result says: a first place shared with others is not a win, and a person's seat the computer
-- played most of is not that person's result.

-- shared: first place tied with others after the game's own tie-breaks; won is then 0 (won = outright)
ALTER TABLE results ADD COLUMN shared INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1));""",
    """\
-- computer_from: a person's seat whose moves were mostly not theirs (the computer's, a deadline's, an
-- admin's): the move from which the computer played it. Such a result stays out of every ranking. A
-- resigned seat is not marked: it stays a game its person lost.
ALTER TABLE results ADD COLUMN computer_from INTEGER CHECK (computer_from IS NULL OR computer_from >= 1);""",
    """\
-- Earlier games counted a tie as a win for everyone tied: their first places become shared ones.
UPDATE results SET shared = 1, won = 0
WHERE won = 1 AND (SELECT COUNT(*) FROM results AS first
                   WHERE first.game_id = results.game_id AND first.rank = 1) > 1;""",
    """\
-- Earlier games credited a seat to its person whoever played it: recount from the move log, exactly as
-- bot/storage/results.py (COMPUTER_FROM) does at every game's end.
UPDATE results SET computer_from = (
    SELECT COALESCE(
        (SELECT MIN(m.version) FROM moves AS m
         WHERE m.game_id = results.game_id AND m.seat = results.seat
           AND NOT (m.actor = 'player' AND m.user_id IS results.user_id)
           AND m.version > (SELECT COALESCE(MAX(p.version), 0) FROM moves AS p
                            WHERE p.game_id = results.game_id AND p.seat = results.seat
                              AND p.actor = 'player' AND p.user_id IS results.user_id)),
        (SELECT MIN(m.version) FROM moves AS m
         WHERE m.game_id = results.game_id AND m.seat = results.seat
           AND NOT (m.actor = 'player' AND m.user_id IS results.user_id))))
WHERE is_ai = 0 AND resigned = 0 AND user_id IS NOT NULL
  AND 2 * (SELECT COUNT(*) FROM moves AS p
           WHERE p.game_id = results.game_id AND p.seat = results.seat
             AND p.actor = 'player' AND p.user_id IS results.user_id)
      <= (SELECT COUNT(*) FROM moves AS m WHERE m.game_id = results.game_id AND m.seat = results.seat);""",
]

POSTGRESQL = postgresql_of(SQLITE)

upgrade, downgrade = frozen_revision(SQLITE, POSTGRESQL)
