"""What a Breakout: Normandy player reads (issue 15): an assault in one line, AV and DV with every
modifier and its rule, each side's DR, AT against DT and what followed (9.1-9.4, 21.2); the
preview of ``actions`` (AV against DV, as the attack finds them); the assault in the ``combat``
view; a move with its cost and the MF left (8.36)."""

from __future__ import annotations

import json

from clitools import run_cli
from games.breakout.position import new_match
from phaseline import Action
from phaseline.render.account import account_lines

DDAY = ["new", "breakout-normandy", "--seed", "7"]  # the week opens with the airborne drop (21.2)


def cli(*args: str) -> str:
    code, out = run_cli(list(args))
    assert code == 0, out
    return out


def test_9_1_an_assault_is_one_line_with_av_dv_their_modifiers_the_drs_and_the_outcome(home):
    cli(*DDAY)
    told = cli("attack", "50").splitlines()
    assert told[0] == (
        "attack on 50: AT 11 vs DT 12: repulsed; AV 4 (+3 point unit US-82-508 (9.2), +1 1 other participants (9.2)) "
        "+ DR 7 vs DV 6 (+4 forward unit DE-91-1057 (Fresh) (9.3), +2 TEM of 50 (3.22)) + DR 6 (BkN 9.4) "
        "→ allied to choose: AT 11 vs DT 12 on 50 (repulsed): use the Advantage to have both sides reroll? "
        "(11.3; it passes at the end of the impulse) [keep, reroll] (11.3)"
    )
    told = cli("choose", "keep").splitlines()
    assert "→ Dis1: US-82-507, US-82-508" in told  # 9.41: the repulsed attackers, from the state they changed


def test_21_2_the_preview_is_av_against_dv_as_the_night_attack_finds_them(home):
    cli(*DDAY)
    rows = {r["order"]: r for r in json.loads(cli("--format", "json", "actions", "--kind", "attack"))}
    assert rows["attack 50"]["preview"] == "AV 4 vs DV 6"  # 21.2: no air support at night
    assert rows["attack 52"]["preview"] == "AV 7 vs DV 4" and rows["attack 52"]["defenders"] == ["DE-CA-SMV"]
    cli("attack", "52")
    fought = json.loads(cli("--format", "json", "sql", "SELECT to_space, attack, defense, result FROM combat"))
    assert fought == [{"to_space": "52", "attack": 7, "defense": 4, "result": "success"}]  # the combat view


def test_9_4_the_assault_note_carries_its_numbers(home):
    cli(*DDAY)
    cli("attack", "50")
    rows = json.loads(cli("--format", "json", "sql", "SELECT payload FROM event WHERE rule = '9.4' AND kind = 'note'"))
    combat = json.loads(rows[0]["payload"])
    assert combat["dice"] == {"attack": 7, "defense": 6} and (combat["AT"], combat["DT"]) == (11, 12)
    assert combat["attack_terms"][0] == ["point unit US-82-508", 3, "9.2"]
    assert combat["defense_terms"][-1] == ["TEM of 50", 2, "3.22"]


def test_9_4_log_kind_combat_finds_the_assault_logged_as_a_note(home):
    cli(*DDAY)
    cli("attack", "50")
    lines = json.loads(cli("--format", "json", "log", "--kind", "combat"))
    fought = json.loads(cli("--format", "json", "sql", "SELECT seq FROM combat"))
    assert [line["seq"] for line in lines] == [row["seq"] for row in fought] != []
    assert lines[0]["what"].startswith("attack on 50: AT 11 vs DT 12")


def test_8_36_a_move_tells_its_cost_and_the_mf_left(tmp_path):
    match = new_match(
        tmp_path,
        """
area 1 clear 1
area 2 clear 1
area 6 clear 2
border 1-2
border 2-6
control 1 US
control 2 US
unit A1 allied US infantry 3-4-3/2 1
unit G6 german DE infantry 2-3-2/2 6 Spent
""",
    )
    match.play(Action("pass", (), "german"))
    before = match.events.last_seq
    match.play(Action("move", ("A1", "2"), "allied"))
    moved = [line for line in account_lines(match, before) if line.startswith("A1 ")]
    assert moved == ["A1 1→2: 1 MF, 2 left (BkN 8.36)"]


def test_12_5_status_shows_each_sides_depots_and_reserve(home):
    """Seed 3, bots on both sides for 80 actions: the German Refit Phase of 6 June, the six German
    depots just placed (12.6), no SP banked yet (12.53); status tells them, not only the log."""
    code, out = run_cli(["autoplay", "breakout-normandy", "--seed", "3", "--max-actions", "80"])
    assert code == 0, out
    status = json.loads(cli("--format", "json", "status"))
    assert status["step"] == "German Refit Phase"
    depots = ", ".join(f"G{n} in {area} (5 SP)" for n, area in enumerate(("11", "13", "17", "19", "20", "23"), 1))
    assert f"German supply: Reserve 0 SP, depots: {depots} (12.5, 12.53)" in status["notes"]
    assert "Allied supply: Reserve 0 SP, depots: none (12.5, 12.53)" in status["notes"]
