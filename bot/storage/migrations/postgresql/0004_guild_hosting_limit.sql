-- A server's own limit on the open games one member may host there; NULL falls back to the bot's
-- MAX_GAMES_PER_USER setting.

ALTER TABLE guild_settings ADD COLUMN max_games_per_user BIGINT
    CHECK (max_games_per_user IS NULL OR max_games_per_user > 0);
