"""Render every installed game's map to look at: at the start and mid-game (after some bot
actions), as SVG and as PNG, with the overlays a player asks for (the reach of a unit of the
side to act, the enemy ZOC, a side's supply where the game has a supply rule).

A map is checked by looking at it: open the PNGs (docs/board.md says what each shows).
PNGs are made with ``rsvg-convert`` (Debian's librsvg2-bin) if present, else with a headless
chromium's ``--screenshot``; without either, only the SVGs are written::

    python scripts/render_maps.py [--out DIR] [--actions 40] [--seed 3] [--game NAME]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from pathlib import Path

from phaseline import Match, Store, UnknownName
from phaseline.bots import run_bots
from phaseline.plugins import registry
from phaseline.render.mapview import MapRequest, prepare_map
from phaseline.render.svg import render_svg


def overlays(match: Match) -> MapRequest:
    """Mid-game overlays: the reach of the first unit with an order naming a space, the ZOC its
    side faces, and that side's supply when the game has a supply rule."""
    side = match.waiting_on()[0] or match.scenario.sides[0]
    spaces = {r["space_id"] for r in match.rows("SELECT space_id FROM space WHERE match_id = ?", [match.match_id])}
    unit = next(
        (arg for a in match.legal_actions() for arg in a.args[:1] if any(w in spaces for w in a.args[1:])), None
    )
    has_supply = match.hook.phaseline_supply(match=match, side=side) is not None
    return MapRequest(zoc=side, reach=unit, supply=side if has_supply else None)


def to_png(svg: Path) -> Path | None:
    """The PNG beside ``svg``, by rsvg-convert or chromium; None when neither is installed."""
    png = svg.with_suffix(".png")
    if shutil.which("rsvg-convert"):
        subprocess.run(["rsvg-convert", str(svg), "-o", str(png)], check=True)
        return png
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium:
        width, height = (int(float(v)) for v in svg.read_text().split('width="', 1)[1].split('"', 3)[::2][:2])
        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}"]
        subprocess.run([*command, f"--screenshot={png}", svg.as_uri()], check=True, capture_output=True)
        return png
    return None


def render_game(name: str, out: Path, actions: int, seed: int) -> list[Path]:
    reg = registry()
    info = reg.game(name)
    scenario = info.scenario(next(iter(info.scenarios)))
    written = []
    with Store.open(":memory:") as store:
        # a side the game's rules play (Nimitz's Japan) takes no bot
        bots = {side: "bot:heuristic" for side in scenario.sides if side not in scenario.played_by_rules}
        match = Match.create(store, reg, name, scenario, seed=seed, controllers=bots)
        for moment, request in (("start", MapRequest()), ("mid-game", None)):
            if request is None:
                run_bots(match, reg, max_actions=actions)
                request = overlays(match)
            svg = out / f"{name}-{moment}.svg"
            svg.write_text(render_svg(prepare_map(match, request)))
            written += [svg, *filter(None, [to_png(svg)])]
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "phaseline-maps")
    parser.add_argument("--actions", type=int, default=40, help="bot actions played before the mid-game map")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.game or sorted(registry().games):
        try:
            for path in render_game(name, args.out, args.actions, args.seed):
                print(path)
        except UnknownName as error:
            print(f"{name}: {error}")


if __name__ == "__main__":
    main()
