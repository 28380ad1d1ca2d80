"""10.5 buying the US battle bonus markers: at the start of each battle, with battle plan points
(BPP): 3 free each battle, 3 more for each supply point spent, the SP taken as the purchases need
them (``bonus MARKER[,…]``). Each marker is bought once a battle and used once; a marker not bought
is not used in this battle. Costs are printed on the markers (tables/bonus_markers.csv); the Air
Defense System costs 2 by the rule text, 1 under the ruling ``air-defense-cost-1`` (the play example)."""

from __future__ import annotations

from phaseline import Action, Event
from phaseline.errors import InvalidOrder, UnknownName
from phaseline.model import plays_ruling

from ..state import US, fcn_state, set_state, spend
from . import markers

FREE_BPP, BPP_PER_SP = 3, 3
AIR_DEFENSE_COST_1 = "air-defense-cost-1"


def cost(match, marker_id: str) -> int:
    if marker_id == "air-defense-system" and plays_ruling(match, AIR_DEFENSE_COST_1):
        return 1
    return match.static("fcn_bonus_marker", "marker_id")[marker_id]["cost"]


def for_sale(match) -> list[str]:
    """The US markers not bought in this battle (the purchases come before any is used)."""
    bought = set(markers.held(match))
    rows = match.static("fcn_bonus_marker", "marker_id").values()
    return sorted(r["marker_id"] for r in rows if r["side"] == US and r["marker_id"] not in bought)


def affordable(match) -> int:
    """The BPP the player can still spend: what is left of those paid for, and 3 a supply point left."""
    state = fcn_state(match)
    return FREE_BPP + BPP_PER_SP * (state["bpp_sp"] + state["sp"]) - state["bpp_spent"]


def buy(match, action: Action) -> None:
    """``bonus MARKER[,MARKER…]``."""
    if len(action.args) != 1:
        raise InvalidOrder("bonus takes MARKER[,MARKER…]")
    names = [n.strip().lower() for n in action.args[0].split(",") if n.strip()]
    sale = for_sale(match)
    table = match.static("fcn_bonus_marker", "marker_id")
    for name in names:
        if name not in table:
            raise UnknownName(f"no US bonus marker {name!r} (markers: {', '.join(sale)})")
        if table[name]["side"] != US:
            raise match.violation(f"{name} is a Japanese marker: the player buys US markers only", rule="10.5")
        if name not in sale or names.count(name) > 1:
            raise match.violation(f"{name} is bought once a battle", rule="10.5")
    total = sum(cost(match, n) for n in names)
    state = fcn_state(match)
    paid_for = FREE_BPP + BPP_PER_SP * state["bpp_sp"]
    short = state["bpp_spent"] + total - paid_for
    extra_sp = -(-short // BPP_PER_SP) if short > 0 else 0
    if extra_sp:
        spend(match, extra_sp, "10.5", f"{total} BPP of markers ({short} BPP beyond those paid for)")
    set_state(match, bpp_spent=state["bpp_spent"] + total, bpp_sp=state["bpp_sp"] + extra_sp)
    markers.piles(match).put(markers.US_HELD, names, end="bottom")
    match.log(
        Event(
            "note",
            side=US,
            rule="10.5",
            purpose=f"bonus markers {', '.join(names)} for {total} BPP" + (f" ({extra_sp} SP)" if extra_sp else ""),
            payload={"markers": names, "bpp": total, "sp": extra_sp},
        )
    )


def purchases(match) -> list[Action]:
    left = affordable(match)
    return [Action("bonus", (m,), US) for m in for_sale(match) if cost(match, m) <= left]


def notes(match, actions: list[Action]) -> list[str | None]:
    """What each ``bonus`` order listed costs (``phaseline actions``): its markers' BPP, the BPP
    in hand (the 3 free and those already paid for, less those spent) and what more costs (10.5);
    None for other orders."""
    state = fcn_state(match)
    in_hand = FREE_BPP + BPP_PER_SP * state["bpp_sp"] - state["bpp_spent"]
    terms = f"{in_hand} BPP in hand, then 1 SP per {BPP_PER_SP}; 10.5"
    return [
        f"{sum(cost(match, m) for m in a.args[0].split(','))} BPP ({terms})" if a.verb == "bonus" else None
        for a in actions
    ]
