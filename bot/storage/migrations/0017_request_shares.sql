-- The bot processes sharing one token, each with its part of Discord's global limit on requests a second
-- (bot/pacing.py): a process renews its row every few seconds and deletes it when it stops cleanly; a row
-- not renewed for a short lease is a dead process's, and its part goes back to the others.
-- holder: the process, as its claims on games' due work name it. budget: the most requests it may have
-- begun in any one window, now or until its next renewal. seen_at: its last renewal (times as elsewhere).

CREATE TABLE request_shares (
    holder  TEXT PRIMARY KEY,
    budget  INTEGER NOT NULL CHECK (budget >= 0),
    seen_at TEXT NOT NULL
);
