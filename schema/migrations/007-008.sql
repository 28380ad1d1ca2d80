-- Schema 7 -> 8: a game is a ruleset (battle-for-germany), a match is one play of
-- it. Every table's game_id, the key of a match's rows, becomes match_id; the match table's
-- ruleset, the name of the game it is a match of, becomes game; the current match is noted under
-- the key current_match. A column keeps its primary key, NOT NULL and values when renamed. The
-- tables a plugin declared are not known here: the store renames their game_id after this file
-- (store.py, rename_leftover_columns). The history views read the new names: the store makes them
-- again after migrating, as it does whenever their text changes.
ALTER TABLE match RENAME COLUMN ruleset TO game;
ALTER TABLE space RENAME COLUMN game_id TO match_id;
ALTER TABLE link RENAME COLUMN game_id TO match_id;
ALTER TABLE link_state RENAME COLUMN game_id TO match_id;
ALTER TABLE space_control RENAME COLUMN game_id TO match_id;
ALTER TABLE move_link RENAME COLUMN game_id TO match_id;
ALTER TABLE event RENAME COLUMN game_id TO match_id;
ALTER TABLE effect RENAME COLUMN game_id TO match_id;
ALTER TABLE match RENAME COLUMN game_id TO match_id;
ALTER TABLE seat RENAME COLUMN game_id TO match_id;
ALTER TABLE match_data RENAME COLUMN game_id TO match_id;
ALTER TABLE match_side RENAME COLUMN game_id TO match_id;
ALTER TABLE match_plugin RENAME COLUMN game_id TO match_id;
ALTER TABLE clock RENAME COLUMN game_id TO match_id;
ALTER TABLE decision RENAME COLUMN game_id TO match_id;
ALTER TABLE terrain_cost RENAME COLUMN game_id TO match_id;
ALTER TABLE border_rule RENAME COLUMN game_id TO match_id;
ALTER TABLE hostility RENAME COLUMN game_id TO match_id;
ALTER TABLE stacking_rule RENAME COLUMN game_id TO match_id;
ALTER TABLE rule_ref RENAME COLUMN game_id TO match_id;
ALTER TABLE entry_rule RENAME COLUMN game_id TO match_id;
ALTER TABLE zoc_rule RENAME COLUMN game_id TO match_id;
ALTER TABLE path_source RENAME COLUMN game_id TO match_id;
ALTER TABLE path_cost RENAME COLUMN game_id TO match_id;
ALTER TABLE path_rule RENAME COLUMN game_id TO match_id;
ALTER TABLE tournament_match RENAME COLUMN game_id TO match_id;
ALTER TABLE unit RENAME COLUMN game_id TO match_id;
ALTER TABLE unit_state RENAME COLUMN game_id TO match_id;
UPDATE meta SET key = 'current_match' WHERE key = 'current_game';
