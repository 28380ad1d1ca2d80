-- Schema 1 -> 2: border and space state for every game (link_state, space_control), and
-- path costs that read them (path_cost.state, path_rule.occupied_cost/from_own_space).
CREATE TABLE IF NOT EXISTS link_state (
    game_id VARCHAR NOT NULL,
    a       VARCHAR NOT NULL,
    b       VARCHAR NOT NULL,
    state   VARCHAR NOT NULL,
    PRIMARY KEY (game_id, a, b)
);
CREATE TABLE IF NOT EXISTS space_control (
    game_id    VARCHAR NOT NULL,
    space_id   VARCHAR NOT NULL,
    controller VARCHAR NOT NULL,
    PRIMARY KEY (game_id, space_id)
);
CREATE TABLE path_cost_v2 (
    game_id    VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,
    applies_to VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,
    state      VARCHAR NOT NULL DEFAULT '*',
    cost       INTEGER,
    rule       VARCHAR NOT NULL,
    PRIMARY KEY (game_id, side, applies_to, kind, state)
);
INSERT INTO path_cost_v2 (game_id, side, applies_to, kind, cost, rule)
SELECT game_id, side, applies_to, kind, cost, rule FROM path_cost;
DROP TABLE path_cost;
ALTER TABLE path_cost_v2 RENAME TO path_cost;
ALTER TABLE path_rule ADD COLUMN occupied_cost INTEGER;
ALTER TABLE path_rule ADD COLUMN from_own_space BOOLEAN DEFAULT FALSE;
