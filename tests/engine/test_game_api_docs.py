"""docs/game-api.md (the Game object) and docs/hooks.md (the hooks) are generated from the docstrings: they
must be current, and the Game page must place every public member in a section, each documented."""

from __future__ import annotations

import inspect

from script_modules import load_script

game_api_docs = load_script("game_api_docs")


def test_every_public_member_of_game_has_a_section_and_a_docstring():
    members = game_api_docs.public_members()
    placed = [name for _, names in game_api_docs.SECTIONS.values() for name in names]
    assert sorted(set(members) - set(placed)) == [], "add these to a section of scripts/game_api_docs.py"
    assert sorted(set(placed) - set(members)) == [], "these are not members of Game any more"
    assert len(placed) == len(set(placed)), "a member is listed in two sections"
    assert [name for name, member in members.items() if not inspect.getdoc(member)] == []


def test_the_reference_pages_are_up_to_date():
    for page, render in game_api_docs.PAGES.items():
        assert page.read_text(encoding="utf-8") == render(), f"{page.name} is out of date: run scripts/game_api_docs.py"
