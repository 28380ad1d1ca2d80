"""Optional rule 9.0 (5): the Japanese ships of a point go in four groups, one ship of each in turn.

Instead of taking ships from the top of one random stack (9.1), each point's ships are sorted into
four stacks by kind: (1) CA/CL/DD, (2) BB, (3) CV/CVL/CVE, (4) SS. An order takes one ship from each
group in turn, (1) → (2) → (3) → (4) → (1) …, skipping an empty group, each group still from its top;
the seed's reason: a carrier seldom sails unescorted.
"""

from __future__ import annotations

from typing import Any

from phaseline import hookimpl

NAME = "ship-rotation"
RULE = "9.0 (5)"
TITLE = "the Japanese ships of a point go in four groups, one of each in turn (CA/CL/DD, BB, carriers, SS)"
GROUPS = (("CA", "CL", "DD"), ("BB",), ("CV", "CVL", "CVE"), ("SS",))  # 9.0 (5) the four ship groups


@hookimpl
def fcn_ship_order(match, ships: list[str], units: dict[str, dict[str, Any]]) -> list[str]:
    groups = [[s for s in ships if units[s]["type"] in kinds] for kinds in GROUPS]
    ordered: list[str] = []
    while any(groups):
        for group in groups:  # 9.0 (5) one of each group in turn, an empty group skipped
            if group:
                ordered.append(group.pop(0))
    return ordered
