"""``phaseline plugins list|info|install|uninstall|new``.

``install`` and ``uninstall`` run pip in this interpreter (``python -m pip``): the only
place phaseline downloads anything, and only when the user asks.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..errors import PluginError, UnknownName
from . import app
from .context import Context
from .group import command_name
from .output import emit, emit_one

if TYPE_CHECKING:
    from ..plugins import InstalledPlugin, Registry

plugins_app = typer.Typer(help="List, inspect, install and uninstall plugins.", no_args_is_help=True)
app.add_typer(plugins_app, name="plugins")


def contents(plugin: InstalledPlugin) -> dict[str, Any]:
    """What one plugin registers (games, optional rules, bots) and the hooks it implements."""
    from ..plugins import new_manager

    pm = new_manager()
    pm.register(plugin.module, name=plugin.name)
    games: list[Any] = []
    rules: list[Any] = []
    bots: list[Any] = []
    pm.hook.phaseline_register_games(register=games.append)
    pm.hook.phaseline_register_rules(register=rules.append)
    pm.hook.phaseline_register_bots(register=bots.append)
    hooks = {caller.name for caller in pm.get_hookcallers(plugin.module) or ()}
    for extra in [g.hooks for g in games] + [r.hooks for r in rules if r.plugin is not None]:
        if extra is not plugin.module:
            pm.register(extra)
            hooks.update(caller.name for caller in pm.get_hookcallers(extra) or ())
    return {
        "plugin": plugin.name,
        "distribution": plugin.distribution,
        "version": plugin.version,
        "hooks": sorted(hooks),
        "games": [g.name for g in games],
        "rules": [f"{r.game}:{r.name}" for r in rules],
        "bots": [f"{b.game}:{b.name}" for b in bots],
    }


def _find(reg: Registry, name: str) -> InstalledPlugin:
    """A plugin by entry-point name, distribution name or the name of a game it registers."""
    for plugin in reg.plugins.values():
        if name in (plugin.name, plugin.distribution):
            return plugin
    for plugin in reg.plugins.values():
        if name in contents(plugin)["games"]:
            return plugin
    known = ", ".join(sorted(reg.plugins)) or "none"
    raise UnknownName(f"no plugin {name!r} is installed (plugins: {known})")


@plugins_app.command("list")
def list_plugins(ctx: typer.Context) -> None:
    """Installed plugins: distribution, version, hooks implemented (without the phaseline_ prefix)
    and the games, optional rules and bots they register."""
    c: Context = ctx.obj
    rows = []
    for plugin in c.registry.plugins.values():
        found = contents(plugin)
        found["hooks"] = [h.removeprefix("phaseline_") for h in found["hooks"]]
        rows.append({key: ", ".join(v) if isinstance(v, list) else v for key, v in found.items()})
    emit(rows, c.fmt, empty="no plugins installed")


@plugins_app.command()
def info(ctx: typer.Context, name: Annotated[str, typer.Argument(help="Plugin, distribution or game.")]) -> None:
    """One plugin in detail: its module, hooks, games with scenarios, rules and bots."""
    c: Context = ctx.obj
    reg = c.registry
    plugin = _find(reg, name)
    found = contents(plugin)
    record: dict[str, Any] = {"plugin": plugin.name, "module": getattr(plugin.module, "__name__", "?")}
    record.update({k: found[k] for k in ("distribution", "version")})
    record["hooks"] = ", ".join(found["hooks"]) or "-"
    for game in found["games"]:
        info = reg.games.get(game)
        if info is not None:
            record[f"game {game}"] = f"{info.title} {info.version}; scenarios: {', '.join(info.scenarios)}"
    record["rules"] = ", ".join(found["rules"]) or "-"
    record["bots"] = ", ".join(found["bots"]) or "-"
    emit_one(record, c.fmt)


def run_pip(args: list[str]) -> str:
    """Run ``python -m pip ARGS`` in this interpreter; a failure is one-line PluginError."""
    command = [sys.executable, "-m", "pip", *args]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        lines = [ln.strip() for ln in (done.stderr or done.stdout).splitlines() if ln.strip()]
        errors = [ln for ln in lines if ln.startswith("ERROR")] or lines or ["no output"]
        raise PluginError(f"pip {args[0]} failed (exit {done.returncode}): {errors[-1]}")
    return done.stdout


@plugins_app.command()
def install(
    ctx: typer.Context,
    spec: Annotated[list[str], typer.Argument(help="What pip installs: a name, a requirement, a wheel file.")],
    no_index: Annotated[bool, typer.Option("--no-index", help="Do not use the package index.")] = False,
    find_links: Annotated[list[str] | None, typer.Option("--find-links", help="Also look here.")] = None,
    upgrade: Annotated[bool, typer.Option("--upgrade", "-U", help="Upgrade if installed.")] = False,
    no_deps: Annotated[bool, typer.Option("--no-deps", help="Do not install dependencies.")] = False,
) -> None:
    """Install plugins with pip into phaseline's own Python (downloads unless --no-index)."""
    args = ["install", "--disable-pip-version-check"]
    args += ["--no-index"] if no_index else []
    args += [f"--find-links={link}" for link in find_links or ()]
    args += ["--upgrade"] if upgrade else []
    args += ["--no-deps"] if no_deps else []
    output = run_pip([*args, *spec])
    done = [ln for ln in output.splitlines() if ln.startswith(("Successfully installed", "Requirement already"))]
    typer.echo("\n".join(done) or f"installed {' '.join(spec)}")
    typer.echo("see 'phaseline plugins list' for what it registers")


