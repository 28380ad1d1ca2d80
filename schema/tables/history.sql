-- Append-only log: every action, decision, phase change, die roll and undo. The columns from
-- match_id to cause (with seat) are hashed and signed; the ones after sig are not: logged_at is
-- the player's clock, cause_verb, undone_* and combat are what each store's engine derives
-- (docs/history.md).
CREATE TABLE IF NOT EXISTS event (
    match_id  VARCHAR NOT NULL,
    seq       INTEGER NOT NULL,          -- 1, 2, 3 … within the match
    turn      INTEGER NOT NULL,
    step      VARCHAR NOT NULL,
    phase     VARCHAR NOT NULL,
    side      VARCHAR,                   -- acting side; NULL for the engine
    kind      VARCHAR NOT NULL,          -- setup, action, decision, answer, phase, roll, result, undo, note
    verb      VARCHAR,                   -- action verb: move, attack, end, choose …
    unit_id   VARCHAR,                   -- main unit concerned
    from_space VARCHAR,
    to_space  VARCHAR,
    die       INTEGER,                   -- roll result
    roll_no   INTEGER,                   -- roll counter (1, 2, 3 … no gaps): die = f(secret, roll_no)
    purpose   VARCHAR,                   -- why the die was rolled / what the event says
    rule      VARCHAR,                   -- rule number the event applies
    payload   VARCHAR NOT NULL,          -- JSON with everything else
    cause     INTEGER,                   -- seq of the player action that led to this event
    prev_hash VARCHAR NOT NULL,
    hash      VARCHAR NOT NULL,
    seat      VARCHAR,                   -- the seat whose player made it (NULL: before seats)
    sig       VARCHAR,                   -- on an action's last event: its seat's signature
    logged_at TIMESTAMP,                 -- wall-clock time (UTC) it was logged (NULL: logged before schema 5)
    cause_verb VARCHAR,                  -- the verb of its cause, the player action that led to it
    undone_by INTEGER,                   -- the undo event that took it back (NULL: it still counts)
    undone_forced BOOLEAN,               -- that undo was forced across a roll: a re-roll
    combat    BOOLEAN,                   -- it resolves a combat: kind 'combat', or attack_terms in its payload
    PRIMARY KEY (match_id, seq)
);

-- Every state change of each event, so that undo and "state at event N" are mechanical. The
-- columns after new are its event's, copied when the effect is written (undone_by when the undo
-- is made), so that the move and change views read one table (docs/history.md).
CREATE TABLE IF NOT EXISTS effect (
    match_id VARCHAR NOT NULL,
    seq     INTEGER NOT NULL,            -- event that made the change
    n       INTEGER NOT NULL,            -- order within the event
    tbl     VARCHAR NOT NULL,
    key     VARCHAR NOT NULL,            -- JSON object of the row's key columns
    col     VARCHAR NOT NULL,            -- column changed, '+' row inserted, '-' row deleted
    old     VARCHAR,                     -- JSON value (or row) before
    new     VARCHAR,                     -- JSON value (or row) after
    turn    INTEGER,                     -- its event's turn
    phase   VARCHAR,                     -- its event's phase
    side    VARCHAR,                     -- its event's side
    kind    VARCHAR,                     -- its event's kind
    cause   INTEGER,                     -- its event's cause: the player action that led to it
    logged_at TIMESTAMP,                 -- when its event was logged (UTC)
    undone_by INTEGER,                   -- the undo that took its event back (NULL: it still counts)
    PRIMARY KEY (match_id, seq, n)
);
