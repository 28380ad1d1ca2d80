-- The store's own bookkeeping: schema version and installed plugin tables.
CREATE TABLE IF NOT EXISTS meta (
    key   VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

-- Tables that game plugins declared, with the plugin version that created them.
CREATE TABLE IF NOT EXISTS plugin_table (
    table_name VARCHAR PRIMARY KEY,
    plugin     VARCHAR NOT NULL,
    version    VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL          -- 'static' (copied at creation) or 'state' (changed by effects)
);
