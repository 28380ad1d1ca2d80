-- Schema 3 -> 4 (fair play, docs/fair-play.md): a match identity and its dice mode, seats with
-- keys and dice commitments, the seat and signature of every event, and static-data digests.
-- Matches made before keep their seed: they become known-seed matches without seats, whose
-- events (seat NULL) hash as before. Their identity is derived from what every copy of the
-- match shares, so the same match migrated in two stores is still one match.
-- (The tables come first: DuckDB creates no index after updates in the same transaction.)
CREATE TABLE IF NOT EXISTS seat (
    game_id    VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,
    epoch      INTEGER NOT NULL,
    player     VARCHAR NOT NULL,
    public_key VARCHAR NOT NULL,
    commitment VARCHAR NOT NULL,
    from_seq   INTEGER NOT NULL,
    claim_sig  VARCHAR NOT NULL,
    secret     VARCHAR,
    reveal_sig VARCHAR,
    PRIMARY KEY (game_id, side, epoch)
);
CREATE TABLE IF NOT EXISTS match_data (
    game_id VARCHAR NOT NULL,
    tbl     VARCHAR NOT NULL,
    rows    INTEGER NOT NULL,
    digest  VARCHAR NOT NULL,
    PRIMARY KEY (game_id, tbl)
);
ALTER TABLE match ALTER COLUMN seed DROP NOT NULL;
ALTER TABLE match ADD COLUMN IF NOT EXISTS uid VARCHAR;
ALTER TABLE match ADD COLUMN IF NOT EXISTS dice VARCHAR;
UPDATE match SET uid = md5(game_id || ':' || seed || ':' || created_at), dice = 'known seed' WHERE uid IS NULL;
ALTER TABLE event ADD COLUMN IF NOT EXISTS seat VARCHAR;
ALTER TABLE event ADD COLUMN IF NOT EXISTS sig VARCHAR;
