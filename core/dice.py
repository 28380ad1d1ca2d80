"""Dice: roll n of a match is a pure function of its seed and n (OpenSpiel's chance player).

Undo never rewinds the roll counter, so undoing and rolling again gives a new roll.
"""

from __future__ import annotations

import hashlib


def roll(seed: int, roll_no: int, sides: int = 6) -> int:
    """The result of roll ``roll_no`` of a match with ``seed``, from 1 to ``sides``."""
    digest = hashlib.sha256(f"{seed}:{roll_no}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % sides + 1
