-- Rule views: the board facts that the shared rule queries of schema/rules/ build on, for
-- every match (filter on match_id). Players may query them too: "where is SOV's enemy ZOC?".
-- Defaults: a terrain missing from terrain_cost is impassable; a border kind missing from
-- border_rule is clear (passable, no extra cost, does not block ZOC).

-- Units on the map (hex, area or point; not in a box) that have not been eliminated. Every unit
-- stands on a space of its match, so "not in a box" is read as an anti-join on the few boxes:
-- joining every map space cost a 1,000-hex board 0.5 ms a statement and a 100,000-hex one 6 ms.
CREATE OR REPLACE VIEW map_unit AS
SELECT us.match_id, us.unit_id, us.side, us.space_id, us.status, us.mp, u.size, u.nationality
FROM unit_state us
JOIN unit u ON u.match_id = us.match_id AND u.unit_id = us.unit_id
ANTI JOIN space s ON s.match_id = us.match_id AND s.space_id = us.space_id AND s.kind = 'box'
WHERE us.status <> 'eliminated';

-- Map spaces a unit may enter at all, with the movement points it costs (terrain_cost).
CREATE OR REPLACE VIEW enterable_space AS
SELECT s.match_id, s.space_id, t.cost
FROM space s
JOIN terrain_cost t ON t.match_id = s.match_id AND t.terrain = s.terrain
WHERE s.kind IN ('hex', 'area', 'point') AND t.cost IS NOT NULL;

-- Steps a unit may take, a to b, with their cost: terrain of b plus the border's extra cost.
CREATE OR REPLACE VIEW move_step AS
SELECT match_id, a, b, border, cost FROM move_link WHERE cost IS NOT NULL AND passable;

-- Enemy ZOC: `unit_id` (of side `enemy`, in `from_space`) projects ZOC on `side`'s units in
-- `space_id` (hostility.exerts_zoc), not across borders that block ZOC, not into impassable
-- terrain (move_link.carries_zoc); into spaces holding units of any side. Flipped units still project ZOC.
CREATE OR REPLACE VIEW zoc_projection AS
SELECT h.match_id, h.side, h.enemy, m.unit_id, m.space_id AS from_space, l.b AS space_id
FROM hostility h
JOIN map_unit m ON m.match_id = h.match_id AND m.side = h.enemy
JOIN move_link l ON l.match_id = m.match_id AND l.a = m.space_id AND l.carries_zoc
WHERE h.exerts_zoc;

-- Units hostile to `side` (it may attack them, or they exert ZOC on it), where they stand.
CREATE OR REPLACE VIEW hostile_occupant AS
SELECT h.match_id, h.side, h.enemy, m.unit_id, m.space_id
FROM hostility h
JOIN map_unit m ON m.match_id = h.match_id AND m.side = h.enemy
WHERE h.may_attack OR h.exerts_zoc;

-- Spaces that units of `side` and `nationality` ('*': all) may not enter (entry_rule).
CREATE OR REPLACE VIEW no_entry AS
SELECT er.match_id, er.side, er.nationality, s.space_id, er.rule, er.reason
FROM entry_rule er
JOIN space s ON s.match_id = er.match_id
WHERE (coalesce(CASE er.attr WHEN 'zone' THEN s.zone WHEN 'region' THEN s.region
                             WHEN 'space_id' THEN s.space_id END, '') = er.value) <> er.negate;

