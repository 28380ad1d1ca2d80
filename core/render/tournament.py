"""A tournament's standings as people read them (``phaseline tournament``), and as CSV rows."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _rate(rate: dict[str, Any]) -> str:
    """``37  41% (31–51)``: the count, its rate and the rate's interval."""
    return f"{rate['count']}  {_percent(rate['rate'])} ({100 * rate['low']:.0f}–{100 * rate['high']:.0f})"


def tournament_text(report: dict[str, Any]) -> str:
    """The heading, one line per side and bot, the victory conditions reached, and the failures."""
    first, last = report["seeds"]
    options = f", options {', '.join(report['options'])}" if report["options"] else ""
    lines = [
        f"tournament {report['tournament']}: {report['game_title']}, {report['scenario_title']}{options}: "
        f"{report['finished']} of {report['matches']} matches finished, seeds {first}-{last}",
    ]
    if report["finished"]:
        lines.append(
            f"length {report['mean_turns']} turns and {report['mean_actions']} actions a match on average; "
            f"{report['cpu_seconds']} s of CPU in the matches ({report['cpu_per_match']} s a match)"
        )
    level = f"{100 * report['confidence']:g}%"
    sides = [
        {
            "side": row["side"],
            "bot": row["bot"],
            "wins": _rate(row["wins"]),
            "draws": _rate(row["draws"]),
            "losses": _rate(row["losses"]),
            "won by": ", ".join(f"{rule or '?'} ×{n}" for rule, n in row["won_by"].items()) or "-",
            "turns to win": row["mean_turns_of_wins"] if row["mean_turns_of_wins"] is not None else "-",
        }
        for row in report["sides"]
    ]
    lines += [
        "",
        f"each rate with its {level} interval (Wilson)",
        tabulate(sides, headers="keys", tablefmt="simple", disable_numparse=True),
    ]
    if report["ended_by"]:
        ended = [
            {
                "victory condition": " ".join(p for p in (e["rule"], e["title"]) if p) or "?",
                "result": ", ".join(e["winners"]) + " won" if e["winners"] else "draw",
                "matches": e["matches"],
                "share": _percent(e["share"]),
            }
            for e in report["ended_by"]
        ]
        lines += ["", tabulate(ended, headers="keys", tablefmt="simple", disable_numparse=True)]
    for failed in report["failed"]:
        lines.append(f"failed: {failed['match_id']} (seed {failed['seed']}): {failed['error']}")
    if report.get("landed"):
        lines += ["", f"the matches are in {report['landed']}"]
    return "\n".join(lines)


def tournament_rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    """One flat row per side and bot (for CSV)."""
    rows = []
    for row in report["sides"]:
        flat = {"tournament": report["tournament"], "side": row["side"], "bot": row["bot"], "matches": row["matches"]}
        for kind in ("wins", "draws", "losses"):
            flat |= {
                kind: row[kind]["count"],
                f"{kind}_rate": row[kind]["rate"],
                f"{kind}_low": row[kind]["low"],
                f"{kind}_high": row[kind]["high"],
            }
        flat["won_by"] = ";".join(f"{rule}:{n}" for rule, n in row["won_by"].items())
        flat["mean_turns_of_wins"] = row["mean_turns_of_wins"]
        rows.append(flat)
    return rows
