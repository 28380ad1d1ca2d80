"""docs/game-api.md (the Game object) and docs/hooks.md (the hooks) are generated from the docstrings: they
must be current, and the Match page must place every public member in a section, each documented."""

from __future__ import annotations

import dataclasses
import inspect
import re

from script_modules import load_script

game_api_docs = load_script("game_api_docs")


def test_every_public_member_of_game_has_a_section_and_a_docstring():
    members = game_api_docs.public_members()
    placed = [name for _, names in game_api_docs.SECTIONS.values() for name in names]
    assert sorted(set(members) - set(placed)) == [], "add these to a section of scripts/game_api_docs.py"
    assert sorted(set(placed) - set(members)) == [], "these are not members of Match any more"
    assert len(placed) == len(set(placed)), "a member is listed in two sections"
    assert [name for name, member in members.items() if not inspect.getdoc(member)] == []


def test_the_reference_pages_are_up_to_date():
    for page, render in game_api_docs.PAGES.items():
        assert page.read_text(encoding="utf-8") == render(), f"{page.name} is out of date: run scripts/game_api_docs.py"


def test_every_field_of_each_data_class_is_explained_in_its_docstring():
    import phaseline

    unexplained = {
        name: [f.name for f in dataclasses.fields(cls) if f"``{f.name}``" not in (inspect.getdoc(cls) or "")]
        for name in game_api_docs.DATA_CLASSES
        if (cls := getattr(phaseline, name))
    }
    assert {name: fields for name, fields in unexplained.items() if fields} == {}


def test_every_helper_of_phaseline_testing_is_documented():
    functions = game_api_docs.testing_functions()
    assert {"new_match", "play", "rolling", "rule_index_problems"} <= set(functions)
    assert [name for name, function in functions.items() if not inspect.getdoc(function)] == []


def test_the_columns_the_rule_query_guide_names_exist():
    """The guide to the shared rule queries names tables and columns as ``table.column``: each must exist."""
    from phaseline.queries import RuleQueries
    from phaseline.store import Store

    named = set(re.findall(r"``([a-z_]+)\.([a-z_]+)``", inspect.getdoc(RuleQueries) or ""))
    named -= {("match", "con"), ("match", "rules")}  # the Match's attributes, not tables
    assert len(named) > 20
    with Store.open(":memory:") as store:
        columns = set(store.con.execute("SELECT table_name, column_name FROM information_schema.columns").fetchall())
    assert sorted(named - columns) == []
