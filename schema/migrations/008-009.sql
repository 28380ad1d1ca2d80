-- Schema 8 -> 9: a match keeps its scenario's title. A custom scenario (docs/scenarios.md) names
-- a base scenario and may give a title of its own; the match table kept only the base's name, so
-- the title was lost once the match was made. Matches made before keep NULL: the base's title.
ALTER TABLE match ADD COLUMN title VARCHAR;
