-- lobby_messages: the one message that shows a game's lobby (its table and the Join button), edited in
-- place as people join and leave, and told when the game starts or is called off; posted again only when
-- it was deleted.
CREATE TABLE lobby_messages (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    message_id BIGINT NOT NULL
);
