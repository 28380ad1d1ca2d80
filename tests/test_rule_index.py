"""The rule index convention (docs/rules.md), for every registered game, and its scanner.

For each game: a section marked implemented has a test naming it, and every rule
number its code cites (plugins/<game>/**/*.py and .sql) is in its index.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from phaseline.errors import ScenarioError
from phaseline.plugins import registry
from phaseline.rule_index import (
    case_numbers,
    citations,
    code_citations,
    count_cases,
    coverage,
    load_index,
    plugin_folder,
)
from phaseline.rule_scan import CaseFileError, is_number, named_cases, referee_cases, referee_file
from phaseline.testing import rule_index_problems

FIXTURE = Path(__file__).parent / "fixtures" / "referee" / "bfg"


def registered_games() -> list:
    games = registry().games
    if not games:
        return [pytest.param(None, marks=pytest.mark.skip(reason="no game is registered yet"), id="none")]
    return [pytest.param(info, id=name) for name, info in sorted(games.items())]


def index_of(info):
    if not info.rule_index.is_file():
        pytest.skip(f"{info.name} has no rule index yet ({info.rule_index})")
    return load_index(info.rule_index)


@pytest.mark.parametrize("info", registered_games())
def test_implemented_sections_have_tests(info):
    index_of(info)
    report = coverage(info)
    untested = [f"{s.number} {s.title}" for s in report.untested]
    assert not untested, f"{info.name}: marked implemented but no test names them: {untested}"


@pytest.mark.parametrize("info", registered_games())
def test_code_cites_only_indexed_rules(info):
    numbers = {s.number for s in index_of(info)}
    folder = plugin_folder(info)
    if folder is None:
        pytest.skip(f"{info.name}'s plugin has no source folder")
    unknown = [str(c) for c in code_citations(folder, info.short) if c.number not in numbers]
    assert not unknown, f"{info.name}: code cites rules its index lacks: {unknown}"


# --- the scanner itself ---------------------------------------------------------------


def test_case_numbers_read_param_ids_and_test_names():
    text = """
pytest.param("a", id="6.22-empty-hex-first")
pytest.param("b", id='12.3 east only')
pytest.param("c", id="retreat-6.22")
def test_6_22_retreat_to_empty_hex(): ...
def test_1_landing(): ...
def test_counters(): ...
def helper_7_1(): ...
"""
    assert sorted(case_numbers(text)) == ["1", "12.3", "6.22", "6.22"]


def test_named_cases_say_where_and_which_case():
    text = 'import pytest\n\nP = pytest.param(1, id="6.22-empty-hex-first")\n\n\ndef test_6_1_odds(): ...\n'
    found = [(c.number, c.line, c.name) for c in named_cases(text, Path("test_x.py"))]
    assert found == [("6.22", 3, "6.22-empty-hex-first"), ("6.1", 6, "test_6_1_odds")]


def test_count_cases_over_test_files(tmp_path):
    (tmp_path / "test_combat.py").write_text('def test_6_1_odds(): ...\nP = pytest.param(1, id="6.1-x")\n')
    (tmp_path / "helpers.py").write_text("def test_9_9_not_a_test_file(): ...\n")
    assert count_cases([tmp_path, tmp_path / "missing"]) == {"6.1": 2}


def test_citations_are_precise():
    text = """x = 1  # 6.22 trailing comments do not cite
# 6.22 a comment that starts with the number cites it
    -- 5.42/5.51 SQL comments, lists too
# 3 units: whole numbers in comments are not citations
raise match.violation("no", rule="12.3")
raise match.violation("no", rule="T1")
'''Battle for Germany 6.21-6.24 (BfG 7.1), (ASL 7.2)'''
"""
    found = [(c.number, c.line) for c in citations(text, Path("rules.py"), "BfG")]
    assert found == [("6.22", 2), ("5.42", 3), ("5.51", 3), ("12.3", 5), ("7.1", 7)]


def test_sql_files_cite_with_dash_comments_only():
    text = "-- 6.22 retreat\n# 7.1 not SQL\nSELECT 1 -- 8.0 trailing\n"
    assert [c.number for c in citations(text, Path("retreat.sql"))] == ["6.22"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        pytest.param("6.x,Bad,not yet,seed,s\n", "is not of the form", id="number"),
        pytest.param("6.1,A,done,seed,s\n", "status must be one of", id="status"),
        pytest.param("6.1,A,not yet,seed,s\n6.1,B,not yet,seed,s\n", "listed twice", id="duplicate"),
    ],
)
def test_bad_index_names_file_and_line(tmp_path, body, message):
    path = tmp_path / "rule_index.csv"
    path.write_text("number,title,status,provenance,source\n" + body)
    with pytest.raises(ScenarioError, match=rf"rule_index.csv:\d+: .*{message}"):
        load_index(path)


def test_not_applicable_takes_its_reason_from_source_or_reason(tmp_path):
    path = tmp_path / "rule_index.csv"
    path.write_text(
        "number,title,status,provenance,source,reason\n"
        "9.1,Air power,not applicable,seed,rulebook 9.1,no air units in this scenario\n"
        "9.2,Naval,not applicable,seed,solitaire edition has no navies,\n"
    )
    assert [s.reason for s in load_index(path)] == [
        "no air units in this scenario",
        "solitaire edition has no navies",
    ]


# --- referee cases ---------------------------------------------------------------------


def test_referee_cases_count_their_id_and_their_rules():
    """The fixture's scenarios/board/scenario.toml (a shared board, docs/referee.md) is no case file."""
    found = [(c.number, c.path.name, c.line, c.name) for c in referee_cases([FIXTURE, FIXTURE / "missing"])]
    assert found == [
        ("6.22", "retreat.toml", 4, "6.22-retreat-to-an-empty-hex-first"),
        ("6.21", "retreat.toml", 4, "6.22-retreat-to-an-empty-hex-first"),
        ("6.23", "retreat.toml", 11, "6.23-a-unit-that-cannot-retreat-is-eliminated"),
        ("5.3", "stacking.toml", 3, "5.3-two-units-per-hex"),  # 5.3 listed again in rules counts once
        ("6.22", "stacking.toml", 3, "5.3-two-units-per-hex"),
    ]


