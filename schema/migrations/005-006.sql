-- Schema 5 -> 6 (docs/history.md): the matches tournaments played, with how each ended.
CREATE TABLE IF NOT EXISTS tournament_match (
    game_id     VARCHAR PRIMARY KEY,
    tournament  VARCHAR NOT NULL,
    match_index INTEGER NOT NULL,
    winners     VARCHAR[] NOT NULL,
    rule        VARCHAR,
    summary     VARCHAR NOT NULL,
    turns       INTEGER NOT NULL,
    actions     INTEGER NOT NULL
);
