"""The referee kit (tests/referee/kit.py) plays a case through the CLI and catches a wrong ruling."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from kit import CaseError, InProcess, Referee, Step, dice_forcer, load_cases, read_cases

FIXTURE = Path(__file__).parent / "referee_fixture"


@pytest.fixture
def case():
    [found] = load_cases("bfg", FIXTURE)
    return found


def play(case, tmp_path, monkeypatch) -> Referee:
    monkeypatch.setenv("PHASELINE_HOME", str(tmp_path / "home"))
    referee = Referee(case, InProcess(), tmp_path, dice_forcer(monkeypatch))
    referee.play()
    return referee


def test_a_case_the_game_rules_as_the_rulebook_passes(case, tmp_path, monkeypatch):
    referee = play(case, tmp_path, monkeypatch)
    assert any("attack W1 0203" in line for line in referee.transcript)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param({"rows": (("G1", "0104"),)}, "rulebook: (('G1', '0104'),)", id="wrong-store-rows"),
        pytest.param({"rule": "6.22"}, "the refusal names 6.22", id="wrong-rule-cited"),
        pytest.param({"expect": "ok"}, "the order is legal", id="refusal-expected-legal"),
        pytest.param({"says": ("De",)}, "says 'De'", id="missing-words"),
    ],
)
def test_a_ruling_that_differs_from_the_game_fails_with_the_case_named(case, tmp_path, monkeypatch, change, message):
    step = {"rows": 3, "rule": 5, "expect": 5, "says": 2}[next(iter(change))]
    steps = list(case.steps)
    steps[step] = dataclasses.replace(steps[step], **change)
    with pytest.raises(AssertionError) as failed:
        play(dataclasses.replace(case, steps=tuple(steps)), tmp_path, monkeypatch)
    assert case.id in str(failed.value)
    assert message in str(failed.value)


def test_forced_dice_the_order_never_rolls_fail(case, tmp_path, monkeypatch):
    steps = (*case.steps[:1], Step(order="move W1 0102", dice=(3,)))
    with pytest.raises(AssertionError, match="rolled fewer dice"):
        play(dataclasses.replace(case, steps=steps), tmp_path, monkeypatch)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("[[case]]\nid = 'x'\n", "needs 'quote'", id="missing-key"),
        pytest.param(
            "[[case]]\nid='retreat'\nquote=''\nruling=''\nscenario='s'\nsteps=[]\n", "start with the rule", id="bad-id"
        ),
        pytest.param(
            "[[case]]\nid='6.2-x'\nquote=''\nruling=''\nscenario='s'\nsteps=[{order='end', sql='x', rows=[]}]\n",
            "exactly one of",
            id="two-kinds-in-a-step",
        ),
        pytest.param("[[case]\n", "cases.toml", id="not-toml"),
    ],
)
def test_a_malformed_case_file_names_its_fault(tmp_path, text, message):
    path = tmp_path / "cases.toml"
    path.write_text(text)
    with pytest.raises(CaseError, match=message):
        read_cases(path, "bfg")
