-- History views that players query with `phaseline sql`. Each reads the event and
-- effect log of every match in the store; filter on game_id for one match.

-- Events taken back by an undo, with the undo event that reverted each.
CREATE OR REPLACE VIEW undone_event AS
SELECT e.game_id,
       e.seq,                            -- the event taken back
       u.seq AS undo_seq,                -- the undo event that reverted it
       coalesce((u.payload ->> 'forced')::BOOLEAN, FALSE) AS forced  -- the undo took back a roll: a re-roll
FROM event e
JOIN event u ON u.game_id = e.game_id AND u.kind = 'undo'
 AND e.seq BETWEEN (u.payload ->> 'first')::INTEGER AND (u.payload ->> 'last')::INTEGER;

-- Events that still count: every event not reverted by an undo (undo events included).
CREATE OR REPLACE VIEW live_event AS
SELECT e.*
FROM event e
WHERE NOT EXISTS (SELECT 1 FROM undone_event x WHERE x.game_id = e.game_id AND x.seq = e.seq);

-- Every change of a unit's space (moves, retreats, advances, eliminations), from the effects.
CREATE OR REPLACE VIEW move AS
SELECT f.game_id,
       f.seq,                            -- event that moved the unit
       f.n,                              -- order of the change within the event
       e.turn,
       e.phase,
       e.side,                           -- side acting when it moved
       e.kind,                           -- event kind: move, result, undo …
       f.key ->> 'unit_id' AS unit_id,
       f.old ->> '$' AS from_space,      -- space before the change
       f.new ->> '$' AS to_space,        -- space after the change
       e.cause,                          -- player action that led to it
       x.seq IS NULL AS live             -- false when an undo took it back
FROM effect f
JOIN event e ON e.game_id = f.game_id AND e.seq = f.seq
LEFT JOIN undone_event x ON x.game_id = f.game_id AND x.seq = f.seq
WHERE f.tbl = 'unit_state' AND f.col = 'space_id';

-- Every die roll with its purpose and the action that caused it.
CREATE OR REPLACE VIEW roll AS
SELECT e.game_id,
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
       a.verb AS cause_verb,             -- that action's verb
       e.seat,                           -- the seat that rolled it (from its secret, unless drawn at play)
       coalesce(e.payload ->> 'drawn' = 'at play', false) AS drawn_at_play,  -- the rules' die of a secret match: final
       x.seq IS NULL AS live,            -- false when an undo took it back (forced undo)
       x.seq IS NOT NULL AS rerolled     -- a forced undo took it back: the roll was made again
FROM event e
LEFT JOIN event a ON a.game_id = e.game_id AND a.seq = e.cause
LEFT JOIN undone_event x ON x.game_id = e.game_id AND x.seq = e.seq
WHERE e.kind = 'roll';

-- Combats: 'combat' events, and any event whose payload carries a combat (its attack_terms:
-- Breakout: Normandy logs its assaults as notes); odds, values, result and units in the payload.
CREATE OR REPLACE VIEW combat AS
SELECT e.game_id,
       e.seq,                            -- the combat event
       e.turn,
       e.side,                           -- attacking side
       e.unit_id,                        -- main attacker
       coalesce(e.to_space, e.payload ->> 'where') AS to_space,  -- defended space
       e.payload ->> 'odds' AS odds,     -- odds column, e.g. '3-1'
       (e.payload ->> 'attack')::INTEGER AS attack,    -- the attack value compared (strength, AV)
       (e.payload ->> 'defense')::INTEGER AS defense,  -- the defence value compared (strength, DV)
       e.payload ->> 'result' AS result, -- table result, e.g. 'DR'
       e.die,                            -- die roll, when the event carries it
       e.rule,
       x.seq IS NULL AS live             -- false when an undo took it back
FROM event e
LEFT JOIN undone_event x ON x.game_id = e.game_id AND x.seq = e.seq
WHERE e.kind = 'combat' OR (e.payload -> 'attack_terms') IS NOT NULL;

-- Every state change with the event that made it: the raw material of "state at event N".
CREATE OR REPLACE VIEW change AS
SELECT f.game_id,
       f.seq,                            -- event that made the change
       f.n,                              -- order within the event
       e.turn,
       e.phase,
       e.kind,                           -- event kind
       f.tbl,                            -- state table changed
       f.key,                            -- JSON key of the row
       f.col,                            -- column, '+' row inserted, '-' row deleted
       f.old,                            -- JSON value before
       f.new                             -- JSON value after
FROM effect f
JOIN event e ON e.game_id = f.game_id AND e.seq = f.seq;

-- One row per match: where it stands and how much happened.
CREATE OR REPLACE VIEW match_summary AS
SELECT m.game_id,
       m.ruleset,                        -- installed game
       m.scenario,
       m.dice,                           -- 'secret' or 'known seed'
       m.seed,                           -- the known seed (NULL with secret dice)
       m.created_at,
       c.turn,                           -- current turn
       c.step,                           -- current step
       c.status,                         -- 'active' or 'finished'
       c.result,                         -- outcome once finished
       (SELECT count(*) FROM event e WHERE e.game_id = m.game_id) AS events,
       (SELECT count(*) FROM event e WHERE e.game_id = m.game_id AND e.kind = 'action') AS actions,
       (SELECT count(*) FROM event e WHERE e.game_id = m.game_id AND e.kind = 'roll') AS rolls,
       (SELECT count(*) FROM event e WHERE e.game_id = m.game_id AND e.kind = 'undo') AS undos,
       (SELECT count(*) FROM event e WHERE e.game_id = m.game_id AND e.kind = 'undo'
          AND (e.payload ->> 'forced')::BOOLEAN) AS rerolls  -- forced undos that took back a roll
FROM match m
LEFT JOIN clock c ON c.game_id = m.game_id;
