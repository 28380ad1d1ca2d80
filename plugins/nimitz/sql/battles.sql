-- name: fcn-contested(match_id)
-- The map points holding units of both sides, each with its units and whether its battle is fought
-- this turn (the battles still to fight are the others).
-- Rules: 10.0 (a battle at every point holding units of both sides, one battle a point each combat phase)
-- Reads: unit_state, fcn_point_state
-- Returns: point_id, us_units, jp_units, fought, rule, reason
SELECT s.space_id AS point_id,
       list(s.unit_id ORDER BY s.unit_id) FILTER (WHERE c.side = 'US') AS us_units,
       list(s.unit_id ORDER BY s.unit_id) FILTER (WHERE c.side = 'JP') AS jp_units,
       bool_or(f.battle_fought) AS fought,
       '10.0' AS rule,
       'units of both sides' AS reason
FROM unit_state s
JOIN fcn_counter c ON c.match_id = s.match_id AND c.unit_id = s.unit_id
JOIN fcn_point p ON p.match_id = s.match_id AND p.point_id = s.space_id
JOIN fcn_point_state f ON f.match_id = s.match_id AND f.point_id = s.space_id
WHERE s.match_id = $match_id AND s.status <> 'destroyed'
GROUP BY s.space_id
HAVING count(*) FILTER (WHERE c.side = 'US') > 0 AND count(*) FILTER (WHERE c.side = 'JP') > 0
ORDER BY 1
