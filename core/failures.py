"""What the operating system or DuckDB reports when reading or writing a file fails, as one line.

A full disk, a file name too long or a folder one may not write can strike any write: the
store's (DuckDB's write-ahead log or checkpoint), a keyring file, a turn file, a Parquet
export. DuckDB keeps a store whole when a write fails (the transaction is not committed), so
the player is told what failed and that what was committed before is kept. The CLI turns
these into typed errors (:func:`as_phaseline_error`) instead of an "internal error".
"""

from __future__ import annotations

import errno
import re
from functools import cache

from .errors import PhaselineError, StoreError


class DiskFull(StoreError):
    """A write that found no space left on the disk."""


_KEPT = "what was committed before is kept"
_MISSING_TABLE = re.compile(r"Table with name (\w+) does not exist")


def as_phaseline_error(error: BaseException) -> PhaselineError | None:
    """The typed, one-line error for a failed file operation (an OSError or a DuckDB I/O
    error), or None when ``error`` is none of those."""
    if isinstance(error, OSError):
        return _os_error(error)
    if not type(error).__module__.lstrip("_").startswith("duckdb"):
        return None
    text = _first_line(error)
    missing = _MISSING_TABLE.search(text)
    if type(error).__name__ == "CatalogException" and missing and missing.group(1) in _core_tables():
        return StoreError(
            f"the store has no table {missing.group(1)}, which every phaseline store has: it is damaged "
            "(restore a copy, or import your matches' turn files into a new store)"
        )
    if "No space left on device" in text or "Disk full" in text:
        return DiskFull(f"the disk is full ({_what(text)}): what this command was writing is not kept, {_KEPT}")
    if "Could not read" in text:
        return StoreError(f"a file cannot be read ({text}): it is damaged or truncated")
    if type(error).__name__ in ("FatalException", "IOException"):
        return StoreError(f"the store cannot be written ({text}): what this command was writing is not kept, {_KEPT}")
    return None


def _os_error(error: OSError) -> PhaselineError:
    where = f" {error.filename}" if error.filename else ""
    if error.errno == errno.ENOSPC:
        return DiskFull(f"the disk is full (writing{where}): nothing of it is kept, {_KEPT}")
    if error.errno == errno.ENAMETOOLONG:
        return StoreError(f"file name too long:{where[:120]}… (a name has at most 255 bytes)")
    return StoreError(f"cannot use{where}: {error.strerror or error}")


def _what(text: str) -> str:
    start = text.find("Could not write")
    return text[start:] if start >= 0 else text


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0][:300] if text else type(error).__name__


@cache
def _core_tables() -> frozenset[str]:
    """The tables schema/tables creates in every store (read only when a table is missing)."""
    from .resources import data_dir

    texts = (path.read_text() for path in (data_dir("schema") / "tables").glob("*.sql"))
    return frozenset(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", "\n".join(texts)))
