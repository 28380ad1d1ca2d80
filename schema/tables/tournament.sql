-- One row per match a tournament played (phaseline tournament): its place in the tournament and
-- how it ended, so a tournament's standings are one query. Written with the matches, in the same
-- transaction; static after. The match's seed is the tournament's base seed + match_index.
CREATE TABLE IF NOT EXISTS tournament_match (
    match_id    VARCHAR PRIMARY KEY,
    tournament  VARCHAR NOT NULL,        -- the tournament's name, e.g. 'bfg-t1'
    match_index INTEGER NOT NULL,        -- 0, 1, 2 … within the tournament
    winners     VARCHAR[] NOT NULL,      -- the sides that won (none: a draw)
    rule        VARCHAR,                 -- the victory rule that ended the match (the outcome's rule)
    summary     VARCHAR NOT NULL,        -- how it ended, as the game says it
    turns       INTEGER NOT NULL,        -- the turn on which it ended
    actions     INTEGER NOT NULL         -- the actions the bots (and the rules' sides) played
);
