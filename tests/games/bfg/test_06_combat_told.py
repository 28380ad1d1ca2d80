"""What a player reads of Battle for Germany through the command line (issue 15): an attack in
one line with every strength and modifier and its rule (6.1, 6.8, 6.81), a move with its path,
cost and points left (5.0, 4.0), ``actions`` with each attack's odds on an 80-column terminal,
what the bot did after ``end``, ``status``'s standing (11.0, 12.23), and what ``new`` rests on."""

from __future__ import annotations

import json
import re

import pytest
from clitools import run_cli
from games.bfg.position import write_position
from games.bfg.test_06_retreat_advance import STACK

SOV_TURN_1 = ["new", "battle-for-germany", "--seed", "7"]


def cli(*args: str) -> str:
    code, out = run_cli(list(args))
    assert code == 0, out
    return out


@pytest.fixture
def combat_phase(home, monkeypatch):
    """Historical, seed 7: BUL-1 moved into the ZOC of GER-LXVIII, the Soviet Combat Phase begun."""
    monkeypatch.setenv("COLUMNS", "80")
    cli(*SOV_TURN_1)
    cli("move", "BUL-1", "0619")
    cli("end")


def test_5_0_a_move_tells_its_path_its_cost_and_the_points_left(home):
    cli(*SOV_TURN_1)
    assert cli("move", "BUL-2", "0420").splitlines() == ["BUL-2 0520→0420: 1 MP, 3 left (BfG 5.0)"]
    told = cli("move", "BUL-1", "0619").splitlines()
    # 4.0: entering an enemy ZOC ends the move, whatever points are left
    assert told == ["BUL-1 0520→0620→0619: 2 MP, 0 left, stopped by the enemy ZOC of GER-LXVIII (4.0) (BfG 5.0)"]


def test_6_1_an_attack_is_one_line_with_its_strengths_odds_die_result_and_aftermath(combat_phase):
    told = cli("attack", "SOV-1UF,SOV-3GT,SOV-5G", "2023").splitlines()
    assert told == [
        "attack on 2023: 21:4 → 5:1, die 6: Dr; attack 21 (+8 SOV-1UF, +6 SOV-3GT, +7 SOV-5G) vs defence 4 "
        "(+4 GER-XLVIIIPZ) (BfG 6.1) → WA to choose: Retreat GER-XLVIIIPZ from 2023 to [2123, 2124] (6.21)"
    ]
    rows = json.loads(cli("--format", "json", "sql", "SELECT attack, defense, odds, die, result FROM combat"))
    assert rows == [{"attack": 21, "defense": 4, "odds": "5:1", "die": 6, "result": "Dr"}]  # the combat view


def test_6_1_log_tells_a_combat_as_the_attack_did(combat_phase):
    told = cli("attack", "SOV-1UF,SOV-3GT,SOV-5G", "2023")
    rows = json.loads(cli("--format", "json", "log", "--kind", "combat"))
    assert [(r["what"], r["rule"]) for r in rows] == [
        (
            "attack on 2023: 21:4 → 5:1, die 6: Dr; attack 21 (+8 SOV-1UF, +6 SOV-3GT, +7 SOV-5G) vs defence 4 "
            "(+4 GER-XLVIIIPZ)",
            "6.1",
        )
    ]
    assert told.startswith(f"{rows[0]['what']} (BfG 6.1) → ")  # the same words as the attack's own account


def test_6_81_a_river_doubling_is_named_with_its_rule_and_the_losses_follow(combat_phase):
    cli("attack", "SOV-1UF,SOV-3GT,SOV-5G", "2023")
    cli("choose", "2123")
    cli("choose", "none")
    told = cli("attack", "POLC-1,SOV-5GT", "2522")
    assert told.startswith(
        "attack on 2522: 10:12 → 1:2, die 1: Dr; attack 10 (+4 POLC-1, +6 SOV-5GT) vs defence 12 "
        "(+6 GER-9, ×2 river (6.81) in 2522) (BfG 6.1) → eliminated GER-9: must retreat but cannot, barred by "
        "enemy ZOC (4), enemy units (2) (6.23); "
        "SOV to choose: Advance after combat (6.9)"
    )
    assert len(told.splitlines()) == 1


def test_6_1_actions_preview_each_attack_at_the_odds_it_is_then_fought_at(combat_phase):
    rows = json.loads(cli("--format", "json", "actions", "--kind", "attack"))
    assert {r["order"]: r["preview"] for r in rows}["attack SOV-1UF,SOV-3GT,SOV-5G 2023"] == "21:4 → 5:1"
    assert all(r["verb"] == "attack" and r["odds"] and r["defenders"] for r in rows)  # one row per order
    line = next(x for x in cli("actions").splitlines() if x.startswith("    attack SOV-1UF,SOV-3GT,SOV-5G 2023 "))
    assert line.endswith(" 21:4 → 5:1") and len(line) == 80  # the odds at the right edge
    fought = cli("attack", "SOV-46,SOV-4G", "0920")
    preview = {r["order"]: r["preview"] for r in rows}["attack SOV-46,SOV-4G 0920"]
    assert fought.startswith(f"attack on 0920: {preview}, die ")


