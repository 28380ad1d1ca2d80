-- Stacking (Battle for Germany 5.3): limits per side and per unit size, as data.

-- name: stacking-audit(match_id, side)
-- Every space where :side has more units than a stacking_rule allows: the all-units limit
-- (size '*') and per-size limits (e.g. 'front' max 1: two Soviet Fronts never together).
-- A rule for the side itself overrides the '*' rule for the same size.
-- Rules: stacking_rule.rule on each row (the game's rule number for that limit)
-- Reads: map_unit (unit_state, unit, space), stacking_rule
-- Returns: space_id, units, count, limit, size, rule, reason
WITH limits AS (  -- per size, the side's own rule, else the '*' rule (a GROUP BY, cheaper than a window)
    SELECT size, arg_min(max_units, side = '*') AS max_units, arg_min(rule, side = '*') AS rule
    FROM stacking_rule
    WHERE match_id = $match_id AND side IN ($side, '*')
    GROUP BY size
)
SELECT m.space_id,
       list(m.unit_id ORDER BY m.unit_id) AS units,
       count(*) AS count,
       k.max_units AS "limit",
       k.size,
       k.rule,
       format('{} {} in {}: at most {} may stack', count(*),
              CASE k.size WHEN '*' THEN 'units' ELSE k.size || ' units' END,
              m.space_id, k.max_units) AS reason
FROM map_unit m
JOIN limits k ON k.size IN ('*', m.size)
WHERE m.match_id = $match_id AND m.side = $side
GROUP BY m.space_id, k.size, k.max_units, k.rule
HAVING count(*) > k.max_units
ORDER BY m.space_id, k.size;