-- Movement of a side (movement-reach, movement-legal in schema/rules/reach.sql say the rules).
-- The macros answer many asks at once, each a (match, side) and for move_reach the units asked,
-- given as lists with one item per ask; every row names its ask (`ask`, the item's index from 0).
-- A query asked alone passes lists of one ([$match_id], [$side]); a tournament's pool passes
-- the asks of all its matches waiting at movement-legal (one walk over every ask costs far less
-- than one statement each: scripts/bench_pooling.py).

-- The asks of lists `gids` (match ids), `sds` (sides) and `unit_lists` (each ask's units, NULL:
-- all; a NULL list: every ask all its units), one row each.
CREATE OR REPLACE MACRO move_ask(gids, sds, unit_lists) AS TABLE
SELECT unnest(range(len(gids))) AS ask, unnest(gids) AS match_id, unnest(sds) AS side,
       unnest(unit_lists::VARCHAR[][]) AS units;

-- Each link a -> b as the asked sides' units may step along it, wherever they stand: the cost of
-- entering b (NULL: impassable), its border, the lowest unit in b hostile to them (occupant:
-- hostility.may_attack OR exerts_zoc), the lowest enemy unit projecting ZOC into a and into b
-- (zoc_projection, with its space), zoc_rule's must_stop and may_leave for the side (no row:
-- rigid), and open_step: b may be entered across it (no hostile unit, passable, not ZOC to ZOC).
CREATE OR REPLACE MACRO move_edge(gids, sds) AS TABLE
WITH asked AS MATERIALIZED (SELECT ask, match_id, side FROM move_ask(gids, sds, NULL)),
piece AS MATERIALIZED (  -- the units hostile to each asked side's units, read once
    SELECT a.ask, m.unit_id, m.space_id, h.may_attack OR h.exerts_zoc AS hostile, h.exerts_zoc
    FROM asked a
    JOIN map_unit m ON m.match_id = a.match_id
    JOIN hostility h ON h.match_id = m.match_id AND h.side = a.side AND h.enemy = m.side
),
neighbour AS MATERIALIZED (
    SELECT a.ask, l.a, l.b, l.border, l.cost, l.passable, l.carries_zoc
    FROM asked a JOIN move_link l ON l.match_id = a.match_id
),
zoc AS MATERIALIZED (  -- zoc_projection, from the links read above
    SELECT p.ask, n.b AS space_id, min(p.unit_id) AS unit_id, arg_min(p.space_id, p.unit_id) AS from_space
    FROM piece p JOIN neighbour n ON n.ask = p.ask AND n.a = p.space_id
    WHERE p.exerts_zoc AND n.carries_zoc
    GROUP BY p.ask, n.b
),
occupied AS MATERIALIZED (SELECT ask, space_id, min(unit_id) AS unit_id FROM piece WHERE hostile GROUP BY ask, space_id),
rigid AS (
    SELECT a.ask, coalesce(z.must_stop, TRUE) AS must_stop, coalesce(z.may_leave, TRUE) AS may_leave,
           coalesce(z.zoc_to_zoc, FALSE) AS zoc_to_zoc
    FROM asked a
    LEFT JOIN zoc_rule z ON z.match_id = a.match_id AND z.side = a.side
)
SELECT n.ask, n.a, n.b, n.border, n.cost, n.passable, o.unit_id AS occupant,
       za.unit_id AS zoc_unit_a, za.from_space AS zoc_from_a, zb.unit_id AS zoc_unit_b, zb.from_space AS zoc_from_b,
       n.cost IS NOT NULL AND n.passable AND o.unit_id IS NULL
         AND NOT (za.unit_id IS NOT NULL AND zb.unit_id IS NOT NULL AND NOT g.zoc_to_zoc) AS open_step,
       za.unit_id IS NOT NULL AS from_zoc, g.must_stop, g.may_leave
FROM neighbour n
JOIN rigid g ON g.ask = n.ask
LEFT JOIN occupied o ON o.ask = n.ask AND o.space_id = n.b
LEFT JOIN zoc za ON za.ask = n.ask AND za.space_id = n.a
LEFT JOIN zoc zb ON zb.ask = n.ask AND zb.space_id = n.b;

