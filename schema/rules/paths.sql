-- Cheapest paths to sources (supply, depots, refit areas), blocking rules as data:
-- Battle for Germany supply lines, Breakout: Normandy's refit costs by path.

-- name: cheapest-paths(game_id, side)
-- For every unit of :side on the map, the least cost of a path from its space to any of the
-- side's path_source spaces, the source reached and the first step toward it (next_space).
-- A step from a to b costs path_cost of the border kind crossed plus path_cost of b's
-- terrain (a kind without a row adds 0; a row with NULL cost blocks the step). A path never
-- passes a space holding a unit hostile to :side (hostile_occupant), nor, with
-- path_rule.blocked_by_enemy_zoc, an enemy-ZOC space holding no unit of :side. A unit
-- with no path gets cost NULL and, as evidence, its first blocked neighbour (lowest id).
-- Rules: path_rule.rule, else rule_ref topic 'path.trace' (the topic itself without a row)
-- Reads: map_unit, hostile_occupant, zoc_projection, path_source, path_cost, path_rule,
--   link, space, rule_ref
-- Returns: unit_id, space_id, cost, source, source_kind, next_space, rule, reason, by_unit, by_space
WITH RECURSIVE
friendly AS MATERIALIZED (
    SELECT DISTINCT space_id FROM map_unit WHERE game_id = $game_id AND side = $side
),
blocked AS MATERIALIZED (  -- hostile units first, then enemy ZOC where the rule says so
    SELECT space_id, min(unit_id) AS unit_id, arg_min(space_id, unit_id) AS by_space, 'enemy unit' AS what
    FROM hostile_occupant WHERE game_id = $game_id AND side = $side
    GROUP BY space_id
    UNION ALL
    SELECT z.space_id, min(z.unit_id), arg_min(z.from_space, z.unit_id), 'enemy ZOC'
    FROM zoc_projection z
    JOIN path_rule pr ON pr.game_id = z.game_id AND pr.side = z.side AND pr.blocked_by_enemy_zoc
    WHERE z.game_id = $game_id AND z.side = $side
      AND z.space_id NOT IN (SELECT space_id FROM friendly)
      AND z.space_id NOT IN (SELECT space_id FROM hostile_occupant WHERE game_id = $game_id AND side = $side)
    GROUP BY z.space_id
),
open_space AS MATERIALIZED (  -- numbered: the search joins integers, not labels
    SELECT s.space_id, s.terrain, row_number() OVER () AS n FROM space s
    WHERE s.game_id = $game_id AND s.kind IN ('hex', 'area', 'point')
      AND s.space_id NOT IN (SELECT space_id FROM blocked)
),
pcost AS (
    SELECT applies_to, kind, cost FROM path_cost WHERE game_id = $game_id AND side = $side
),
step AS MATERIALIZED (
    SELECT sa.n AS a, sb.n AS b, coalesce(bc.cost, 0) + coalesce(tc.cost, 0) AS cost
    FROM link l
    JOIN open_space sa ON sa.space_id = l.a
    JOIN open_space sb ON sb.space_id = l.b
    LEFT JOIN pcost bc ON bc.applies_to = 'border' AND bc.kind = l.kind
    LEFT JOIN pcost tc ON tc.applies_to = 'terrain' AND tc.kind = sb.terrain
    WHERE l.game_id = $game_id
      AND NOT (bc.kind IS NOT NULL AND bc.cost IS NULL)
      AND NOT (tc.kind IS NOT NULL AND tc.cost IS NULL)
),
dist(n, cost, hop) USING KEY (n) AS (  -- hop: [source reached, next space], numbered
    SELECT o.n, 0, [o.n, NULL::BIGINT]
    FROM path_source ps JOIN open_space o ON o.space_id = ps.space_id
    WHERE ps.game_id = $game_id AND ps.side = $side
    UNION
    SELECT st.a, min(d.cost + st.cost), arg_min([d.hop[1], d.n], d.cost + st.cost)
    FROM dist d
    JOIN step st ON st.b = d.n
    LEFT JOIN recurring.dist best ON best.n = st.a
    WHERE best.cost IS NULL OR d.cost + st.cost < best.cost
    GROUP BY st.a
),
traced AS (
    SELECT here.space_id, d.cost, source.space_id AS source, next.space_id AS next_space
    FROM dist d
    JOIN open_space here ON here.n = d.n
    JOIN open_space source ON source.n = d.hop[1]
    LEFT JOIN open_space next ON next.n = d.hop[2]
),
first_block AS (
    SELECT l.a AS space_id, arg_min(b.space_id, b.space_id) AS at_space,
           arg_min(b.unit_id, b.space_id) AS unit_id, arg_min(b.by_space, b.space_id) AS by_space,
           arg_min(b.what, b.space_id) AS what
    FROM link l JOIN blocked b ON b.space_id = l.b
    WHERE l.game_id = $game_id
    GROUP BY l.a
)
SELECT m.unit_id, m.space_id, d.cost, d.source, ps.kind AS source_kind, d.next_space,
       coalesce(pr.rule, ref.rule, 'path.trace') AS rule,
       CASE WHEN d.cost IS NOT NULL
            THEN format('path of cost {} to {} {}', d.cost, ps.kind, d.source)
            WHEN f.at_space IS NOT NULL
            THEN format('no path to a source: blocked at {} by {} {} in {}', f.at_space, f.what, f.unit_id, f.by_space)
            ELSE 'no path to a source' END AS reason,
       CASE WHEN d.cost IS NULL THEN f.unit_id END AS by_unit,
       CASE WHEN d.cost IS NULL THEN f.at_space END AS by_space
FROM map_unit m
LEFT JOIN traced d ON d.space_id = m.space_id
LEFT JOIN path_source ps ON ps.game_id = $game_id AND ps.side = $side AND ps.space_id = d.source
LEFT JOIN first_block f ON f.space_id = m.space_id
LEFT JOIN path_rule pr ON pr.game_id = $game_id AND pr.side = $side
LEFT JOIN rule_ref ref ON ref.game_id = $game_id AND ref.topic = 'path.trace'
WHERE m.game_id = $game_id AND m.side = $side
ORDER BY m.unit_id;
