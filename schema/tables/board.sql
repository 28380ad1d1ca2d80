-- Spaces of every map kind: hexes, areas, points and off-map boxes. Static.
CREATE TABLE IF NOT EXISTS space (
    match_id   VARCHAR NOT NULL,
    space_id   VARCHAR NOT NULL,         -- the label players use: '1423', 'Caen', 'COURLAND'
    kind       VARCHAR NOT NULL,         -- 'hex', 'area', 'point', 'box'
    q          INTEGER,                  -- axial coordinates (hexes only)
    r          INTEGER,
    x          DOUBLE,                   -- drawing position
    y          DOUBLE,
    terrain    VARCHAR NOT NULL,         -- key into terrain_cost
    name       VARCHAR,                  -- city or area name
    region     VARCHAR,                  -- country or region code
    zone       VARCHAR,                  -- theatre or zone code
    vp         INTEGER NOT NULL DEFAULT 0,
    feature    VARCHAR,                  -- e.g. 'fortress', 'port', 'beach:Omaha'
    provenance VARCHAR NOT NULL,         -- seed | external | reconstructed | placeholder
    source     VARCHAR NOT NULL,
    PRIMARY KEY (match_id, space_id)
);

-- Directed adjacency with the kind of border crossed. Static.
CREATE TABLE IF NOT EXISTS link (
    match_id   VARCHAR NOT NULL,
    a          VARCHAR NOT NULL,
    b          VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,         -- 'clear', 'river', 'sea', 'prohibited', 'bridge' …
    name       VARCHAR,                  -- river or bridge name
    provenance VARCHAR NOT NULL,
    source     VARCHAR NOT NULL,
    PRIMARY KEY (match_id, a, b)
);

-- Per-match state of a border: a bridge intact, destroyed or held by a side, a river
-- border held by the side that crossed it. One row per directed link (a game writes both
-- directions); no row means the border as printed. Changed only through effects.
CREATE TABLE IF NOT EXISTS link_state (
    match_id VARCHAR NOT NULL,
    a       VARCHAR NOT NULL,
    b       VARCHAR NOT NULL,
    state   VARCHAR NOT NULL,            -- the game's word: 'german', 'allied', 'destroyed' …
    PRIMARY KEY (match_id, a, b)
);

-- Who controls a space now (areas, cities, hexes): a side or a nationality, in the game's
-- words. No row: nobody. Changed only through effects.
CREATE TABLE IF NOT EXISTS space_control (
    match_id   VARCHAR NOT NULL,
    space_id   VARCHAR NOT NULL,
    controller VARCHAR NOT NULL,         -- 'DE', 'US', 'UK' …
    PRIMARY KEY (match_id, space_id)
);

-- Each link as movement and ZOC read it: derived from link, space, terrain_cost and border_rule
-- (rule query move-links) when a match is created, and static like them, so that a side's reach
-- and ZOC read one table instead of joining four at every question.
CREATE TABLE IF NOT EXISTS move_link (
    match_id    VARCHAR NOT NULL,
    a           VARCHAR NOT NULL,
    b           VARCHAR NOT NULL,
    border      VARCHAR NOT NULL,        -- link.kind
    cost        INTEGER,                 -- entering b across it: terrain plus border; NULL: b cannot be entered
    passable    BOOLEAN NOT NULL,        -- the border may be crossed
    carries_zoc BOOLEAN NOT NULL,        -- a unit in a exerts ZOC into b across it
    PRIMARY KEY (match_id, a, b)
);