-- Where each unit of each asked side on the map with movement points (those listed in the ask's
-- units; NULL: all) can move now, at the least cost, along move_edge's open steps: the start at
-- cost 0 and path_via NULL, every other space with the lowest-numbered of its cheapest
-- predecessors (path_via), and whether entering it ends the move in enemy ZOC (stops, by
-- zoc_unit in zoc_from). A unit may leave its starting ZOC (may_leave), never a ZOC it entered
-- (must_stop).
CREATE OR REPLACE MACRO move_reach(gids, sds, unit_lists) AS TABLE
WITH RECURSIVE
edge AS MATERIALIZED (FROM move_edge(gids, sds)),
mover AS MATERIALIZED (
    SELECT a.ask, a.match_id, a.side, m.unit_id, m.nationality, m.space_id AS start, m.mp
    FROM move_ask(gids, sds, unit_lists) a
    JOIN map_unit m ON m.match_id = a.match_id AND m.side = a.side AND m.mp > 0
    WHERE a.units IS NULL OR list_contains(a.units, m.unit_id)
),
barred AS MATERIALIZED (  -- the spaces that the movers of each nationality may not enter (no_entry)
    SELECT DISTINCT n.ask, n.nationality, e.space_id
    FROM (SELECT DISTINCT ask, match_id, side, nationality FROM mover) AS n
    JOIN no_entry e ON e.match_id = n.match_id AND e.side = n.side AND e.nationality IN (n.nationality, '*')
),
walk(ask, unit_id, space_id, cost, path_via, mp, nationality) USING KEY (ask, unit_id, space_id) AS (
    -- each (ask, unit, space) once, at the least cost within mp and, at that cost, the lowest-numbered
    -- predecessor: a step replaces a row when it reaches the space cheaper, or as cheap from a
    -- lower-numbered space, and only the rows so replaced step on. A space's cheapest row is the best
    -- to step on from (what a step may do depends on its space, and on whether it leaves the start:
    -- the row at cost 0 without path_via, never replaced). Keyed so, the walk keeps one row per
    -- space where a UNION of paths keeps every cost and predecessor: a tournament pool's walk of 24
    -- matches costs 0.9x (its recursion a third), one match's alone the same
    SELECT ask, unit_id, start, 0, NULL::VARCHAR, mp, nationality FROM mover
    UNION
    (SELECT r.ask, r.unit_id, e.b, min(r.cost + e.cost), arg_min(r.space_id, (r.cost + e.cost, r.space_id)),
            any_value(r.mp), any_value(r.nationality)
     FROM walk r
     JOIN edge e ON e.ask = r.ask AND e.a = r.space_id
     ANTI JOIN barred ba ON ba.ask = r.ask AND ba.nationality = r.nationality AND ba.space_id = e.b
     LEFT JOIN recurring.walk old ON old.ask = r.ask AND old.unit_id = r.unit_id AND old.space_id = e.b
     WHERE e.open_step AND r.cost + e.cost <= r.mp
       AND CASE WHEN r.path_via IS NULL THEN NOT e.from_zoc OR e.may_leave ELSE NOT (e.from_zoc AND e.must_stop) END
       AND (old.cost IS NULL OR r.cost + e.cost < old.cost
            OR (r.cost + e.cost = old.cost AND old.path_via IS NOT NULL AND r.space_id < old.path_via))
     GROUP BY r.ask, r.unit_id, e.b)
)
SELECT r.ask, a.match_id, r.unit_id, r.space_id, r.cost, r.path_via, r.mp, r.nationality,
       coalesce(e.zoc_unit_b IS NOT NULL AND e.must_stop, FALSE) AS stops, e.zoc_unit_b AS zoc_unit, e.zoc_from_b AS zoc_from
FROM walk r
JOIN move_ask(gids, sds, NULL) a ON a.ask = r.ask
LEFT JOIN edge e ON e.ask = r.ask AND e.a = r.path_via AND e.b = r.space_id;

-- Paths of a side (cheapest-paths, source-paths): the spaces they avoid and their steps.

-- Spaces a path of side `sd` avoids, with the unit and space responsible: enemy-occupied
-- spaces (unless path_rule.occupied_cost prices them), enemy-ZOC spaces holding no unit of
-- `sd` (path_rule.blocked_by_enemy_zoc), spaces whose controller's path_cost is NULL.
CREATE OR REPLACE MACRO path_blocked(gid, sd) AS TABLE
WITH rule AS (SELECT * FROM path_rule WHERE match_id = gid AND side = sd),
hostile AS (SELECT space_id, unit_id FROM hostile_occupant WHERE match_id = gid AND side = sd),
friendly AS (SELECT DISTINCT space_id FROM map_unit WHERE match_id = gid AND side = sd),
by_unit AS (
    SELECT space_id, min(unit_id) AS unit_id, arg_min(space_id, unit_id) AS by_space, 'enemy unit' AS what
    FROM hostile
    WHERE (SELECT occupied_cost FROM rule) IS NULL
    GROUP BY space_id
),
by_zoc AS (
    SELECT z.space_id, min(z.unit_id) AS unit_id, arg_min(z.from_space, z.unit_id) AS by_space, 'enemy ZOC' AS what
    FROM zoc_projection z
    JOIN rule ON rule.blocked_by_enemy_zoc
    WHERE z.match_id = gid AND z.side = sd
      AND z.space_id NOT IN (SELECT space_id FROM friendly)
      AND z.space_id NOT IN (SELECT space_id FROM hostile)
    GROUP BY z.space_id
)
SELECT * FROM by_unit
UNION ALL
SELECT * FROM by_zoc
UNION ALL
SELECT c.space_id, NULL, c.space_id, format('{} control', c.controller)
FROM space_control c
JOIN path_cost pc ON pc.match_id = c.match_id AND pc.side = sd AND pc.applies_to = 'control'
                 AND pc.kind = c.controller AND pc.state = '*' AND pc.cost IS NULL
