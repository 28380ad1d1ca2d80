"""Fleet Commander: Nimitz battles in tests: a test position brought to its combat phase, the dice
of a battle scripted by what each roll is for, and the player's answers by what each question asks.

Dice are scripted by a key found in the roll's purpose (``"A6M-1 in COASTAL"``, ``"combat rounds"``),
each key's faces taken in turn; a Japanese bonus-marker draw takes the next marker named in
``draws`` out of the cup, whatever the cup's order; any other roll is the match's own (stack mixing)
unless ``default`` gives a face."""

from __future__ import annotations

from collections.abc import Callable

from games.nimitz.position import by_the_rules, play, put
from phaseline import Match
from phaseline.dice import roll
from phaseline.games.nimitz.rules.battle import procedure
from phaseline.games.nimitz.rules.battle.markers import MARKERS
from phaseline.piles import Piles

DRAW = "10.7 Japanese bonus marker"


class Script:
    def __init__(
        self, match: Match, faces: dict[str, list[int]], draws: list[str] = (), default: int | None = None
    ) -> None:
        self.match, self.faces, self.draws, self.default = (
            match,
            {k: list(v) for k, v in faces.items()},
            list(draws),
            default,
        )
        self.rolled: list[tuple[str, int]] = []
        self._own = match.roll
        match.roll = self.roll  # type: ignore[method-assign]

    def roll(self, purpose: str, rule: str | None = None, sides: int = 6, side: str | None = None, **more) -> int:
        face = self._face(purpose, sides)
        if face is None:
            face = self._own(purpose, rule=rule, sides=sides, side=side, **more)
        else:  # the first roll number of the known seed that gives it: the log stays true and replays
            assert 1 <= face <= sides, f"a scripted {face} on a d{sides} ({purpose})"
            n = self.match.events.next_roll_no()
            while roll(self.match.seed, n, sides) != face:
                n += 1
            self.match.force_rolls([n])
            try:
                self._own(purpose, rule=rule, sides=sides, side=side, **more)
            finally:
                self.match.force_rolls(None)
        self.rolled.append((purpose, face))
        return face

    def _face(self, purpose: str, sides: int) -> int | None:
        if purpose.startswith(DRAW) and self.draws:
            wanted = self.draws.pop(0)
            cup = Piles(self.match).items("JP-CUP")
            return next(i for i, item in enumerate(cup, 1) if item.split("/")[0] == wanted)
        for key, faces in self.faces.items():
            if key in purpose and faces:
                return faces.pop(0)
        if purpose.startswith("3.3"):
            return None
        return self.default

    def unused(self) -> dict[str, list[int]]:
        return {k: v for k, v in self.faces.items() if v} | ({"draws": self.draws} if self.draws else {})


Answer = tuple[str, str, str]  # (decision kind, text in its prompt, the answer)


def answer(match: Match, answers: list[Answer], fallback: Callable[[dict], str] | None = None) -> list[dict]:
    """Answer the open decisions: each by the first of ``answers`` whose kind and text match (taken
    once), else by ``fallback`` (default: the first choice). The decisions, as asked."""
    asked = []
    while (decision := match.open_decision()) is not None:
        asked.append(decision)
        wanted = next((a for a in answers if a[0] == decision["kind"] and a[1] in decision["prompt"]), None)
        if wanted is not None:
            answers.remove(wanted)
            chosen = wanted[2]
        else:
            chosen = (fallback or (lambda d: d["choices"][0]))(decision)
        assert chosen in decision["choices"], f"{chosen} is not one of {decision['choices']} ({decision['prompt']})"
        play(match, f"choose {chosen}")
    return asked


def to_combat(match: Match) -> None:
    """Play the turn's steps up to the combat phase (the player ending each)."""
    while match.step.name != "combat":
        play(match, "end")


HOLD_EVERYWHERE = {"9.1 Japanese order": [1] * 60}  # 9.2 every Japanese order a Hold: the position stays put


def begin_battle(
    make,
    text: str,
    point: str,
    *,
    options: tuple[str, ...] = (),
    faces: dict[str, list[int]] | None = None,
    draws: list[str] = (),
    orders: tuple[str, ...] = (),
    answers: list[Answer] = (),
    year: int = 1942,
    default: int | None = None,
) -> tuple[Match, Script]:
    """A position played to its battle at ``point``: the Japanese hold, the player's placement
    ``orders``, then placement ends (the rounds roll 9: 4 rounds, unless ``faces`` says) and the
    battle waits for the bonus markers. ``default``: the face of every roll not scripted (10: every
    attack misses)."""
    match = make(text, options=options, year=year)
    script = Script(match, {**HOLD_EVERYWHERE, "combat rounds": [9], **(faces or {})}, list(draws), default)
    to_combat(match)
    play(match, f"battle {point}")
    for order in orders:
        play(match, order)
    if match.step.name == "battle-placement" and match.open_decision() is None:
        play(match, "end")
    answer(match, list(answers))
    return match, script


def arrange(match: Match, **spaces: str) -> None:
    """Put units on the sheet's spaces (``Hiryu="JP-SEA"``); keyword names use _ for - and / for __."""
    for name, space in spaces.items():
        unit_id = name.replace("__", "/").replace("_", "-")
        put(match, "unit_state", {"unit_id": unit_id}, space_id=space)


def run(match: Match, *tasks: dict) -> None:
    """Carry out battle tasks (procedure.py's kinds) as the rules would, e.g. {"do": "bombing", "area": "COASTAL"}."""
    by_the_rules(match, procedure.start, tasks)


def in_play(match: Match, *markers: str) -> None:
    """Japanese markers drawn for this round (a copy from the cup or the used pile), US markers held
    (bought, in that order)."""

    def put_in(match: Match) -> None:
        own = Piles(match)
        for marker in markers:
            if MARKERS[marker].side == "US":
                own.put("US-BONUS", [marker], end="bottom")
                continue
            item = next(i for i in own.items("JP-CUP") + own.items("JP-USED") if i.split("/")[0] == marker)
            own.take(item)
            own.put("JP-DRAWN", [item], end="bottom")

    by_the_rules(match, put_in)


def events(match: Match, kind: str, after: int = 0) -> list[str]:
    """The purposes of the match's events of ``kind`` (combat, hit, note) after seq ``after``."""
    sql = "SELECT purpose FROM event WHERE match_id = ? AND kind = ? AND seq > ? ORDER BY seq"
    return [r["purpose"] for r in match.rows(sql, [match.match_id, kind, after])]
