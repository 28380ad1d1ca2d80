"""7.0-7.2 recon: the player buys recon markers at 1 SP each (7.1: as many a turn as the campaign
has markers) and places them on points holding Japanese units, several on a point if he likes;
then, marker by marker in the order placed, one Japanese order roll at that point (7.2, the
procedure of 9.1), whose units go at once and are marked "Japanese moving"."""

from __future__ import annotations

from phaseline import Action, Event
from phaseline.errors import InvalidOrder

from . import jp_orders
from .state import JP, US, fcn_state, frame, spend
from .units import in_play, point_named, points


def markers(match) -> list[dict]:
    """This turn's recon markers, in the order placed."""
    return [row for _, row in sorted(match.rows_of("fcn_recon").items())]


def japanese_points(match) -> set[str]:
    """Map points holding at least one Japanese unit (7.1)."""
    on_map = points(match)
    return {u["space_id"] for u in in_play(match).values() if u["side"] == JP and u["space_id"] in on_map}


def place(match, action: Action) -> None:
    """7.1 ``recon POINT [N]``: N markers (default 1) at 1 SP each."""
    if not 1 <= len(action.args) <= 2:
        raise InvalidOrder("recon takes POINT [N]")
    point = point_named(match, action.args[0], rule="7.1")  # 7.1: a marker goes on a point
    if len(action.args) == 2 and not action.args[1].isdigit():
        raise InvalidOrder(f"recon POINT [N]: N must be a number of markers, not {action.args[1]!r}")
    count = int(action.args[1]) if len(action.args) == 2 else 1
    if count < 1:
        raise InvalidOrder("recon places at least one marker")
    if point not in japanese_points(match):
        raise match.violation(f"no Japanese unit at {point} to recon", rule="7.1")
    placed = markers(match)
    limit = frame(match)["recon_markers"]
    if len(placed) + count > limit:
        raise match.violation(f"{limit} recon markers in this campaign; {len(placed)} are placed", rule="7.1")
    spend(match, count, "7.1", f"{count} recon marker{'s' if count > 1 else ''}")
    first = len(placed) + 1
    match.insert_many("fcn_recon", [{"marker": first + n, "point_id": point} for n in range(count)])
    numbers = ", ".join(str(first + n) for n in range(count))
    purpose = (
        f"recon marker{'s' if count > 1 else ''} {numbers} of {limit} at {point}: "
        f"{count} SP, {fcn_state(match)['sp']} SP left; resolved in the order placed (7.2)"
    )
    match.log(Event("note", side=US, rule="7.1", purpose=purpose))


def legal_actions(match) -> list[Action]:
    """A marker on each point holding Japanese units, while markers and SP last."""
    if len(markers(match)) >= frame(match)["recon_markers"] or fcn_state(match)["sp"] < 1:
        return []
    return [Action("recon", (point,), US) for point in sorted(japanese_points(match))]


# --- 7.2 the early resolution ----------------------------------------------------------------


def begin_resolution(match) -> None:
    """7.2 the recon phase's garrisons, as the aircraft that go along read them (9.2 *)."""
    jp_orders.snapshot_garrisons(match)


def next_marker(match) -> dict | None:
    """The first marker not yet resolved."""
    return next((m for m in markers(match) if not m["resolved"]), None)


def resolve(match, point: str) -> None:
    """7.2 one order roll at the next marker's point; its units are marked "Japanese moving"."""
    marker = next_marker(match)
    if marker is None or marker["point_id"] != point:
        expected = marker["point_id"] if marker else "none"
        raise match.violation(f"the next recon marker is at {expected}, not {point}", rule="7.2")
    match.set("fcn_recon", {"marker": marker["marker"]}, resolved=True)
    label = f"recon marker {marker['marker']} at {point}"
    if jp_orders.rolls_no_order(match, point):
        match.log(Event("note", side=JP, purpose=f"{label}: no Japanese movement roll there in 1945", rule="12.4"))
    elif not jp_orders.unmarked_at(match, point):
        match.log(Event("note", side=JP, purpose=f"{label}: every Japanese unit there has rolled already", rule="7.2"))
    else:
        jp_orders.resolve(match, point, recon=True)
