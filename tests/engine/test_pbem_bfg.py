"""A Battle for Germany match played by turn files between two stores, to its end.

Alice holds the Soviet seat, Bob joins the Western Allied one; the heuristic bot plays each
player's seats in that player's store, and a file goes over whenever the match waits on
the other store. At the end both stores hold both secrets and replay-verify every event
and every die.
"""

from __future__ import annotations

import pytest
from phaseline import Match, Store
from phaseline.bots import run_bots
from phaseline.exchange import export_match
from phaseline.importing import import_match
from phaseline.plugins import registry
from phaseline.replay import verify_match

BFG = "battle-for-germany"


@pytest.mark.slow
def test_a_battle_for_germany_match_by_files_ends_and_both_stores_verify(tmp_path):
    reg = registry()
    stores = {name: Store.open(tmp_path / f"{name}.duckdb") for name in ("alice", "bob")}
    match_id = Match.create(stores["alice"], reg, BFG, "historical", player="alice", open_seats=["WA"]).match_id
    bots = {"SOV": "bot:heuristic", "WA": "bot:heuristic"}
    sender, receiver = "alice", "bob"
    for n in range(400):
        run_bots(Match.load(stores[sender], reg, match_id), reg, controllers=bots)
        export_match(stores[sender], reg, match_id, tmp_path / f"{n}.turn")
        import_match(stores[receiver], reg, tmp_path / f"{n}.turn", player=receiver)
        if all(Match.load(store, reg, match_id).finished for store in stores.values()):
            break
        sender, receiver = receiver, sender
    else:
        pytest.fail("the match did not end in 400 files")
    export_match(stores[receiver], reg, match_id, tmp_path / "last.turn")  # the end's reveal goes back
    import_match(stores[sender], reg, tmp_path / "last.turn")
    logs = []
    for store in stores.values():
        count, dice = verify_match(store, reg, match_id)
        assert sorted(dice.checked) == ["SOV", "WA"] and not dice.unchecked
        assert {r["secret"] is not None for r in Match.load(store, reg, match_id).seats.rows()} == {True}
        logs.append(store.rows("SELECT * FROM event WHERE match_id = ? ORDER BY seq", [match_id]))
        assert count == len(logs[-1])
    assert logs[0] == logs[1]
    assert Match.load(stores["alice"], reg, match_id).clock.result is not None
