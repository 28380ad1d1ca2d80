"""Breakout: Normandy's rulings: the other reading of each sentence the seed leaves ambiguous.

A match chooses them when it is created (``phaseline new breakout-normandy -o NAME``); the
default reading holds otherwise. A base rule reads one through ``plays_ruling(game, NAME)``
(phaseline.model). Rulings are not the rulebook's optional rules (23): those are plugins of
their own (optional/), which the base rules never name.
"""

from __future__ import annotations

ARTILLERY_ADDS_AV = "artillery-adds-av"  # the other reading of 9.7 / 16.1 (digest 8.2 ruling 2)
LOST_AT_IMPULSE_END = "advantage-lost-at-impulse-end"  # the other reading of digest ruling 16
SPENT_ONLY = "works-spent-only"  # 15.2 read literally
FRIENDLY_FIRE_AS_BOMBARDMENT = "friendly-fire-as-bombardment"  # the other reading of 17.3
NO_WAVE_CAP = "dday-no-landing-cap"  # 21.5 without 19.3's cap
SAME_NATION = "same-nation-supply"  # victory supply only from the unit's or area's own beaches
ZONE_AS_AREA = "contested-zone-8-35"  # the other reading of 14.2: 8.35 still binds a unit leaving a zone
SHIFT_OPTIONAL = "sunset-shift-optional"  # the other reading of 11.2's "may move": it may also stay
BORDERS_TARGET = "construction-primary-borders-target"  # the other reading of 20.2
NEAREST_DEPOT = "refit-from-nearest-depot"  # the other reading of 12.5: the cheapest depot pays
AS_EVEN_AS_POSSIBLE = "topup-as-even-as-possible"  # the other reading of 24.7: any SP, lowest depot first
EARLIER_RESERVE = "buy-from-earlier-reserve"  # the other reading of 12.53: this phase's leftovers wait a day
ALL_MF_LEFT = "all-mf-left"  # the other reading of 8.36 E's 全MF: all the MF left, after moving too
ANY_ZONE_REFIT = "zone-refit-any-zone"  # the other reading of 12.6: German units refit in any zone
ENEMY_BRIDGE_AS_RIVER = "enemy-bridge-as-river"  # the other reading of 8.51's 渡河: an enemy bridge only in attack
WHOLE_VP_BIDS = "bid-whole-vp"  # the other reading of 23.2's 端数のポイント: bids in whole VP only
BY_REGROUP = "offshore-by-regroup"  # the other reading of 3.5: only units sent offshore in Regroup (13) are there
HALVES_APART = "double-impulse-halves-apart"  # the other reading of 11.4: each half is an impulse for 10.4, 21.3, 21.4

RULINGS = {
    ARTILLERY_ADDS_AV: "9.7/16.1: artillery entering with the point unit adds +1 AV like any participant "
    "(digest ruling 2 reads it as adding nothing)",
    LOST_AT_IMPULSE_END: "11.2: a loss-triggered Advantage transfer waits for the end of the impulse "
    "(digest ruling 16 makes it immediate)",
    SPENT_ONLY: "15.2 read literally: only Spent (not Fresh) contesting Allied units remove the works",
    FRIENDLY_FIRE_AS_BOMBARDMENT: "17.3: friendly fire resolves the strike again with the attacker's DR "
    "halved, against the Allies' TEM + DR (default: the halved DR is the AP)",
    NO_WAVE_CAP: "21.5: no cap of 5 landing units per beach in the Amphibious Assault phase (stacking only)",
    SAME_NATION: "12.5, 22.1, 22.3 (digest 8.2 ruling 9, other reading): breakout and VP need a supply "
    "line to a beach of the unit's or the area's own nationality",
    ZONE_AS_AREA: "14.2/8.35: a unit leaving a contested zone enters an enemy-held or enemy-occupied "
    "area only from a vacant one, as from an area (default: 14.2 lifts every movement restriction of a "
    "contested zone)",
    SHIFT_OPTIONAL: "11.2/11.23: the player entitled to a Sunset DRM shift may also leave the marker "
    "where it is (default: it moves the spaces earned, the way that player chooses)",
    BORDERS_TARGET: "10.1/20.2: a construction marker named the primary target of a field-artillery "
    "bombardment must be on a bridge bordering the target area too (default, the seed's words: a border of "
    "the primary artillery unit's area)",
    NEAREST_DEPOT: "12.5: a unit two or more depots can refit pays from the cheapest (nearest) of them "
    "(default, the seed's words 「最も遠い集積所から」 ('from the farthest depot'): the farthest that can pay)",
    AS_EVEN_AS_POSSIBLE: "24.7: a Reserve top-up of any SP is spread as evenly as they allow, the lowest "
    "beach depot first (default, the seed's 「各海岸補給が均等になるように」 ('so that the beaches' supply is "
    "even'): the depots below 10 must end equal)",
    EARLIER_RESERVE: "12.53: a purchase of impulses spends only the Reserve held before this Refit phase's "
    "unused SP are banked (default: the SP banked as this phase ends may pay for it, at its end)",
    ALL_MF_LEFT: "8.36 E/14.2: an all-MF cost (a river crossed without a bridge, a zone entered) takes all the "
    "MF left, so a unit may pay it after moving; a zone still only from an area or zone next to it where the "
    "unit began the impulse (default: 全MF is the whole allowance, paid only by a unit that has not moved)",
    ANY_ZONE_REFIT: "12.6: German units in any zone refit automatically, an Allied-controlled one too "
    "(default: only in a German-controlled zone, the German source that 12.6's paragraph is about)",
    ENEMY_BRIDGE_AS_RIVER: "8.51/8.36 E: an enemy-held bridge is crossed by the bridge only in a forced attack on "
    "enemy units beyond it; into an area without them it is crossed as a river (infantry only, all MF) (default: a "
    "bridge not destroyed is a bridge whoever holds it (8.37), crossed at the chart's cost, 2 MF into a vacant "
    "enemy area (8.36 B))",
    WHOLE_VP_BIDS: "23.2: a bid is whole VP, and contested areas count for nothing toward it (default: a bid may "
    "end in a half, which contested VP areas meet at half their VP: 「端数のポイント;すなわち交戦状態にしている"
    "ポイント数」)",
    BY_REGROUP: "3.5/13: only units sent to the Offshore box in Regroup (regroup UNIT OFFSHORE) are "
    "redeployed at Dawn; others wait in their approach box (default, the seed's 3.5 and the digest: every "
    "unit that did not land the previous day is offshore)",
    HALVES_APART: "11.4/10.4/21.3/21.4: each half of a Double Impulse is an impulse of its own for the "
    "limits 'per impulse': a unit bombarded in both halves may lose a step in each, and each half may fire "
    "a naval and an air marker (8.1's 「2回連続して自分のインパルスをプレイ」, 11.4's 「ターン記録表上では」) "
    "(default: 11.4's 「自身のインパルスにおいて活性化エリアを1ではなく2ヶ所指定する」 and 11.22's "
    "「ダブルインパルスは含む」: a Double Impulse is one impulse, so one step from bombardment and one "
    "marker of each kind in all)",
}
