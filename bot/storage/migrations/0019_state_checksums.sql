-- checksum: the SHA-256 (hex) of a snapshot's stored state text, written with it, so a state damaged on
-- disk is found (at start-up and when read) and rebuilt by replaying the seed and the moves; NULL for a
-- snapshot written before checksums, which the next move of its game rewrites.
-- damaged: why a game was paused because its rows are damaged and its move log cannot rebuild them (set
-- together with paused_at; a paused game stays so until the database is restored from a backup).
ALTER TABLE snapshots ADD COLUMN checksum TEXT;
ALTER TABLE games ADD COLUMN damaged TEXT;
