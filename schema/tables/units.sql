-- Printed counters. Static.
CREATE TABLE IF NOT EXISTS unit (
    match_id    VARCHAR NOT NULL,
    unit_id     VARCHAR NOT NULL,
    name        VARCHAR NOT NULL,
    nationality VARCHAR NOT NULL,
    bloc        VARCHAR NOT NULL,        -- owning bloc, e.g. 'WA', 'SOV', 'GER'
    size        VARCHAR NOT NULL,        -- 'front', 'army', 'corps', 'division' …
    attack      INTEGER NOT NULL,
    defense     INTEGER NOT NULL,
    movement    INTEGER NOT NULL,
    start       VARCHAR,                 -- set-up location (space or box), NULL if not set up
    provenance  VARCHAR NOT NULL,
    source      VARCHAR NOT NULL,
    PRIMARY KEY (match_id, unit_id)
);

-- Where each unit is and what it has done. Changed only through effects.
CREATE TABLE IF NOT EXISTS unit_state (
    match_id    VARCHAR NOT NULL,
    unit_id     VARCHAR NOT NULL,
    space_id    VARCHAR NOT NULL,        -- a space of the map or a box
    side        VARCHAR NOT NULL,        -- side controlling it now (BfG: GER_E / GER_W switch)
    status      VARCHAR NOT NULL DEFAULT 'ready',   -- ready, flipped, garrison, spent …
    mp          INTEGER NOT NULL DEFAULT 0,         -- movement points this phase
    moved       BOOLEAN NOT NULL DEFAULT FALSE,
    attacked    BOOLEAN NOT NULL DEFAULT FALSE,
    defended    BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (match_id, unit_id)
);
