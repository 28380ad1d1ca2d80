"""Optional rule 5.1, Stubborn defenders: the hill's holder is pushed only on a 6.

An optional rule is a plugin of its own, added to a match chosen with
``phaseline new king-of-the-hill --option 5.1``. The base rule (3.3) does not know it
exists: it asks ``phaseline_combat_result``, and this module wraps that answer.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from phaseline import hookimpl

TITLE = "Stubborn defenders: the hill's holder is pushed only on a 6"
HILL = "11"


@hookimpl(wrapper=True)
def phaseline_combat_result(match: Any, combat: dict[str, Any]) -> Generator[None, str, str]:
    result = yield  # the base rule's answer (3.3)
    # 5.1 on the hill, a push needs a 6.
    if result == "pushed" and combat["space"] == HILL and combat["die"] < 6:
        return "held"
    return result
