-- Spaces of every map kind: hexes, areas, points and off-map boxes. Static.
CREATE TABLE IF NOT EXISTS space (
    game_id    VARCHAR NOT NULL,
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
    PRIMARY KEY (game_id, space_id)
);

-- Directed adjacency with the kind of border crossed. Static.
CREATE TABLE IF NOT EXISTS link (
    game_id    VARCHAR NOT NULL,
    a          VARCHAR NOT NULL,
    b          VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,         -- 'clear', 'river', 'sea', 'prohibited', 'bridge' …
    name       VARCHAR,                  -- river or bridge name
    provenance VARCHAR NOT NULL,
    source     VARCHAR NOT NULL,
    PRIMARY KEY (game_id, a, b)
);
