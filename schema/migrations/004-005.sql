-- Schema 4 -> 5 (docs/history.md): columns of event outside its hash. logged_at, the wall-clock
-- time an event was logged, is unknown (NULL) for the events logged before. cause_verb is the
-- verb of the action an event's cause names. undone_by is the undo that took an event back: the
-- first whose range covers it (a later undo covering it again, an undo of an undo, takes back
-- nothing new); undone_forced says that undo was forced across a roll.
ALTER TABLE event ADD COLUMN IF NOT EXISTS logged_at TIMESTAMP;
ALTER TABLE event ADD COLUMN IF NOT EXISTS cause_verb VARCHAR;
ALTER TABLE event ADD COLUMN IF NOT EXISTS undone_by INTEGER;
ALTER TABLE event ADD COLUMN IF NOT EXISTS undone_forced BOOLEAN;
UPDATE event SET cause_verb = a.verb
FROM event a
WHERE a.game_id = event.game_id AND a.seq = event.cause;
UPDATE event SET undone_by = taken.undo_seq, undone_forced = taken.forced
FROM (SELECT e.game_id, e.seq, min(u.seq) AS undo_seq,
             coalesce(arg_min((u.payload ->> 'forced')::BOOLEAN, u.seq), FALSE) AS forced
      FROM event e
      JOIN event u ON u.game_id = e.game_id AND u.kind = 'undo'
       AND e.seq BETWEEN (u.payload ->> 'first')::INTEGER AND (u.payload ->> 'last')::INTEGER
      GROUP BY e.game_id, e.seq) taken
WHERE event.game_id = taken.game_id AND event.seq = taken.seq;
