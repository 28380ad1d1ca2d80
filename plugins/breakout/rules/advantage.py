"""The Advantage (11): who holds it, using it once, and losing it through eliminations.

Exactly one player holds it (11.1); the Allies start with it. Used once - for a combat
reroll (11.3), any other reroll (11.6) or a Double Impulse (11.4), never two of these -
it passes to the opponent when the current impulse ends (11.2).

Losses in one player impulse (11.2; a Double Impulse is one impulse, phases never count):
  Allied units eliminated: 1 -> a holding Allies lose it, else the Germans shift 1;
                           n >= 2 -> a holding Allies lose it and the Germans shift n - 1, else n.
  German units eliminated: <= 2 nothing; 3 -> a holding Germans lose it, else the Allies shift 1;
                           n > 3 -> a holding Germans lose it and the Allies shift n - 3, else n - 2.
"Holding" means holding it when the impulse began: if the opponent used it, it only waits to
pass, so the loser cannot lose it and the Sunset DRM moves instead (11.6). The loss takes
effect at once (digest ruling 16; the ruling 'advantage-lost-at-impulse-end' defers it).
The marker moves at most 3 spaces in a player impulse, however many units die (11.23).
A shift is made at once, after the combat that caused it, in the direction the entitled
player chooses (a ``sunset-shift`` decision: up or down N spaces); it never modifies a Sunset DR already
rolled, such as the attack's own (day.sunset_modifier). The seed's "may move it in either
direction" is read as a choice of direction; the ruling ``sunset-shift-optional`` also lets
the entitled player leave the marker where it is.
"""

from __future__ import annotations

from phaseline import Action, Event
from phaseline.model import plays_ruling

from ..rulings import LOST_AT_IMPULSE_END, SHIFT_OPTIONAL
from ..scenarios import ALLIED, GERMAN
from .board import board, enemy_of
from .dice import roll_dr

CAP = 3
SHIFT_DECISION = "sunset-shift"  # 11.23: the entitled player moves the marker either way
UP, DOWN, STAY = "up", "down", "stay"  # the answers: + or - the spaces earned, or none (the ruling)
SHIFTED = {GERMAN: "shift_german", ALLIED: "shift_allied"}  # bkn_day: spaces shifted this impulse


def losses_effect(loser: str, eliminated: int, loser_holds: bool) -> tuple[bool, int]:
    """11.2: (does the loser lose the Advantage, spaces the other player shifts)."""
    if loser == ALLIED:
        if eliminated <= 0:
            return False, 0
        shift = eliminated - 1 if loser_holds else eliminated
    else:
        if eliminated <= 2:
            return False, 0
        shift = eliminated - 3 if loser_holds else eliminated - 2
    return loser_holds, min(shift, CAP)


def eliminated_counts(match) -> dict[str, int]:
    counts = {GERMAN: 0, ALLIED: 0}
    for row in match.rows_of("unit_state").values():
        if row["status"] == "eliminated":
            counts[row["side"]] = counts.get(row["side"], 0) + 1
    return counts


def begin(match) -> None:
    """A player impulse begins: note the losses so far and who holds the Advantage."""
    counts = eliminated_counts(match)
    day = board(match).day
    match.set(
        "bkn_day",
        {},
        dead_german=counts[GERMAN],
        dead_allied=counts[ALLIED],
        advantage_start=day["advantage"],
        advantage_used=None,
        double_impulse=False,
        shift_german=0,
        shift_allied=0,
    )


# === 11.3, 11.6 USING IT ================================================================


def usable_by(match) -> str | None:
    """The side that may use the Advantage now (11.2: once; none after it has been used)."""
    day = board(match).day
    return None if day["advantage_used"] else day["advantage"]


def use(match, side: str, purpose: str, rule: str) -> None:
    """Spend the Advantage (it passes when the impulse ends, 11.2).

    A second use in one impulse is refused under 11.6, whose last sentence forbids it
    (rerolls and a Double Impulse are never combined); a use by the side that does not
    hold it cites the rule of the use asked for.
    """
    if usable_by(match) != side:
        # 11.6 the Advantage is used once: no reroll together with a Double Impulse
        cited = "11.6" if board(match).day["advantage_used"] else rule
        raise match.violation(f"{side} cannot use the Advantage: {_why_not(match, side)}", cited)
    match.set("bkn_day", {}, advantage_used=side)
    match.log(Event("note", side=side, purpose=f"{side} uses the Advantage: {purpose}", rule=rule))


def _why_not(match, side: str) -> str:
    day = board(match).day
    if day["advantage_used"]:
        return f"{day['advantage_used']} has already used it this impulse"
    return f"{day['advantage']} holds it"


# === 11.4 DOUBLE IMPULSE ================================================================


def legal_doubles(match, side: str) -> list[Action]:
    day = board(match).day
    if usable_by(match) != side or day["activated"] is None or day["double_impulse"]:
        return []
    return [Action("double", (), side)]


