-- Movement (Battle for Germany 4.0-4.4 and 5.2): the reach of every unit of a side at once.
-- Both queries walk the map with the move_reach table macro (schema/views/rules.sql): movement-legal
-- answers where units may move, movement-reach also why they may not go further.

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
-- for the target space; no row at all means the space is beyond the unit's reach. Its legal rows are
-- movement-legal's: ask that one for the moves, and this one to explain a refused move.
-- Per unit: friendly units neither block nor project ZOC, so each unit's rows depend on its
--   own place and movement points and on the other sides; :units (NULL: all) limits the
--   answer to those units, and only units with movement points have rows.
-- Near: a unit's rows name every space it reaches and every space next to those, and other sides'
--   units act on them only by standing in such a space (enemy-occupied) or next to one (their ZOC).
-- Rules: rule_ref topics move.cost, move.enemy-occupied, move.prohibited, zoc.stop,
--   zoc.leave, zoc.to-zoc (the topic itself when the game has no row); entry_rule.rule
-- Reads: move_reach and move_edge (map_unit, hostility, move_link, no_entry, zoc_rule), rule_ref
-- Returns: unit_id, space_id, legal, cost, path_via, rule, reason, by_unit, by_space
WITH
edge AS MATERIALIZED (FROM move_edge([$match_id], [$side])),
reach AS MATERIALIZED (FROM move_reach([$match_id], [$side], [$units])),
barred AS MATERIALIZED (  -- per nationality among the movers, the lowest-numbered entry rule barring each space
    SELECT n.nationality, e.space_id, min(e.rule) AS rule, arg_min(e.reason, e.rule) AS reason
    FROM (SELECT DISTINCT nationality FROM reach) AS n
    JOIN no_entry e ON e.match_id = $match_id AND e.side = $side AND e.nationality IN (n.nationality, '*')
    GROUP BY n.nationality, e.space_id
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
    SELECT unit_id, space_id, TRUE AS legal, cost, path_via,
           CASE WHEN stops THEN 'zoc.stop' ELSE 'move.cost' END AS topic, NULL::VARCHAR AS entry_rule,
           CASE WHEN stops THEN format('entering {} ends movement: enemy ZOC of {} in {}', space_id, zoc_unit, zoc_from)
                ELSE format('{} of {} MP', cost, mp) END AS reason,
           CASE WHEN stops THEN zoc_unit END AS by_unit,
           CASE WHEN stops THEN zoc_from END AS by_space
    FROM reach
)
SELECT x.unit_id, x.space_id, x.legal, x.cost, x.path_via,
       coalesce(x.entry_rule, ref.rule, x.topic) AS rule, x.reason, x.by_unit, x.by_space
FROM (SELECT * FROM arrival UNION ALL SELECT * FROM refusal) AS x
LEFT JOIN rule_ref ref ON ref.match_id = $match_id AND ref.topic = x.topic
ORDER BY x.unit_id, x.legal DESC, x.space_id;

