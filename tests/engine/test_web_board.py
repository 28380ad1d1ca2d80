"""``phaseline serve`` over HTTP, without a browser: the page, the map, a unit's orders, an
order played and one refused, the guards against other sites, and another terminal's
commands working while the board runs."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from web_support import action_events, moves, new_bfg_match, phaseline, serving, where

pytestmark = pytest.mark.slow  # a real match and a server process


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def post(url: str, line: str, token: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        url + "api/order", data=json.dumps({"line": line}).encode(), headers={"X-Phaseline-Token": token}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_board_serves_the_map_and_plays_orders_as_the_command_line_does(tmp_path):
    db = new_bfg_match(tmp_path)
    unit, targets = next(iter(sorted(moves(db).items())))
    with serving(db) as url:
        status, page = get(url)
        token = page.split('data-token="')[1].split('"')[0]
        assert status == 200 and "/static/board.js" in page
        assert get(url + "static/board.js")[0] == 200 and get(url + "static/board.css")[0] == 200
        status, svg = get(url + f"api/map.svg?reach={unit}")
        assert status == 200 and svg.count('class="reach"') == len(targets)
        info = json.loads(get(url + f"api/unit?id={unit}")[1])
        assert sorted(info["reach"]) == sorted(targets) and f"move {unit} {targets[0]}" in info["orders"]

        assert get(url + "api/state", {"Host": "attacker.example:80"})[0] == 403  # DNS rebinding
        assert post(url, f"move {unit} {targets[0]}", "forged")[0] == 403  # another site's page
        assert where(db, unit) != targets[0]

        before = action_events(db)
        status, refused = post(url, f"move {unit} 3526", token)
        assert status == 200 and not refused["ok"] and refused["rule"] and "(BfG " in refused["error"]
        assert action_events(db) == before  # the refusal left the store untouched
        status, played = post(url, f"move {unit} {targets[0]}", token)
        assert played["ok"] and played["account"][0]["what"] == f"move {unit} {targets[0]}"
        assert action_events(db) == [*before, ["move", unit, targets[0]]] and where(db, unit) == targets[0]

        assert not post(url, "sql 'SELECT 1'", token)[1]["ok"]  # the board takes orders only
        other = phaseline(db, "--format", "json", "status")  # another terminal, while the board runs
        assert other.returncode == 0 and '"waiting on": "SOV (human)"' in other.stdout
        state = json.loads(get(url + "api/state")[1])
        assert state["seq"] > 0 and state["log"][-1]["what"].startswith(unit)
        taken = phaseline(db, "serve", "--port", url.rstrip("/").rsplit(":", 1)[1])  # the port is in use
        assert taken.returncode == 1 and taken.stderr.startswith("error: cannot serve on 127.0.0.1:")
