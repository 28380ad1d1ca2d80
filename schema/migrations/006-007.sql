-- Schema 6 -> 7 (docs/history.md): what the history views read, written where they read it.
-- event.combat says the event resolves a combat (kind 'combat', or attack_terms in its payload),
-- so the combat view filters on a column rather than on the JSON of every payload. Each effect
-- carries its event's turn, phase, side, kind, cause, time and undo, so the move and change
-- views read effect alone, without a join to event.
ALTER TABLE event ADD COLUMN IF NOT EXISTS combat BOOLEAN;
UPDATE event SET combat = kind = 'combat' OR (payload -> 'attack_terms') IS NOT NULL;
ALTER TABLE effect ADD COLUMN IF NOT EXISTS turn INTEGER;
ALTER TABLE effect ADD COLUMN IF NOT EXISTS phase VARCHAR;
ALTER TABLE effect ADD COLUMN IF NOT EXISTS side VARCHAR;
ALTER TABLE effect ADD COLUMN IF NOT EXISTS kind VARCHAR;
ALTER TABLE effect ADD COLUMN IF NOT EXISTS cause INTEGER;
ALTER TABLE effect ADD COLUMN IF NOT EXISTS logged_at TIMESTAMP;
ALTER TABLE effect ADD COLUMN IF NOT EXISTS undone_by INTEGER;
UPDATE effect SET turn = e.turn, phase = e.phase, side = e.side, kind = e.kind, cause = e.cause,
                  logged_at = e.logged_at, undone_by = e.undone_by
FROM event e
WHERE e.game_id = effect.game_id AND e.seq = effect.seq;
