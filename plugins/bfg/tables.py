"""Battle for Germany's own tables: charts copied at creation, and its state."""

from __future__ import annotations

from phaseline.model import PluginTable

TABLES = [
    PluginTable(
        "bfg_crt",
        """CREATE TABLE IF NOT EXISTS bfg_crt (
            match_id VARCHAR, odds VARCHAR, die INTEGER, result VARCHAR,
            provenance VARCHAR, source VARCHAR, PRIMARY KEY (match_id, odds, die))""",
        key=("odds", "die"),
        kind="static",
    ),
    PluginTable(
        "bfg_turn",
        """CREATE TABLE IF NOT EXISTS bfg_turn (
            match_id VARCHAR, turn INTEGER, label VARCHAR, box VARCHAR, replacements INTEGER,
            provenance VARCHAR, source VARCHAR, PRIMARY KEY (match_id, turn, box))""",
        key=("turn", "box"),
        kind="static",
    ),
    PluginTable(
        "bfg_modifier",
        """CREATE TABLE IF NOT EXISTS bfg_modifier (
            match_id VARCHAR, feature VARCHAR, move_cost INTEGER, defense_multiplier INTEGER,
            applies_to VARCHAR, provenance VARCHAR, source VARCHAR, PRIMARY KEY (match_id, feature))""",
        key=("feature",),
        kind="static",
    ),
    PluginTable(  # 12.1, 15.1: the set-up chart as copied, with its provenance (unit.start keeps the hex)
        "bfg_setup",
        """CREATE TABLE IF NOT EXISTS bfg_setup (
            match_id VARCHAR, unit_id VARCHAR, location VARCHAR,
            provenance VARCHAR, source VARCHAR, PRIMARY KEY (match_id, unit_id))""",
        key=("unit_id",),
        kind="static",
    ),
    # Per-unit state the engine's unit_state does not carry.
    PluginTable(
        "bfg_unit",
        """CREATE TABLE IF NOT EXISTS bfg_unit (
            match_id VARCHAR, unit_id VARCHAR,
            mp_factor DOUBLE NOT NULL DEFAULT 1,      -- 7.22 doubled, 16.32 tripled, 13.2 halved
            frozen BOOLEAN NOT NULL DEFAULT FALSE,     -- 7.26 placed in enemy ZOC
            garrison VARCHAR,                          -- 10.0 city it garrisons
            deadline_turn INTEGER,                     -- 5.42/5.51/5.52/14.0 must be back by
            deadline_step VARCHAR,
            deadline_rule VARCHAR,
            PRIMARY KEY (match_id, unit_id))""",
        key=("unit_id",),
    ),
    PluginTable(
        "bfg_city",
        """CREATE TABLE IF NOT EXISTS bfg_city (
            match_id VARCHAR, space_id VARCHAR, controller VARCHAR NOT NULL,  -- 11.0
            captured_turn INTEGER,                   -- 10.0 Soviet capture of a garrison city
            PRIMARY KEY (match_id, space_id))""",
        key=("space_id",),
    ),
    PluginTable(
        "bfg_fortress",
        """CREATE TABLE IF NOT EXISTS bfg_fortress (
            match_id VARCHAR, space_id VARCHAR, destroyed BOOLEAN NOT NULL DEFAULT FALSE,  -- 6.83
            PRIMARY KEY (match_id, space_id))""",
        key=("space_id",),
    ),
    PluginTable(
        "bfg_state",
        """CREATE TABLE IF NOT EXISTS bfg_state (
            match_id VARCHAR PRIMARY KEY,
            berlin_entered_by VARCHAR, berlin_entered_turn INTEGER,  -- 12.22, 13.1, 17.32 first in
            wa_berlin_turn INTEGER, sov_berlin_turn INTEGER,          -- 17.32 the turn each first entered
            germans_removed BOOLEAN NOT NULL DEFAULT FALSE,          -- 12.22, 13.1
            attacks_this_phase INTEGER NOT NULL DEFAULT 0,           -- 12.21
            replacements_left INTEGER NOT NULL DEFAULT 0,            -- 7.2 this phase
            italy_left INTEGER NOT NULL DEFAULT 0,                   -- 7.13 Italian Front box
            courland_moved BOOLEAN NOT NULL DEFAULT FALSE,           -- 8.0 one per phase
            soviet_courland_free BOOLEAN NOT NULL DEFAULT FALSE,     -- 8.0
            shift_used BOOLEAN NOT NULL DEFAULT FALSE,               -- 16.32 once per phase
            skip_soviet_11 BOOLEAN NOT NULL DEFAULT FALSE)""",  # 15.22
        key=(),
    ),
]
