"""Optional rule 23.2: bidding for sides.

Both players bid, at the same time and in secret, the extra VP the Allies must score to
win; a bid may be positive, zero or negative. The higher bidder plays the Allies and the
winning bid is added to the Allied VP requirement of every week (the game's hook
``bkn_vp_required_extra``, which victory.vp_required asks).
On equal bids the bid still applies and a die decides who plays the Allies.

When the match is set up each seat owes a ``bid`` decision (the German seat first; the
engine asks one at a time, and neither prompt shows the other bid). A bid is whole VP or
ends in a half: the seed lets it be 「端数のポイント;すなわち交戦状態にしているポイント数」
(fractional points, that is points of contested areas) without a rate (digest 5.20
[AMBIGUOUS]). Ruling: a contested VP area's VP count half, and only toward the half of a
requirement (victory.score); the ruling ``bid-whole-vp`` keeps bids whole. A seat is a side's name
when the match was created; once both have bid, bkn_bids.plays says which side each
seat's player plays, and ``phaseline_seat_of`` hands the sides over: when the German
seat outbids the Allied one, its controller (human or bot) plays the Allies and the
other the Germans. The change is state written through effects, so undo, replay and
export follow it.
"""

from __future__ import annotations

from decimal import Decimal

from phaseline import Event, hookimpl
from phaseline.model import PluginTable, plays_ruling

from ..rulings import WHOLE_VP_BIDS
from ..scenarios import ALLIED, GERMAN

RULE = "23.2"
TITLE = "Bidding for sides: the higher bid of extra VP plays the Allies"
WHOLE_BIDS = [str(n) for n in (0, *range(1, 11), *range(-1, -11, -1))]  # 0 first: a bot's default
BIDS = [str(Decimal(n) / 2) for n in (0, *range(1, 21), *range(-1, -21, -1))]  # with halves: 0, 0.5, 1, 1.5 …
KIND = "bid"
DECISIONS = {KIND: "Your secret bid for the Allies, the extra VP they must score: choose N (23.2)."}
TABLE = PluginTable(  # 23.2: each seat's bid and the side its player plays after bidding
    "bkn_bids",
    "CREATE TABLE IF NOT EXISTS bkn_bids (match_id VARCHAR, seat VARCHAR, bid DECIMAL(3, 1) NOT NULL, plays VARCHAR, "
    "PRIMARY KEY (match_id, seat))",
    key=("seat",),
)


@hookimpl
def phaseline_tables(register):
    register(TABLE)


@hookimpl
def phaseline_setup(match):
    for seat in (GERMAN, ALLIED):  # 23.2: both players bid, secretly
        match.ask(
            seat,
            KIND,
            f"23.2: your secret bid for the Allies, the extra VP they must score to win (player at the {seat} seat)",
            WHOLE_BIDS if plays_ruling(match, WHOLE_VP_BIDS) else BIDS,
            {"seat": seat},
            rule=RULE,
        )


@hookimpl
def phaseline_answer(match, decision, answer):
    if decision["kind"] != KIND:
        return None
    seat = decision["context"]["seat"]
    match.insert("bkn_bids", {"seat": seat, "bid": Decimal(answer), "plays": None})
    bids = {
        r["seat"]: vp(r["bid"])
        for r in match.rows("SELECT seat, bid FROM bkn_bids WHERE match_id = ?", [match.match_id])
    }
    if len(bids) == 2:
        settle(match, bids[GERMAN], bids[ALLIED])
    return True


@hookimpl
def phaseline_seat_of(match, side):
    """23.2: the seat whose player plays ``side`` after the bidding (None before it is settled)."""
    return match.one("SELECT seat FROM bkn_bids WHERE match_id = ? AND plays = ?", [match.match_id, side])


def settle(match, german_seat: int | Decimal, allied_seat: int | Decimal) -> None:
    """23.2: the higher bid plays the Allies; on a tie a die decides (1-3: the German seat)."""
    if german_seat != allied_seat:
        allies = GERMAN if german_seat > allied_seat else ALLIED
        why = f"bids {german_seat} (German seat) and {allied_seat} (Allied seat)"
    else:
        die = match.roll("23.2 equal bids: 1-3 the German seat plays the Allies", rule=RULE)
        allies = GERMAN if die <= 3 else ALLIED
        why = f"equal bids of {german_seat}, die {die}"
    other = ALLIED if allies == GERMAN else GERMAN
    match.set("bkn_bids", {"seat": allies}, plays=ALLIED)
    match.set("bkn_bids", {"seat": other}, plays=GERMAN)
    bid = german_seat if allies == GERMAN else allied_seat
    change = "the players swap sides" if allies == GERMAN else "the players keep their sides"
    match.log(
        Event(
            "note",
            rule=RULE,
            purpose=f"{why}: the player at the {allies} seat plays the Allies, who need {bid:+} VP more; {change}",
        )
    )


@hookimpl
def bkn_vp_required_extra(match):
    return winning_bid(match), f"bid ({RULE})"  # 23.2: the winning bid is added every week


def winning_bid(match) -> int | Decimal:
    """23.2: the bid of the player who plays the Allies (0 until both have bid)."""
    return vp(match.one("SELECT bid FROM bkn_bids WHERE match_id = ? AND plays = ?", [match.match_id, ALLIED]) or 0)


def vp(bid: Decimal | int) -> int | Decimal:
    """A bid as players write it: 2, not 2.0; 1.5 stays 1.5."""
    return int(bid) if bid == int(bid) else Decimal(bid)
