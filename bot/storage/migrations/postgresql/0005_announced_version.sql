-- How far the game's public summaries have gone: the moves after this version have not been told to
-- the channel yet. Kept with the game so a restart in the middle of a long turn loses none of them.
-- Games already running count as told up to their current move.

ALTER TABLE games ADD COLUMN announced_version BIGINT NOT NULL DEFAULT 0 CHECK (announced_version >= 0);
UPDATE games SET announced_version = version;