def test_6_7_attacks_on_several_hexes_are_listed_apart(combat_phase):
    text = cli("actions").splitlines()
    apart = text.index("attack, on several spaces at once:")
    assert "  2222,2422, defended by GER-4PZ, GER-LVIPZ:" in text[apart:]
    assert all("," not in line.split()[-2] for line in text[2:apart] if line.startswith("    attack"))


def test_actions_of_a_soviet_movement_phase_fit_80_columns_and_list_every_order(home, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    cli(*SOV_TURN_1)
    rows = json.loads(cli("--format", "json", "actions"))
    text = cli("actions").splitlines()
    assert len(rows) > 500 and len(text) < len(rows) / 4  # today's 599 flat lines, grouped by unit
    assert max(len(line) for line in text) <= 80
    listed = {(m.group(1), hex_id) for line in text if (m := re.match(r"  move (\S+) \(\d+\)", line))
              for hex_id in line[25:].split()}  # fmt: skip
    listed |= {(unit, hex_id) for unit, line in _continued(text) for hex_id in line.split()}
    assert listed == {tuple(r["order"].split()[1:]) for r in rows if r["verb"] == "move"}


def _continued(text: list[str]):
    """(unit, line) for each wrapped line of a unit's destinations."""
    unit = ""
    for line in text:
        if m := re.match(r"  move (\S+) \(\d+\)", line):
            unit = m.group(1)
        elif line.startswith(" " * 25) and unit:
            yield unit, line


def test_actions_filters_by_unit_hex_and_kind(combat_phase):
    by_unit = cli("actions", "--unit", "SOV-4G", "--by", "unit").splitlines()
    assert by_unit[1:3] == ["attack, by unit:", "  SOV-4G:"] and all("SOV-4G" in x for x in by_unit[3:])
    assert cli("actions", "--hex", "2023").splitlines()[-1].startswith("    attack SOV-1UF,SOV-3GT,SOV-5G 2023")
    assert cli("actions", "--kind", "end").splitlines()[-1] == "end"
    code, out = run_cli(["actions", "--by", "army"])
    assert code != 0 and out.strip() == "error: --by takes 'unit' or 'hex', not 'army'"
    code, out = run_cli(["actions", "--unit", "SOV-4X"])  # a typo is no unit, not an order that fails to match
    assert code != 0 and out.strip() == "error: no unit SOV-4X in bfg-1"
    code, out = run_cli(["actions", "--hex", "9999"])
    assert code != 0 and out.strip() == "error: no space 9999 in bfg-1"
    assert cli("actions", "--unit", "GER-9").strip() == "no order matches (phaseline actions lists them all)"


@pytest.fixture
def before_the_bots_turn(home) -> None:
    """Seed 7, WA played by the heuristic bot: two West German attacks on turn 1 (12.21); the
    bot's turn follows the ``end`` of the West German Combat Phase."""
    cli("new", "battle-for-germany", "--seed", "7", "--bot", "WA=heuristic")
    for _ in range(3):  # the Soviet and the West German Movement and Combat Phases (12.21 allows it)
        cli("end")
    cli("attack", "GER-14,GER-LI", "0105")  # 12.21: two West German attacks on turn 1
    cli("attack", "GER-10,GER-IFJ,GER-LXXVIPZ", "0107")
    cli("choose", "none")  # no advance


@pytest.fixture
def bots_turn(before_the_bots_turn) -> list[str]:
    """What ``end`` told: the bot's steps and the East German ones."""
    return cli("end").splitlines()


def test_after_end_the_bots_turn_is_told_a_line_per_step(bots_turn):
    assert "WA (bot:heuristic), Western Allied Movement Phase:" in bots_turn
    assert any(line.startswith("  moved ") for line in bots_turn)
    combats = [line for line in bots_turn if line.startswith("  attack on ")]
    assert combats and all(re.search(r": \d+:\d+ → \d+:\d+, die \d: \w+; attack \d+ \(", c) for c in combats)


def test_11_0_the_bots_turn_ends_on_the_vp_it_changed(bots_turn):
    """11.0: the bot took 0309 and 2102 and the Germans lost SOV-46's city; the account's last
    line says where the match stands now, and what it stood at before."""
    assert bots_turn[-1] == (
        "standing: Germans 54 VP · Soviets 0 VP · Western Allies 3 VP "
        "(was Germans 55 VP · Soviets 1 VP · Western Allies 1 VP)"
    )
    status = next(line for line in cli("status").splitlines() if line.startswith("standing "))
    assert status.split(None, 1)[1] == "Germans 54 VP · Soviets 0 VP · Western Allies 3 VP"


def test_11_0_play_tells_the_vp_the_bots_turn_changed(before_the_bots_turn):
    code, out = run_cli(["play"], input="end\nquit\n")
    assert code == 0, out
    told = out.splitlines()
    standing = (
        "standing: Germans 54 VP · Soviets 0 VP · Western Allies 3 VP "
        "(was Germans 55 VP · Soviets 1 VP · Western Allies 1 VP)"
    )
    assert standing in told and told.index(standing) > told.index("WA (bot:heuristic), Western Allied Combat Phase:")


def test_a_move_that_changes_no_vp_tells_no_standing(home):
    cli(*SOV_TURN_1)
    assert not any(line.startswith("standing:") for line in cli("move", "BUL-2", "0420").splitlines())


def test_a_bots_answer_is_told_under_the_step_it_answers(bots_turn):
    """6.91: the bot declines to advance after its attack on 1020 (no event but its answer):
    the line of that step names the East German Combat Phase, never an empty step."""
    told = cli("choose", "1224").splitlines()  # SOV retreats ROM-4; the bot's next attack follows
    assert told[:3] == [
        "retreat ROM-4 -> 1224 (BfG 6.21)",
        "WA (bot:heuristic), East German Combat Phase:",
        "  choose none",
    ]
    assert not any(line.endswith(", :") for line in told)


def test_since_tells_the_bots_turn_after_your_last_order(bots_turn):
    """What the bot did since your ``end`` (its seat held in this store too): its orders and
    combats, the decision it asks of you; not 'nothing new' because the engine logged the
    step it began under your side."""
    rows = json.loads(cli("--format", "json", "since"))
    whats = [r["what"] for r in rows]
    assert whats[0] == "replace POLE-2 0101" and {r["by"] for r in rows} == {"bot:heuristic"}  # its first order
    assert "attack GER-2PZ,GER-IIIPZ,GER-IVSSPZ,GER-IXSS,HUN-I 1020" in whats
    assert any(w.startswith("attack on 2102: 34:14 → 2:1, die 2: Ex;") for w in whats)
    assert whats[-1] == "asks you: Retreat ROM-4 from 1325 to [1224, 1225, 1326]"
    cli("choose", "1224")  # your answer: the bot's next attack is all that is new
    assert [r["what"] for r in json.loads(cli("--format", "json", "since"))][:2] == [
        "choose none",
        "attack GER-XXIVPZ 2325",
    ]


def test_11_0_status_tells_what_decides_the_match_and_the_vp_while_it_is_played(home):
    cli(*SOV_TURN_1)
    status = dict(
        line.split(None, 1)
        for line in cli("status").splitlines()
        if line.split()[0] in ("decides", "standing", "notes")
    )
    assert status["decides"] == (
        "the bloc with more VP at the end of turn 10 wins (11.0); if nobody has entered Berlin, a draw (12.23)"
    )
    assert status["standing"] == "Germans 55 VP · Soviets 1 VP · Western Allies 1 VP"
    assert status["notes"] == "Berlin: not entered yet (12.22)"


def test_new_says_in_one_line_what_the_data_rests_on(home):
    line = cli(*SOV_TURN_1).splitlines()[1]
    tables = {r["table"]: r for r in json.loads(cli("--format", "json", "data"))}
    crt = tables["bfg_crt"]
    assert line.startswith(f"data: placeholder bfg_crt {crt['placeholder']}/{crt['rows']},")
    assert f"reconstructed space {tables['space']['reconstructed']}/{tables['space']['rows']}," in line
    assert line.endswith("('phaseline data' for details)")


def _wa_combat_phase(folder, seed: int) -> None:
    """A match of the position in ``folder`` (turn 2), played to the Western Allied Combat Phase."""
    cli("new", "battle-for-germany", "--scenario", str(folder), "--seed", str(seed))
    while json.loads(cli("--format", "json", "status"))["step"] != "Western Allied Combat Phase":
        cli("end")


def test_6_21_a_retreat_with_one_hex_open_says_it_was_the_only_one(home, tmp_path):
    """W1 (0202) attacks G1 in 0102: 0103 and 0201 lie in W1's ZOC, 0202 holds it, two
    neighbours are off the map; 0101 is all that is left. Seed 2 rolls a 5 at 2:1: Dr."""
    text = "map 2x4\nunit W1 WA US corps 7-4-8 0202\nunit G1 GER HEER corps 2-3-4 0102"
    _wa_combat_phase(write_position(tmp_path / "position", text, turns=(2, 10)), seed=2)
    told = cli("attack", "W1", "0102")
    assert ", die 5: Dr;" in told
    assert (
        "→ retreat G1→0101: the only hex open, the others barred by enemy ZOC (2), the map edge (2), "
        "enemy units (1) (6.21); WA to choose: Advance"
    ) in told


def test_6_22_a_retreat_to_the_one_empty_hex_names_the_hexes_with_friends_passed_over(home, tmp_path):
    """STACK: G1 and G2 in 0203 retreat after a Dr (seed 1 rolls a 2 at 1:1); 0204 is the only
    empty hex, 0104 holds G3: G1 goes to 0204 unasked, G2's owner is asked."""
    _wa_combat_phase(write_position(tmp_path / "position", STACK, turns=(2, 10)), seed=1)
    told = cli("attack", "W1", "0203")
    assert (
        "→ retreat G1→0204: the only empty hex open, empty hexes first (0104 holding friendly units) (6.22); "
        "SOV to choose: Retreat G2 from 0203 to [0104, 0204] (6.21)"
    ) in told
