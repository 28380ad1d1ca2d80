"""Breakout: Normandy 11: holding the Advantage, the combat reroll, the Double Impulse and the
Sunset DR; and the rulings on when a loss-triggered transfer happens."""

from __future__ import annotations

import pytest
from games.breakout.decisions import answer_all, asked, choose, keep_rolls
from games.breakout.position import new_match, script_dice, write_position
from phaseline import Action, Event, Match, RuleViolation, Store
from phaseline.games.breakout.rules.board import board
from phaseline.plugins import registry
from phaseline.scenario import load_custom

MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 5 clear 1
border 1-2
border 2-3
border 3-5
border 1-5
border 1-3
control 1 US
control 5 US
unit A1 allied US infantry 3-4-3/2 1
unit A2 allied US infantry 3-4-3/2 1
unit B1 allied UK infantry 3-4-3/2 5
unit G1 german DE infantry 2-3-2/2 2 Spent
unit G3 german DE infantry 2-3-2/2 3 Spent
"""


def _match_with(tmp_path, text, options):
    """A position's match created with ``options`` (rulings), its units' conditions applied."""
    folder, after = write_position(tmp_path / "position", text)
    reg = registry()
    info, chosen = load_custom(folder, reg.games)
    match = Match.create(Store.open(":memory:"), reg, info.name, chosen, seed=1, options=options)
    with match.store.transaction():
        match.log(Event("note", purpose="test position: conditions, and the Germans hold the Advantage"))
        for unit_id, status in after["status"].items():
            match.set("unit_state", {"unit_id": unit_id}, status=status)
        match.set("bkn_day", {}, advantage="german", advantage_start="german")
    return match


def _day(match):
    return board(match).day


def test_11_1_the_allies_start_with_the_advantage(tmp_path):
    match = new_match(tmp_path, MAP)
    assert _day(match)["advantage"] == "allied"


def test_11_the_holder_is_asked_whoever_attacks(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP.replace("2-3-2/2 2 Spent", "2-3-4/2 2"))
    script_dice(match, monkeypatch, [1, 1, 1, 1])
    match.play(Action("move", ("G1", "1"), "german"))  # a minimum move into the Allied area
    match.play(Action("attack", ("1",), "german"))
    choose(match, "A1")  # the Allied forward unit
    assert asked(match) == ("allied", "advantage-reroll", ["keep", "reroll"])  # the holder, defending


def test_11_3_a_combat_reroll_by_both_sides_and_the_advantage_passes(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [1, 1, 6, 6, 6, 6, 1, 1])  # repulsed, then AT 16 vs DT 5
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "reroll")
    rolls = match.rows("SELECT side FROM event WHERE match_id = ? AND rule = '9.11' ORDER BY seq", [match.match_id])
    assert [r["side"] for r in rolls] == ["allied", "allied", "german", "german"] * 2  # both sides roll again
    notes = [
        r["purpose"]
        for r in match.rows(
            "SELECT purpose FROM event WHERE match_id = ? AND rule IN ('9.4', '11.3') ORDER BY seq", [match.match_id]
        )
    ]
    assert any("uses the Advantage" in n for n in notes) and notes[-1].endswith("success")
    answer_all(match)
    assert "G1" not in board(match).units
    assert _day(match)["advantage"] == "allied"  # still held until the impulse ends
    assert _day(match)["advantage_used"] == "allied"
    match.play(Action("end", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    assert _day(match)["advantage"] == "german"  # 11.2: it passes when the impulse ends


def test_11_6_a_rerolled_roll_is_never_rerolled_again(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [1, 1, 6, 6, 1, 1, 6, 6, 1, 1, 6, 6])
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "reroll")
    assert asked(match) is None or asked(match)[1] != "advantage-reroll"
    answer_all(match)
    match.play(Action("move", ("A2", "3"), "allied"))
    match.play(Action("attack", ("3",), "allied"))
    assert asked(match) is None or asked(match)[1] != "advantage-reroll"  # once per impulse


def test_11_5_the_rerolled_allied_dr_is_the_sunset_dr(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [1, 1, 6, 6, 5, 6, 1, 1])
    match.play(Action("attack", ("2",), "allied"))
    assert _day(match)["sunset_raw"] == 2
    choose(match, "reroll")
    assert _day(match)["sunset_raw"] == 11


def test_11_6_after_a_reroll_the_advantage_may_not_also_buy_a_double_impulse(tmp_path, monkeypatch):
    """11.6: 「アドバンテージを使用できるのは一度だけであるためDR/drの振りなおしやダブルインパルスを
    併用して用いることはできない」: the refusal cites 11.6."""
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [1, 1, 6, 6, 5, 6, 1, 1])
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "reroll")
    answer_all(match)
    assert match.clock.step == "allied-impulse" and _day(match)["advantage_used"] == "allied"
    refused = _refused(match, Action("double", (), "allied"))
    assert refused.rule == "11.6" and "already used it" in str(refused)


def test_11_4_a_double_impulse_activates_twice_with_both_nationalities(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    assert Action("double", (), "allied") in match.legal_actions("allied")
    script_dice(match, monkeypatch, [3, 4])  # 11.5: the first half had no DR: its Sunset DR now
    match.play(Action("double", (), "allied"))
    assert _day(match)["sunset_raw"] == 7 and _day(match)["advantage_used"] == "allied"
    assert "pass" not in [a.verb for a in match.legal_actions("allied")]
    match.play(Action("move", ("B1", "3"), "allied"))  # British units in the second half (8.37)
    assert _day(match)["activated"] == "5"
    assert _refused(match, Action("double", (), "allied")).rule == "11.4"
    impulse = _day(match)["impulse"]
    script_dice(match, monkeypatch, [1, 1, 6, 6, 1, 1, 6, 6])
    match.play(Action("attack", ("2",), "allied"))
    answer_all(match)
    match.play(Action("attack", ("3",), "allied"))
    answer_all(match)
    rolls_as_sunset = match.rows("SELECT seq FROM event WHERE match_id = ? AND rule = '6.3'", [match.match_id])
    assert len(rolls_as_sunset) == 1  # only the first half's DR was the Sunset DR
    match.play(Action("end", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    assert _day(match)["impulse"] == impulse + 1  # one impulse on the track (raw 7 >= 1)


def test_11_4_the_second_half_may_attack_again_from_within_an_area_attacked_in_the_first(tmp_path, monkeypatch):
    """11.4: 'if the attacked area holds Fresh friendly units, the second impulse may activate it and
    attack again'; entering it is still barred (8.31)."""
    text = """
area 1 clear 1
area 2 clear 1
border 1-2
control 1 US
unit A1 allied US infantry 3-4-3/2 1
unit A3 allied US infantry 3-4-3/2 2
unit A4 allied US infantry 3-4-3/2 2
unit G1 german DE infantry 2-3-2/2 2
unit G2 german DE infantry 2-3-2/2 2
"""
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [1, 1, 6, 6, 6, 6, 1, 1])
    match.play(Action("attack", ("2", "A3"), "allied"))  # repulsed
    answer_all(match)
    assert _refused(match, Action("attack", ("2", "A4"), "allied")).rule == "8.22"
    match.play(Action("double", (), "allied"))
    assert _refused(match, Action("move", ("A1", "2"), "allied")).rule == "8.31"
    assert Action("attack", ("2",), "allied") in match.legal_actions("allied")
    match.play(Action("attack", ("2", "A4"), "allied"))
    answer_all(match)
    assert "2" in board(match).attacked_again and not board(match).fresh_enemies("2", "allied")  # it hit home
    assert _refused(match, Action("attack", ("2",), "allied")).rule == "8.22"


