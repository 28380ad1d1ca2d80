-- Rule tables: the data that parameterises the shared rule queries.

-- Movement points to enter a space of each terrain; NULL cost = may not enter.
CREATE TABLE IF NOT EXISTS terrain_cost (
    game_id    VARCHAR NOT NULL,
    terrain    VARCHAR NOT NULL,
    cost       INTEGER,
    defense_multiplier INTEGER NOT NULL DEFAULT 1,
    provenance VARCHAR NOT NULL,
    source     VARCHAR NOT NULL,
    PRIMARY KEY (game_id, terrain)
);

-- What a border kind does: extra cost, passable, blocks ZOC, defence multiplier.
CREATE TABLE IF NOT EXISTS border_rule (
    game_id    VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,
    extra_cost INTEGER NOT NULL DEFAULT 0,
    passable   BOOLEAN NOT NULL,
    blocks_zoc BOOLEAN NOT NULL,
    defense_multiplier INTEGER NOT NULL DEFAULT 1,
    provenance VARCHAR NOT NULL,
    source     VARCHAR NOT NULL,
    PRIMARY KEY (game_id, kind)
);

-- Who is whose enemy now: may attack, exerts ZOC on. Changed through effects.
CREATE TABLE IF NOT EXISTS hostility (
    game_id    VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,
    enemy      VARCHAR NOT NULL,
    may_attack BOOLEAN NOT NULL,
    exerts_zoc BOOLEAN NOT NULL,         -- enemy's units exert ZOC on side's units
    PRIMARY KEY (game_id, side, enemy)
);

-- Per-side stacking limits; a class limit caps units of one size ('front' ≤ 1).
CREATE TABLE IF NOT EXISTS stacking_rule (
    game_id    VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,         -- '*' for every side
    size       VARCHAR NOT NULL,         -- '*' for all units, or a unit size
    max_units  INTEGER NOT NULL,
    rule       VARCHAR NOT NULL,
    PRIMARY KEY (game_id, side, size)
);

-- Rule numbers that shared queries cite, by topic ('zoc.stop' -> '4.0').
CREATE TABLE IF NOT EXISTS rule_ref (
    game_id VARCHAR NOT NULL,
    topic   VARCHAR NOT NULL,
    rule    VARCHAR NOT NULL,
    PRIMARY KEY (game_id, topic)
);

-- Spaces a group of units may not enter (data for the shared movement query).
-- A unit of `side` (and `nationality`, or '*') may not enter a space whose `attr`
-- ('zone', 'region' or 'space_id') equals `value` -- or, with `negate`, differs from it.
CREATE TABLE IF NOT EXISTS entry_rule (
    game_id     VARCHAR NOT NULL,
    side        VARCHAR NOT NULL,
    nationality VARCHAR NOT NULL DEFAULT '*',
    attr        VARCHAR NOT NULL,
    value       VARCHAR NOT NULL,
    negate      BOOLEAN NOT NULL DEFAULT FALSE,
    rule        VARCHAR NOT NULL,
    reason      VARCHAR NOT NULL,
    PRIMARY KEY (game_id, side, nationality, attr, value, negate)
);