WHERE c.match_id = gid
  AND c.space_id NOT IN (SELECT space_id FROM by_unit)
  AND c.space_id NOT IN (SELECT space_id FROM by_zoc);

-- Every step a -> b of side `sd`'s paths between map spaces (callers drop the steps into
-- path_blocked spaces): cost prices the border (by its link_state), the terrain and the controller of b; end_cost
-- the same step out of a unit's own space ('end-border' rows first). NULL: the step is
-- barred. passing is what crossing b costs when b lies between a path's two ends
-- (path_rule.occupied_cost for an enemy-occupied b), to_source whether b is a path source.
CREATE OR REPLACE MACRO path_step(gid, sd) AS TABLE
WITH pc AS (SELECT applies_to, kind, state, cost FROM path_cost WHERE match_id = gid AND side = sd),
occupied AS (SELECT DISTINCT space_id FROM hostile_occupant WHERE match_id = gid AND side = sd),
priced AS (
    SELECT l.a, l.b,
           -- the border: a row for the link's state wins over the '*' row
           CASE WHEN bs.kind IS NOT NULL THEN bs.cost WHEN ba.kind IS NOT NULL THEN ba.cost ELSE 0 END AS border,
           CASE WHEN es.kind IS NOT NULL THEN es.cost WHEN ea.kind IS NOT NULL THEN ea.cost
                WHEN bs.kind IS NOT NULL THEN bs.cost WHEN ba.kind IS NOT NULL THEN ba.cost ELSE 0 END AS end_border,
           CASE WHEN tc.kind IS NOT NULL THEN tc.cost ELSE 0 END AS terrain,
           coalesce(cc.cost, 0) AS control,
           CASE WHEN o.space_id IS NOT NULL
                THEN (SELECT occupied_cost FROM path_rule WHERE match_id = gid AND side = sd) ELSE 0 END AS passing,
           src.space_id IS NOT NULL AS to_source
    FROM link l
    JOIN space s ON s.match_id = l.match_id AND s.space_id = l.b AND s.kind IN ('hex', 'area', 'point')
    LEFT JOIN link_state ls ON ls.match_id = l.match_id AND ls.a = l.a AND ls.b = l.b
    LEFT JOIN space_control c ON c.match_id = l.match_id AND c.space_id = l.b
    LEFT JOIN pc bs ON bs.applies_to = 'border' AND bs.kind = l.kind AND bs.state = ls.state
    LEFT JOIN pc ba ON ba.applies_to = 'border' AND ba.kind = l.kind AND ba.state = '*'
    LEFT JOIN pc es ON es.applies_to = 'end-border' AND es.kind = l.kind AND es.state = ls.state
    LEFT JOIN pc ea ON ea.applies_to = 'end-border' AND ea.kind = l.kind AND ea.state = '*'
    LEFT JOIN pc tc ON tc.applies_to = 'terrain' AND tc.kind = s.terrain AND tc.state = '*'
    LEFT JOIN pc cc ON cc.applies_to = 'control' AND cc.kind = c.controller AND cc.state = '*'
    LEFT JOIN occupied o ON o.space_id = l.b
    LEFT JOIN path_source src ON src.match_id = l.match_id AND src.side = sd AND src.space_id = l.b
    WHERE l.match_id = gid
)
SELECT a, b, border + terrain + control AS cost, end_border + terrain + control AS end_cost,
       coalesce(passing, 0) AS passing, to_source
FROM priced;