def test_coverage_counts_referee_cases_beside_unit_tests(tmp_path):
    info = registry().game("battle-for-germany")
    report = coverage(info, [tmp_path], [FIXTURE])
    rows = {r["rule"]: r for r in report.rows()}
    assert (rows["6.22"]["tests"], rows["6.22"]["referee"], rows["6.22"]["verified"]) == (0, 2, "referee cases")
    assert rows["6.3"]["verified"] == "" and "refereed 4/" in report.summary()
    both = coverage(info, None, [FIXTURE]).rows()
    assert next(r for r in both if r["rule"] == "6.22")["verified"] == "both"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        pytest.param("[[case]\nid = 1\n", "not valid TOML", id="toml"),
        pytest.param('title = "no cases"\n', "array of tables [[case]]", id="no-cases"),
        pytest.param("[[case]]\nposition = 'x'\n", "case 1 has no string id", id="no-id"),
        pytest.param('[[case]]\nid = "retreat-6.22"\n', "must start with its rule number and '-'", id="id"),
        pytest.param('[[case]]\nid = "6.22"\n', "must start with its rule number and '-'", id="bare-number"),
        pytest.param('[[case]]\nid = "6.22-a"\n[[case]]\nid = "6.22-a"\n', "used twice", id="twice"),
        pytest.param('[[case]]\nid = "6.22-a"\nrules = "5.3"\n', "rules must be a list", id="rules"),
        pytest.param('[[case]]\nid = "6.22-a"\nrules = ["six"]\n', "rules must be a list", id="rule-shape"),
    ],
)
def test_a_malformed_referee_file_names_itself(tmp_path, body, message):
    path = tmp_path / "bad.toml"
    path.write_text(body)
    with pytest.raises(CaseFileError) as raised:
        referee_file(path)
    assert raised.value.path == path and message in raised.value.message
    info = registry().game("battle-for-germany")
    with pytest.raises(ScenarioError, match=rf"^{tmp_path}/bad.toml(:\d+)?: .*{re.escape(message)}"):
        coverage(info, [], [tmp_path])


@pytest.mark.parametrize(
    ("text", "number"),
    [
        pytest.param("6", True, id="a-section"),
        pytest.param("10.10", True, id="nimitz-10.10"),
        pytest.param("F6.41", True, id="asl-chapter-letter"),
        pytest.param("F.1A", True, id="asl-chapter-rule-with-letter"),
        pytest.param("D13.3x", True, id="asl-lower-case-suffix"),
        pytest.param("F", False, id="a-bare-letter"),
        pytest.param("T1", False, id="a-name-not-a-number"),
        pytest.param("6.", False, id="a-trailing-dot"),
        pytest.param("6.22ab", False, id="two-letters-after-a-part"),
    ],
)
def test_rule_numbers_beyond_digits_and_dots(text, number):
    assert is_number(text) is number


def test_lettered_numbers_are_found_in_code_tests_and_cases():
    code = "# F6.41 the wadi's crest\nraise match.violation('no', rule='F.1A')\n"
    assert [c.number for c in citations(code, Path("rules.py"), "ASL")] == ["F6.41", "F.1A"]
    tests = 'def test_F6_41_crest(): ...\nP = pytest.param(1, id="F.1A-hammada")\n'
    assert sorted(case_numbers(tests)) == ["F.1A", "F6.41"]


def test_a_case_listed_as_an_open_defect_verifies_nothing(tmp_path):
    (tmp_path / "06_combat.toml").write_text(
        '[[case]]\nid = "6.22-empty-first"\nsteps = []\n\n[[case]]\nid = "6.21-no-zoc"\nsteps = []\n'
    )
    (tmp_path / "open_defects.toml").write_text('[[defect]]\ncase = "6.21-no-zoc"\nnote = "still wrong"\n')
    assert [c.number for c in referee_cases([tmp_path])] == ["6.22"]


def test_rule_index_problems_names_each_untested_section_and_each_unknown_citation(tmp_path, monkeypatch):
    """phaseline.testing.rule_index_problems, the template's own rule-index test, on a copy of the template."""
    template = Path(__file__).resolve().parent.parent / "plugin-template"
    shutil.copytree(template / "phaseline_hill", tmp_path / "phaseline_hill")
    with (tmp_path / "phaseline_hill" / "stubborn.py").open("a") as module:
        module.write("# 9.9 a rule the index lacks\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "phaseline_hill", raising=False)
    import phaseline_hill

    info = phaseline_hill.info()
    assert rule_index_problems(info, template / "tests") == [f"{tmp_path / 'phaseline_hill' / 'stubborn.py'}:26: "
                                                             "cites 9.9, which the rule index lacks"]  # fmt: skip
    untested = rule_index_problems(info, tmp_path / "no-tests")
    zoc = "3.5 Zones of control: a unit that enters a hex beside an enemy unit stops there: implemented, but no test"
    assert f"{zoc} names it" in untested and len(untested) == 11  # the 10 sections, and 9.9
    monkeypatch.delitem(sys.modules, "phaseline_hill")
