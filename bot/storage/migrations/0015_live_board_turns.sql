-- What the live board shows, so that it never shows a false position nor loses a move's line:
-- pictured_for: who acted (seat:user, or seat:ai for a computer) when its picture was drawn: a change of who
-- acts draws it again; lines_after: its words list every move after this one (-1: those not yet told);
-- person_at: the move after which it last showed a person to act (-1: none), where the next run of lines
-- begins. A move taken back or a restored position forgets what came after it.
ALTER TABLE live_boards ADD COLUMN pictured_for TEXT NOT NULL DEFAULT '';
ALTER TABLE live_boards ADD COLUMN lines_after INTEGER NOT NULL DEFAULT -1;
ALTER TABLE live_boards ADD COLUMN person_at INTEGER NOT NULL DEFAULT -1;

-- turn_pings: the person last pinged for each seat's turn, and after which move. A ping for the same seat
-- and person is the same decision while that seat has made no move since: seat changes, a restart or a
-- reposted board do not ping them again.
CREATE TABLE turn_pings (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
