"""Fleet Commander: Nimitz's own tables: the printed data copied at creation (each row with its
provenance and source), and the campaign's state (docs/nimitz.md)."""

from __future__ import annotations

from phaseline import piles
from phaseline.model import PluginTable

PROVENANCE = "provenance VARCHAR NOT NULL, source VARCHAR NOT NULL"


def static(name: str, columns: str, key: tuple[str, ...]) -> PluginTable:
    """A table copied from the scenario's files when the match is created."""
    ddl = f"CREATE TABLE IF NOT EXISTS {name} (match_id VARCHAR NOT NULL, {columns}, {PROVENANCE}, "
    ddl += f"PRIMARY KEY (match_id, {', '.join(key)}))"
    return PluginTable(name, ddl, key=key, kind="static")


def state(name: str, columns: str, key: tuple[str, ...]) -> PluginTable:
    """A table of the match's state (changed only through the ledger)."""
    keys = ", ".join(("match_id", *key))
    return PluginTable(
        name, f"CREATE TABLE IF NOT EXISTS {name} (match_id VARCHAR NOT NULL, {columns}, PRIMARY KEY ({keys}))", key
    )


TABLES = [
    # --- printed data (scenarios/nimitz) ------------------------------------------------------
    static(  # 2.1 the map's points: US land-aircraft capacity (NULL: unlimited), flags, closed points
        "fcn_point",
        "point_id VARCHAR, us_air_capacity INTEGER, australian BOOLEAN NOT NULL, closed_to VARCHAR, "
        "last_unit_exempt BOOLEAN NOT NULL",
        ("point_id",),
    ),
    static(  # 2.5-2.8 every counter (carrier-aircraft instances CARRIER/TYPE-N too: counter_id names the type)
        "fcn_counter",
        "unit_id VARCHAR, counter_id VARCHAR NOT NULL, side VARCHAR NOT NULL, nationality VARCHAR NOT NULL, "
        "category VARCHAR NOT NULL, type VARCHAR NOT NULL, carrier_air BOOLEAN NOT NULL, marine BOOLEAN NOT NULL, "
        "bw BOOLEAN NOT NULL, hit_cost INTEGER NOT NULL, buy_cost INTEGER NOT NULL, years VARCHAR NOT NULL, "
        "carrier VARCHAR",
        ("unit_id",),
    ),
    static(  # 2.5 each counter's printed values, full and damaged face (NULL: no such value)
        "fcn_value",
        "counter_id VARCHAR, face VARCHAR, aa INTEGER, aa_superior INTEGER, gunnery INTEGER, "
        "gunnery_superior INTEGER, torpedo INTEGER, asw INTEGER, asw_superior INTEGER, air INTEGER, "
        "air_superior INTEGER, anti_ship INTEGER, anti_ship_superior INTEGER, ground INTEGER, ground_superior INTEGER",
        ("counter_id", "face"),
    ),
    static(  # 3.0 each campaign's frame; stacks: 'mixed' (3.3) or 'as-listed' (a test position)
        "fcn_campaign",
        "year INTEGER, turns INTEGER NOT NULL, return_boxes VARCHAR NOT NULL, dismissal_at INTEGER NOT NULL, "
        "us_battalions INTEGER NOT NULL, recon_markers INTEGER NOT NULL, stacks VARCHAR NOT NULL",
        ("year",),
    ),
    static(  # 3.3 the set-up sheets, in the order each lists its units, each on its face (2.5: full or damaged)
        "fcn_setup",
        "year INTEGER, unit_id VARCHAR, place VARCHAR NOT NULL, listed INTEGER NOT NULL, status VARCHAR NOT NULL",
        ("year", "unit_id"),
    ),
    static(  # 2.7 each carrier's air group per year
        "fcn_air_group",
        "year INTEGER, carrier_id VARCHAR, aircraft_id VARCHAR, count INTEGER NOT NULL",
        ("year", "carrier_id", "aircraft_id"),
    ),
    static("fcn_income", "year INTEGER, turn INTEGER, rp INTEGER NOT NULL, sp INTEGER NOT NULL", ("year", "turn")),
    static("fcn_objective", "year INTEGER, point_id VARCHAR", ("year", "point_id")),  # 3.4
    static(  # 4.0 objectives held at the campaign's end -> victory level
        "fcn_victory", "year INTEGER, min_held INTEGER, max_held INTEGER, level VARCHAR NOT NULL", ("year", "min_held")
    ),
    static("fcn_turn", "turn INTEGER, name VARCHAR NOT NULL", ("turn",)),  # 5.0 the turn track
    static("fcn_order", "roll INTEGER, order_name VARCHAR NOT NULL", ("roll",)),  # 9.1 the Orders Table
    static(  # 9.2 what each order takes from the top of the stacks
        "fcn_order_limit",
        "order_name VARCHAR, ships INTEGER NOT NULL, infantry INTEGER NOT NULL, aircraft INTEGER NOT NULL, "
        "aircraft_if_garrisoned BOOLEAN NOT NULL",
        ("order_name",),
    ),
    static(  # 11.1 the Reinforcement Table (low NULL: any result below high; high NULL: any above low)
        "fcn_reinforcement",
        "band INTEGER, low INTEGER, high INTEGER, ships INTEGER NOT NULL, infantry INTEGER NOT NULL, "
        "aircraft INTEGER NOT NULL",
        ("band",),
    ),
    static("fcn_combat_rounds", "roll INTEGER, rounds INTEGER NOT NULL", ("roll",)),  # 10.3
    static("fcn_battle_plan", "low INTEGER, high INTEGER, draws INTEGER NOT NULL", ("low",)),  # 10.4
    static(  # 10.5, 10.7 the bonus markers
        "fcn_bonus_marker",
        "marker_id VARCHAR, side VARCHAR NOT NULL, name VARCHAR NOT NULL, cost INTEGER, copies INTEGER",
        ("marker_id",),
    ),
    static("fcn_invasion", "band INTEGER, low INTEGER, high INTEGER, objectives INTEGER NOT NULL", ("band",)),  # 12.3
    static("fcn_linked_victory", "band INTEGER, low INTEGER, high INTEGER, level VARCHAR NOT NULL", ("band",)),  # 12.6
    # --- the campaign's state ---------------------------------------------------------------
    state(
        "fcn_state",  # docs/nimitz.md: what players' SQL reads of the campaign
        "year INTEGER NOT NULL, campaign_turn INTEGER NOT NULL DEFAULT 0, "  # 5.1 the turn marker (0: Start)
        "turn_name VARCHAR NOT NULL DEFAULT 'Start', "
        "rp INTEGER NOT NULL DEFAULT 0, sp INTEGER NOT NULL DEFAULT 0, "  # 6.1 points unspent carry over
        "jp_supply INTEGER NOT NULL DEFAULT 0, "  # 9.2 supply markers from Holds this turn
        "held INTEGER NOT NULL DEFAULT 0, "  # 4.1 objectives the US holds now
        "battle_point VARCHAR, battle_round INTEGER, rounds_left INTEGER, "  # 10.0 the battle in progress
        "plan_count INTEGER, "  # 10.4 the Japanese markers drawn each round of this battle
        "bpp_spent INTEGER NOT NULL DEFAULT 0, bpp_sp INTEGER NOT NULL DEFAULT 0, "  # 10.5 BPP spent, SP paid for them
        "us_airfield INTEGER, jp_airfield INTEGER, "  # 10.1, 10.2 the airfields' capacity markers
        "battle_flown BOOLEAN NOT NULL DEFAULT FALSE, "  # 10.8 a US aircraft has flown this round
        "strike_tried BOOLEAN NOT NULL DEFAULT FALSE, "  # 10.5 the US First Strike was rolled this round
        "battle_agenda VARCHAR NOT NULL DEFAULT '[]', "  # 10.6 what is left to do of the round (JSON)
        "jp_point VARCHAR, "  # 9.0 (4) the point whose units are rolling now
        "b29_left INTEGER NOT NULL DEFAULT 0, "  # 12.2 removals the B-29 wings still make this phase
        "jp_done BOOLEAN NOT NULL DEFAULT FALSE, "  # 11.1, 11.2 the rules' phase is carried out
        "us_moved BOOLEAN NOT NULL DEFAULT FALSE, "  # 12.2, 12.3 a move or raid was made this phase
        "invaded INTEGER NOT NULL DEFAULT 0, "  # 12.3 units sent to the invasion box this phase
        "outcome VARCHAR",  # 11.5 dismissal or the Hawaii defeat, once it happened
        (),
    ),
    state(  # 9.0 the Japanese markers: 'moving' (7.2), 'complete' (9.0, 9.1); 8.3, 9.1 ground units at sea;
        # 10.6 in a battle, the carrier a carrier aircraft is aboard and the First Strike's aircraft (struck)
        "fcn_unit",
        "unit_id VARCHAR, marker VARCHAR, transport BOOLEAN NOT NULL DEFAULT FALSE, aboard VARCHAR, "
        "struck BOOLEAN NOT NULL DEFAULT FALSE",
        ("unit_id",),
    ),
    state(  # 8.2 US ground/air at the start of the US movement phase; 9.2 Japanese garrisons at a phase start
        "fcn_point_state",
        "point_id VARCHAR, us_based BOOLEAN NOT NULL DEFAULT FALSE, jp_garrisoned BOOLEAN NOT NULL DEFAULT FALSE, "
        "objective BOOLEAN NOT NULL DEFAULT FALSE, held BOOLEAN NOT NULL DEFAULT FALSE, "  # 3.4 the markers' colour
        "battle_fought BOOLEAN NOT NULL DEFAULT FALSE, "  # 10.0 this turn's battle there is fought
        "cut_off BOOLEAN",  # 11.4 the last supply check found no route here (ruling markers-at-supply-check)
        ("point_id",),
    ),
    state(  # 7.1 the recon markers placed this turn, in order; 7.2 resolved
        "fcn_recon", "marker INTEGER, point_id VARCHAR NOT NULL, resolved BOOLEAN NOT NULL DEFAULT FALSE", ("marker",)
    ),
    state(  # 12.6 the player log: objectives held at the end of each campaign year
        "fcn_year_result", "year INTEGER, held INTEGER NOT NULL, level VARCHAR NOT NULL", ("year",)
    ),
    piles.table("pile"),  # 3.3 the Japanese stacks by point and type; 3.2 the bonus-marker cup
]
