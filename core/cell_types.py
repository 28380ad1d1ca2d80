"""The column types a match's tables may have, and what a received value of each may be.

phaseline's own tables use plain scalar types and lists of them (schema/tables, the games'
``phaseline_tables``). A received file (a turn file or an older DuckDB match file) may name
no other type, and a turn file's values must be of their column's type: a string for
VARCHAR, DATE and TIMESTAMP (an ISO date or time), a whole number in range for the integer
types, a finite number for DOUBLE, true or false for BOOLEAN, a flat list of such for a list
type, or null. Nothing else (an object, a nested list, a number for a string) reaches the store.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?$")


def _integer(bits: int) -> Callable[[Any], bool]:
    low, high = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    return lambda value: isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


SCALARS: dict[str, Callable[[Any], bool]] = {
    "VARCHAR": lambda value: isinstance(value, str),
    "BOOLEAN": lambda value: isinstance(value, bool),
    "TINYINT": _integer(8),
    "SMALLINT": _integer(16),
    "INTEGER": _integer(32),
    "BIGINT": _integer(64),
    "FLOAT": _number,
    "DOUBLE": _number,
    "DATE": lambda value: isinstance(value, str) and bool(_DATE.match(value)),
    "TIMESTAMP": lambda value: isinstance(value, str) and bool(_TIMESTAMP.match(value)),
}


def is_plain(data_type: str) -> bool:
    """Whether a column of ``data_type`` may be in a match's table: a scalar type or a list of one."""
    return data_type.removesuffix("[]") in SCALARS


def value_fits(data_type: str, value: Any) -> bool:
    """Whether ``value`` (as JSON parsed it) is a value of a column of the plain ``data_type``."""
    if value is None:
        return True
    if data_type.endswith("[]"):
        item = SCALARS[data_type[:-2]]
        return isinstance(value, list) and all(v is None or item(v) for v in value)
    return SCALARS[data_type](value)
