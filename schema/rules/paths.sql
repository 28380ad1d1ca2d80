-- Cheapest paths to sources (supply, depots, refit areas), blocking and costs as data:
-- Battle for Germany supply lines, Breakout: Normandy's supply lines and refit costs.
-- Both queries price steps with the path_step macro and avoid path_blocked (views/rules.sql):
-- a step a -> b costs the border crossed (path_cost by link.kind and link_state.state), the
-- terrain and controller of b, plus passing(b) when b lies between the path's two ends.
-- The first step out of the unit's space is priced by its 'end-border' rows (a supply
-- line's last step into the unit); with path_rule.from_own_space a path may leave a unit's
-- space that is itself blocked (an enemy-controlled area).

-- name: cheapest-paths(match_id, side)
-- For every unit of :side on the map, the least cost of a path from its space to any of the
-- side's path_source spaces, the source reached and the first step toward it (next_space).
-- A unit with no path gets cost NULL and, as evidence, its first blocked neighbour (lowest id).
-- Equal costs go to the lower labels (inside the search, first to fewer steps), so the source and
-- next space never depend on the query plan.
-- Rules: path_rule.rule, else rule_ref topic 'path.trace' (the topic itself without a row)
-- Reads: map_unit, hostile_occupant, zoc_projection, path_source, path_cost, path_rule,
--   link, link_state, space, space_control, rule_ref
-- Returns: unit_id, space_id, cost, source, source_kind, next_space, rule, reason, by_unit, by_space
WITH RECURSIVE
blocked AS MATERIALIZED (SELECT * FROM path_blocked($match_id, $side)),
node AS MATERIALIZED (  -- numbered in label order: the search joins integers, and ties go to the lower label
    SELECT s.space_id, row_number() OVER (ORDER BY s.space_id) AS n,
           s.space_id NOT IN (SELECT space_id FROM blocked) AS open
    FROM space s WHERE s.match_id = $match_id AND s.kind IN ('hex', 'area', 'point')
),
step AS MATERIALIZED (
    SELECT na.n AS a, nb.n AS b, st.cost + CASE WHEN st.to_source THEN 0 ELSE st.passing END AS cost,
           st.end_cost + CASE WHEN st.to_source THEN 0 ELSE st.passing END AS end_cost, na.open AS a_open
    FROM path_step($match_id, $side) st
    JOIN node na ON na.space_id = st.a
    JOIN node nb ON nb.space_id = st.b AND nb.open
),
source AS MATERIALIZED (
    SELECT o.n, o.open FROM path_source ps JOIN node o ON o.space_id = ps.space_id
    WHERE ps.match_id = $match_id AND ps.side = $side
),
dist(n, cost, hop) USING KEY (n) AS (  -- hop: [source reached, next space], numbered
    SELECT n, 0, [n, NULL::BIGINT] FROM source WHERE open
    UNION
    SELECT st.a, min(d.cost + st.cost), arg_min([d.hop[1], d.n], [d.cost + st.cost, d.hop[1], d.n])
    FROM dist d
    JOIN step st ON st.b = d.n AND st.a_open AND st.cost IS NOT NULL
    LEFT JOIN recurring.dist best ON best.n = st.a
    WHERE best.cost IS NULL OR d.cost + st.cost < best.cost
    GROUP BY st.a
),
origin AS (  -- the spaces paths start from: the units' own, when open (or from_own_space)
    SELECT DISTINCT o.n FROM map_unit m JOIN node o ON o.space_id = m.space_id
    WHERE m.match_id = $match_id AND m.side = $side
      AND (o.open OR coalesce((SELECT from_own_space FROM path_rule WHERE match_id = $match_id AND side = $side), FALSE))
),
leg AS (  -- 0 on a source; else a first step (priced as an end step) and the rest of the path
    SELECT o.n, 0 AS cost, [o.n, NULL::BIGINT] AS hop FROM origin o JOIN source s ON s.n = o.n
    UNION ALL
    SELECT o.n, st.end_cost + d.cost, [d.hop[1], st.b]
    FROM origin o JOIN step st ON st.a = o.n AND st.end_cost IS NOT NULL JOIN dist d ON d.n = st.b
),
traced AS (
    SELECT here.space_id, min(g.cost) AS cost,
           arg_min(g.hop, [g.cost, (g.hop[2] IS NOT NULL)::INTEGER, g.hop[1], coalesce(g.hop[2], 0)]) AS hop
    FROM leg g JOIN node here ON here.n = g.n
    GROUP BY here.space_id
),
named AS (
    SELECT t.space_id, t.cost, source.space_id AS source, next.space_id AS next_space
    FROM traced t
    JOIN node source ON source.n = t.hop[1]
    LEFT JOIN node next ON next.n = t.hop[2]
),
first_block AS (  -- arg_min_null: a block with no unit (a controller's) keeps its NULL unit
    SELECT l.a AS space_id, min(b.space_id) AS at_space,
           arg_min_null(b.unit_id, b.space_id) AS unit_id, arg_min(b.by_space, b.space_id) AS by_space,
           arg_min(b.what, b.space_id) AS what
    FROM link l JOIN blocked b ON b.space_id = l.b
    WHERE l.match_id = $match_id
    GROUP BY l.a
)
SELECT m.unit_id, m.space_id, d.cost, d.source, ps.kind AS source_kind, d.next_space,
       coalesce(pr.rule, ref.rule, 'path.trace') AS rule,
       CASE WHEN d.cost IS NOT NULL
            THEN format('path of cost {} to {} {}', d.cost, ps.kind, d.source)
            WHEN f.at_space IS NOT NULL
            THEN format('no path to a source: blocked at {} by {}', f.at_space,
                        concat_ws(' in ', concat_ws(' ', f.what, f.unit_id), f.by_space))
            ELSE 'no path to a source' END AS reason,
       CASE WHEN d.cost IS NULL THEN f.unit_id END AS by_unit,
       CASE WHEN d.cost IS NULL THEN f.at_space END AS by_space
FROM map_unit m
LEFT JOIN named d ON d.space_id = m.space_id
LEFT JOIN path_source ps ON ps.match_id = $match_id AND ps.side = $side AND ps.space_id = d.source
LEFT JOIN first_block f ON f.space_id = m.space_id
LEFT JOIN path_rule pr ON pr.match_id = $match_id AND pr.side = $side
LEFT JOIN rule_ref ref ON ref.match_id = $match_id AND ref.topic = 'path.trace'
WHERE m.match_id = $match_id AND m.side = $side
ORDER BY m.unit_id;

-- name: source-paths(match_id, side)
-- For every map space a path of :side may start from and every path_source of the side it
-- reaches, the least cost of a path from that space (priced as a unit's there) to the source
-- and the first step toward it: a depot's refit cost to every area, so to every unit at once
-- (and to a bridge's areas for night construction). Unreachable pairs have no row.
-- Equal costs go to the lower next space (inside the search, first to fewer steps).
-- Rules: path_rule.rule, else rule_ref topic 'path.trace' (the topic itself without a row)
-- Reads: map_unit, hostile_occupant, zoc_projection, path_source, path_cost, path_rule,
--   link, link_state, space, space_control, rule_ref
-- Returns: space_id, source, source_kind, cost, next_space, rule
WITH RECURSIVE
blocked AS MATERIALIZED (SELECT * FROM path_blocked($match_id, $side)),
node AS MATERIALIZED (
    SELECT s.space_id, row_number() OVER (ORDER BY s.space_id) AS n,
           s.space_id NOT IN (SELECT space_id FROM blocked) AS open
    FROM space s WHERE s.match_id = $match_id AND s.kind IN ('hex', 'area', 'point')
),
step AS MATERIALIZED (
    SELECT na.n AS a, nb.n AS b, st.cost, st.end_cost, st.passing, na.open AS a_open
    FROM path_step($match_id, $side) st
    JOIN node na ON na.space_id = st.a
    JOIN node nb ON nb.space_id = st.b AND nb.open
),
source AS MATERIALIZED (
    SELECT o.n, o.open FROM path_source ps JOIN node o ON o.space_id = ps.space_id
    WHERE ps.match_id = $match_id AND ps.side = $side
),
dist(src, n, cost) USING KEY (src, n) AS (  -- passing is charged on every space but the source
    SELECT n, n, 0 FROM source WHERE open
    UNION
    SELECT d.src, st.a, min(d.cost + st.cost + CASE WHEN d.n = d.src THEN 0 ELSE st.passing END)
    FROM dist d
    JOIN step st ON st.b = d.n AND st.a_open AND st.cost IS NOT NULL
    LEFT JOIN recurring.dist best ON best.src = d.src AND best.n = st.a
    WHERE best.cost IS NULL OR d.cost + st.cost + CASE WHEN d.n = d.src THEN 0 ELSE st.passing END < best.cost
    GROUP BY d.src, st.a
),
origin AS (  -- every space a path may start from: open ones, or all with from_own_space
    SELECT n FROM node
    WHERE open OR coalesce((SELECT from_own_space FROM path_rule WHERE match_id = $match_id AND side = $side), FALSE)
),
leg AS (
    SELECT o.n, s.n AS src, 0 AS cost, NULL::BIGINT AS next FROM origin o JOIN source s ON s.n = o.n
    UNION ALL
    SELECT o.n, d.src, st.end_cost + d.cost + CASE WHEN d.n = d.src THEN 0 ELSE st.passing END, st.b
    FROM origin o JOIN step st ON st.a = o.n AND st.end_cost IS NOT NULL JOIN dist d ON d.n = st.b
),
traced AS (
    SELECT n, src, min(cost) AS cost, arg_min([next], [cost, (next IS NOT NULL)::INTEGER, coalesce(next, 0)])[1] AS next
    FROM leg GROUP BY n, src
)
SELECT here.space_id, source.space_id AS source, ps.kind AS source_kind, t.cost,
       next.space_id AS next_space, coalesce(pr.rule, ref.rule, 'path.trace') AS rule
FROM traced t
JOIN node here ON here.n = t.n
JOIN node source ON source.n = t.src
LEFT JOIN node next ON next.n = t.next
JOIN path_source ps ON ps.match_id = $match_id AND ps.side = $side AND ps.space_id = source.space_id
LEFT JOIN path_rule pr ON pr.match_id = $match_id AND pr.side = $side
LEFT JOIN rule_ref ref ON ref.match_id = $match_id AND ref.topic = 'path.trace'
ORDER BY here.space_id, source.space_id;