def _refused(match, action) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        match.play(action)
    return refused.value


def test_11_4_only_the_holder_declares_a_double_impulse(tmp_path):
    match = new_match(
        tmp_path, MAP.replace("unit G1 german DE infantry 2-3-2/2 2 Spent", "unit G1 german DE infantry 2-3-2/2 3")
    )
    match.play(Action("move", ("G1", "2"), "german"))
    assert "double" not in [a.verb for a in match.legal_actions("german")]
    assert "allied holds it" in str(_refused(match, Action("double", (), "german")))


ELIMINATION = """
area 1 clear 1
area 2 clear 1
border 1-2
control 1 US
unit A1 allied US armour 6-4-6/3 1
unit G1 german DE infantry 1-3-2/2 2 Dis2
unit G2 german DE infantry 1-3-2/2 2 Dis2
unit G3 german DE infantry 1-3-2/2 2 Dis2
"""


@pytest.mark.parametrize(
    ("options", "holder_after_attack"),
    [
        pytest.param([], "allied", id="11.2-ruling-16-a-loss-transfer-is-immediate"),
        pytest.param(["advantage-lost-at-impulse-end"], "german", id="11.2-ruling-16-other-reading-at-impulse-end"),
    ],
)
def test_loss_transfer_timing(tmp_path, monkeypatch, options, holder_after_attack):
    """The Germans hold the Advantage and lose 3 units in one Allied attack."""
    match = _match_with(tmp_path, ELIMINATION, options)
    match.play(Action("pass", (), "german"))
    assert _day(match)["advantage"] == "german"
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    match.play(Action("attack", ("2",), "allied"))
    answer_all(match)
    assert _day(match)["advantage"] == holder_after_attack
    match.play(Action("end", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    assert _day(match)["advantage"] == "allied"


def test_11_23_the_entitled_player_chooses_the_shift_at_once_and_this_sunset_dr_keeps_its_drm(tmp_path, monkeypatch):
    """11.2, 11.23: four Germans die in one Allied attack while the Allies hold the Advantage: the
    Allies move the marker 4 - 2 = 2 spaces, the way they choose, as soon as the attack is over; the
    attack's DR was the Sunset DR and keeps the DRM it was rolled with."""
    match = new_match(tmp_path, ELIMINATION + "unit G4 german DE infantry 1-3-2/2 2 Dis2\n")
    match.play(Action("pass", (), "german"))
    with match.store.transaction():
        match.log(Event("note", purpose="test: impulse 10"))
        match.set("bkn_day", {}, impulse=10)
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [5, 6, 1, 1])
    match.play(Action("attack", ("2",), "allied"))
    given = answer_all(match, {"sunset-shift": "down"})
    assert ("sunset-shift", "down") in given and _day(match)["sunset_drm"] == -2
    asked_rows = match.rows(
        "SELECT side, payload FROM event WHERE match_id = ? AND kind = 'decision' AND rule = '11.23'", [match.match_id]
    )
    assert [(r["side"], '"up","down"' in r["payload"]) for r in asked_rows] == [("allied", True)]
    assert "2 spaces" in match.one(
        "SELECT purpose FROM event WHERE match_id = ? AND kind = 'decision' AND rule = '11.23'", [match.match_id]
    )
    match.play(Action("end", (), "allied"))
    keep_rolls(match)
    assert (_day(match)["impulse"], match.clock.step) == (11, "german-impulse")  # 11 + 0 >= 10, not 11 - 2


def test_11_23_ruling_sunset_shift_optional_the_marker_may_stay(tmp_path, monkeypatch):
    """The Germans hold the Advantage and lose 4 units: they lose it, and the Allies may shift 4 - 3 = 1."""
    match = _match_with(
        tmp_path, ELIMINATION + "unit G4 german DE infantry 1-3-2/2 2 Dis2\n", ["sunset-shift-optional"]
    )
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    match.play(Action("attack", ("2",), "allied"))
    while (decision := match.open_decision())["kind"] != "sunset-shift":  # the reroll, the casualties
        match.play(Action("choose", (decision["choices"][0],), decision["side"]))
    assert asked(match) == ("allied", "sunset-shift", ["up", "down", "stay"])
    choose(match, "stay")
    assert _day(match)["sunset_drm"] == 0


def test_11_23_the_bots_shift_the_sunset_drm_their_own_way(tmp_path):
    from phaseline.games.breakout.bot import HeuristicBot

    match = new_match(tmp_path, MAP)
    decision = {"kind": "sunset-shift", "choices": ["up", "down"], "context": {}}
    assert HeuristicBot(match, "german")._answer(match, decision) == "down"  # shorter days
    assert HeuristicBot(match, "allied")._answer(match, decision) == "up"


def test_11_6_the_holder_may_have_an_interdiction_dr_rerolled(tmp_path, monkeypatch):
    text = (
        "area 1 clear 1\narea 2 clear 1\narea 3 clear 1\nborder 1-2\nborder 2-3\nunit G1 german DE armour 4-3-6/2 1\n"
    )
    match = new_match(tmp_path, text)
    match.play(Action("move", ("G1", "2"), "german"))
    script_dice(match, monkeypatch, [6, 1])
    match.play(Action("move", ("G1", "3"), "german"))
    assert asked(match) == ("allied", "interdiction-reroll", ["keep", "reroll"])
    assert board(match).units["G1"]["space_id"] == "2"  # the move waits for the answer
    choose(match, "reroll")
    g1 = board(match).units["G1"]
    assert (g1["status"], g1["space_id"]) == ("Dis1", "2")  # the new dr 1 stands
    assert _day(match)["advantage_used"] == "allied"


# === 11.4, 8.6 FROM THE SHELL ===================================================================

CLI_MAP = """
area 1 clear 1
area 2 clear 1
border 1-2
unit A1 allied US infantry 3-4-3/2 1
unit G1 german DE infantry 2-3-2/2 2 Spent
"""


def _cli_match(tmp_path) -> None:
    """A human-played match of ``CLI_MAP`` made current, as a player would start it."""
    from clitools import run_cli

    write_position(tmp_path / "position", CLI_MAP)
    code, out = run_cli(["new", "breakout-normandy", "--scenario", str(tmp_path / "position"), "--seed", "3"])
    assert code == 0, out


def _listed(run_cli) -> list[str]:
    import json

    code, out = run_cli(["--format", "json", "actions"])
    assert code == 0, out
    return [row["order"] for row in json.loads(out)]


def test_8_6_pass_is_played_from_the_shell_as_actions_lists_it(tmp_path, home):
    from clitools import run_cli

    _cli_match(tmp_path)
    assert "pass" in _listed(run_cli)
    code, out = run_cli(["pass", "now"])
    assert code != 0 and "pass takes no arguments" in out and "8.6" in out
    code, out = run_cli(["pass"])
    assert code == 0, out
    assert "allied" in run_cli(["status"])[1]


def test_11_4_double_is_declared_from_the_shell_as_actions_lists_it(tmp_path, home):
    from clitools import run_cli

    _cli_match(tmp_path)
    code, out = run_cli(["double"])
    assert code != 0 and "11.4" in out and "needs arguments" not in out  # the game refuses it: nothing activated
    assert run_cli(["pass"])[0] == 0  # the Germans pass
    assert run_cli(["move", "A1", "2"])[0] == 0  # the Allies activate 1 (the Advantage is theirs)
    assert "double" in _listed(run_cli)
    code, out = run_cli(["double", "now"])
    assert code != 0 and "double takes no arguments" in out
    code, out = run_cli(["double"])
    assert code == 0, out
    code, out = run_cli(["sql", "SELECT double_impulse, advantage_used FROM bkn_day"])
    assert code == 0 and "true" in out and "allied" in out, out
