"""Hostile storage and downloads in a real browser: a localStorage whose reads
throw, deeply nested JSON in the stored keys, and a strategy table cut short."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from playwright.sync_api import Page, Route, expect

from conftest import App, no_error_box
from test_saves import PENTA_KEY, penta_roll, penta_start, penta_table
from zaria_web.games import NAMES

# The page's getItem throws while the address says ``locked`` (some privacy
# modes, a locked profile); the test still reads storage through the original.
LOCKED = """
window.realGetItem = Storage.prototype.getItem;
if (location.search.indexOf("locked") >= 0) {
  Storage.prototype.getItem = function () {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
}
"""
NESTED = "'['.repeat(100000) + ']'.repeat(100000)"


def really_stored(page: Page, key: str) -> str | None:
    value = page.evaluate("key => window.realGetItem.call(localStorage, key)", key)
    return value if isinstance(value, str) else None


def test_storage_whose_reads_throw_keeps_the_saved_game(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.context.add_init_script(LOCKED)
    page = app.open("?dice=62626,4444")
    penta_start(page)
    penta_roll(page)
    before = penta_table(page)
    saved = really_stored(page, PENTA_KEY)
    assert saved is not None
    page.goto(app.base + "?locked&dice=11111")
    app.wait_ready()
    expect(page.locator(".notices")).to_contain_text("not letting Zaria save")
    expect(page.locator("#resume-penta")).to_have_count(0)
    penta_start(page, "Bo")  # a new game is played, and not saved over the old one
    penta_roll(page)
    expect(page.locator(".notices")).to_contain_text("not letting Zaria save")
    assert really_stored(page, PENTA_KEY) == saved
    page.goto(app.base + "?dice=62626,4444")  # the fault is gone: the game is there
    app.wait_ready()
    page.locator("#resume-penta").click()
    expect(page.locator("#penta-roll")).to_be_visible()
    assert penta_table(page) == before
    no_error_box(page)


def test_deeply_nested_values_in_storage_are_set_aside_and_the_app_starts(app: App) -> None:
    app.page.evaluate(
        f"for (const k of ['zaria.settings', 'zaria.stats', '{PENTA_KEY}'])"
        f" localStorage.setItem(k, {NESTED});"
    )
    page = app.open()  # the app starts on that storage
    expect(page.locator(".notices")).to_contain_text("settings could not be read")
    assert page.evaluate("localStorage.getItem('zaria.badsettings').length") == 200_000
    page.get_by_role("button", name="Statistics").click()
    expect(page.locator(".notices")).to_contain_text("statistics could not be read")
    expect(page.locator(".stats-empty:not(.games-empty)")).to_have_count(len(NAMES))  # one a game
    page.locator(".brand").click()
    page.get_by_role("button", name=re.compile("^Penta")).click()
    expect(page.locator(".penta-msg")).to_contain_text("could not be read")
    raw = json.loads(page.evaluate("localStorage.getItem('zaria.badsave.penta.1')"))["raw"]
    assert len(raw) == 200_000
    penta_start(page)
    penta_roll(page)
    no_error_box(page)


def test_a_truncated_strategy_table_says_so_and_the_retry_downloads_it(
    make_app: Callable[..., App],
) -> None:
    app = make_app()  # a Python that has not downloaded the table yet
    cut = [0]

    def third(route: Route) -> None:
        if cut[0]:
            route.continue_()
            return
        cut[0] = 1
        body = route.fetch().body()
        route.fulfill(
            status=200, content_type="application/octet-stream", body=body[: len(body) // 3]
        )

    app.page.route("**/data/penta_table.bin", third)
    page = app.open("?dice=11111")
    penta_start(page, computer=True)
    error = page.locator(".table-error")
    expect(error).to_contain_text("could not be loaded")
    expect(page.get_by_text("Preparing the computer player")).to_have_count(0)
    page.locator("#penta-table-retry").click()
    expect(error).to_have_count(0)
    expect(page.locator("section.penta")).to_have_attribute("data-strategy", "ready")
    penta_roll(page)
    no_error_box(page)


def test_a_hostile_address_gives_notices_and_random_dice(app: App) -> None:
    page = app.open("?seed=--5")
    page.get_by_role("button", name=re.compile("^Penta")).click()
    expect(page.get_by_role("alert").filter(has_text="seed")).to_contain_text("--5")
    penta_start(page)
    penta_roll(page)
    app.open("?dice=" + "5" * 5_000)
    page.locator(".game-card.farkle").click()
    expect(page.locator("#screen")).to_contain_text("dice script in the address is too long")
    no_error_box(page)