def declare_double(match, action: Action) -> None:
    """double: end the first half of this impulse; activate a second area (or the same again).

    11.4: the second half is one more activation in the same impulse (one space on the
    track): units that acted stay done, Fresh units of the newly activated area act, units
    waiting to attack may be joined by the second area's units, and the Allies may use the
    other nationality. The second half has no Sunset DR (11.5): an Allied first half without
    a DR rolls it now.
    """
    side = action.side
    day = board(match).day
    if action.args:
        raise match.violation("double takes no arguments: the next move, attack or bombard activates", "11.4")
    if day["activated"] is None:
        raise match.violation("a Double Impulse follows a first activation: activate an area first", "11.4")
    if day["double_impulse"]:
        raise match.violation("this impulse is already a Double Impulse", "11.4")
    use(match, side, "Double Impulse", "11.4")
    if side == ALLIED and match.clock.step == "allied-impulse" and day["sunset_raw"] is None:
        roll_dr(match, ALLIED, "Sunset DR of the first half", "11.5")
    match.set("bkn_day", {}, activated=None, activated_contested=False, nationality=None, double_impulse=True)
    match.update_where("bkn_unit_state", "eligible", eligible=False)
    match.log(
        Event("note", side=side, purpose=f"{side} declares a Double Impulse: the second half begins", rule="11.4")
    )


# === 11.2 LOSING IT =======================================================================


def _losses(match) -> dict[str, int]:
    day = board(match).day
    now = eliminated_counts(match)
    return {ALLIED: now[ALLIED] - (day["dead_allied"] or 0), GERMAN: now[GERMAN] - (day["dead_german"] or 0)}


def after_losses(match) -> None:
    """11.2: after a combat, the losses of this impulse so far: a holder who loses enough units
    loses the Advantage at once (ruling 16), and the Sunset DRM shifts they earn are asked for."""
    if match.step.phase != "daylight":  # phases never count
        return
    day = board(match).day
    for loser, lost in _losses(match).items():
        loses, due = losses_effect(loser, lost, day["advantage_start"] == loser)
        if loses and day["advantage"] == loser and not plays_ruling(match, LOST_AT_IMPULSE_END):
            match.set("bkn_day", {}, advantage=enemy_of(loser))
            match.log(
                Event("note", side=loser, purpose=f"{lost} {loser} units eliminated: the Advantage passes", rule="11.2")
            )
        _offer_shift(match, enemy_of(loser), due, f"{lost} {loser} units eliminated")


def _offer_shift(match, entitled: str, due: int, why: str) -> None:
    """11.23: ask ``entitled`` which way to move the marker the spaces it is now owed (3 an impulse)."""
    day = board(match).day
    moved = day["shift_german"] + day["shift_allied"]
    spaces = min(due - day[SHIFTED[entitled]], CAP - moved)
    if spaces <= 0:
        return
    match.set("bkn_day", {}, **{SHIFTED[entitled]: day[SHIFTED[entitled]] + spaces})
    prompt = (
        f"{why}: {entitled} moves the Sunset DRM marker {spaces} spaces, up (longer days) or down "
        f"(now {day['sunset_drm']:+d})"
    )
    choices = [UP, DOWN, *([STAY] if plays_ruling(match, SHIFT_OPTIONAL) else [])]
    match.ask(entitled, SHIFT_DECISION, prompt, choices, {"why": why, "spaces": spaces}, rule="11.23")


def answer_shift(match, decision, answer: str) -> None:
    """11.23: the marker moves as the entitled player chose."""
    shift = {UP: 1, DOWN: -1, STAY: 0}[answer] * decision["context"]["spaces"]
    drm = board(match).day["sunset_drm"] + shift
    match.set("bkn_day", {}, sunset_drm=drm)
    purpose = f"{decision['context']['why']}: {decision['side']} shifts the Sunset DRM {shift:+d} to {drm:+d}"
    match.log(Event("note", side=decision["side"], purpose=purpose, rule="11.23"))


def settle(match) -> None:
    """11.2: when the impulse ends, a loss-triggered transfer deferred by the ruling
    'advantage-lost-at-impulse-end', and a used Advantage passes."""
    day = board(match).day
    if plays_ruling(match, LOST_AT_IMPULSE_END):
        for loser, lost in _losses(match).items():
            loses, _ = losses_effect(loser, lost, day["advantage_start"] == loser)
            if loses and day["advantage"] == loser:
                match.set("bkn_day", {}, advantage=enemy_of(loser))
                match.log(
                    Event(
                        "note",
                        side=loser,
                        purpose=f"{lost} {loser} units eliminated: the Advantage passes",
                        rule="11.2",
                    )
                )
    pass_if_used(match)


def pass_if_used(match) -> None:
    """11.2, 11.6: a used Advantage passes to the opponent when the impulse (or phase) ends."""
    day = board(match).day
    used = day["advantage_used"]
    if used and day["advantage"] == used:
        match.set("bkn_day", {}, advantage=enemy_of(used))
        match.log(
            Event("note", side=used, purpose=f"the Advantage used by {used} passes to {enemy_of(used)}", rule="11.2")
        )
    match.set("bkn_day", {}, advantage_used=None)
