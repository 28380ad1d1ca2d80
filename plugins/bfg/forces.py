"""Forces, hostility (6.3, 6.4, 5.2 default ruling) and where each force may go (5.4, 5.5)."""

from __future__ import annotations

from .scenarios import GER_E, GER_W, SOV, WA

SOVIET_BLOC = ("SOV", "POL_C", "ROM", "BUL")  # 5.52: Soviet and allied nationalities (not YUG)
GERMAN = (GER_E, GER_W)


def force_of_unit(bloc: str, nationality: str, zone: str | None) -> str:
    """The force a unit starts in: Germans by the theatre they stand in (5.41, 7.11)."""
    if bloc != "GER":
        return bloc
    if nationality == "HUN":  # 2.5: Hungarians are East German for all purposes
        return GER_E
    return GER_W if zone == "W" else GER_E


def unused_zones(scenario: str) -> tuple[str, ...]:
    """The sides of the German Theatre Boundary whose part of the map a scenario does not use:
    14.0 only the map east of the line (a German unit retreated west must come back, and no
    city or Berlin hex there counts)."""
    return ("W",) if scenario == "collapse" else ()


def hostile_pairs(scenario: str, after_berlin: bool = False) -> set[tuple[str, str]]:
    """Which forces may attack (and exert ZOC on) which, per scenario (5.2 ruling of the digest)."""
    if scenario == "rsws":  # 15.24
        pairs = {(SOV, WA)}
    elif scenario == "three-player":  # 16.0: both sides fight all Germans
        pairs = {(SOV, GER_E), (SOV, GER_W), (WA, GER_E), (WA, GER_W)}
    elif scenario == "collapse":  # 14.0
        pairs = {(SOV, GER_E)}
    elif after_berlin:
        pairs = {(SOV, WA)} if scenario == "expanded" else set()  # 13.1 / 12.22
    else:  # 3.0 A3, A6, B3, B6; 6.4 East and West Germans never fight
        pairs = {(SOV, GER_E), (WA, GER_W)}
    return pairs | {(b, a) for a, b in pairs}


def entry_bans(scenario: str, boundary: bool) -> list[tuple[str, str, str, str, bool, str, str]]:
    """Rows of entry_rule: (side, nationality, attr, value, negate, rule, reason)."""
    bans: list[tuple[str, str, str, str, bool, str, str]] = []
    if boundary and scenario not in ("rsws", "three-player"):
        bans += [
            (GER_E, "*", "zone", "W", False, "5.41", "East German units stay east of the theatre boundary"),
            (GER_W, "*", "zone", "E", False, "5.41", "West German units stay west of the theatre boundary"),
            (WA, "*", "zone", "E", False, "5.42", "Western Allied units may not cross the theatre boundary"),
            (SOV, "*", "zone", "W", False, "5.42", "Soviet units may not cross the theatre boundary"),
        ]
    if scenario != "three-player":  # 16.33 lifts the ban on Berlin
        bans += [
            (GER_E, "*", "zone", "B", False, "5.43", "German units never enter Berlin"),
            (GER_W, "*", "zone", "B", False, "5.43", "German units never enter Berlin"),
        ]
    bans.append((SOV, "YUG", "region", "YUG", True, "5.51", "Yugoslav units may not leave Yugoslavia"))
    bans += [(SOV, n, "region", "YUG", False, "5.52", "Soviet units may not enter Yugoslavia") for n in SOVIET_BLOC]
    return bans


def write_policies(match, *, after_berlin: bool, boundary: bool) -> None:
    """Set hostility and entry rules for the match's current state (through the ledger)."""
    scenario = match.scenario.name
    match.update_where("hostility", "TRUE", may_attack=False, exerts_zoc=False)
    existing = {
        (r["side"], r["enemy"])
        for r in match.rows("SELECT side, enemy FROM hostility WHERE match_id = ?", [match.match_id])
    }
    pairs = hostile_pairs(scenario, after_berlin)
    for side in (SOV, WA, GER_E, GER_W):
        for enemy in (SOV, WA, GER_E, GER_W):
            if side == enemy:
                continue
            hostile = (side, enemy) in pairs
            if (side, enemy) in existing:
                match.set("hostility", {"side": side, "enemy": enemy}, may_attack=hostile, exerts_zoc=hostile)
            else:
                match.insert("hostility", {"side": side, "enemy": enemy, "may_attack": hostile, "exerts_zoc": hostile})
    wanted = set(entry_bans(scenario, boundary))
    current = {
        (r["side"], r["nationality"], r["attr"], r["value"], r["negate"], r["rule"], r["reason"])
        for r in match.rows("SELECT * EXCLUDE (match_id) FROM entry_rule WHERE match_id = ?", [match.match_id])
    }
    for row in sorted(current - wanted):  # in key order: the same effects in every run
        match.delete("entry_rule", dict(zip(("side", "nationality", "attr", "value", "negate"), row[:5], strict=True)))
    for row in sorted(wanted - current):
        match.insert(
            "entry_rule",
            dict(zip(("side", "nationality", "attr", "value", "negate", "rule", "reason"), row, strict=True)),
        )
