-- One row per match: a game of some ruleset in play. Static after creation.
CREATE TABLE IF NOT EXISTS match (
    game_id    VARCHAR PRIMARY KEY,
    ruleset    VARCHAR NOT NULL,         -- installed game, e.g. 'battle-for-germany'
    scenario   VARCHAR NOT NULL,         -- scenario name or path it was loaded from
    seed       BIGINT  NOT NULL,         -- dice seed: roll n = f(seed, n)
    options    VARCHAR[] NOT NULL,       -- optional rules and rulings chosen at creation
    created_at TIMESTAMP NOT NULL,
    first_turn INTEGER NOT NULL,
    last_turn  INTEGER NOT NULL
);

-- Who plays each side of a match: a human or a named bot.
CREATE TABLE IF NOT EXISTS match_side (
    game_id    VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,
    controller VARCHAR NOT NULL,         -- 'human' or 'bot:<name>'
    PRIMARY KEY (game_id, side)
);

-- Plugins (game and optional rules) and their versions when the match was created.
CREATE TABLE IF NOT EXISTS match_plugin (
    game_id VARCHAR NOT NULL,
    plugin  VARCHAR NOT NULL,
    version VARCHAR NOT NULL,
    PRIMARY KEY (game_id, plugin)
);

-- Where the match stands in its sequence of play. Changed only through effects.
CREATE TABLE IF NOT EXISTS clock (
    game_id  VARCHAR PRIMARY KEY,
    turn     INTEGER NOT NULL,
    step_no  INTEGER NOT NULL,           -- index into the game's sequence for this turn
    step     VARCHAR NOT NULL,           -- step name, e.g. 'soviet-movement'
    phase    VARCHAR NOT NULL,           -- phase kind: replacement, movement, combat …
    side     VARCHAR,                    -- phasing side (NULL between steps)
    status   VARCHAR NOT NULL,           -- 'active' or 'finished'
    result   VARCHAR                     -- outcome text once finished
);

-- Questions the engine waits on: a side owes an answer (retreat hex, losses, advance).
CREATE TABLE IF NOT EXISTS decision (
    game_id     VARCHAR NOT NULL,
    decision_id INTEGER NOT NULL,
    side        VARCHAR NOT NULL,        -- who must answer
    kind        VARCHAR NOT NULL,        -- 'retreat', 'exchange-losses', 'advance' …
    prompt      VARCHAR NOT NULL,
    choices     VARCHAR[] NOT NULL,      -- legal answers, as the CLI spells them
    context     VARCHAR NOT NULL,        -- JSON the game needs to carry on
    rule        VARCHAR,                 -- rule number that asks
    status      VARCHAR NOT NULL,        -- 'open' or 'answered'
    answer      VARCHAR,
    PRIMARY KEY (game_id, decision_id)
);
