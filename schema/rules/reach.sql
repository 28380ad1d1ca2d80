-- Movement (Battle for Germany 4.0-4.4 and 5.2): the reach of every unit of a side at once.

-- name: movement-reach(game_id, side, units = NULL)
-- Where each unit of :side on the map with movement points (unit_state.mp > 0) can move
-- now, at the least cost (legal rows), and for each space next to a unit's reach that it
-- cannot enter, the one reason why not (refusal rows: legal = FALSE). A step costs the
-- terrain entered (terrain_cost) plus the border's extra cost; impassable terrain and
-- borders, entry_rule spaces and spaces holding a hostile unit (hostility.may_attack OR
-- exerts_zoc: a unit never shares a space with units hostile to it either way) are never
-- entered. Enemy ZOC, per zoc_rule (no row: rigid): entering it ends movement (must_stop),
-- a unit starting in it may leave (may_leave), and no step from ZOC straight into ZOC
-- (zoc_to_zoc false) -- the unit must first leave to a ZOC-free space.
-- A refusal names the first of: enemy-occupied, impassable terrain, entry rule, may not
-- leave ZOC, movement ended in ZOC at path_via, prohibited border, ZOC to ZOC, too far;
-- ties go to the cheaper attempt, then the lower path_via. A legal row's path_via is the
-- lowest-numbered of its cheapest predecessors, so paths replay exactly. The CLI prints the unit's row
-- for the target space; no row at all means the space is beyond the unit's reach.
-- Per unit: friendly units neither block nor project ZOC, so each unit's rows depend on its
--   own place and movement points and on the other sides; :units (NULL: all) limits the
--   answer to those units, and only units with movement points have rows.
-- Rules: rule_ref topics move.cost, move.enemy-occupied, move.prohibited, zoc.stop,
--   zoc.leave, zoc.to-zoc (the topic itself when the game has no row); entry_rule.rule
-- Reads: map_unit, zoc_projection, hostile_occupant, no_entry, zoc_rule, link,
--   enterable_space, border_rule, rule_ref
-- Returns: unit_id, space_id, legal, cost, path_via, rule, reason, by_unit, by_space
WITH RECURSIVE
zoc AS MATERIALIZED (
    SELECT space_id, min(unit_id) AS unit_id, arg_min(from_space, unit_id) AS from_space
    FROM zoc_projection WHERE game_id = $game_id AND side = $side
    GROUP BY space_id
),
occupied AS MATERIALIZED (
    SELECT space_id, min(unit_id) AS unit_id
    FROM hostile_occupant WHERE game_id = $game_id AND side = $side
    GROUP BY space_id
),
rigid AS MATERIALIZED (
    SELECT coalesce(z.must_stop, TRUE) AS must_stop, coalesce(z.may_leave, TRUE) AS may_leave,
           coalesce(z.zoc_to_zoc, FALSE) AS zoc_to_zoc
    FROM (SELECT 1) AS one
    LEFT JOIN zoc_rule z ON z.game_id = $game_id AND z.side = $side
),
mover AS MATERIALIZED (
    SELECT unit_id, nationality, space_id AS start, mp
    FROM map_unit WHERE game_id = $game_id AND side = $side AND mp > 0
      AND ($units IS NULL OR list_contains($units::VARCHAR[], unit_id))
),
barred AS MATERIALIZED (
    SELECT n.nationality, e.space_id, min(e.rule) AS rule, arg_min(e.reason, e.rule) AS reason
    FROM (SELECT DISTINCT nationality FROM mover) AS n
    JOIN no_entry e ON e.game_id = $game_id AND e.side = $side AND e.nationality IN (n.nationality, '*')
    GROUP BY n.nationality, e.space_id
),
neighbour AS MATERIALIZED (  -- every link out of a space: the cost of entering b across it (NULL: impassable)
    SELECT l.a, l.b, l.kind AS border, es.cost + coalesce(br.extra_cost, 0) AS cost,
           coalesce(br.passable, TRUE) AS passable, z.space_id IS NOT NULL AS into_zoc
    FROM link l
    LEFT JOIN enterable_space es ON es.game_id = l.game_id AND es.space_id = l.b
    LEFT JOIN border_rule br ON br.game_id = l.game_id AND br.kind = l.kind
    LEFT JOIN zoc z ON z.space_id = l.b
    WHERE l.game_id = $game_id
),
step AS MATERIALIZED (
    SELECT a, b, cost, into_zoc FROM neighbour
    WHERE cost IS NOT NULL AND passable AND b NOT IN (SELECT space_id FROM occupied)
),
reach(unit_id, space_id, cost, path_via, in_zoc, at_start, mp, nationality) USING KEY (unit_id, space_id) AS (
    SELECT m.unit_id, m.start, 0, NULL::VARCHAR, z.space_id IS NOT NULL, TRUE, m.mp, m.nationality
    FROM mover m LEFT JOIN zoc z ON z.space_id = m.start
    UNION
    SELECT r.unit_id, st.b, min(r.cost + st.cost), arg_min(r.space_id, (r.cost + st.cost, r.space_id)),
           any_value(st.into_zoc), FALSE, any_value(r.mp), any_value(r.nationality)
    FROM reach r
    JOIN step st ON st.a = r.space_id
    CROSS JOIN rigid g
    LEFT JOIN recurring.reach best ON best.unit_id = r.unit_id AND best.space_id = st.b
    LEFT JOIN barred ba ON ba.nationality = r.nationality AND ba.space_id = st.b
    WHERE r.cost + st.cost <= r.mp
      AND (best.cost IS NULL OR r.cost + st.cost < best.cost)
      AND CASE WHEN r.at_start THEN NOT r.in_zoc OR g.may_leave ELSE NOT (r.in_zoc AND g.must_stop) END
      AND NOT (r.in_zoc AND st.into_zoc AND NOT g.zoc_to_zoc)
      AND ba.space_id IS NULL
    GROUP BY r.unit_id, st.b
),
attempt AS (  -- each step out of a unit's reach into a space it did not reach, classified by the
              -- first rule it breaks; each space keeps its first attempt
    SELECT unit_id, space_id,
           arg_min({'via': via, 'border': border, 'mp': mp, 'total': total, 'code': code, 'occupant': occupant,
                    'entry_rule': entry_rule, 'entry_reason': entry_reason, 'zoc_unit_a': zoc_unit_a,
                    'zoc_from_a': zoc_from_a, 'zoc_unit_b': zoc_unit_b, 'zoc_from_b': zoc_from_b},
                   (code, coalesce(total, -1), via)) AS x
    FROM (  -- plain columns, not a LATERAL subquery: DuckDB would decorrelate one with a join
        SELECT r.unit_id, nb.b AS space_id, r.space_id AS via, nb.border, r.mp, r.cost + nb.cost AS total,
               CASE WHEN o.space_id IS NOT NULL THEN 1
                    WHEN nb.cost IS NULL THEN 2
                    WHEN ba.space_id IS NOT NULL THEN 3
                    WHEN r.at_start AND r.in_zoc AND NOT g.may_leave THEN 4
                    WHEN NOT r.at_start AND r.in_zoc AND g.must_stop THEN 5
                    WHEN NOT nb.passable THEN 6
                    WHEN r.in_zoc AND nb.into_zoc AND NOT g.zoc_to_zoc THEN 7
                    ELSE 8 END AS code,
               o.unit_id AS occupant, ba.rule AS entry_rule, ba.reason AS entry_reason,
               za.unit_id AS zoc_unit_a, za.from_space AS zoc_from_a,
               zb.unit_id AS zoc_unit_b, zb.from_space AS zoc_from_b
        FROM reach r
        JOIN neighbour nb ON nb.a = r.space_id
        ANTI JOIN reach done ON done.unit_id = r.unit_id AND done.space_id = nb.b
        CROSS JOIN rigid g
        LEFT JOIN occupied o ON o.space_id = nb.b
        LEFT JOIN barred ba ON ba.nationality = r.nationality AND ba.space_id = nb.b
        LEFT JOIN zoc za ON za.space_id = r.space_id
        LEFT JOIN zoc zb ON zb.space_id = nb.b
    )
    GROUP BY unit_id, space_id
),
refusal AS (
    SELECT unit_id, space_id, FALSE AS legal, CASE x.code WHEN 8 THEN x.total END AS cost, x.via AS path_via,
           CASE x.code WHEN 1 THEN 'move.enemy-occupied' WHEN 2 THEN 'move.prohibited'
                       WHEN 3 THEN NULL WHEN 4 THEN 'zoc.leave' WHEN 5 THEN 'zoc.stop'
                       WHEN 6 THEN 'move.prohibited' WHEN 7 THEN 'zoc.to-zoc' ELSE 'move.cost' END AS topic,
           CASE x.code WHEN 3 THEN x.entry_rule END AS entry_rule,
           CASE x.code
               WHEN 1 THEN format('{} is occupied by enemy unit {}', space_id, x.occupant)
               WHEN 2 THEN format('{} is impassable', space_id)
               WHEN 3 THEN x.entry_reason
               WHEN 4 THEN format('it starts in the enemy ZOC of {} in {} and may not leave it',
                                  x.zoc_unit_a, x.zoc_from_a)
               WHEN 5 THEN format('it entered an enemy ZOC at {} (projected by {} in {})',
                                  x.via, x.zoc_unit_a, x.zoc_from_a)
               WHEN 6 THEN format('the {} border from {} is prohibited', x.border, x.via)
               WHEN 7 THEN format('no ZOC to ZOC: {} and {} are both in enemy ZOC ({} in {})',
                                  x.via, space_id, x.zoc_unit_b, x.zoc_from_b)
               ELSE format('too far: cost {} > mp {}', x.total, x.mp) END AS reason,
           CASE x.code WHEN 1 THEN x.occupant WHEN 4 THEN x.zoc_unit_a WHEN 5 THEN x.zoc_unit_a
                       WHEN 7 THEN x.zoc_unit_b END AS by_unit,
           CASE x.code WHEN 1 THEN space_id WHEN 4 THEN x.zoc_from_a WHEN 5 THEN x.zoc_from_a
                       WHEN 7 THEN x.zoc_from_b END AS by_space
    FROM attempt
),
arrival AS (
    SELECT r.unit_id, r.space_id, TRUE AS legal, r.cost, r.path_via,
           CASE WHEN stops THEN 'zoc.stop' ELSE 'move.cost' END AS topic, NULL::VARCHAR AS entry_rule,
           CASE WHEN stops THEN format('entering {} ends movement: enemy ZOC of {} in {}', r.space_id, z.unit_id, z.from_space)
                ELSE format('{} of {} MP', r.cost, r.mp) END AS reason,
           CASE WHEN stops THEN z.unit_id END AS by_unit,
           CASE WHEN stops THEN z.from_space END AS by_space
    FROM (SELECT *, in_zoc AND NOT at_start AND (SELECT must_stop FROM rigid) AS stops FROM reach) AS r
    LEFT JOIN zoc z ON z.space_id = r.space_id
)
SELECT x.unit_id, x.space_id, x.legal, x.cost, x.path_via,
       coalesce(x.entry_rule, ref.rule, x.topic) AS rule, x.reason, x.by_unit, x.by_space
FROM (SELECT * FROM arrival UNION ALL SELECT * FROM refusal) AS x
LEFT JOIN rule_ref ref ON ref.game_id = $game_id AND ref.topic = x.topic
ORDER BY x.unit_id, x.legal DESC, x.space_id;
