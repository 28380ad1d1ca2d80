"""``phaseline plugins new NAME``: a working game package, written from the template game.

The template (plugin-template/ in a checkout, ``phaseline/template`` in the wheel) is a
complete tiny game, King of the Hill: a rule with its citation, tests, a die roll, a
decision and an optional rule. The scaffold copies it under the new game's names, so
that the new package installs, plays and passes its tests before its author changes a
line.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from .errors import InvalidOrder, StoreError

_PACKAGE = Path(__file__).resolve().parent
TEMPLATE_NAMES = {  # what the template calls itself -> the attribute of Names that replaces it
    "phaseline_hill": "package",
    "phaseline-hill": "distribution",
    "king-of-the-hill": "game",
    "king_of_the_hill": "snake",
    "King of the Hill": "title",
    "KingOfTheHill": "class_name",
    "KotH": "short",
}
_NAME = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
_SKIPPED = {"build", "dist", "__pycache__", ".pytest_cache", ".ruff_cache"}


@dataclass(frozen=True)
class Names:
    """The names of a new game, all derived from the one its author types."""

    game: str  # "river-crossing": what `phaseline new` takes

    @property
    def package(self) -> str:
        return "phaseline_" + self.snake

    @property
    def snake(self) -> str:
        return self.game.replace("-", "_")

    @property
    def distribution(self) -> str:
        return "phaseline-" + self.game

    @property
    def title(self) -> str:
        return " ".join(word.capitalize() for word in self.game.split("-"))

    @property
    def class_name(self) -> str:
        return "".join(word.capitalize() for word in self.game.split("-"))

    @property
    def short(self) -> str:
        words = self.game.split("-")
        return "".join(w[0].upper() for w in words) if len(words) > 1 else self.game[:4].capitalize()


def template_folder() -> Path:
    """The template game: packaged in the wheel, or beside core/ in a checkout."""
    for candidate in (_PACKAGE / "template", _PACKAGE.parent / "plugin-template"):
        if (candidate / "pyproject.toml").is_file():
            return candidate
    raise FileNotFoundError("the template game is missing from phaseline's installation")


def new_game_package(game: str, parent: Path) -> Path:
    """Write the package of a new game called ``game`` into ``parent/<distribution>``; its folder."""
    if not _NAME.match(game) or game == "king-of-the-hill":
        raise InvalidOrder(f"{game!r} is not a usable game name: lower-case words joined by '-', e.g. 'river-crossing'")
    names = Names(game)
    target = parent / names.distribution
    if target.exists():
        raise InvalidOrder(f"{target} already exists: choose another name or folder (nothing was written)")
    try:
        for relative, source in _template_files(template_folder()):
            path = target / _rename(relative.as_posix(), names)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_rename(source.read_text(encoding="utf-8"), names), encoding="utf-8")
    except OSError as error:
        shutil.rmtree(target, ignore_errors=True)  # it did not exist before: nothing half-written stays
        raise StoreError(f"cannot write {target}: {error.strerror or error}; nothing was kept") from None
    return target


def _template_files(root: Path) -> list[tuple[Path, Path]]:
    """The template's source files (no build output, caches or egg-info), relative to ``root``."""
    found = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if path.is_file() and not any(p in _SKIPPED or p.endswith(".egg-info") for p in relative.parts):
            found.append((relative, path))
    return found


def _rename(text: str, names: Names) -> str:
    for old, attribute in TEMPLATE_NAMES.items():
        text = text.replace(old, getattr(names, attribute))
    return text
