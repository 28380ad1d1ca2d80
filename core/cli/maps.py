"""Looking at a match: ``map`` and ``units``.

``show`` lives with ``show --at`` in history.py; both render through render/state.py.
The engine and the renderers are imported inside the commands that draw.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import InvalidOrder, UnknownName
from . import app
from .context import Context
from .options import MatchOption
from .output import Format, emit

if TYPE_CHECKING:
    from ..render.mapview import MapRequest, MapView


@app.command("map")
def map_(
    ctx: typer.Context,
    svg: Annotated[
        str | None, typer.Option("--svg", help="Write the map as SVG to this file ('-': standard output).")
    ] = None,
    zoc: Annotated[
        str | None, typer.Option("--zoc", help="Mark the enemy ZOC of this side (any side with units, seated or not).")
    ] = None,
    window: Annotated[str | None, typer.Option("--window", help="Draw only around this space.")] = None,
    radius: Annotated[int, typer.Option("--radius", help="Hexes (or links) around --window.", min=0)] = 4,
    at: Annotated[int | None, typer.Option("--at", help="The map after event SEQ.")] = None,
    reach: Annotated[str | None, typer.Option("--reach", help="Mark the spaces this unit's legal orders name.")] = None,
    supply: Annotated[
        str | None, typer.Option("--supply", help="Mark this side's supply (games with a supply rule).")
    ] = None,
    match: MatchOption = None,
) -> None:
    """Draw the map with its counters: an ASCII hex grid or a table of spaces here, or SVG with --svg."""
    from ..render.mapview import MapRequest, prepare_map

    c: Context = ctx.obj
    request = MapRequest(window=window, radius=radius, zoc=zoc, reach=reach, supply=supply, at=at)
    with c.match(match, read_only=True) as found:
        own = found.hook.phaseline_render_map(match=found, fmt="svg" if svg else "text")
        if own is not None:
            _refuse_overlays(found.info.title, request)
        view = prepare_map(found, request) if own is None else None
    if svg:
        from ..render.svg import render_svg  # lazily: xml.sax pulls in urllib, http and ssl at start-up

        drawn = own if own is not None else render_svg(view)
        if svg == "-":
            typer.echo(drawn)
        else:
            Path(svg).write_text(drawn)
            typer.echo(f"wrote {svg}")
    elif own is not None:
        typer.echo(own)
    else:
        _print_map(view, c.fmt)


def _refuse_overlays(title: str, request: MapRequest) -> None:
    """A game that draws its own map cannot take the engine's options: say so, never ignore them."""
    asked = [f"--{name}" for name in ("window", "zoc", "reach", "supply", "at") if getattr(request, name) is not None]
    if asked:
        raise InvalidOrder(f"{title} draws its own map: {', '.join(asked)} cannot be shown on it")


def _print_map(view: MapView, fmt: Format) -> None:
    """A hex grid as text; area and point maps (and any map for scripts) as one row per space."""
    from ..render.areamap import area_rows, for_people
    from ..render.hexmap import render_hexmap
    from ..render.mapview import legend_lines

    if view.board.is_hex_map and fmt is Format.table:
        typer.echo(render_hexmap(view))
        return
    rows = area_rows(view)
    if fmt is Format.table:
        typer.echo("\n".join(legend_lines(view)))
        rows = for_people(rows)
    emit(rows, fmt, empty="no spaces on this map")


@app.command()
def units(
    ctx: typer.Context,
    side: Annotated[str | None, typer.Option("--side", help="Only this side's units.")] = None,
    at: Annotated[str | None, typer.Option("--at", help="Only the units in this space.")] = None,
    match: MatchOption = None,
) -> None:
    """All units of the match: side, location, printed values, status."""
    from ..render.board import unit_listing

    c: Context = ctx.obj
    with c.match(match, read_only=True) as found:
        if side and side not in found.scenario.sides:
            raise UnknownName(f"no side {side!r} (sides: {', '.join(found.scenario.sides)})")
        if at and not found.one("SELECT count(*) FROM space WHERE match_id = ? AND space_id = ?", [found.match_id, at]):
            raise UnknownName(f"no space {at!r} on this map")
        rows = [u for u in unit_listing(found) if (not side or u["side"] == side) and (not at or u["space_id"] == at)]
    emit(rows, c.fmt, empty="no units")
