-- Rule tables: the data that parameterises the shared rule queries.

-- Movement points to enter a space of each terrain; NULL cost = may not enter.
CREATE TABLE IF NOT EXISTS terrain_cost (
    match_id   VARCHAR NOT NULL,
    terrain    VARCHAR NOT NULL,
    cost       INTEGER,
    defense_multiplier INTEGER NOT NULL DEFAULT 1,
    provenance VARCHAR NOT NULL,
    source     VARCHAR NOT NULL,
    PRIMARY KEY (match_id, terrain)
);

-- What a border kind does: extra cost, passable, blocks ZOC, defence multiplier.
CREATE TABLE IF NOT EXISTS border_rule (
    match_id   VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,
    extra_cost INTEGER NOT NULL DEFAULT 0,
    passable   BOOLEAN NOT NULL,
    blocks_zoc BOOLEAN NOT NULL,
    defense_multiplier INTEGER NOT NULL DEFAULT 1,
    provenance VARCHAR NOT NULL,
    source     VARCHAR NOT NULL,
    PRIMARY KEY (match_id, kind)
);

-- Who is whose enemy now: may attack, exerts ZOC on. Changed through effects.
CREATE TABLE IF NOT EXISTS hostility (
    match_id   VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,
    enemy      VARCHAR NOT NULL,
    may_attack BOOLEAN NOT NULL,
    exerts_zoc BOOLEAN NOT NULL,         -- enemy's units exert ZOC on side's units
    PRIMARY KEY (match_id, side, enemy)
);

-- Per-side stacking limits; a class limit caps units of one size ('front' ≤ 1).
CREATE TABLE IF NOT EXISTS stacking_rule (
    match_id   VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,         -- '*' for every side
    size       VARCHAR NOT NULL,         -- '*' for all units, or a unit size
    max_units  INTEGER NOT NULL,
    rule       VARCHAR NOT NULL,
    PRIMARY KEY (match_id, side, size)
);

-- Rule numbers that shared queries cite, by topic ('zoc.stop' -> '4.0').
CREATE TABLE IF NOT EXISTS rule_ref (
    match_id VARCHAR NOT NULL,
    topic   VARCHAR NOT NULL,
    rule    VARCHAR NOT NULL,
    PRIMARY KEY (match_id, topic)
);

-- Spaces a group of units may not enter (data for the shared movement query).
-- A unit of `side` (and `nationality`, or '*') may not enter a space whose `attr`
-- ('zone', 'region' or 'space_id') equals `value` -- or, with `negate`, differs from it.
CREATE TABLE IF NOT EXISTS entry_rule (
    match_id    VARCHAR NOT NULL,
    side        VARCHAR NOT NULL,
    nationality VARCHAR NOT NULL DEFAULT '*',
    attr        VARCHAR NOT NULL,
    value       VARCHAR NOT NULL,
    negate      BOOLEAN NOT NULL DEFAULT FALSE,
    rule        VARCHAR NOT NULL,
    reason      VARCHAR NOT NULL,
    PRIMARY KEY (match_id, side, nationality, attr, value, negate)
);

-- How rigid enemy ZOC is for a side's movement (no row: rigid, as Battle for Germany 4.0-4.3).
CREATE TABLE IF NOT EXISTS zoc_rule (
    match_id   VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,
    must_stop  BOOLEAN NOT NULL DEFAULT TRUE,    -- entering enemy ZOC ends movement
    may_leave  BOOLEAN NOT NULL DEFAULT TRUE,    -- a unit starting in enemy ZOC may move out
    zoc_to_zoc BOOLEAN NOT NULL DEFAULT FALSE,   -- may step from enemy ZOC straight into enemy ZOC
    PRIMARY KEY (match_id, side)
);

-- Where a side's paths may end (supply sources, depots, refit areas), for cheapest-paths.
CREATE TABLE IF NOT EXISTS path_source (
    match_id VARCHAR NOT NULL,
    side     VARCHAR NOT NULL,
    space_id VARCHAR NOT NULL,
    kind     VARCHAR NOT NULL,               -- 'depot', 'supply', 'beach' ...
    PRIMARY KEY (match_id, side, space_id)
);

-- Cost of a path step for a side: by the border crossed (and its link_state), by the
-- terrain and the controller of the space entered. A step costs the sum of its rows (a
-- missing row adds 0); NULL cost blocks. 'end-border' rows price the step out of the
-- unit's own space (a supply line's last step into the unit) and fall back to 'border'.
-- A border row with state '*' applies to any state; one naming a state wins over it.
CREATE TABLE IF NOT EXISTS path_cost (
    match_id   VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,
    applies_to VARCHAR NOT NULL,             -- 'border', 'end-border' (link.kind), 'terrain', 'control'
    kind       VARCHAR NOT NULL,             -- link.kind, space.terrain or space_control.controller
    state      VARCHAR NOT NULL DEFAULT '*', -- link_state.state ('*': any, or none)
    cost       INTEGER,
    rule       VARCHAR NOT NULL,
    PRIMARY KEY (match_id, side, applies_to, kind, state)
);

-- What blocks a side's paths besides enemy-occupied spaces (no row: enemy ZOC does not,
-- enemy-occupied spaces block, and a unit's path starts only from an open space).
CREATE TABLE IF NOT EXISTS path_rule (
    match_id             VARCHAR NOT NULL,
    side                 VARCHAR NOT NULL,
    blocked_by_enemy_zoc BOOLEAN NOT NULL,   -- enemy ZOC blocks unless a friendly unit is there
    rule                 VARCHAR NOT NULL,
    occupied_cost        INTEGER,            -- NULL: enemy-occupied spaces block; else the cost of
                                             -- passing one (charged between the path's two ends)
    from_own_space       BOOLEAN NOT NULL DEFAULT FALSE,  -- a path may leave its unit's space even
                                             -- when that space is blocked (enemy control, …)
    PRIMARY KEY (match_id, side)
);
