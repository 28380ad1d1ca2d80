-- Zones of control (Battle for Germany 4.0-4.4; topics from rule_ref).

-- name: enemy-zoc(match_id, side)
-- Every space in the ZOC of :side's enemies, one row per projecting unit: the spaces next
-- to each enemy unit (hostility.exerts_zoc) across borders that do not block ZOC
-- (border_rule.blocks_zoc), never into impassable terrain; spaces holding units of any side
-- included. Eliminated units and units in boxes project none; flipped units do (BfG 9.1).
-- Rules: rule_ref topic 'zoc.extent' (the topic itself when the game has no row)
-- Reads: zoc_projection (map_unit, hostility, move_link), rule_ref
-- Returns: space_id, unit_id, from_space, enemy, rule, reason
SELECT z.space_id, z.unit_id, z.from_space, z.enemy,
       coalesce(ref.rule, 'zoc.extent') AS rule,
       format('ZOC of {} unit {} in {}', z.enemy, z.unit_id, z.from_space) AS reason
FROM zoc_projection z
LEFT JOIN rule_ref ref ON ref.match_id = z.match_id AND ref.topic = 'zoc.extent'
WHERE z.match_id = $match_id AND z.side = $side
ORDER BY z.space_id, z.unit_id;