-- name: movement-legal(match_id, side, units = NULL)
-- The legal rows of movement-reach alone, the same rows in the same order: where each unit of
-- :side on the map with movement points can move now, at the least cost (cost, and path_via:
-- the lowest-numbered of its cheapest predecessors, NULL for the unit's own space at cost 0),
-- and, when entering a space ends the move in enemy ZOC (zoc.stop), the enemy unit and space
-- whose ZOC stops it there (by_unit, by_space). It neither plans nor runs the refusals: ask it
-- for the moves, and movement-reach for why a move is refused. Its rows do not name the spaces
-- next to a unit's reach, so an enemy two links from them can change them (a space held back by
-- ZOC to ZOC alone): it is not Near, and when other sides' units move its answer is asked whole.
-- Per unit: friendly units neither block nor project ZOC, so each unit's rows depend on its
--   own place and movement points and on the other sides; :units (NULL: all) limits the
--   answer to those units, and only units with movement points have rows.
-- Together: many asks in one statement, as a tournament's pool asks it: each parameter is a list
--   with one item per ask (:units a list of lists), and each row leads with its ask's index from 0
--   (pooled_ask). One walk over all the asks costs a fraction of one statement each.
-- Rules: rule_ref topics move.cost, zoc.stop (the topic itself when the game has no row)
-- Reads: move_reach (move_edge, map_unit, hostility, move_link, no_entry, zoc_rule), rule_ref
-- Returns: unit_id, space_id, legal, cost, path_via, rule, reason, by_unit, by_space
SELECT r.ask AS pooled_ask, r.unit_id, r.space_id, TRUE AS legal, r.cost, r.path_via,
       coalesce(ref.rule, CASE WHEN r.stops THEN 'zoc.stop' ELSE 'move.cost' END) AS rule,
       CASE WHEN r.stops THEN format('entering {} ends movement: enemy ZOC of {} in {}', r.space_id, r.zoc_unit, r.zoc_from)
            ELSE format('{} of {} MP', r.cost, r.mp) END AS reason,
       CASE WHEN r.stops THEN r.zoc_unit END AS by_unit,
       CASE WHEN r.stops THEN r.zoc_from END AS by_space
FROM move_reach($match_id, $side, $units) r
LEFT JOIN rule_ref ref ON ref.match_id = r.match_id AND ref.topic = CASE WHEN r.stops THEN 'zoc.stop' ELSE 'move.cost' END
ORDER BY pooled_ask, r.unit_id, r.space_id;

-- name: movement-exit(match_id, side, spaces, nationalities)
-- The cheapest first step out of each of :spaces for a unit of :side of each of :nationalities
-- that starts its move there, whatever movement points it has now: the least cost of an open step
-- (move_edge: no hostile unit in the space entered, passable terrain and border, not ZOC to ZOC)
-- into a space its nationality may enter (no_entry), out of an enemy ZOC only where a unit
-- starting in it may leave (zoc_rule.may_leave); cost NULL when no step is open. A rule that
-- looks ahead compares it with the allowance the unit will have: Battle for Germany (5.3 with
-- 7.26) asks whether the units of a hex can leave it in the coming Movement Phase.
-- Together: many asks in one statement, as a tournament's pool asks it: each parameter is a list
--   with one item per ask (:spaces and :nationalities lists of lists), and each row leads with its
--   ask's index from 0 (pooled_ask).
-- Rules: none of its own; the rule that asks cites itself
-- Reads: move_edge (map_unit, hostility, move_link, zoc_rule), no_entry
-- Returns: space_id, nationality, cost
WITH edge AS MATERIALIZED (FROM move_edge($match_id, $side)),
ask AS (
    SELECT unnest(range(len($match_id))) AS ask, unnest($match_id) AS match_id, unnest($side) AS side,
           unnest($spaces::VARCHAR[][]) AS spaces, unnest($nationalities::VARCHAR[][]) AS nationalities
),
asked AS (  -- each ask's spaces, each with each of its nationalities
    SELECT ask, match_id, side, space_id, unnest(list_distinct(nationalities)) AS nationality
    FROM (SELECT ask, match_id, side, unnest(list_distinct(spaces)) AS space_id, nationalities FROM ask)
),
step AS (
    SELECT a.ask, a.space_id, a.nationality, e.b, e.cost
    FROM asked a
    JOIN edge e ON e.ask = a.ask AND e.a = a.space_id AND e.open_step AND (NOT e.from_zoc OR e.may_leave)
    ANTI JOIN no_entry ne ON ne.match_id = a.match_id AND ne.side = a.side AND ne.space_id = e.b
                         AND ne.nationality IN (a.nationality, '*')
)
SELECT a.ask AS pooled_ask, a.space_id, a.nationality, min(st.cost) AS cost
FROM asked a
LEFT JOIN step st USING (ask, space_id, nationality)
GROUP BY a.ask, a.space_id, a.nationality
ORDER BY pooled_ask, a.space_id, a.nationality;
