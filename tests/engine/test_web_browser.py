"""The web board in a real browser (Debian's chromium, driven by Playwright): click a unit and
see its reach, make a legal move and an illegal one, and watch a second page follow the
match, including a move made meanwhile from another terminal.

The browser is the machine's own: Playwright's download of one is never used. Without
chromium or Playwright the test is skipped, saying why, except under CI (CI=true), where a
missing browser fails it: .ci/run installs chromium.
"""

from __future__ import annotations

import os
import shutil

import pytest
from web_support import action_events, alone, moves, new_bfg_match, occupied, phaseline, serving, where

pytestmark = pytest.mark.slow  # a real match, a server process and a browser: ten seconds or so

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BROWSER_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
WAIT_MS = 20_000


def browser_or_skip():
    """Playwright's sync API and the chromium to drive, or skip (fail under CI) saying what is missing."""
    missing = []
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing.append("the Python package playwright (pip install -e '.[test]')")
        sync_playwright = None
    if CHROMIUM is None:
        missing.append("a chromium browser on PATH (apt-get install -y chromium)")
    if missing:
        message = "the browser test needs " + " and ".join(missing)
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return sync_playwright


def test_click_a_unit_move_it_be_refused_and_a_second_page_follows(tmp_path):
    sync_playwright = browser_or_skip()
    db = new_bfg_match(tmp_path)
    legal = moves(db)
    mover, other, third = sorted(u for u in legal if u in alone(db))[:3]
    target = next(hex_id for hex_id in legal[mover] if hex_id not in occupied(db))  # no counter on it to click
    before = action_events(db)
    with serving(db) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            page, watcher = browser.new_page(), browser.new_page()
            for each in (page, watcher):
                each.set_default_timeout(WAIT_MS)
                each.goto(url)
                each.wait_for_selector(f'#map g.counter[data-unit="{mover}"]')

            page.click(f'#map g.counter[data-unit="{mover}"]')  # the unit's reach, from its legal orders
            page.wait_for_selector("#unit-orders")
            reach = page.eval_on_selector_all("#map polygon.reach", "els => els.map(e => e.dataset.space)")
            assert sorted(reach) == sorted(legal[mover])
            assert mover in page.inner_text("#unit-body") and f"move {mover} {target}" in page.inner_text(
                "#unit-orders"
            )

            page.click(f'#map polygon.reach[data-space="{target}"]', force=True)  # a legal move, by clicking
            page.wait_for_selector("#message.ok")
            assert f"move {mover} {target}" in page.inner_text("#message")
            assert where(db, mover) == target and action_events(db) == [*before, ["move", mover, target]]

            page.fill("#order-input", f"move {other} 3526")  # an illegal one, typed
            page.click("#order-send")
            page.wait_for_selector("#message.refused")
            assert "cannot" in page.inner_text("#message") and page.inner_text("#message .rule")
            assert action_events(db) == [*before, ["move", mover, target]]  # refused: nothing written

            watcher.wait_for_selector(f'#map g.counter[data-unit="{mover}"][data-space="{target}"]')
            assert mover in watcher.inner_text("#log")

            done = phaseline(db, "move", third, legal[third][0])  # another terminal, while the board runs
            assert done.returncode == 0, done.stderr
            watcher.wait_for_selector(f'#map g.counter[data-unit="{third}"][data-space="{legal[third][0]}"]')
        finally:
            browser.close()
