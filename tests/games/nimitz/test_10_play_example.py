"""The play example (seed, after the credits; digest §8.6): the 1942 campaign's first turn played
whole, its printed rolls scripted and the unprinted ones chosen to give its stated outcomes: the
Solomons battle of 2 rounds as the seed tells it, blow by blow (Aoba/Kinugasa sunk, Hiryu and
Furutaka/Kako damaged, Enterprise and Chicago/Northampton damaged, 18FG and 28BG lost to an airfield
of capacity 0, the battalion destroyed), reinforcement 9 (2 ships, 2 infantry, 1 land aircraft), the
US ships to the 1942 return box, 6 objectives held at the end of the turn.

Where the shipped data or the rules take the example elsewhere, chosen rolls and stacks bring it
back, and the docstrings below say so:
- the Japanese stacks are those of a shuffle that gives the example's draws (Aoba/Kinugasa third in
  the Carolines' ship stack: the Advance South takes Furutaka/Kako, the 5th DesRon and Aoba/Kinugasa);
- Hiryu's roll is not printed; by 9.1's battalion substitution any order that takes it from Japan to
  the Solomons brings a battalion from the box, so this battle has 6 Japanese units, not the seed's 5
  (still 2 markers a round, 10.4); the Japanese bombardment's hit of round 2 falls on one of the two
  battalions (the player's choice), which the US battalion then destroys, and the other survives;
- the Orders Table is reconstructed: the other points hold (1), so 5 supply markers come in, not 3,
  and the reinforcement roll is 6 (6 + 5 - 2 = 9; the seed's unprinted roll was 8);
- the other battles (Borneo, New Guinea, Midway) are not told: every roll there misses but, at
  Midway, those that destroy the two Japanese battalions, so that Midway is held at the turn's end
  (the seed says 6 objectives; with the Solomons' second battalion ashore, the sixth is Midway)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from games.nimitz.battle import Script, answer, events
from games.nimitz.position import play, state, status, where
from phaseline import Match, Store
from phaseline.plugins import registry
from phaseline.scenario import load_custom

SHIPPED = Path(__file__).resolve().parents[3] / "scenarios" / "nimitz" / "campaigns" / "1942" / "setup.csv"

JAPANESE_ORDERS = {
    "9.1 Japanese order at Philippines": [4, 1],  # recon: Advance South to Borneo; later a Hold
    "9.1 Japanese order at Japan": [2, 10, 7],  # recon: Hold, Sortie; then Hiryu's Battle
    "1.3 sortie from Japan": [2],  # Midway of Midway, the Solomons, New Guinea (1-3)
    "9.1 Japanese order at Carolines": [4, 7],  # Advance South, then Battle
    "1.3 advance-south from Carolines": [8],  # the Solomons (6-10)
    "1.3 battle from Carolines": [3],  # Midway of Borneo, Midway, New Guinea, the Solomons (3-4)
    "1.3 battle from Japan": [7],  # the Solomons
    "9.1 Japanese order at": [1] * 10,  # every other point holds
}
BATTLES = {
    "combat rounds": [4, 1, 1, 4],  # the Solomons 2 rounds (the seed's 4), Borneo 1, New Guinea 1, Midway 2
    # the Solomons, round 1
    "destination of Hiryu's bombers": [2],
    "destination of Hiryu's fighters": [6, 8],
    "A6M-1 in COASTAL": [2],
    "US-18FG in ISLAND": [8],  # "18FG attacked, but missed" (the roll is not printed)
    "Aoba-Kinugasa at": [6],
    "Furutaka-Kako at": [3],
    "Chicago-Northampton at": [7],  # a miss (not printed)
    "SBD-1 in COASTAL": [2],  # "rolls lost in extraction": 2 hits for Aoba/Kinugasa
    "SBD-2 in COASTAL": [3],
    "US-28BG in COASTAL": [10],
    "D3A-1 in ISLAND": [2],
    "B5N-1 in ISLAND": [1],
    "Chicago-Northampton in COASTAL": [2, 2],
    "Furutaka-Kako in COASTAL": [1, 9],
    # round 2 (the bombers' destination: Carrier Attack's 10)
    "A6M-1 in US-SEA": [7],
    "F4F-1 in US-SEA": [4],
    "JP-DesRon5 at": [6],
    "Hiryu at": [9],
    "US-DesRon2 at": [7],
    "Enterprise at": [5, 3],
    "Enterprise/SBD-1 in JP-SEA": [6],
    "Enterprise/SBD-2 in JP-SEA": [1],
    "Hiryu/B5N-1 in US-SEA": [3],
    "US-Bn-04 in ISLAND": [1],
    # Midway, round 2: the two Japanese battalions ashore destroyed
    "Lexington/SBD-1 in ISLAND": [1],
    "Lexington/SBD-2 in ISLAND": [1],
    "Chester-Louisville in COASTAL": [10, 1],
    "US-DesRon1 in COASTAL": [10, 1],
    "11.1": [6],
}
DRAWS = [
    *("search-failure", "surface-action", "infantry-combat", "carrier-attack"),  # the Solomons (seed)
    *("submarine-warfare", "submarine-warfare", "air-superiority"),  # Borneo, New Guinea
    *("kamikaze", "kamikaze", "attack-plan", "attack-plan"),  # Midway
]
SOLOMONS_ANSWERS = [
    ("us-hit", "COASTAL", "Enterprise/TBD-1"),  # "the TBD, as carrier aircraft come back free"
    ("aa-target", "Aoba-Kinugasa", "Enterprise/SBD-1"),
    ("aa-target", "Furutaka-Kako", "US-28BG"),
    ("bonus-use", "AA in COASTAL: play air-defense-system", "keep"),
    ("jp-hit", "bombing in COASTAL", "Aoba-Kinugasa"),
    ("bonus-use", "seabees", "play"),
    ("jp-hit", "air in US-SEA", "Hiryu/A6M-1"),
    ("bonus-use", "dogfight", "play"),
    ("aa-target", "JP-DesRon5", "Enterprise/SBD-1"),
    ("aa-target", "Hiryu (JP)", "Enterprise/SBD-2"),
    ("aa-target", "US-DesRon2", "Hiryu/D3A-1"),
    ("aa-target", "Enterprise (US) fires", "Hiryu/B5N-1"),
    ("bonus-use", "AA in US-SEA: play air-defense-system", "play"),
    ("aa-target", "Enterprise (US) fires", "Hiryu/D3A-1"),
    ("bonus-use", "vt-fuze", "play"),
    ("jp-hit", "vt-fuze", "Hiryu/D3A-1"),
    ("jp-hit", "naval gunfire in COASTAL", "JP-Bn-12"),
]
SOLOMONS_LOG = [  # the seed's battle, blow by blow
    "Hiryu/A6M-1 in COASTAL: air combat 7/2, die 2: 2 hits",
    "JP air in COASTAL: 1 hit on Enterprise/TBD-1 (cost 1): damaged",
    "JP air in COASTAL: 1 hit on Enterprise/TBD-1 (cost 1): destroyed",
    "US-18FG in ISLAND: air combat 4, die 8: 0 hits",
    "Aoba-Kinugasa at Enterprise/SBD-1 in COASTAL: AA 2 (+3/+2 surface-action) → 5/2, die 6: 0 hits",
    "Furutaka-Kako at US-28BG in COASTAL: AA 2 (+3/+2 surface-action) → 5/2, die 3: 1 hit",
    "Furutaka-Kako's AA: 1 hit on US-28BG (cost 1): damaged",
    "Chicago-Northampton at Hiryu/A6M-1 in COASTAL: AA 2, die 7: 0 hits",
    "Enterprise/SBD-1 in COASTAL: anti-ship 4, die 2: 1 hit",
    "Enterprise/SBD-2 in COASTAL: anti-ship 4, die 3: 1 hit",
    "US-28BG in COASTAL: anti-ship 1, die 10: 0 hits",
    "US bombing in COASTAL: 1 hit on Aoba-Kinugasa (cost 3): damaged",
    "US bombing in COASTAL: 1 hit on Aoba-Kinugasa (cost 3): destroyed",
    "Hiryu/B5N-1 in ISLAND: ground attack 2, die 1: 1 hit",
    "Hiryu/D3A-1 in ISLAND: ground attack 4, die 2: 1 hit",
    "JP bombing in ISLAND: 1 hit on US-AIRFIELD (cost 1): capacity 1",  # the other cancelled by Seabees
    "Furutaka-Kako in COASTAL: gunnery 4 (+3/+2 surface-action) → 7/2, die 1: 2 hits",
    "Chicago-Northampton in COASTAL: gunnery 4, die 2: 1 hit",
    "US naval gunfire in COASTAL: 1 hit on Furutaka-Kako (cost 3): damaged",
    "JP naval gunfire in COASTAL: 1 hit on US-AIRFIELD (cost 1): capacity 0",
    "JP naval gunfire in COASTAL: 1 hit on Chicago-Northampton (cost 3): damaged",
    "Hiryu/A6M-1 in US-SEA: air combat 7/2, die 7: 1 hit",
    "Enterprise/F4F-1 in US-SEA: air combat 4, die 4: 1 hit",
    "US air in US-SEA: 1 hit on Hiryu/A6M-1 (cost 1): damaged",  # the F4F's hit and Dogfight's
    "US air in US-SEA: 1 hit on Hiryu/A6M-1 (cost 1): destroyed",
    "JP air in US-SEA: 1 hit on Enterprise/F4F-1 (cost 2): damaged",
    "JP-DesRon5 at Enterprise/SBD-1 in JP-SEA: AA 1, die 6: 0 hits",
    "Hiryu at Enterprise/SBD-2 in JP-SEA: AA 3, die 9: 0 hits",
    "US-DesRon2 at Hiryu/D3A-1 in US-SEA: AA 2, die 7: 0 hits",
    "Enterprise at Hiryu/B5N-1 in US-SEA: AA 4, die 5: 0 hits",
    "Enterprise at Hiryu/D3A-1 in US-SEA: AA 4, die 3: 1 hit",  # the Air Defense System's shot
    "vt-fuze: 1 hit on Hiryu/D3A-1 (cost 1): damaged",  # VT Fuze played before the shot's hit is placed
    "Enterprise's AA: 1 hit on Hiryu/D3A-1 (cost 1): destroyed",
    "Enterprise/SBD-1 in JP-SEA: anti-ship 4, die 6: 0 hits",
    "Enterprise/SBD-2 in JP-SEA: anti-ship 4, die 1: 1 hit",
    "US bombing in JP-SEA: 1 hit on Hiryu (cost 1): damaged",
    "Hiryu/B5N-1 in US-SEA: anti-ship 6, die 3: 1 hit",
    "JP bombing in US-SEA: 1 hit on Enterprise (cost 1): damaged",
    "Furutaka-Kako in COASTAL: gunnery 2, die 9: 0 hits",
    "Chicago-Northampton in COASTAL: gunnery 2, die 2: 1 hit",
    "US naval gunfire in COASTAL: 1 hit on JP-Bn-12 (cost 0): damaged",
    "US-Bn-04 in ISLAND: ground attack 2, die 1: 1 hit",
    "US ground in ISLAND: 1 hit on JP-Bn-12 (cost 0): destroyed (to the battalion box)",
]


def example_scenario(folder: Path) -> Path:
    """The 1942 set-up with its stacks as a shuffle that gives the example's draws."""
    rows = list(csv.DictReader(SHIPPED.open()))
    aoba = next(r for r in rows if r["unit_id"] == "Aoba-Kinugasa")
    rows.remove(aoba)
    rows.insert(next(i for i, r in enumerate(rows) if r["unit_id"] == "JP-DesRon4"), aoba)
    sheet = folder / "campaigns" / "1942"
    sheet.mkdir(parents=True)
    with (sheet / "setup.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    toml = 'game = "fleet-commander-nimitz"\nbase = "1942"\ntitle = "the play example"\nstacks = "as-listed"\n'
    (folder / "scenario.toml").write_text(toml)
    return folder


def strict(decision: dict) -> str:
    raise AssertionError(f"unexpected question: {decision['prompt']}")


def fight_quietly(match: Match, point: str) -> None:
    """A battle the example does not tell: no marker bought, no aircraft flown, every roll a miss."""
    play(match, f"battle {point}")
    while state(match)["battle_point"] == point:
        answer(match, [])
        if state(match)["battle_point"] == point:
            play(match, "end")


@pytest.fixture(scope="module")
def turn_one(tmp_path_factory):
    """The example's turn played to the start of turn 2: (the match, the Solomons' first event)."""
    reg = registry()
    info, scenario = load_custom(example_scenario(tmp_path_factory.mktemp("example") / "1942"), reg.games)
    with Store.open(":memory:") as store:
        match = Match.create(store, reg, info.name, scenario, options=("air-defense-cost-1",), seed=7)
        Script(match, JAPANESE_ORDERS)
        play(match, "buy Hornet,US-1Mar,RAAF-BG2", "end")  # 6.2: 7 RP and 2 SP
        play(match, "recon Philippines", "recon Japan 2", "end")  # 7.1: 3 SP
        play(
            match,
            "move Lexington,Chester-Louisville,US-DesRon1,US-11BG Midway",
            "move US-Bn-01,US-Bn-02 Midway",
            "move Enterprise,Chicago-Northampton,US-DesRon2,US-18FG,US-28BG Solomons",
            "move US-MAG21,RAAF-BG Borneo",
            "end",
        )  # 8.1: 13 SP
        answer(match, [("next-point", "", "Carolines"), ("next-point", "", "Japan")])
        start = match.events.last_seq
        Script(match, BATTLES, DRAWS, default=10)
        play(match, "battle Solomons", "place Chicago-Northampton coastal", "end")
        answer(match, SOLOMONS_ANSWERS, strict)
        play(match, "bonus dogfight,vt-fuze,air-defense-system,seabees", "end")
        answer(match, SOLOMONS_ANSWERS, strict)
        play(match, "fly US-28BG,Enterprise/SBD-1,Enterprise/SBD-2,Enterprise/TBD-1 coastal", "fly US-18FG island")
        play(match, "fly Enterprise/F4F-1 us-sea", "end")
        answer(match, SOLOMONS_ANSWERS, strict)
        play(match, "fly Enterprise/SBD-1,Enterprise/SBD-2 jp-sea", "fly Enterprise/F4F-1 us-sea", "end")
        answer(match, SOLOMONS_ANSWERS, strict)
        assert not SOLOMONS_ANSWERS, f"unasked: {SOLOMONS_ANSWERS}"
        solomons_over = match.events.last_seq
        fight_quietly(match, "Borneo")
        fight_quietly(match, "NewGuinea")
        play(match, "battle Midway", "place Chester-Louisville,US-DesRon1 coastal", "end", "end", "end")
        answer(match, [])
        play(match, "fly Lexington/SBD-1,Lexington/SBD-2 island", "end")
        answer(match, [("jp-hit", "bombing in ISLAND", "JP-Bn-11")])
        play(match, "end")  # the combat phase, its battles fought: the rest of the turn
        yield match, start, solomons_over


def test_10_the_play_examples_solomons_battle(turn_one):
    """The Solomons: 2 rounds (roll 4); 6 Japanese units, 2 markers a round; the US buys 6 BPP with
    1 SP (the Air Defense System at 1, the ruling air-defense-cost-1); then the seed's blow by blow."""
    match, start, over = turn_one
    rows = match.rows(
        "SELECT purpose FROM event WHERE match_id = ? AND kind IN ('combat', 'hit') AND seq > ? AND seq <= ? "
        "ORDER BY seq",
        [match.match_id, start, over],
    )
    assert [r["purpose"] for r in rows] == SOLOMONS_LOG
    notes = events(match, "note", start)
    assert "combat rounds: die 4, 2 rounds; 10.4 6 Japanese units: 2 bonus markers a round" in notes
    assert "bonus markers dogfight, vt-fuze, air-defense-system, seabees for 6 BPP (1 SP)" in notes
    assert "US-18FG, US-28BG removed: more aircraft than the airfield can take" in notes
    assert "Hiryu/B5N-1 removed: more aircraft than the carriers can take" in notes
    assert (
        "Enterprise/F4F-1, Enterprise/SBD-1, Enterprise/SBD-2 removed: more aircraft than the carriers can take"
        in notes
    )
    assert [n for n in notes if n.startswith("round ")][:2] == [
        "round 1 ends: 1 rounds left",
        "round 2 ends: 0 rounds left",
    ]


def test_10_the_play_examples_turn_ends_as_the_seed_says(turn_one):
    """After the battles: Aoba/Kinugasa, 18FG and 28BG out of the game, the battalion in its box;
    reinforcement 9: 2 ships, 2 infantry, 1 land aircraft; Hiryu and Furutaka/Kako repaired into the
    reinforcement box; the damaged Enterprise and Chicago/Northampton and the other ships at the
    Solomons, Australia and Midway in the 1942 box; 6 objectives held, no dismissal."""
    match, _, _ = turn_one
    assert [status(match, u) for u in ("Aoba-Kinugasa", "US-18FG", "US-28BG")] == ["destroyed"] * 3
    assert (where(match, "JP-Bn-12"), status(match, "JP-Bn-12")) == ("JP-BN", "full")
    notes = events(match, "note")
    reinforcement = next(n for n in notes if n.startswith("reinforcement"))
    assert "= 9: 2 ships, 2 infantry, 1 aircraft" in reinforcement
    assert "repaired to the reinforcement box: Furutaka-Kako, Hiryu" in notes
    assert [(where(match, u), status(match, u)) for u in ("Hiryu", "Furutaka-Kako")] == [("JP-REINF", "full")] * 2
    assert [(where(match, u), status(match, u)) for u in ("Enterprise", "Chicago-Northampton")] == [
        ("R42", "damaged")
    ] * 2
    assert all(where(match, u) == "R42" for u in ("Lexington", "US-DesRon2", "Australia-Canberra"))
    assert "6 objectives held (dismissal at 3 or fewer)" in notes
    assert not match.finished and state(match)["campaign_turn"] == 2 and state(match)["held"] == 6
