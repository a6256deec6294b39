"""Games are never lost: bad saves, older saves, storage that refuses, reloads in
the middle of a turn, two tabs on one game, and the statistics screen."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from conftest import App, no_error_box
from zaria_web.games import NAMES

PENTA_KEY = "zaria.save.penta"
FARKLE_KEY = "zaria.save.farkle"


def stored(page: Page, key: str) -> Any:
    raw = page.evaluate("key => localStorage.getItem(key)", key)
    return None if raw is None else json.loads(raw)


def put(page: Page, key: str, value: str) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def reopen(app: App, path: str = "") -> Page:
    """Load the page again (a reload, or another address of the site)."""
    page = app.page
    if path:
        page.goto(app.base + path)
    else:
        page.reload()
    app.wait_ready()
    return page


# -- Penta helpers --------------------------------------------------------------------


def penta_start(page: Page, name: str = "Ann", computer: bool = False) -> None:
    """Start a game from home or from Penta's new-game form."""
    if page.locator("#penta-start").count() == 0:
        page.get_by_role("button", name=re.compile("^Penta")).click()
    page.locator("#penta-start").wait_for()
    page.locator("#penta-name-0").fill(name)
    box = page.locator("#penta-computer")
    if box.is_checked() != computer:
        box.click()
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_enabled()


def penta_roll(page: Page) -> None:
    used = page.locator(".roll-pip.used").count()
    page.locator("#penta-roll").click()
    expect(page.locator(".roll-pip.used")).to_have_count(used + 1)


def penta_table(page: Page) -> dict[str, Any]:
    """What the player sees of a Penta turn: round, dice, holds, rolls used, sheet."""
    return {
        "round": page.locator(".round").inner_text(),
        "dice": [page.locator(f"#die-{i}").get_attribute("data-value") for i in range(5)],
        "held": [page.locator(f"#die-{i}").get_attribute("aria-pressed") for i in range(5)],
        "rolls": page.locator(".roll-pip.used").count(),
        "sheet": page.locator("table.sheet tbody").inner_text(),
    }


# -- bad saves -------------------------------------------------------------------------


def test_a_corrupt_save_gives_a_notice_and_a_fresh_game(app: App) -> None:
    page = app.page
    put(page, PENTA_KEY, '{"format": 2, "game": "penta", "state": {"game": ')
    app.open()  # the app starts on that storage
    page.get_by_role("button", name=re.compile("^Penta")).click()
    expect(page.locator(".penta-msg")).to_contain_text("could not be read")
    kept = stored(page, "zaria.badsave.penta.1")
    assert kept["raw"].startswith('{"format": 2')
    assert stored(page, PENTA_KEY) is None
    penta_start(page)
    penta_roll(page)
    assert stored(page, PENTA_KEY)["format"] == 2
    no_error_box(page)


def test_a_save_from_a_newer_version_gives_a_notice_and_a_fresh_game(app: App) -> None:
    page = app.page
    future = {"format": 3, "game": "penta", "state": {"whatever": 1}, "tab": "x", "rev": 4}
    put(page, PENTA_KEY, json.dumps(future))
    app.open()
    expect(page.locator("#resume-penta")).to_be_visible()
    page.locator("#resume-penta").click()
    expect(page.locator(".penta-msg")).to_contain_text("newer version of Zaria")
    assert json.loads(stored(page, "zaria.badsave.penta.1")["raw"]) == future
    penta_start(page)
    penta_roll(page)
    no_error_box(page)


def test_a_save_the_engine_rejects_gives_a_notice_and_a_fresh_game(app: App) -> None:
    page = app.page
    bad = {"format": 2, "game": "penta", "state": {"game": {"game": "penta"}}, "tab": "", "rev": 1}
    put(page, PENTA_KEY, json.dumps(bad))
    app.open()
    page.get_by_role("button", name=re.compile("^Penta")).click()
    expect(page.locator(".penta-msg")).to_be_visible()
    assert stored(page, "zaria.badsave.penta.1")["reason"]
    penta_start(page)
    penta_roll(page)
    no_error_box(page)


def test_a_save_in_the_older_format_is_migrated_and_resumes(app: App) -> None:
    page = app.open("?dice=62626,4444")
    penta_start(page)
    penta_roll(page)
    page.locator("#die-0").click()
    expect(page.locator("#die-0")).to_have_attribute("aria-pressed", "true")
    before = penta_table(page)
    # Rewrite the save as an earlier build wrote it: format 1, no writer fields.
    save = stored(page, PENTA_KEY)
    old = {"format": 1, "game": "penta", "state": save["state"]}
    put(page, PENTA_KEY, json.dumps(old))
    app.open("?dice=62626,4444")  # a new app, which finds the old save
    page.locator("#resume-penta").click()
    expect(page.locator("#penta-roll")).to_be_visible()
    assert penta_table(page) == before
    penta_roll(page)  # and play goes on, saved in the current format
    after = stored(page, PENTA_KEY)
    assert after["format"] == 2 and after["rev"] >= 1
    no_error_box(page)


