"""What a play-test found players feel: the keypads at 320 px, Farkle on a phone held
sideways, the auto-record countdown and a keyboard player."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import App

PREFIX = {"penta": "penta", "farkle": "fk"}


def sideways(page: Page) -> int:
    """How far the page scrolls sideways (0: not at all)."""
    return int(page.evaluate("document.documentElement.scrollWidth - innerWidth"))


def start_pad(app: App, game: str) -> Page:
    page = app.open(f"#/{game}-pad")
    prefix = PREFIX[game]
    page.locator(f"#{prefix}-name-0").fill("Ann")
    page.locator(f"#{prefix}-start").click()
    expect(page.locator(f"#{prefix}-pad-key-6")).to_be_visible()
    return page


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_the_keypads_keep_their_six_keys_on_the_narrowest_phones(
    app: App, game: str, shots: Path
) -> None:
    prefix = PREFIX[game]
    sizes = [(320, "en"), (320, "fr"), (320, "el"), (320, "tr"), (360, "el"), (390, "tr")]
    for width, lang in sizes:
        app.page.set_viewport_size({"width": width, "height": 740})
        app.reset()  # a new game each time (the last one's save is gone)
        app.page.evaluate("lang => localStorage.setItem('zaria.lang', lang)", lang)
        page = start_pad(app, game)
        assert sideways(page) == 0, (width, lang)
        keys = [page.locator(f"#{prefix}-pad-key-{n}").bounding_box() for n in range(1, 7)]
        assert all(k is not None for k in keys)
        assert all(k["x"] >= 0 and k["x"] + k["width"] <= width for k in keys if k), (width, lang)
        assert min(k["width"] for k in keys if k) >= 44, (width, lang)  # a finger's target
        assert len({round(k["y"]) for k in keys if k}) == 1  # one row
        if width == 320 and lang == "el":
            page.screenshot(path=str(shots / f"pad-{game}-320-el.png"), full_page=True)


def test_farkle_on_a_phone_held_sideways_shows_the_table_beside_the_players(
    app: App, shots: Path
) -> None:
    app.page.set_viewport_size({"width": 844, "height": 390})
    page = app.open("?dice=155234,22334")
    page.locator(".game-card.farkle").click()
    page.locator("#fk-name-0").fill("Ann")
    if page.locator("#fk-computer").is_checked():
        page.locator("#fk-computer").click()
    page.locator("#fk-start").click()
    page.locator("#fk-roll").click()
    page.locator("#fk-die-1").click()
    page.locator("#fk-roll").click()  # 2, 2, 3, 3, 4: the turn is lost
    expect(page.locator(".fk-event.lost")).to_be_visible()
    page.screenshot(path=str(shots / "farkle-sideways-lost.png"))
    assert sideways(page) == 0
    table, players = (
        page.locator(".fk-table").bounding_box(),
        page.locator(".fk-players").bounding_box(),
    )
    assert table and players and table["x"] + table["width"] <= players["x"]  # side by side
    # The dice, Roll and Bank, the turn's total and the lost turn, all on the first screen.
    for selector in (".fk-tray", "#fk-roll", "#fk-bank", "#fk-turn-total", ".fk-event.lost"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 390, selector


def test_moving_through_the_sheet_by_keyboard_stops_the_countdown(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    page = app.page
    page.clock.install()  # the countdown moves on only when the test says
    app.open("?dice=11111,11111,44421")
    page.locator(".game-card.penta").click()
    page.locator("#penta-name-0").fill("Ann")
    if page.locator("#penta-computer").is_checked():
        page.locator("#penta-computer").click()
    page.locator("#penta-start").click()
    page.keyboard.press("r")
    page.keyboard.press("r")
    # Time stops where it is: the countdown's seconds pass only when the test says,
    # however slow the machine (an installed clock otherwise goes on with real time).
    page.clock.pause_at(page.evaluate("Date.now()"))
    page.keyboard.press("r")
    countdown = page.locator("#penta-countdown")
    expect(countdown).to_contain_text("in 3 s in Fours")
    expect(page.locator("#penta-roll")).to_be_focused()  # Roll, shut, keeps the focus
    page.clock.run_for(1000)
    expect(countdown).to_contain_text("in 2 s")
    page.keyboard.press("s")  # into the sheet, on the countdown's box
    expect(page.locator("#box-fours")).to_be_focused()
    expect(countdown).to_have_count(0)
    page.clock.run_for(100)  # what is said is gathered a moment first
    expect(page.locator("#live")).to_contain_text("Automatic recording stopped")
    page.keyboard.press("ArrowUp")  # the player moves on through the boxes
    expect(page.locator("#box-threes")).to_be_focused()
    page.clock.run_for(10_000)
    expect(page.locator(".round")).to_have_text("Round 1 of 13")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # Fours
    page.keyboard.press("v")
    expect(page.locator("tr.fours td").first).to_have_text("12")