@plugins_app.command()
def uninstall(ctx: typer.Context, name: Annotated[str, typer.Argument(help="Plugin, distribution or game.")]) -> None:
    """Uninstall the distribution that provides a plugin (built-in plugins cannot be removed)."""
    c: Context = ctx.obj
    plugin = _find(c.registry, name)
    if plugin.distribution.lower() == "phaseline":
        raise PluginError(
            f"{plugin.name} is built into phaseline; block it instead with --block-plugin {plugin.name} "
            "or $PHASELINE_BLOCK_PLUGINS",
            plugin=plugin.name,
        )
    run_pip(["uninstall", "--yes", "--disable-pip-version-check", plugin.distribution])
    typer.echo(f"uninstalled {plugin.distribution} (plugin {plugin.name})")


@plugins_app.command()
def new(
    name: Annotated[str, typer.Argument(help="The new game's name, lower-case words joined by '-'.")],
    folder: Annotated[Path, typer.Option("--dir", help="Writes the package to DIR/phaseline-NAME.")] = Path("."),
) -> None:
    """Write a new game package that already plays: a copy of the template game under NAME."""
    from ..scaffold import Names, new_game_package

    target = new_game_package(name, folder)
    names = Names(name)
    typer.echo(f"wrote {target}: game {names.game}, package {names.package}, distribution {names.distribution}")
    typer.echo(f"next: cd {target} && python3 -m pip install -e '.[test]' && python3 -m pytest")
    typer.echo(f"then: phaseline new {names.game}   (its README says what is where)")


def add_plugin_commands(target: typer.Typer, known: set[str]) -> None:
    """Let installed plugins add commands (``phaseline_register_commands``) to ``target``.

    Names in ``known`` (the built-in commands) win, and each name is added once: each
    plugin registers on a scratch app, and only the names not yet known move over.
    """
    from ..plugins import new_manager, registry

    scratch = typer.Typer()
    pm = new_manager()
    for plugin in registry().plugins.values():
        pm.register(plugin.module, name=plugin.name)
    pm.hook.phaseline_register_commands(app=scratch)
    for command in scratch.registered_commands:
        name = command_name(command)
        if name not in known:
            target.registered_commands.append(command)
            known.add(name)