# -- storage that refuses ----------------------------------------------------------------


def test_a_game_is_played_when_storage_refuses_every_write(
    make_app: Callable[..., App], shots: Path
) -> None:
    app = make_app(viewport=(390, 844))
    app.context.add_init_script(
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"
    )
    page = app.open("?dice=11111,22222")
    penta_start(page)
    penta_roll(page)
    notice = page.locator(".notices .notice")
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text("not letting Zaria save")
    page.screenshot(path=str(shots / "notice-no-storage-phone.png"), full_page=True)
    page.locator("#box-penta").click()
    page.get_by_role("button", name="Validate round").click()
    expect(page.locator(".round")).to_have_text("Round 2 of 13")
    penta_roll(page)
    expect(notice).to_have_count(1)  # said once
    page.get_by_role("button", name="Dismiss").click()
    expect(notice).to_have_count(0)
    assert stored(page, PENTA_KEY) is None
    no_error_box(page)


# -- reloads -----------------------------------------------------------------------------


def test_penta_resumes_the_identical_turn_after_a_reload_mid_turn(app: App) -> None:
    script = "11111,36363,5555"
    page = app.open(f"?dice={script}")
    penta_start(page)
    penta_roll(page)
    page.locator("#box-penta").click()
    page.get_by_role("button", name="Validate round").click()
    expect(page.locator(".round")).to_have_text("Round 2 of 13")
    penta_roll(page)
    for i in (1, 3):
        page.locator(f"#die-{i}").click()
        expect(page.locator(f"#die-{i}")).to_have_attribute("aria-pressed", "true")
    before = penta_table(page)
    assert before["held"] == ["false", "true", "false", "true", "false"]
    reopen(app, f"?dice={script}")
    expect(page.locator("#resume-penta")).to_be_visible()
    page.get_by_role("button", name=re.compile("^Penta")).click()
    expect(page.locator("#penta-roll")).to_be_visible()
    assert penta_table(page) == before
    no_error_box(page)


# -- two tabs ----------------------------------------------------------------------------


def test_a_game_open_in_two_tabs_is_never_overwritten_by_the_stale_one(
    make_app: Callable[..., App], shots: Path
) -> None:
    app = make_app()
    first = app.open("?dice=11111,22222,33333,44444")
    penta_start(first)
    second = app.context.new_page()
    second.goto(app.base + "?dice=11111,22222,33333,44444")
    second.wait_for_selector("html[data-ready]", state="attached")
    second.locator("#resume-penta").click()
    expect(second.locator("#penta-roll")).to_be_enabled()
    penta_roll(second)  # the second tab plays on
    expect(first.locator("#take-over")).to_be_visible()
    expect(first.locator(".other-tab")).to_contain_text("open in another tab")
    first.screenshot(path=str(shots / "notice-other-tab-desktop.png"), full_page=True)
    saved = stored(first, PENTA_KEY)
    penta_roll(first)  # the stale tab plays: not saved over the other's game
    assert stored(first, PENTA_KEY) == saved
    first.locator("#take-over").click()
    expect(first.locator("#take-over")).to_have_count(0)
    expect(first.locator(".roll-pip.used")).to_have_count(1)  # the second tab's turn
    assert penta_table(first)["dice"] == penta_table(second)["dice"]
    penta_roll(first)
    expect(second.locator("#take-over")).to_be_visible()
    no_error_box(first)
    no_error_box(second)


# -- statistics ---------------------------------------------------------------------------

STATS = {
    "format": 1,
    "penta": {
        "games": 12,
        "scored": 12,
        "total": 2_874,
        "best": 312,
        "best_name": "Ann",
        "bonus": 5,
        "wins": [],
    },
    "farkle": {
        "games": 7,
        "scored": 9,
        "total": 81_200,
        "best": 11_350,
        "best_name": "Bo",
        "bonus": 0,
        "wins": [["Ann", 4], ["Computer", 2], ["Bo", 1]],
    },
}


