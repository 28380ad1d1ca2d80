-- name: fcn-holding(match_id, source)
-- Every map point as holding and supply read it: the US and Japanese ground units and land aircraft
-- there, whether a supply route reaches it from :source through US-held points, and whether the US
-- holds it. Holding and supply lean on each other, so both grow outward from :source (the West Coast):
-- a point is passed through only when US ground units or land aircraft stand there and no Japanese
-- ones do; the points so reached are held, and every point next to one of them (or to :source) is in
-- supply. A point's supply runs from the lowest-named such neighbour (via).
-- Rules: 4.1 (holding: US ground/air, no Japanese ground/air, in supply), 11.4 (supply traced from
-- the West Coast through US-held points; the end point need not be held)
-- Reads: unit_state, fcn_point_state
-- Returns: point_id, us_units, jp_units, objective, supplied, held, via, rule, reason
WITH RECURSIVE present AS (
    -- 4.1 only ground units and land aircraft hold a point; carrier aircraft never stand on the map
    SELECT p.point_id,
           count(c.unit_id) FILTER (WHERE c.side = 'US') AS us_units,
           count(c.unit_id) FILTER (WHERE c.side = 'JP') AS jp_units
    FROM fcn_point p
    LEFT JOIN unit_state s ON s.match_id = p.match_id AND s.space_id = p.point_id AND s.status <> 'destroyed'
    LEFT JOIN fcn_counter c ON c.match_id = s.match_id AND c.unit_id = s.unit_id
         AND (c.category = 'ground' OR (c.category = 'aircraft' AND NOT c.carrier_air))
    WHERE p.match_id = $match_id
    GROUP BY p.point_id
),
occupied AS (SELECT point_id FROM present WHERE us_units > 0 AND jp_units = 0),
chain (point_id) AS (
    SELECT $source
    UNION
    -- 11.4 supply passes only through points the US holds
    SELECT l.b FROM chain c JOIN link l ON l.match_id = $match_id AND l.a = c.point_id
    WHERE l.b IN (SELECT point_id FROM occupied)
),
supplied AS (
    SELECT point_id, NULL::VARCHAR AS via FROM chain WHERE point_id = $source
    UNION ALL
    -- 11.4 the end point need not be held: one step beyond the chain is in supply
    SELECT l.b, min(l.a) FROM chain c JOIN link l ON l.match_id = $match_id AND l.a = c.point_id
    WHERE l.b <> $source
    GROUP BY l.b
)
SELECT p.point_id, p.us_units, p.jp_units, coalesce(ps.objective, FALSE) AS objective,
       s.point_id IS NOT NULL AS supplied,
       p.point_id IN (SELECT point_id FROM occupied) AND p.point_id IN (SELECT point_id FROM chain) AS held,
       s.via,
       CASE WHEN s.point_id IS NULL THEN '11.4' ELSE '4.1' END AS rule,
       CASE
           WHEN p.us_units = 0 THEN 'no US ground unit or land aircraft'
           WHEN p.jp_units > 0 THEN 'Japanese ground units or land aircraft are there'
           WHEN s.point_id IS NULL THEN 'out of supply: no route from ' || $source || ' through US-held points'
           WHEN s.via IS NULL THEN 'held: the supply source'
           ELSE 'held: in supply from ' || s.via
       END AS reason
FROM present p
LEFT JOIN supplied s ON s.point_id = p.point_id
LEFT JOIN fcn_point_state ps ON ps.match_id = $match_id AND ps.point_id = p.point_id
ORDER BY p.point_id
