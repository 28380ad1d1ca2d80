-- Rule views: the board facts that the shared rule queries of schema/rules/ build on, for
-- every match (filter on game_id). Players may query them too: "where is SOV's enemy ZOC?".
-- Defaults: a terrain missing from terrain_cost is impassable; a border kind missing from
-- border_rule is clear (passable, no extra cost, does not block ZOC).

-- Units on the map (hex, area or point; not in a box) that have not been eliminated.
CREATE OR REPLACE VIEW map_unit AS
SELECT us.game_id, us.unit_id, us.side, us.space_id, us.status, us.mp, u.size, u.nationality
FROM unit_state us
JOIN space s ON s.game_id = us.game_id AND s.space_id = us.space_id AND s.kind IN ('hex', 'area', 'point')
JOIN unit u ON u.game_id = us.game_id AND u.unit_id = us.unit_id
WHERE us.status <> 'eliminated';

-- Map spaces a unit may enter at all, with the movement points it costs (terrain_cost).
CREATE OR REPLACE VIEW enterable_space AS
SELECT s.game_id, s.space_id, t.cost
FROM space s
JOIN terrain_cost t ON t.game_id = s.game_id AND t.terrain = s.terrain
WHERE s.kind IN ('hex', 'area', 'point') AND t.cost IS NOT NULL;

-- Steps a unit may take, a to b, with their cost: terrain of b plus the border's extra cost.
CREATE OR REPLACE VIEW move_step AS
SELECT l.game_id, l.a, l.b, l.kind AS border, e.cost + coalesce(br.extra_cost, 0) AS cost
FROM link l
JOIN enterable_space e ON e.game_id = l.game_id AND e.space_id = l.b
LEFT JOIN border_rule br ON br.game_id = l.game_id AND br.kind = l.kind
WHERE coalesce(br.passable, TRUE);

-- Enemy ZOC: `unit_id` (of side `enemy`, in `from_space`) projects ZOC on `side`'s units in
-- `space_id` (hostility.exerts_zoc), not across borders that block ZOC, not into impassable
-- terrain; into spaces holding units of any side. Flipped units still project ZOC.
CREATE OR REPLACE VIEW zoc_projection AS
SELECT h.game_id, h.side, h.enemy, m.unit_id, m.space_id AS from_space, l.b AS space_id
FROM hostility h
JOIN map_unit m ON m.game_id = h.game_id AND m.side = h.enemy
JOIN link l ON l.game_id = m.game_id AND l.a = m.space_id
JOIN enterable_space e ON e.game_id = l.game_id AND e.space_id = l.b
LEFT JOIN border_rule br ON br.game_id = l.game_id AND br.kind = l.kind
WHERE h.exerts_zoc AND NOT coalesce(br.blocks_zoc, FALSE);

-- Units hostile to `side` (it may attack them, or they exert ZOC on it), where they stand.
CREATE OR REPLACE VIEW hostile_occupant AS
SELECT h.game_id, h.side, h.enemy, m.unit_id, m.space_id
FROM hostility h
JOIN map_unit m ON m.game_id = h.game_id AND m.side = h.enemy
WHERE h.may_attack OR h.exerts_zoc;

-- Spaces that units of `side` and `nationality` ('*': all) may not enter (entry_rule).
CREATE OR REPLACE VIEW no_entry AS
SELECT er.game_id, er.side, er.nationality, s.space_id, er.rule, er.reason
FROM entry_rule er
JOIN space s ON s.game_id = er.game_id
WHERE (coalesce(CASE er.attr WHEN 'zone' THEN s.zone WHEN 'region' THEN s.region
                             WHEN 'space_id' THEN s.space_id END, '') = er.value) <> er.negate;
