"""DuckDB's engine, imported as cheaply as it can be.

The ``duckdb`` package re-exports its C++ extension ``_duckdb`` and adds a pure-Python
relational API (``duckdb._relation``, ``duckdb._expression``, and ``importlib.metadata`` for
its version) that phaseline never uses. phaseline only connects, executes SQL and fetches
rows, so it takes the extension itself when it is there (the connections, statement types
and exceptions are the same objects), else the package. Measured with duckdb 2.0.1
(2026-12-06, valgrind instruction counts, which a loaded machine does not change): the
package would add about 225 M instructions, some 50 ms of CPU, to every command that opens
a store (``status`` 743 M → 968 M), a fifth of the 0.25 s a command may take.
"""

from __future__ import annotations

try:
    import _duckdb as duckdb
except ImportError:  # a duckdb build that keeps its extension inside the package
    import duckdb  # type: ignore[no-redef]

__all__ = ["duckdb"]
