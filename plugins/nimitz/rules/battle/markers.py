"""10.5 the US battle bonus markers and 10.7 the Japanese ones: what each does, declared once, and
which are in play. A marker declares the moment it acts (a raise of attack values, a hit cancelled,
a hit added after a scoring one, an attack added to a step, a roll taken again, a destination roll
fixed, a round added or taken away, a First Strike, something done as it is drawn, a restriction,
the order of two steps); the combat steps ask the markers in play for their moment (``with_``).

US markers are bought for a battle (pile ``US-BONUS``, bonus.py) and each is used once: the player
plays it when its moment comes (decision ``bonus-use``). Japanese markers are drawn each round
(pile ``JP-DRAWN``) and act by themselves for that round; Emergency Repair and Escort Fleet once, and
Escort Fleet stays until it has (10.7). Kamikaze has no effect in the 1942 and 1943 campaigns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from phaseline.errors import PluginError
from phaseline.piles import Piles

from ..state import JP, US, year
from .sheet import Piece, Sheet

US_HELD, JP_DRAWN, JP_USED, CUP = "US-BONUS", "JP-DRAWN", "JP-USED", "JP-CUP"
ATTACK_PLAN_SUPERIOR = "attack-plan-superior"  # the ruling: Attack Plan raises superior values too


@dataclass(frozen=True)
class Raise:
    """10.7 a raise of attack values: ``normal`` to the value; ``superior`` to its superior value,
    or a superior value of ``superior`` given to one that has none (``gives``); never a value the
    unit does not have. ``ruling``: the superior part only under that ruling."""

    values: tuple[str, ...]  # fcn_value columns: air, anti_ship, ground, gunnery, aa, torpedo, asw
    kinds: tuple[str, ...]  # the units raised (sheet.Piece.kind)
    normal: int
    superior: int
    gives: bool = True
    ruling: str | None = None


def _always(sheet: Sheet) -> bool:
    return True


@dataclass(frozen=True)
class Marker:
    marker_id: str
    side: str
    rule: str
    effect: str  # what it does, for the questions and the log
    raises: tuple[Raise, ...] = ()
    cancels: Callable[[Piece | None, str], bool] | None = None  # (the unit hit or None: the airfield, the step)
    adds_hit: tuple[str, str] | None = None  # (the step whose scoring hit it follows, 'like' / 'any' / 'same')
    adds_attack: tuple[str, str] | None = None  # (the step, 'shot' / 'attack' / 'hit')
    rerolls: tuple[str, ...] = ()  # the values whose attack roll it rolls again
    fixes_roll: int | None = None  # 10.9 the destination roll of the bombers
    round_change: str | None = None  # 'compare' (Battle Duration) or 'choice' (Engagement)
    strike: bool = False  # First Strike
    on_draw: str | None = None  # 'battalion' (Battalion Draw)
    restricts: bool = False  # Search Failure
    reorders: bool = False  # ASW before torpedo
    from_year: int = 0  # Kamikaze: no effect before 1944
    usable: Callable[[Sheet], bool] = _always
    stays: bool = False  # Escort Fleet: in play until it acts


def _aircraft_hit(unit: Piece | None, step: str) -> bool:
    return unit is not None and unit.aircraft and step in ("air", "aa")


def _marines_on_island(sheet: Sheet) -> bool:
    return any(p.marine for p in sheet.ground_on_island(US))


def _infantry_on_island(side: str) -> Callable[[Sheet], bool]:
    return lambda sheet: bool(sheet.ground_on_island(side))


def _us_ships(sheet: Sheet) -> bool:
    return any(p.surface for p in sheet.of(US))


AIRCRAFT = ("air", "carrier-air")
JP_VALUES = ("air", "aa", "anti_ship", "ground", "gunnery", "torpedo", "asw")
DEFINED = (
    # --- 10.5 the US markers -------------------------------------------------------------------
    Marker("vt-fuze", US, "10.5", "1 more hit on any Japanese aircraft in the area", adds_hit=("aa", "any")),
    Marker("air-defense-system", US, "10.5", "1 more AA shot with a US ship's AA", adds_attack=("aa", "shot")),
    Marker("asw", US, "10.5", "ASW before torpedo this round", reorders=True),
    Marker(
        "artillery-support",
        US,
        "10.5",
        "1 hit on a Japanese ground unit or the airfield",
        adds_attack=("ground", "hit"),
        usable=_infantry_on_island(US),
    ),
    Marker("barrel-roll", US, "10.5", "cancels this hit on a US aircraft", cancels=_aircraft_hit),
    Marker(
        "assault",
        US,
        "10.5",
        "1 more ground attack with a US ground unit's value",
        adds_attack=("ground", "attack"),
        usable=lambda sheet: any(p.kind == "ground" for p in sheet.of(US)),
    ),
    Marker("damage-control", US, "10.5", "cancels this hit on a unit", cancels=lambda unit, step: unit is not None),
    Marker("dive-bombing", US, "10.5", "1 more hit on the enemy in the area", adds_hit=("bombing", "like")),
    Marker("engagement", US, "10.5", "the battle one round longer or shorter", round_change="choice"),
    Marker("siege", US, "10.5", "the ground attack rolled again", rerolls=("ground",)),
    Marker("first-strike", US, "10.5", "a carrier's aircraft strike first on a 7 or more", strike=True),
    Marker("dogfight", US, "10.5", "1 more hit on a Japanese aircraft in the area", adds_hit=("air", "like")),
    Marker(
        "leathernecks",
        US,
        "10.5",
        "cancels this hit on a US ground unit or the airfield (Marines on the island)",
        cancels=lambda unit, step: unit is None or unit.kind == "ground",
        usable=_marines_on_island,
    ),
    Marker("radar-gunnery", US, "10.5", "1 more hit on the unit the bombardment hit", adds_hit=("bombard", "same")),
    Marker("seabees", US, "10.5", "cancels this hit on the US airfield", cancels=lambda unit, step: unit is None),
    Marker("sonar", US, "10.5", "the ASW or torpedo attack rolled again", rerolls=("asw", "torpedo")),
    # --- 10.7 the Japanese markers -------------------------------------------------------------
    Marker(
        "air-superiority",
        JP,
        "10.7",
        "Japanese aircraft: air combat and bombing +3 (superior +2)",
        raises=(Raise(("air", "anti_ship", "ground"), AIRCRAFT, 3, 2),),
    ),
    Marker(
        "jp-artillery-support",
        JP,
        "10.7",
        "1 hit on US infantry or the US airfield",
        adds_attack=("ground", "hit"),
        usable=_infantry_on_island(JP),
    ),
    Marker(
        "attack-plan",
        JP,
        "10.7",
        "every Japanese attack value +1",
        raises=(
            Raise(JP_VALUES, ("ship", "sub", "ground", *AIRCRAFT), 1, 1, gives=False, ruling=ATTACK_PLAN_SUPERIOR),
        ),
    ),
    Marker("carrier-attack", JP, "10.7", "the bombers' destination roll is a 10", fixes_roll=10),
    Marker(
        "emergency-repair", JP, "10.7", "cancels the first hit on Japan this round", cancels=lambda unit, step: True
    ),
    Marker("battle-duration", JP, "10.7", "one round more or less by the units left", round_change="compare"),
    Marker("jp-first-strike", JP, "10.7", "the carrier with most aircraft strikes first", strike=True),
    Marker(
        "infantry-combat",
        JP,
        "10.7",
        "Japanese infantry: ground attack +3 (superior +2)",
        raises=(Raise(("ground",), ("ground",), 3, 2),),
    ),
    Marker("battalion-draw", JP, "10.7", "a battalion from the box into the Japanese position", on_draw="battalion"),
    Marker(
        "kamikaze",
        JP,
        "10.7",
        "the bombers' destination roll is a 10; +1 hit on each anti-ship attack; the attackers are lost",
        fixes_roll=10,
        from_year=1944,
        usable=_us_ships,
    ),
    Marker(
        "search-failure",
        JP,
        "10.7",
        "no US aircraft into the Japanese sea area, no attack by US submarines there",
        restricts=True,
    ),
    Marker(
        "escort-fleet",
        JP,
        "10.7",
        "cancels the first hit on a Japanese carrier",
        cancels=lambda unit, step: unit is not None and unit.is_carrier,
        stays=True,
    ),
    Marker(
        "surface-action",
        JP,
        "10.7",
        "Japanese surface ships: gunnery and AA +3 (superior +2)",
        raises=(Raise(("gunnery", "aa"), ("ship",), 3, 2),),
    ),
    Marker(
        "submarine-warfare",
        JP,
        "10.7",
        "Japanese submarines' torpedo and every Japanese ASW +4 (superior +2)",
        raises=(Raise(("torpedo",), ("sub",), 4, 2), Raise(("asw",), ("ship", "sub"), 4, 2)),
    ),
)
MARKERS = {m.marker_id: m for m in DEFINED}


def marker(marker_id: str) -> Marker:
    """The marker ``marker_id`` (a pile's item ``MARKER/N`` names its copy)."""
    found = MARKERS.get(marker_id.split("/")[0])
    if found is None:
        raise PluginError(f"bonus marker {marker_id!r} has no effect defined (10.5, 10.7: rules/battle/markers.py)")
    return found


def piles(match) -> Piles:
    return Piles(match, "pile")


def held(match) -> list[str]:
    """The US markers bought for this battle and not used yet (10.5)."""
    return piles(match).items(US_HELD)


def drawn(match) -> list[str]:
    """The Japanese markers drawn and in play (10.7), each copy ``MARKER/N``."""
    return piles(match).items(JP_DRAWN)


def acts(match, m: Marker, sheet: Sheet | None = None) -> bool:
    """Whether a marker in play has its effect (Kamikaze not before 1944; a condition on the sheet)."""
    return year(match) >= m.from_year and (sheet is None or m.usable(sheet))


def in_play(match, side: str, sheet: Sheet | None = None) -> list[tuple[str, Marker]]:
    """The side's markers in play that act now: (the pile's item, the marker)."""
    items = held(match) if side == US else drawn(match)
    return [(item, m) for item in items if acts(match, m := marker(item), sheet)]


def with_(match, side: str, moment: str, sheet: Sheet | None = None) -> list[tuple[str, Marker]]:
    """The side's markers in play that act at ``moment``: one of Marker's fields, set."""
    return [(item, m) for item, m in in_play(match, side, sheet) if getattr(m, moment)]


def use(match, item: str) -> None:
    """A marker has acted: a US one is spent (10.5 once a battle), a Japanese one goes to the used pile."""
    own = piles(match)
    was = own.where(item)
    own.take(item)
    if was == JP_DRAWN:
        own.put(JP_USED, [item], end="bottom")
