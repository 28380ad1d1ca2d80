"""The keyring: the seats a player holds, with their private keys and dice secrets.

It lives outside the store, so nothing that reads the store (``sql``, ``show``, ``log``,
``export``, a view) can reach it: beside a store file ``X.duckdb`` it is the folder
``X.keys/`` (the default store's is ``$PHASELINE_HOME/phaseline.keys/``), one JSON file
per match, named by the match's identity (``match.uid``) and readable by its owner
only; an in-memory store keeps its keyring in memory. A file is written whole (a
temporary file, flushed, then renamed) before the store records what it holds, so a
kill leaves either the old keyring or the new one.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .errors import StoreError

_UID = re.compile(r"^[0-9a-f]{32}$")


@dataclass
class HeldSeat:
    """One seat this player holds: its player's name, private and public key (hex) and the
    dice secret of each epoch (decimal strings; the last is the current one)."""

    player: str
    key: str
    public: str
    secrets: list[str] = field(default_factory=list)


class Keyring:
    """Held seats by match identity; ``folder`` None keeps them in memory."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self._memory: dict[str, dict[str, HeldSeat]] = {}

    @classmethod
    def beside(cls, store_path: Path) -> Keyring:
        """The keyring of the store file ``store_path``: the folder ``<stem>.keys`` beside it."""
        return cls(store_path.with_name(f"{store_path.stem}.keys"))

    def held(self, uid: str) -> dict[str, HeldSeat]:
        """The seats held in match ``uid``, by side (empty when none)."""
        if self.folder is None:
            return {side: HeldSeat(**asdict(seat)) for side, seat in self._memory.get(uid, {}).items()}
        path = self._path(uid)
        try:
            data = json.loads(path.read_text())
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            raise StoreError(f"cannot read the keyring file {path}: {error}") from None
        return {side: HeldSeat(**seat) for side, seat in data.get("seats", {}).items()}

    def save(self, uid: str, match_id: str, seats: dict[str, HeldSeat]) -> None:
        """Keep ``seats`` (by side) for match ``uid``, beside the seats held already."""
        merged = {**self.held(uid), **seats}
        if self.folder is None:
            self._memory[uid] = {side: HeldSeat(**asdict(seat)) for side, seat in merged.items()}
            return
        data = {"match": match_id, "uid": uid, "seats": {side: asdict(seat) for side, seat in merged.items()}}
        _write_private(self._path(uid), json.dumps(data, indent=1, sort_keys=True))

    def forget(self, uid: str) -> None:
        """Drop the seats held in match ``uid`` (the match was deleted)."""
        if self.folder is None:
            self._memory.pop(uid, None)
            return
        try:
            self._path(uid).unlink(missing_ok=True)
        except OSError as error:
            raise StoreError(f"cannot remove the keyring file {self._path(uid)}: {error}") from None

    def _path(self, uid: str) -> Path:
        if not _UID.match(uid):
            raise StoreError(f"{uid!r} is not a match identity")
        assert self.folder is not None
        return self.folder / f"{uid}.json"


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by its owner only, whole or not at all."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, text.encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    except OSError as error:
        raise StoreError(f"cannot write the keyring file {path}: {error.strerror or error}") from None
