"""Home leads to the rules of each game and to the settings; the settings screen
works by touch and keyboard, in both themes, and the screen keeps no ring around
itself while the computer plays."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import expect

from a11y import audit, small_targets, tab_to
from conftest import App


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_home_opens_each_game_s_rules(app: App, game: str) -> None:
    page = app.open()
    page.locator(f"#home-rules-{game}").click()
    expect(page.locator(f'.rules[data-game="{game}"]')).to_be_visible()


def test_the_settings_screen_sets_the_theme_and_the_pace(app: App, shots: Path) -> None:
    page = app.open()
    page.locator("#home-settings").click()
    expect(page.locator("#settings-title")).to_have_text("Settings")
    assert page.evaluate("location.hash") == "#/settings"
    page.locator("label[for], .fk-seg").filter(has_text="Dark theme").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.screenshot(path=str(shots / "settings-desktop-dark.png"), full_page=True)
    # By keyboard: the pace's segments are radio buttons (arrows move between them).
    tab_to(page, "#set-pace-normal")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#set-pace-fast")).to_be_checked()
    expect(page.locator("#set-pace-fast")).to_be_focused()
    assert audit(page, "settings dark") == []
    page.locator("#set-theme-light").check(force=True)
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert audit(page, "settings light") == []
    # The setting holds in the game: Farkle's pace shows it.
    page.set_viewport_size({"width": 320, "height": 640})
    assert small_targets(page) == []
    page.screenshot(path=str(shots / "settings-phone.png"), full_page=True)


def test_no_ring_around_the_screen_during_the_computers_turn(app: App) -> None:
    page = app.open("?dice=155234,234623")
    page.locator(".game-card.farkle").click()
    page.locator("#fk-start").wait_for()
    page.keyboard.press("Tab")  # the keyboard is in use: focus rings show
    page.locator("#fk-name-0").fill("Ann")
    page.locator("#fk-start").press("Enter")
    page.locator("#fk-roll").press("Enter")  # 1, 5, 5, 2, 3, 4
    page.locator("#fk-die-1").press("Enter")
    page.locator("#fk-bank").press("Enter")  # the computer's turn
    # While no control can be used, the screen itself may hold the focus (the app
    # puts it there during the computer's turn and on a new screen).
    page.evaluate("document.getElementById('screen').focus()")
    assert page.evaluate("document.getElementById('screen').matches(':focus-visible')")
    ring = page.evaluate(
        """() => { const s = getComputedStyle(document.getElementById("screen"));
                   return [s.outlineStyle, s.boxShadow]; }"""
    )
    assert ring == ["none", "none"]


@pytest.mark.parametrize("size", [(320, 640), (844, 390)], ids=["portrait", "landscape"])
def test_a_new_game_opens_at_the_top(app: App, size: tuple[int, int]) -> None:
    page = app.open()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.locator(".game-card.farkle").click()
    start = page.locator("#fk-start")
    start.scroll_into_view_if_needed()  # the long form, scrolled down to its button
    assert page.evaluate("scrollY") > 0
    start.click()
    expect(page.locator("#fk-roll")).to_be_visible()
    page.wait_for_function("scrollY === 0")


VIBRATIONS = """window.__buzz = [];
navigator.vibrate = pattern => { window.__buzz.push(Array.from(pattern)); return true; };"""


def test_a_roll_vibrates_only_while_the_vibration_setting_is_on(
    make_app: Callable[..., App],
) -> None:
    a = make_app()
    a.context.add_init_script(VIBRATIONS)
    page = a.open("?dice=11234,11234")
    page.locator(".game-card.penta").click()
    page.locator("#penta-computer").uncheck()
    page.locator("#penta-start").click()
    page.locator("#penta-roll").click()
    page.wait_for_function("window.__buzz.length === 1")
    assert page.evaluate("window.__buzz") == [[20]]
    page.locator(".brand").click()
    page.locator("#home-settings").click()
    page.locator("#set-haptics-off").check(force=True)
    page.locator(".brand").click()
    page.locator(".game-card.penta").click()
    page.locator("#penta-roll").click()
    expect(page.locator(".roll-pip.used")).to_have_count(2)
    assert page.evaluate("window.__buzz") == [[20]]
