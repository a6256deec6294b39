"""Corners of the page found by playing it: long names at 320 px, focus after redraws."""

from __future__ import annotations

from typing import Literal

import pytest
from playwright.sync_api import Page, expect

from conftest import App, no_error_box

#: A 24-character name with no place to break a line.
LONG = "W" * 24


def overflow(page: Page) -> int:
    """How many pixels the page is wider than the window (it must not scroll sideways)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def test_long_names_and_many_players_fit_a_320_px_phone(app: App) -> None:
    app.page.set_viewport_size({"width": 320, "height": 640})
    page = app.open()
    page.locator("[data-act=open][data-game=penta]").click()
    for i in range(1, 6):
        page.locator("#penta-add").click()
        expect(page.locator(f"#penta-name-{i}")).to_be_visible()
    for i in range(6):
        page.locator(f"#penta-name-{i}").fill(LONG if i != 1 else "Σταυρούλα Χατζηγεωργίου")
    assert overflow(page) == 0  # six rows of the players' fieldset
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_visible()
    assert overflow(page) == 0  # the other players' totals above the sheet
    page.locator(".sheet-toggle").click()
    expect(page.locator(".sheet.show-all")).to_be_attached()
    assert overflow(page) == 0  # seven columns scroll inside the sheet, not the page
    wrap = page.locator(".sheet-wrap")
    assert wrap.evaluate("e => e.scrollWidth > e.clientWidth")
    page.locator(".brand").click()
    page.locator("[data-act=open][data-game=farkle]").click()
    page.locator("#fk-name-0").fill(LONG)
    page.locator("#fk-start").click()
    expect(page.locator("#fk-turn")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    assert overflow(page) == 0  # "Turn of …" with a name that cannot wrap
    no_error_box(page)


def background(page: Page) -> str:
    return str(page.evaluate("getComputedStyle(document.documentElement).backgroundColor"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_press_of_the_theme_button_changes_the_colours_and_keeps_focus(
    app: App, scheme: Literal["light", "dark"]
) -> None:
    app.page.emulate_media(color_scheme=scheme)
    page = app.open()
    other = "dark" if scheme == "light" else "light"
    theme = page.locator(".theme-btn")
    theme.focus()
    system_colour = background(page)
    page.keyboard.press("Enter")  # system → the scheme the system is not showing
    expect(page.locator("html")).to_have_attribute("data-theme", other)
    other_colour = background(page)
    assert other_colour != system_colour
    page.keyboard.press("Enter")  # still on the button after its redraw
    expect(page.locator("html")).to_have_attribute("data-theme", "system")
    assert background(page) == system_colour
    expect(page.locator(".theme-btn")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("data-theme", other)
    assert background(page) == other_colour


def test_a_moment_s_announcements_are_read_together_and_the_settings_stay_open(
    app: App,
) -> None:
    page = app.open("?seed=5")
    page.locator("[data-act=open][data-game=penta]").click()
    page.locator("#penta-name-0").fill("Ann")
    page.locator("#penta-pace").select_option("instant")
    page.locator("#penta-start").click()
    expect(page.locator("#penta-more")).not_to_have_attribute("open", "")
    page.locator("#penta-more-summary").click()
    expect(page.locator("#penta-more")).to_have_attribute("open", "")
    page.locator("#penta-roll").click()
    page.locator("#box-chance").click()
    page.get_by_role("button", name="Validate round").click()
    expect(page.locator(".round")).to_have_text("Round 2 of 13")  # the computer has played
    live = page.locator("#live")
    expect(live).to_contain_text("Ann scores")
    expect(live).to_contain_text("Computer scores")
    expect(page.locator("#penta-more")).to_have_attribute("open", "")
    page.locator("#penta-more-summary").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#penta-more")).not_to_have_attribute("open", "")


def test_back_returns_to_the_previous_screen_and_a_double_tap_rolls_once(app: App) -> None:
    page = app.open("?seed=7")
    page.locator("[data-act=open][data-game=penta]").click()
    page.locator("#penta-computer").uncheck()
    page.locator("#penta-start").click()
    page.locator("#penta-roll").dblclick()  # one press, not two rolls
    expect(page.locator(".rolls-left")).to_contain_text("Rolls left: 2")
    page.locator("#penta-coach").click()  # a ticked box leaves the shortcuts working
    expect(page.locator("#penta-coach")).to_be_focused()
    page.keyboard.press("r")
    expect(page.locator(".rolls-left")).to_contain_text("Rolls left: 1")
    page.locator("#penta-rules").click()
    expect(page.locator("#rules-back-top")).to_be_visible()
    page.go_back()  # from the rules to the game
    expect(page.locator(".rolls-left")).to_contain_text("Rolls left: 1")
    page.go_back()  # from the game to home, the game kept
    expect(page.locator("#resume-penta")).to_be_visible()
    page.go_forward()
    expect(page.locator(".rolls-left")).to_contain_text("Rolls left: 1")
    page.locator(".brand").click()  # home from the app: Back then leaves the page
    expect(page.locator("#resume-penta")).to_be_visible()
    assert page.evaluate("history.state.zaria") == "home"


def test_the_rules_contents_scroll_without_adding_to_the_history(app: App) -> None:
    page = app.open()
    page.locator("[data-act=open][data-game=penta]").click()
    page.locator("#penta-computer").uncheck()
    page.locator("#penta-start").click()
    page.locator("#penta-rules").click()
    link = page.locator(".rules a[href^='#']").last
    target = str(link.get_attribute("href"))
    link.click()
    expect(page.locator(target)).to_be_focused()
    expect(page.locator(target)).to_be_in_viewport()
    assert page.evaluate("location.hash") == "#/rules/penta"  # the screen's own address
    page.go_back()  # straight back to the game
    expect(page.locator("#penta-rules")).to_be_visible()


def test_a_held_enter_is_one_press_and_a_reload_keeps_back_within_the_app(app: App) -> None:
    page = app.open("?seed=8")
    page.locator("[data-act=open][data-game=penta]").click()
    page.locator("#penta-computer").uncheck()
    page.locator("#penta-start").click()
    page.locator("#penta-roll").focus()
    page.keyboard.down("Enter")
    for _ in range(4):  # the key repeats while held
        page.evaluate(
            """document.activeElement.dispatchEvent(new KeyboardEvent("keydown",
            {key: "Enter", repeat: true, bubbles: true, cancelable: true}))"""
        )
    page.keyboard.up("Enter")
    expect(page.locator(".rolls-left")).to_contain_text("Rolls left: 2")
    # A reload shows the game again, on its own entry: Back leads home (nothing
    # doubled), and Forward returns to the game.
    page.reload()
    app.wait_ready()
    assert page.evaluate("history.state && history.state.zaria") == "penta"
    expect(page.locator(".rolls-left")).to_contain_text("Rolls left: 2")
    page.go_back()
    expect(page.locator("#resume-penta")).to_be_visible()
    page.go_forward()
    expect(page.locator(".rolls-left")).to_contain_text("Rolls left: 2")
