"""DuckDB's engine, imported as cheaply as it can be.

The ``duckdb`` package re-exports its C++ extension ``_duckdb`` and adds a pure-Python
relational API (``duckdb._relation``, ``duckdb._expression``) that phaseline never uses;
importing it costs about 0.14 s of every CLI command's start. phaseline only connects,
executes SQL and fetches rows, so it takes the extension itself when it is there (the
connections, statement types and exceptions are the same objects), else the package.
"""

from __future__ import annotations

try:
    import _duckdb as duckdb
except ImportError:  # a duckdb build that keeps its extension inside the package
    import duckdb  # type: ignore[no-redef]

__all__ = ["duckdb"]
