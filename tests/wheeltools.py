"""Offline wheel building and throw-away venvs for the packaging tests (no network, ever)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_NOT_SOURCES = shutil.ignore_patterns(
    ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", ".venv", "*.duckdb*"
)


def build_wheel(project: Path, out: Path) -> Path:
    """Build ``project``'s wheel into ``out``, offline, with the build backend its pyproject names.

    This is what ``pip wheel --no-build-isolation`` runs, less pip's own start-up and
    metadata pass (about 10 s a wheel on a loaded machine). It builds from a copy of the
    project, since the backend writes build/ and *.egg-info/ beside the sources, and
    parallel test workers building at once would collide there.
    """
    return _build(project, out, "build_wheel", "*.whl")


def build_sdist(project: Path, out: Path) -> Path:
    """Build ``project``'s sdist into ``out``, offline, as :func:`build_wheel` builds its wheel."""
    return _build(project, out, "build_sdist", "*.tar.gz")


def _build(project: Path, out: Path, hook: str, pattern: str) -> Path:
    """Run the PEP 517 ``hook`` of the backend ``project`` names, in a copy of the project."""
    system = tomllib.loads((project / "pyproject.toml").read_text())["build-system"]
    out.mkdir(parents=True, exist_ok=True)
    source = shutil.copytree(project, out / "source", ignore=_NOT_SOURCES)
    paths = [str(source / p) for p in system.get("backend-path", [])]  # an in-tree backend (PEP 517)
    build = f"import sys; sys.path[:0] = {paths!r}; import {system['build-backend']} as b; b.{hook}(sys.argv[1])"
    subprocess.run([sys.executable, "-c", build, str(out)], cwd=source, check=True, capture_output=True, text=True)
    shutil.rmtree(source)
    built = sorted(out.glob(pattern))
    assert len(built) == 1, f"expected one {pattern} in {out}, found {built}"
    return built[0]


@dataclass
class Venv:
    """A fresh venv that sees this interpreter's packages but installs into itself."""

    path: Path

    @classmethod
    def create(cls, path: Path) -> Venv:
        """Make the venv (``--system-site-packages``, no pip of its own).

        When the tests run inside a venv, "system" means the base interpreter, which may
        lack duckdb and the rest; a .pth file adds this interpreter's site folders (and
        processes their .pth files) so dependencies resolve. The venv's own
        site-packages still comes first, so what is installed there wins.
        """
        venv.EnvBuilder(system_site_packages=True, with_pip=False).create(path)
        made = cls(path)
        folders = {sysconfig.get_paths()[k] for k in ("purelib", "platlib")}
        lines = [f"import site; site.addsitedir({folder!r})" for folder in sorted(folders)]
        (made.site_packages / "_phaseline_test_deps.pth").write_text("\n".join(lines) + "\n")
        return made

    @property
    def bin(self) -> Path:
        return self.path / ("Scripts" if os.name == "nt" else "bin")

    @property
    def python(self) -> Path:
        return self.bin / "python"

    @property
    def site_packages(self) -> Path:
        found = subprocess.run(
            [str(self.python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        return Path(found.stdout.strip())

    def pip_install(self, wheel: Path) -> None:
        """Install ``wheel`` into this venv only: no index, no dependencies."""
        self.run(
            [str(self.python), "-m", "pip", "install", "--no-deps", "--no-index", "--ignore-installed",
             "--disable-pip-version-check", "-q", str(wheel)]
        )  # fmt: skip

    def run(
        self,
        args: list[str],
        env: dict[str, str] | None = None,
        check: bool = True,
        cwd: Path | None = None,
        input: str | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """Run a command (``input`` on its stdin) with this venv's bin first on PATH; returns the completed process."""
        environ = {**os.environ, **(env or {}), "PATH": f"{self.bin}{os.pathsep}{os.environ['PATH']}"}
        environ.pop("PYTHONPATH", None)
        done = subprocess.run(args, capture_output=True, text=True, env=environ, cwd=cwd or self.path, input=input)
        if check:
            assert done.returncode == 0, f"{args} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
        return done
