-- Schema 2 -> 3: move_link, each link as movement and ZOC read it, for every match already stored
-- (new matches derive it from the rule query move-links when they are created).
CREATE TABLE IF NOT EXISTS move_link (
    game_id     VARCHAR NOT NULL,
    a           VARCHAR NOT NULL,
    b           VARCHAR NOT NULL,
    border      VARCHAR NOT NULL,
    cost        INTEGER,
    passable    BOOLEAN NOT NULL,
    carries_zoc BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, a, b)
);
INSERT OR IGNORE INTO move_link
SELECT l.game_id, l.a, l.b, l.kind, t.cost + coalesce(br.extra_cost, 0), coalesce(br.passable, TRUE),
       t.cost IS NOT NULL AND NOT coalesce(br.blocks_zoc, FALSE)
FROM link l
LEFT JOIN space s ON s.game_id = l.game_id AND s.space_id = l.b AND s.kind IN ('hex', 'area', 'point')
LEFT JOIN terrain_cost t ON t.game_id = l.game_id AND t.terrain = s.terrain
LEFT JOIN border_rule br ON br.game_id = l.game_id AND br.kind = l.kind;
