-- Geometry: hex distance from axial coordinates, and adjacency from `link`.
-- Hex distance on axial (q, r): (|dq| + |dr| + |dq + dr|) / 2. Areas and points have no
-- coordinates: their distance is NULL (count steps with cheapest-paths instead).

-- name: hex-distance(match_id, a, b)
-- The distance in hexes between spaces :a and :b.
-- Rules: none (board geometry; rule_ref topic 'hex.distance' if a game cites one)
-- Reads: space
-- Returns: a, b, distance
SELECT x.space_id AS a, y.space_id AS b,
       (abs(x.q - y.q) + abs(x.r - y.r) + abs(x.q + x.r - y.q - y.r)) // 2 AS distance
FROM space x
JOIN space y ON y.match_id = x.match_id AND y.space_id = $b
WHERE x.match_id = $match_id AND x.space_id = $a;

-- name: distances-from(match_id, origin)
-- The distance in hexes from :origin to every hex of the map (the set form of hex-distance).
-- Rules: none (board geometry)
-- Reads: space
-- Returns: space_id, distance
SELECT s.space_id,
       (abs(s.q - o.q) + abs(s.r - o.r) + abs(s.q + s.r - o.q - o.r)) // 2 AS distance
FROM space s
JOIN space o ON o.match_id = s.match_id AND o.space_id = $origin
WHERE s.match_id = $match_id AND s.kind = 'hex' AND o.kind = 'hex'
ORDER BY distance, s.space_id;

-- name: adjacent(match_id, space)
-- The spaces next to :space, with the border crossed and what that border does.
-- Rules: none (board geometry); border_rule rows give the effects
-- Reads: link, space, border_rule
-- Returns: space_id, kind, border, passable, blocks_zoc, extra_cost
SELECT l.b AS space_id, s.kind, l.kind AS border,
       coalesce(br.passable, TRUE) AS passable,
       coalesce(br.blocks_zoc, FALSE) AS blocks_zoc,
       coalesce(br.extra_cost, 0) AS extra_cost
FROM link l
JOIN space s ON s.match_id = l.match_id AND s.space_id = l.b
LEFT JOIN border_rule br ON br.match_id = l.match_id AND br.kind = l.kind
WHERE l.match_id = $match_id AND l.a = $space
ORDER BY l.b;

-- name: move-links(match_id)
-- Each link as movement and ZOC read it: the cost of entering b across it (terrain_cost of b plus
-- border_rule.extra_cost; NULL when b is not a map space or its terrain is impassable), whether the
-- border may be crossed, and whether a unit in a exerts ZOC into b across it (b may be entered, the
-- border does not block ZOC). These are the rows of the static table move_link, derived once when a
-- match is created (phaseline.queries.derive_board).
-- Rules: none (board facts); the rule queries cite rule_ref
-- Reads: link, space, terrain_cost, border_rule
-- Returns: a, b, border, cost, passable, carries_zoc
SELECT l.a, l.b, l.kind AS border, t.cost + coalesce(br.extra_cost, 0) AS cost,
       coalesce(br.passable, TRUE) AS passable,
       t.cost IS NOT NULL AND NOT coalesce(br.blocks_zoc, FALSE) AS carries_zoc
FROM link l
LEFT JOIN space s ON s.match_id = l.match_id AND s.space_id = l.b AND s.kind IN ('hex', 'area', 'point')
LEFT JOIN terrain_cost t ON t.match_id = l.match_id AND t.terrain = s.terrain
LEFT JOIN border_rule br ON br.match_id = l.match_id AND br.kind = l.kind
WHERE l.match_id = $match_id
ORDER BY l.a, l.b;
