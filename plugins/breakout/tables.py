"""Breakout: Normandy's own tables: the charts copied at creation, and the day's state."""

from __future__ import annotations

from phaseline.model import PluginTable


def _static(name: str, columns: str, key: tuple[str, ...]) -> PluginTable:
    pk = ", ".join(("match_id", *key))
    ddl = f"CREATE TABLE IF NOT EXISTS {name} (match_id VARCHAR, {columns}, PRIMARY KEY ({pk}))"
    return PluginTable(name, ddl, key=key, kind="static")


def _state(name: str, columns: str, key: tuple[str, ...]) -> PluginTable:
    pk = ", ".join(("match_id", *key))
    ddl = f"CREATE TABLE IF NOT EXISTS {name} (match_id VARCHAR, {columns}, PRIMARY KEY ({pk}))"
    return PluginTable(name, ddl, key=key, kind="state")


PROV = "provenance VARCHAR, source VARCHAR"

TABLES = [
    # --- charts (static) ------------------------------------------------------------
    _static(  # 3.2, 3.22, 3.26: the area's ID symbol, TEM and naval colours
        "bkn_area",
        f"area_id VARCHAR, tem INTEGER, bocage BOOLEAN, beach VARCHAR, port VARCHAR, naval_colour VARCHAR, {PROV}",
        ("area_id",),
    ),
    _static(  # 4.2, 4.3: counter data the engine's unit table does not carry, and its arrival (19)
        "bkn_unit",
        "unit_id VARCHAR, ss BOOLEAN, division VARCHAR, type VARCHAR, subtype VARCHAR, art_kind VARCHAR, "
        f"spent_defense INTEGER, arrival_day INTEGER, method VARCHAR, arrive_at VARCHAR, {PROV}",
        ("unit_id",),
    ),
    _static(  # 5, 19, 21: the set-up and arrival chart as copied (setup.csv), with its provenance
        "bkn_setup",
        f"unit_id VARCHAR, space_id VARCHAR, arrival_day INTEGER, method VARCHAR, {PROV}",
        ("unit_id",),
    ),
    _static(  # 3.24, 20.1: printed bridges and the border they span
        "bkn_bridge",
        f"bridge_id VARCHAR, a VARCHAR, b VARCHAR, name VARCHAR, border VARCHAR, initial_state VARCHAR, {PROV}",
        ("bridge_id",),
    ),
    _static(  # 12.7, 15, 24.3: beaches
        "bkn_beach",
        "beach VARCHAR, area_id VARCHAR, nationality VARCHAR, approach_box VARCHAR, depots_per_day INTEGER, "
        f"works BOOLEAN, mulberry VARCHAR, {PROV}",
        ("beach",),
    ),
    _static(  # 8.36: the MF costs, as data
        "bkn_movement_cost",
        f"code VARCHAR, mf VARCHAR, applies_to VARCHAR, restriction VARCHAR, {PROV}",
        ("code",),
    ),
    _static(  # 9, 10, 12, 20: the combat chart in long form
        "bkn_combat",
        f"tbl VARCHAR, code VARCHAR, condition VARCHAR, value VARCHAR, note VARCHAR, {PROV}",
        ("tbl", "code"),
    ),
    _static(  # 4.4: bombardment markers
        "bkn_marker",
        "marker_id VARCHAR, side VARCHAR, kind VARCHAR, nationality VARCHAR, dday_strength INTEGER, "
        f"strength INTEGER, reach VARCHAR, {PROV}",
        ("marker_id",),
    ),
    _static(  # 3.7: the turn record track
        "bkn_turn",
        f"turn INTEGER, date DATE, week INTEGER, start_weather VARCHAR, reinforcements VARCHAR, vp_required INTEGER, "
        f"{PROV}",
        ("turn",),
    ),
    _static(  # 3.8: the impulse track
        "bkn_impulse_track", f"space VARCHAR, value INTEGER, note VARCHAR, {PROV}", ("space",)
    ),
    _static(  # 12, 18.41, 24.2-24.3: supply amounts and rolls
        "bkn_supply_chart", f"item VARCHAR, value INTEGER, note VARCHAR, {PROV}", ("item",)
    ),
    _static(  # 22: the VP chart
        "bkn_victory",
        f"item VARCHAR, area_id VARCHAR, vp INTEGER, condition VARCHAR, {PROV}",
        ("item", "area_id"),
    ),
    # --- state ----------------------------------------------------------------------
    # 7.3 control lives in the engine's space_control, 20.1 bridge states in its link_state
    _state(  # 20.2: construction markers on destroyed bridges, level +0..+2, per side
        "bkn_construction", "bridge_id VARCHAR, side VARCHAR, level INTEGER NOT NULL", ("bridge_id", "side")
    ),
    _state(  # 20.2, 20.3, 20.4: bridges tried this impulse or Refit phase (one attempt each)
        "bkn_bridge_try",
        "bridge_id VARCHAR, side VARCHAR, what VARCHAR, seized BOOLEAN NOT NULL, unit_id VARCHAR",  # the seizer
        ("bridge_id", "side"),
    ),
    _state(  # 12.5-12.7: the depots of the current Refit phase and their SP left
        "bkn_depot",
        "depot_id VARCHAR, side VARCHAR, nationality VARCHAR, space_id VARCHAR, source VARCHAR, sp INTEGER NOT NULL",
        ("depot_id",),
    ),
    _state(  # 12.53: each side's Reserve and impulse-track spaces bought today
        "bkn_supply",
        "side VARCHAR, reserve INTEGER NOT NULL, bought INTEGER NOT NULL DEFAULT 0, "
        "air_supplied BOOLEAN NOT NULL DEFAULT FALSE",  # 12.9: once per Refit phase
        ("side",),
    ),
    _state(  # 12.4: at most one level a Refit phase; how (cherbourg, air, depot, zone)
        "bkn_refitted", "unit_id VARCHAR, how VARCHAR NOT NULL", ("unit_id",)
    ),
    _state("bkn_impulse_weather", "impulse INTEGER, weather VARCHAR NOT NULL", ("impulse",)),  # 18.41
    _state(  # 24.2-24.4: minor-port and Mulberry delays on the turn record track
        "bkn_port_timer",
        "kind VARCHAR, what VARCHAR, due_turn INTEGER NOT NULL, removed BOOLEAN NOT NULL",
        ("kind", "what"),
    ),
    _state("bkn_allied_held", "space_id VARCHAR", ("space_id",)),  # 12.7: beaches the Allies have controlled
    _state("bkn_marker_state", "marker_id VARCHAR, used BOOLEAN NOT NULL DEFAULT FALSE", ("marker_id",)),  # 4.4
    _state(  # per-impulse facts of each unit (8.1, 8.5)
        "bkn_unit_state",
        "unit_id VARCHAR, eligible BOOLEAN NOT NULL DEFAULT FALSE, came_from VARCHAR, entered VARCHAR, "
        "pending BOOLEAN NOT NULL DEFAULT FALSE, forced BOOLEAN NOT NULL DEFAULT FALSE, crossing INTEGER "
        "NOT NULL DEFAULT 0, areas INTEGER NOT NULL DEFAULT 0, supported INTEGER NOT NULL DEFAULT 0, "
        "stopped VARCHAR",  # the rule that ended the unit's move this impulse (8.33, 8.34, 8.38 ...)
        ("unit_id",),
    ),
    _state(  # 8.22: each area attacked once per impulse; 11.4: again from within in a Double Impulse's second half
        "bkn_attacked", "space_id VARCHAR, second BOOLEAN NOT NULL DEFAULT FALSE", ("space_id",)
    ),
    _state(  # 20.4, 8.23: the areas at a bridge's ends as they stood when the impulse began
        "bkn_start_area", "space_id VARCHAR, controller VARCHAR, german BOOLEAN, allied BOOLEAN", ("space_id",)
    ),
    _state("bkn_start_bridge", "bridge_id VARCHAR, state VARCHAR", ("bridge_id",)),  # 20.4: holders then
    _state("bkn_traffic", "bridge_id VARCHAR, crossings INTEGER NOT NULL", ("bridge_id",)),  # 8.37: 5 per impulse
    _state("bkn_works_removed", "space_id VARCHAR", ("space_id",)),  # 15.2: works removed for good
    _state("bkn_strike", "space_id VARCHAR, nationality VARCHAR", ("space_id",)),  # 17.1: today's naval/air targets
    _state(  # 10.4: units a bombardment took a step from this impulse (second: in a Double Impulse's second half)
        "bkn_stepped", "unit_id VARCHAR, second BOOLEAN NOT NULL DEFAULT FALSE", ("unit_id",)
    ),
    _state(  # 21.3, 21.4: naval and air markers fired this impulse (second: in a Double Impulse's second half)
        "bkn_fired", "marker_id VARCHAR, second BOOLEAN NOT NULL DEFAULT FALSE", ("marker_id",)
    ),
    _state(  # 21.4, 21.5: D-Day's declared air targets and landing waves; 19.3: this phase's landings
        "bkn_landing",
        "unit_id VARCHAR, beach VARCHAR, result VARCHAR, done BOOLEAN NOT NULL DEFAULT FALSE",
        ("unit_id",),
    ),
    _state("bkn_weather_mark", "space INTEGER, weather VARCHAR NOT NULL", ("space",)),  # 18.4: markers on the track
    _state("bkn_mulberry_lost", "mulberry VARCHAR", ("mulberry",)),  # 24.6B: destroyed by the storm
    _state("bkn_air_target", "marker_id VARCHAR, space_id VARCHAR, primary_id VARCHAR", ("marker_id",)),
    PluginTable(  # the day's clock: impulse track, Sunset DRM, Advantage, weather (3.8, 11, 18)
        "bkn_day",
        """CREATE TABLE IF NOT EXISTS bkn_day (
            match_id VARCHAR PRIMARY KEY,
            impulse INTEGER NOT NULL DEFAULT 0,        -- 3.8 impulse marker
            sunset_drm INTEGER NOT NULL DEFAULT 0,     -- 11.23 Sunset DRM marker
            advantage VARCHAR NOT NULL DEFAULT 'allied',  -- 11.1 the Allies start with it
            weather VARCHAR NOT NULL DEFAULT 'Clear',  -- 18
            activated VARCHAR,                         -- 8.1 the activated area
            activated_contested BOOLEAN NOT NULL DEFAULT FALSE,
            activated_armour BOOLEAN NOT NULL DEFAULT FALSE,  -- 8.34 enemy armour in it when activated
            nationality VARCHAR,                       -- 8.37 US or UK this impulse
            kind VARCHAR,                              -- assault, bombardment or pass (8.11)
            passes INTEGER NOT NULL DEFAULT 0,         -- 8.6 consecutive passes
            sunset_raw INTEGER,                        -- 6.3 this Allied impulse's Sunset DR
            sunset_drm_at INTEGER,                     -- 11.23 the Sunset DRM when that DR was rolled
            shift_german INTEGER NOT NULL DEFAULT 0,   -- 11.23 spaces the Germans shifted this impulse
            shift_allied INTEGER NOT NULL DEFAULT 0,   -- 11.23 spaces the Allies shifted this impulse
            dead_german INTEGER NOT NULL DEFAULT 0,    -- 11.2 eliminated before this impulse
            dead_allied INTEGER NOT NULL DEFAULT 0,
            day_over BOOLEAN NOT NULL DEFAULT FALSE,
            storm BOOLEAN NOT NULL DEFAULT FALSE,      -- 24.5 a storm blows now
            storm_began INTEGER,                       -- 24.5 the turn the storm began (one per game)
            storm_ended INTEGER,
            advantage_start VARCHAR,                   -- 11.2 the holder when the impulse began
            advantage_used VARCHAR,                    -- 11.2 the side that used it this impulse
            double_impulse BOOLEAN NOT NULL DEFAULT FALSE)  -- 11.4 a second activation declared""",
        key=(),
    ),
]
