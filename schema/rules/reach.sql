-- Movement (Battle for Germany 4.0-4.4 and 5.2): the reach of every unit of a side at once.

-- name: movement-reach(match_id, side, units = NULL)
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
-- Near: a unit's rows name every space it reaches and every space next to those, and other sides'
--   units act on them only by standing in such a space (enemy-occupied) or next to one (their ZOC).
-- Rules: rule_ref topics move.cost, move.enemy-occupied, move.prohibited, zoc.stop,
--   zoc.leave, zoc.to-zoc (the topic itself when the game has no row); entry_rule.rule
-- Reads: map_unit, hostility, move_link, no_entry, zoc_rule, rule_ref
-- Returns: unit_id, space_id, legal, cost, path_via, rule, reason, by_unit, by_space
WITH RECURSIVE
piece AS MATERIALIZED (  -- every unit on the map, read once: whether it bars or exerts ZOC on :side's units
    SELECT m.unit_id, m.side, m.space_id, m.mp, m.nationality,
           coalesce(h.may_attack OR h.exerts_zoc, FALSE) AS hostile, coalesce(h.exerts_zoc, FALSE) AS exerts_zoc
    FROM map_unit m
    LEFT JOIN hostility h ON h.match_id = m.match_id AND h.side = $side AND h.enemy = m.side
    WHERE m.match_id = $match_id
),
rigid AS MATERIALIZED (
    SELECT coalesce(z.must_stop, TRUE) AS must_stop, coalesce(z.may_leave, TRUE) AS may_leave,
           coalesce(z.zoc_to_zoc, FALSE) AS zoc_to_zoc
    FROM (SELECT 1) AS one
    LEFT JOIN zoc_rule z ON z.match_id = $match_id AND z.side = $side
),
neighbour AS MATERIALIZED (  -- every link: the cost of entering b across it (NULL: impassable), ZOC across it
    SELECT a, b, border, cost, passable, carries_zoc FROM move_link WHERE match_id = $match_id
),
zoc AS MATERIALIZED (  -- zoc_projection, from the links read above
    SELECT n.b AS space_id, min(p.unit_id) AS unit_id, arg_min(p.space_id, p.unit_id) AS from_space
    FROM piece p JOIN neighbour n ON n.a = p.space_id
    WHERE p.exerts_zoc AND n.carries_zoc
    GROUP BY n.b
),
occupied AS MATERIALIZED (
    SELECT space_id, min(unit_id) AS unit_id FROM piece WHERE hostile GROUP BY space_id
),
edge AS MATERIALIZED (  -- each link with what it means to :side's units whatever their place: open_step may
                         -- be taken (not into an enemy, across a passable border, not ZOC to ZOC)
    SELECT n.a, n.b, n.border, n.cost, n.passable, o.unit_id AS occupant,
           za.unit_id AS zoc_unit_a, za.from_space AS zoc_from_a, zb.unit_id AS zoc_unit_b, zb.from_space AS zoc_from_b,
           n.cost IS NOT NULL AND n.passable AND o.unit_id IS NULL
             AND NOT (za.unit_id IS NOT NULL AND zb.unit_id IS NOT NULL AND NOT g.zoc_to_zoc) AS open_step,
           za.unit_id IS NOT NULL AS from_zoc, g.must_stop, g.may_leave
    FROM neighbour n
    CROSS JOIN rigid g
    LEFT JOIN occupied o ON o.space_id = n.b
    LEFT JOIN zoc za ON za.space_id = n.a
    LEFT JOIN zoc zb ON zb.space_id = n.b
),
mover AS MATERIALIZED (
    SELECT unit_id, nationality, space_id AS start, mp
    FROM piece WHERE side = $side AND mp > 0
      AND ($units IS NULL OR list_contains($units::VARCHAR[], unit_id))
),
barred AS MATERIALIZED (
    SELECT n.nationality, e.space_id, min(e.rule) AS rule, arg_min(e.reason, e.rule) AS reason
    FROM (SELECT DISTINCT nationality FROM mover) AS n
    JOIN no_entry e ON e.match_id = $match_id AND e.side = $side AND e.nationality IN (n.nationality, '*')
    GROUP BY n.nationality, e.space_id
),
walk(unit_id, space_id, cost, path_via, mp, nationality) AS (  -- every (unit, space, cost, predecessor) of a
    -- move within mp; UNION over these few columns stops when no step finds a new one. The start is the row
    -- without path_via: a unit may leave its starting ZOC (may_leave), never a ZOC entered (must_stop)
    SELECT unit_id, start, 0, NULL::VARCHAR, mp, nationality FROM mover
    UNION
    SELECT r.unit_id, e.b, r.cost + e.cost, r.space_id, r.mp, r.nationality
    FROM walk r
    JOIN edge e ON e.a = r.space_id
    ANTI JOIN barred ba ON ba.nationality = r.nationality AND ba.space_id = e.b
    WHERE e.open_step AND r.cost + e.cost <= r.mp
      AND CASE WHEN r.path_via IS NULL THEN NOT e.from_zoc OR e.may_leave ELSE NOT (e.from_zoc AND e.must_stop) END
),
reach AS MATERIALIZED (  -- the least cost per unit and space; the lowest-numbered predecessor at that cost
    SELECT unit_id, space_id, min(cost) AS cost, arg_min_null(path_via, (cost, path_via)) AS path_via,
           any_value(mp) AS mp, any_value(nationality) AS nationality
    FROM walk GROUP BY unit_id, space_id
),
attempt AS (  -- each step out of a unit's reach into a space it did not reach, classified by the first
              -- rule it breaks; each space keeps its first attempt (code, cost, via), the rest is read again below
    SELECT r.unit_id, e.b AS space_id, any_value(r.mp) AS mp, any_value(r.nationality) AS nationality,
           min({'code': CASE WHEN e.occupant IS NOT NULL THEN 1
                             WHEN e.cost IS NULL THEN 2
                             WHEN ba.space_id IS NOT NULL THEN 3
                             WHEN r.path_via IS NULL AND e.from_zoc AND NOT e.may_leave THEN 4
                             WHEN r.path_via IS NOT NULL AND e.from_zoc AND e.must_stop THEN 5
                             WHEN NOT e.passable THEN 6
                             WHEN NOT e.open_step THEN 7
                             ELSE 8 END,
                'total': coalesce(r.cost + e.cost, -1), 'via': r.space_id}) AS x
    FROM reach r
    JOIN edge e ON e.a = r.space_id
    ANTI JOIN reach done ON done.unit_id = r.unit_id AND done.space_id = e.b
    LEFT JOIN barred ba ON ba.nationality = r.nationality AND ba.space_id = e.b
    GROUP BY r.unit_id, e.b
),
refusal AS (
    SELECT t.unit_id, t.space_id, FALSE AS legal, CASE t.x.code WHEN 8 THEN t.x.total END AS cost, t.x.via AS path_via,
           CASE t.x.code WHEN 1 THEN 'move.enemy-occupied' WHEN 2 THEN 'move.prohibited'
                       WHEN 3 THEN NULL WHEN 4 THEN 'zoc.leave' WHEN 5 THEN 'zoc.stop'
                       WHEN 6 THEN 'move.prohibited' WHEN 7 THEN 'zoc.to-zoc' ELSE 'move.cost' END AS topic,
           CASE t.x.code WHEN 3 THEN ba.rule END AS entry_rule,
           CASE t.x.code
               WHEN 1 THEN format('{} is occupied by enemy unit {}', t.space_id, e.occupant)
               WHEN 2 THEN format('{} is impassable', t.space_id)
               WHEN 3 THEN ba.reason
               WHEN 4 THEN format('it starts in the enemy ZOC of {} in {} and may not leave it',
                                  e.zoc_unit_a, e.zoc_from_a)
               WHEN 5 THEN format('it entered an enemy ZOC at {} (projected by {} in {})',
                                  t.x.via, e.zoc_unit_a, e.zoc_from_a)
               WHEN 6 THEN format('the {} border from {} is prohibited', e.border, t.x.via)
               WHEN 7 THEN format('no ZOC to ZOC: {} and {} are both in enemy ZOC ({} in {})',
                                  t.x.via, t.space_id, e.zoc_unit_b, e.zoc_from_b)
               ELSE format('too far: cost {} > mp {}', t.x.total, t.mp) END AS reason,
           CASE t.x.code WHEN 1 THEN e.occupant WHEN 4 THEN e.zoc_unit_a WHEN 5 THEN e.zoc_unit_a
                       WHEN 7 THEN e.zoc_unit_b END AS by_unit,
           CASE t.x.code WHEN 1 THEN t.space_id WHEN 4 THEN e.zoc_from_a WHEN 5 THEN e.zoc_from_a
                       WHEN 7 THEN e.zoc_from_b END AS by_space
    FROM attempt t
    JOIN edge e ON e.a = t.x.via AND e.b = t.space_id
    LEFT JOIN barred ba ON ba.nationality = t.nationality AND ba.space_id = t.space_id
),
arrival AS (
    SELECT r.unit_id, r.space_id, TRUE AS legal, r.cost, r.path_via,
           CASE WHEN stops THEN 'zoc.stop' ELSE 'move.cost' END AS topic, NULL::VARCHAR AS entry_rule,
           CASE WHEN stops THEN format('entering {} ends movement: enemy ZOC of {} in {}', r.space_id, zoc_unit, zoc_from)
                ELSE format('{} of {} MP', r.cost, r.mp) END AS reason,
           CASE WHEN stops THEN zoc_unit END AS by_unit,
           CASE WHEN stops THEN zoc_from END AS by_space
    FROM (SELECT r.*, z.unit_id IS NOT NULL AND r.path_via IS NOT NULL AND g.must_stop AS stops,
                 z.unit_id AS zoc_unit, z.from_space AS zoc_from
          FROM reach r CROSS JOIN rigid g LEFT JOIN zoc z ON z.space_id = r.space_id) AS r
)
SELECT x.unit_id, x.space_id, x.legal, x.cost, x.path_via,
       coalesce(x.entry_rule, ref.rule, x.topic) AS rule, x.reason, x.by_unit, x.by_space
FROM (SELECT * FROM arrival UNION ALL SELECT * FROM refusal) AS x
LEFT JOIN rule_ref ref ON ref.match_id = $match_id AND ref.topic = x.topic
ORDER BY x.unit_id, x.legal DESC, x.space_id;
