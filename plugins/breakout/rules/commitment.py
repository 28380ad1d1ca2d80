"""8.13 Application of rules: when a player's moves are final.

「なんらかのDR/drが振られた場合 あるいは相手のプレイヤーが何らかの行動を宣言した場合(パスの宣言も含む)
あるいは次のインパルスをはじめてしまったら もはや自分の移動内容を変更することはできない」. A roll is the
engine's refusal of an undo, which names 8.13 (loading.RULE_REFS); the other player's action
is never the player's own to undo; this module refuses the third: an undo taking back the
start of the next impulse. (A day that ends goes to the Refit phase, no impulse: the undo of
its last impulse is refused only by the Sunset DR, where one was rolled.)
"""

from __future__ import annotations

from phaseline.sequence import begins_step


def undo_refusal(match, first: int, last: int):
    """8.13: the undo of events ``first`` to ``last`` is refused when the first (the action
    undone) was played in an impulse and a later one began the next impulse."""
    events = match.rows(
        """SELECT seq, turn, step, phase, kind, purpose FROM event
           WHERE match_id = ? AND seq BETWEEN ? AND ? AND undone_by IS NULL ORDER BY seq""",
        [match.match_id, first, last],
    )
    if not events or not _is_impulse(events[0]):
        return None
    played = events[0]
    begun = next((e for e in events[1:] if begins_step(e) and _is_impulse(e)), None)
    if begun is None:
        return None
    return match.violation(
        f"the action at event seq {played['seq']} was played in the {_title(match, played)} of turn "
        f"{played['turn']}, and the {_title(match, begun)} has begun since (event seq {begun['seq']}): "
        "once the next impulse has begun a player may no longer change his moves",
        rule="8.13",
        evidence=[{"seq": played["seq"], "step": played["step"]}, {"seq": begun["seq"], "step": begun["step"]}],
    )


def _is_impulse(event) -> bool:
    """6.1: the impulses are the steps of the Daylight phase."""
    return event["phase"] == "daylight"


def _title(match, event) -> str:
    """The title of the step a logged event was made in (its name when the day declares none)."""
    steps = match.steps(event["turn"])
    return next((s.title for s in steps if s.name == event["step"] and s.title), event["step"])
