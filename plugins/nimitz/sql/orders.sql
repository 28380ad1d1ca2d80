-- name: fcn-order-destinations(match_id, point, south, east, home)
-- Where each Japanese order sends the units rolling at :point: every candidate destination of every
-- order at once, with its distance in route steps from :point. Japanese paths never pass through a
-- point closed to Japan (the West Coast, Australia), and no such point is a destination. The order
-- rolled picks its rows; several rows of one order are a random pick (1.3); none makes it a Hold.
-- :south is Australia (Advance South), :east Hawaii (Advance East), :home Japan (Refit).
-- Rules: 9.2 (the orders' destinations), 9.1 (no range limit; closed points; random pick among equals)
-- Reads: unit_state, fcn_point_state
-- Returns: order_name, point_id, steps, garrisoned, us_present, rule, reason
WITH RECURSIVE walk (origin, point_id, steps) AS (
    SELECT point_id, point_id, 0 FROM fcn_point
    WHERE match_id = $match_id AND point_id IN ($point, $south, $east)
    UNION
    -- 9.1 a Japanese path leaves no point closed to Japan but the one it starts from
    SELECT w.origin, l.b, w.steps + 1
    FROM walk w
    JOIN link l ON l.match_id = $match_id AND l.a = w.point_id
    JOIN fcn_point passed ON passed.match_id = $match_id AND passed.point_id = w.point_id
    WHERE (w.steps = 0 OR coalesce(passed.closed_to, '') <> 'JP')
      AND w.steps < (SELECT count(*) FROM fcn_point WHERE match_id = $match_id)
),
distance AS (SELECT origin, point_id, min(steps) AS steps FROM walk GROUP BY origin, point_id),
facts AS (
    SELECT p.point_id, coalesce(p.closed_to, '') = 'JP' AS closed,
           coalesce(ps.objective, FALSE) AS objective,
           coalesce(ps.jp_garrisoned, FALSE) AS garrisoned,  -- 9.2 * at the start of the phase
           coalesce(bool_or(c.side = 'US'), FALSE) AS us_present,
           coalesce(bool_or(c.side = 'JP'), FALSE) AS jp_present,
           coalesce(bool_or(c.side = 'US' AND (c.category = 'ground' OR c.category = 'aircraft')), FALSE) AS us_ashore,
           coalesce(bool_or(c.side = 'JP' AND (c.category = 'ground' OR c.category = 'aircraft')), FALSE) AS jp_ashore,
           d.steps
    FROM fcn_point p
    LEFT JOIN fcn_point_state ps ON ps.match_id = p.match_id AND ps.point_id = p.point_id
    LEFT JOIN unit_state s ON s.match_id = p.match_id AND s.space_id = p.point_id AND s.status <> 'destroyed'
    LEFT JOIN fcn_counter c ON c.match_id = s.match_id AND c.unit_id = s.unit_id
    LEFT JOIN distance d ON d.origin = $point AND d.point_id = p.point_id
    WHERE p.match_id = $match_id
    GROUP BY p.point_id, p.closed_to, ps.objective, ps.jp_garrisoned, d.steps
),
reachable AS (SELECT * FROM facts WHERE NOT closed AND steps IS NOT NULL),
neighbour AS (
    SELECT f.*, south.steps AS to_south, east.steps AS to_east
    FROM reachable f
    JOIN link l ON l.match_id = $match_id AND l.a = $point AND l.b = f.point_id
    LEFT JOIN distance south ON south.origin = $south AND south.point_id = f.point_id
    LEFT JOIN distance east ON east.origin = $east AND east.point_id = f.point_id
),
here AS (
    SELECT (SELECT steps FROM distance WHERE origin = $south AND point_id = $point) AS to_south,
           (SELECT steps FROM distance WHERE origin = $east AND point_id = $point) AS to_east,
           EXISTS (SELECT 1 FROM link WHERE match_id = $match_id AND a = $point AND b = $south) AS by_south
),
candidate AS (
    -- 9.2 Engage: the nearest point holding any US unit
    SELECT 'engage' AS order_name, point_id, steps, garrisoned, us_present,
           'nearest point holding US units' AS reason
    FROM reachable WHERE us_present AND steps = (SELECT min(steps) FROM reachable WHERE us_present)
    UNION ALL
    -- 9.2 Sortie: the nearest objective holding US units
    SELECT 'sortie', point_id, steps, garrisoned, us_present, 'nearest objective holding US units'
    FROM reachable WHERE us_present AND objective
      AND steps = (SELECT min(steps) FROM reachable WHERE us_present AND objective)
    UNION ALL
    -- 9.2 Reinforce: any objective where Japanese ground units or land aircraft are garrisoned (its own point too)
    SELECT 'reinforce', point_id, steps, garrisoned, us_present, 'objective with a Japanese garrison'
    FROM reachable WHERE objective AND garrisoned
    UNION ALL
    -- 9.2 Refit: to Japan (units already in Japan hold)
    SELECT 'refit', point_id, steps, garrisoned, us_present, 'Japan'
    FROM reachable WHERE point_id = $home AND $point <> $home
    UNION ALL
    -- 9.2 Advance South: one route step closer to Australia (a point next to Australia holds)
    SELECT 'advance-south', n.point_id, n.steps, n.garrisoned, n.us_present, 'one step closer to Australia'
    FROM neighbour n, here h WHERE NOT h.by_south AND n.to_south < h.to_south
    UNION ALL
    -- 9.2 Advance East: one route step closer to Hawaii, onto a Japanese-held point (no US ground/air there)
    SELECT 'advance-east', n.point_id, n.steps, n.garrisoned, n.us_present, 'one step closer to Hawaii, Japanese-held'
    FROM neighbour n, here h WHERE n.to_east < h.to_east AND n.jp_ashore AND NOT n.us_ashore
    UNION ALL
    -- 9.2 Battle: any point holding units of both sides, at any distance
    SELECT 'battle', point_id, steps, garrisoned, us_present, 'units of both sides'
    FROM reachable WHERE us_present AND jp_present
)
SELECT order_name, point_id, steps, garrisoned, us_present, '9.2' AS rule, reason
FROM candidate
ORDER BY order_name, point_id