def test_statistics_are_shown_and_cleared_after_asking(app: App, shots: Path) -> None:
    for label, size in (("phone", (390, 844)), ("320", (320, 640)), ("desktop", (1280, 800))):
        app.reset()  # each size starts from empty storage
        page = app.page
        page.set_viewport_size({"width": size[0], "height": size[1]})
        put(page, "zaria.stats", json.dumps(STATS))
        put(
            page,
            PENTA_KEY,
            json.dumps({"format": 2, "game": "penta", "state": {}, "tab": "", "rev": 1}),
        )
        app.open()  # the app starts on that storage
        page.screenshot(path=str(shots / f"home-resume-{label}.png"), full_page=True)
        page.get_by_role("button", name="Statistics").click()
        expect(page.locator("#stats-title")).to_have_text("Statistics")
        penta = page.locator(".stats-penta")
        expect(penta.locator(".stat dd")).to_have_text(["12", "312 (Ann)", "240", "42%"])
        farkle = page.locator(".stats-farkle")
        expect(farkle.locator("tbody th")).to_have_text(["Ann", "Computer", "Bo"])
        page.screenshot(path=str(shots / f"stats-{label}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0], f"sideways scroll at {size}: {width}"
        if label != "desktop":
            continue
        page.get_by_role("button", name="Clear statistics").click()
        expect(
            page.get_by_text("Clear all statistics and finished games? This cannot be undone.")
        ).to_be_visible()
        page.screenshot(path=str(shots / f"stats-confirm-{label}.png"), full_page=True)
        page.get_by_role("button", name="Cancel").click()
        expect(penta.locator(".stat dd").first).to_have_text("12")
        page.get_by_role("button", name="Clear statistics").click()
        page.get_by_role("button", name="Clear them").click()
        expect(page.locator(".stats-empty:not(.games-empty)")).to_have_count(
            len(NAMES)
        )  # one a game
        assert stored(page, "zaria.stats") is None
        no_error_box(page)


def test_a_finished_game_with_real_dice_counts_in_the_statistics(app: App) -> None:
    page = app.open()
    penta_start(page, "Zoe")
    for _ in range(13):
        penta_roll(page)
        page.locator(".box-btn:enabled").first.click()
        page.get_by_role("button", name="Validate round").click()
    expect(page.locator(".end-title")).to_be_visible()
    assert stored(page, PENTA_KEY) is None  # the finished game is no longer saved
    page.locator(".brand").click()
    expect(page.locator("#resume-penta")).to_have_count(0)
    page.get_by_role("button", name="Statistics").click()
    games = page.locator(".stats-penta .stat").first
    expect(games).to_contain_text("Games played")
    expect(games.locator("dd")).to_have_text("1")
    expect(page.locator(".stats-penta")).to_contain_text("Zoe")


# -- Farkle ------------------------------------------------------------------------------


def farkle_start(page: Page, name: str = "Zoe") -> None:
    if page.locator("#fk-start").count() == 0:
        page.locator(".game-card.farkle").click()
    page.locator("#fk-start").wait_for()
    page.locator("#fk-name-0").fill(name)
    if page.locator("#fk-computer").is_checked():
        page.locator("#fk-computer").click()
    page.locator("#fk-start").click()
    expect(page.locator("#fk-roll")).to_be_enabled()


def farkle_roll(page: Page, count: int) -> None:
    page.locator("#fk-roll").click()
    expect(page.locator(".fk-tray button.die")).to_have_count(count)


def farkle_table(page: Page) -> dict[str, Any]:
    """What the player sees of a Farkle turn: dice, selection, groups set aside, totals."""
    tray = page.locator(".fk-tray button.die")
    return {
        "turn": page.locator("#fk-turn").inner_text(),
        "dice": tray.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"),
        "pressed": tray.evaluate_all("els => els.map(e => e.getAttribute('aria-pressed'))"),
        "groups": page.locator(".fk-group").all_inner_texts(),
        "turn_total": page.locator("#fk-turn-total").inner_text(),
        "selection": page.locator("#fk-selection").inner_text(),
        "players": page.locator(".fk-plist").inner_text(),
    }


def test_farkle_resumes_the_identical_turn_after_a_reload_mid_turn(app: App) -> None:
    script = "155234,15526"
    page = app.open(f"?dice={script}")
    farkle_start(page)
    farkle_roll(page, 6)
    for pos in (1, 2):  # 1 and 5 set aside
        page.locator(f"#fk-die-{pos}").click()
        expect(page.locator(f"#fk-die-{pos}")).to_have_attribute("aria-pressed", "true")
    farkle_roll(page, 4)
    expect(page.locator(".fk-group")).to_have_count(1)
    page.locator("#fk-die-1").click()  # a 1 of the new roll, selected
    expect(page.locator("#fk-die-1")).to_have_attribute("aria-pressed", "true")
    before = farkle_table(page)
    assert before["turn_total"] == "150"
    reopen(app, f"?dice={script}")
    expect(page.locator("#resume-farkle")).to_be_visible()
    page.locator("#resume-farkle").click()
    expect(page.locator(".fk-tray button.die")).to_have_count(4)
    assert farkle_table(page) == before
    no_error_box(page)


def test_a_corrupt_farkle_save_gives_a_notice_and_a_fresh_game(app: App) -> None:
    page = app.page
    put(page, FARKLE_KEY, "\u0000not a save")
    app.open("?dice=155234")  # a roll that scores: random dice bust 2.3 % of the time
    page.locator(".game-card.farkle").click()
    expect(page.locator("#screen")).to_contain_text("could not be read")
    assert stored(page, "zaria.badsave.farkle.1")["raw"] == "\u0000not a save"
    farkle_start(page)
    farkle_roll(page, 6)
    assert stored(page, FARKLE_KEY)["format"] == 2
    no_error_box(page)
