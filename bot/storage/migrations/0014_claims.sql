-- Which bot process is doing a game's due work (a reminder, a deadline, computer seats left waiting), and
-- until when: several processes sharing one database each take the games no other holds, and a process
-- that dies holding some leaves them to the others once its claim has run out. Times as elsewhere.

ALTER TABLE games ADD COLUMN claimed_by TEXT;
ALTER TABLE games ADD COLUMN claimed_until TEXT;
