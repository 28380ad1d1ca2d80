-- One row per match: a game of some game in play. Static after creation.
CREATE TABLE IF NOT EXISTS match (
    match_id   VARCHAR PRIMARY KEY,
    game       VARCHAR NOT NULL,         -- installed game, e.g. 'battle-for-germany'
    scenario   VARCHAR NOT NULL,         -- scenario name or path it was loaded from
    seed       BIGINT,                   -- the known seed (dice = 'known seed'), else NULL: the
                                         -- secrets stay in the players' keyrings (docs/fair-play.md)
    options    VARCHAR[] NOT NULL,       -- optional rules and rulings chosen at creation
    created_at TIMESTAMP NOT NULL,
    first_turn INTEGER NOT NULL,
    last_turn  INTEGER NOT NULL,
    uid        VARCHAR,                  -- the match's identity, kept by export and import
    dice       VARCHAR,                  -- 'secret' (each seat's committed secret) or 'known seed'
    title      VARCHAR                   -- the scenario's title at creation (a custom scenario's
                                         -- own); NULL in a match made before schema 9: the base's
);

-- Who holds each side (seat) of a match: the player's name, the seat's Ed25519 public key
-- and the commitment to its dice secret, one row per epoch (a reveal before the end starts
-- a new one). Claimed at `new` or at the first `import`; signed by the seat's own key.
CREATE TABLE IF NOT EXISTS seat (
    match_id   VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,         -- the seat: a side's name when the match was created
    epoch      INTEGER NOT NULL,         -- 0 when claimed; +1 after each reveal before the end
    player     VARCHAR NOT NULL,         -- the player's name, or 'bot:<name>'
    public_key VARCHAR NOT NULL,         -- Ed25519, hex
    commitment VARCHAR NOT NULL,         -- sha256 of 'phaseline-dice:<secret>', hex
    from_seq   INTEGER NOT NULL,         -- the first event whose rolls use this epoch's secret
    claim_sig  VARCHAR NOT NULL,         -- the seat's signature of this row's claim
    secret     VARCHAR,                  -- the dice secret, once revealed (a known seed: at once)
    reveal_sig VARCHAR,                  -- the seat's signature of the reveal
    PRIMARY KEY (match_id, side, epoch)
);

-- A digest of every static table of a match (board, units, rule data) made when it was
-- created, so that a received match's data can be compared with the installed game's.
CREATE TABLE IF NOT EXISTS match_data (
    match_id VARCHAR NOT NULL,
    tbl     VARCHAR NOT NULL,            -- the static table
    rows    INTEGER NOT NULL,            -- its rows in the match
    digest  VARCHAR NOT NULL,            -- sha256 over its rows (match_id left out), sorted
    PRIMARY KEY (match_id, tbl)
);

-- Who plays each side of a match: a human or a named bot.
CREATE TABLE IF NOT EXISTS match_side (
    match_id   VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,
    controller VARCHAR NOT NULL,         -- 'human' or 'bot:<name>'
    PRIMARY KEY (match_id, side)
);

-- Plugins (game and optional rules) and their versions when the match was created.
CREATE TABLE IF NOT EXISTS match_plugin (
    match_id VARCHAR NOT NULL,
    plugin  VARCHAR NOT NULL,
    version VARCHAR NOT NULL,
    PRIMARY KEY (match_id, plugin)
);

-- Where the match stands in its sequence of play. Changed only through effects.
CREATE TABLE IF NOT EXISTS clock (
    match_id VARCHAR PRIMARY KEY,
    turn     INTEGER NOT NULL,
    step_no  INTEGER NOT NULL,           -- index into the game's sequence for this turn
    step     VARCHAR NOT NULL,           -- step name, e.g. 'soviet-movement'
    phase    VARCHAR NOT NULL,           -- phase kind: replacement, movement, combat …
    side     VARCHAR,                    -- phasing side (NULL between steps)
    status   VARCHAR NOT NULL,           -- 'active' or 'finished'
    result   VARCHAR                     -- outcome text once finished
);

-- Questions the engine waits on: a side owes an answer (retreat hex, losses, advance).
CREATE TABLE IF NOT EXISTS decision (
    match_id    VARCHAR NOT NULL,
    decision_id INTEGER NOT NULL,
    side        VARCHAR NOT NULL,        -- who must answer
    kind        VARCHAR NOT NULL,        -- 'retreat', 'exchange-losses', 'advance' …
    prompt      VARCHAR NOT NULL,
    choices     VARCHAR[] NOT NULL,      -- legal answers, as the CLI spells them
    context     VARCHAR NOT NULL,        -- JSON the game needs to carry on
    rule        VARCHAR,                 -- rule number that asks
    status      VARCHAR NOT NULL,        -- 'open' or 'answered'
    answer      VARCHAR,
    PRIMARY KEY (match_id, decision_id)
);
