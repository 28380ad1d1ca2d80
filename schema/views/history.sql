-- History views that players query with `phaseline sql`. Each reads the event and
-- effect log of every match in the store; filter on match_id for one match.
-- Whether an event still counts is event.undone_by, which each undo fills when it is made, and
-- the verb of its cause is event.cause_verb: no view joins events to events to know them. Each
-- effect carries its event's columns (and undone_by), and event.combat says which events are
-- combats: no view joins effects to events, nor reads every payload's JSON to find combats.
-- In move and roll, match_id IS NOT NULL is always true: it puts a query's own match_id filter (one
-- match's moves or rolls) first in the scan, as on a flat table, where DuckDB would apply the
-- view's own filters first.

-- Events taken back by an undo, one row each, with the undo event that took it back.
CREATE OR REPLACE VIEW undone_event AS
SELECT match_id,
       seq,                              -- the event taken back
       undone_by AS undo_seq,            -- the undo event that took it back (the first that covered it)
       undone_forced AS forced           -- that undo was forced across a roll (a re-roll)
FROM event
WHERE undone_by IS NOT NULL;

-- Events that still count: every event no undo took back (undo events included).
CREATE OR REPLACE VIEW live_event AS
SELECT * EXCLUDE (undone_by, undone_forced, combat)
FROM event
WHERE undone_by IS NULL;

-- Every change of a unit's space (moves, retreats, advances, eliminations), from the effects.
CREATE OR REPLACE VIEW move AS
SELECT match_id,
       seq,                              -- event that moved the unit
       n,                                -- order of the change within the event
       turn,
       phase,
       side,                             -- side acting when it moved
       kind,                             -- event kind: move, result, undo …
       key ->> 'unit_id' AS unit_id,
       old ->> '$' AS from_space,        -- space before the change
       new ->> '$' AS to_space,          -- space after the change
       cause,                            -- player action that led to it
       logged_at,                        -- when it was logged (UTC)
       undone_by IS NULL AS live         -- false when an undo took it back
FROM effect
WHERE match_id IS NOT NULL AND tbl = 'unit_state' AND col = 'space_id';

-- Every die roll with its purpose and the action that caused it.
CREATE OR REPLACE VIEW roll AS
SELECT e.match_id,
       e.seq,                            -- the roll event
       e.turn,
       e.phase,
       e.side,
       e.die,                            -- the result
       e.roll_no,                        -- roll counter: die = f(seed, roll_no)
       (e.payload ->> 'sides')::INTEGER AS sides,  -- faces of the die
       e.purpose,                        -- why it was rolled
       e.rule,                           -- rule number the roll applies
       e.cause,                          -- player action that led to it
       e.cause_verb,                     -- that action's verb
       e.seat,                           -- the seat that rolled it (from its secret, unless drawn at play)
       coalesce(e.payload ->> 'drawn' = 'at play', false) AS drawn_at_play,  -- the rules' die of a secret match: final
       e.logged_at,                      -- when it was rolled (UTC)
       e.undone_by IS NULL AS live,      -- false when an undo took it back (forced undo)
       e.undone_by IS NOT NULL AS rerolled  -- a forced undo took it back: the roll was made again
FROM event e
WHERE e.match_id IS NOT NULL AND e.kind = 'roll';

-- Combats: 'combat' events, and any event whose payload carries a combat (its attack_terms:
-- Breakout: Normandy logs its assaults as notes), as event.combat marks them; odds, values,
-- result and units in the payload.
CREATE OR REPLACE VIEW combat AS
SELECT match_id,
       seq,                              -- the combat event
       turn,
       side,                             -- attacking side
       unit_id,                          -- main attacker
       coalesce(to_space, payload ->> 'where') AS to_space,  -- defended space
       payload ->> 'odds' AS odds,       -- odds column, e.g. '3-1'
       TRY_CAST(payload ->> 'attack' AS INTEGER) AS attack,    -- the attack value compared (strength, AV;
       TRY_CAST(payload ->> 'defense' AS INTEGER) AS defense,  -- NULL where a game logs a word: Nimitz's 'aa')
       payload ->> 'result' AS result,   -- table result, e.g. 'DR'
       die,                              -- die roll, when the event carries it
       rule,
       logged_at,                        -- when it was resolved (UTC)
       undone_by IS NULL AS live         -- false when an undo took it back
FROM event
WHERE combat;

-- Every state change with the event that made it: the raw material of "state at event N".
CREATE OR REPLACE VIEW change AS
SELECT match_id,
       seq,                              -- event that made the change
       n,                                -- order within the event
       turn,
       phase,
       kind,                             -- event kind
       tbl,                              -- state table changed
       key,                              -- JSON key of the row
       col,                              -- column, '+' row inserted, '-' row deleted
       old,                              -- JSON value before
       new                               -- JSON value after
FROM effect;

-- One row per match: where it stands and how much happened.
CREATE OR REPLACE VIEW match_summary AS
SELECT m.match_id,
       m.game,                        -- installed game
       m.scenario,
       m.dice,                           -- 'secret' or 'known seed'
       m.seed,                           -- the known seed (NULL with secret dice)
       m.created_at,
       c.turn,                           -- current turn
       c.step,                           -- current step
       c.status,                         -- 'active' or 'finished'
       c.result,                         -- outcome once finished
       coalesce(n.events, 0) AS events,
       coalesce(n.actions, 0) AS actions,
       coalesce(n.rolls, 0) AS rolls,
       coalesce(n.undos, 0) AS undos,
       coalesce(n.rerolls, 0) AS rerolls  -- forced undos: each took back a roll
FROM match m
LEFT JOIN clock c ON c.match_id = m.match_id
LEFT JOIN (SELECT match_id,
                  count(*) AS events,
                  count(*) FILTER (WHERE kind = 'action') AS actions,
                  count(*) FILTER (WHERE kind = 'roll') AS rolls,
                  count(*) FILTER (WHERE kind = 'undo') AS undos,
                  count(DISTINCT undone_by) FILTER (WHERE undone_forced) AS rerolls
           FROM event
           GROUP BY match_id) n ON n.match_id = m.match_id;
