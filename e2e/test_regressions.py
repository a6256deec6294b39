"""Corners of the page found by playing it: long names at 320 px, focus after redraws."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, Route, expect

from conftest import App, no_error_box

#: A 24-character name with no place to break a line.
LONG = "W" * 24


def overflow(page: Page) -> int:
    """How many pixels the page is wider than the window (it must not scroll sideways)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def test_long_names_and_many_players_fit_a_320_px_phone(make_app: Callable[..., App]) -> None:
    app = make_app(viewport=(320, 640))
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


def test_the_theme_button_keeps_the_keyboard_focus(app: App) -> None:
    page = app.open()
    theme = page.locator(".theme-btn")
    theme.focus()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    page.keyboard.press("Enter")  # still on the button after its redraw
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator(".theme-btn")).to_be_focused()


def test_a_redraw_while_typing_a_name_keeps_the_caret_and_selection(app: App) -> None:
    # The strategy table arrives while the player types: its redraw must not move the caret.
    held: list[Route] = []
    app.page.route("**/penta_table.bin", lambda route: held.append(route))
    page = app.open()
    page.locator("[data-act=open][data-game=penta]").click()
    name = page.locator("#penta-name-0")
    name.click()
    page.keyboard.type("Kim")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Shift+ArrowLeft")  # "i" selected, backwards
    page.wait_for_function("document.activeElement.selectionStart === 1")
    assert held, "the table request is held"
    name.evaluate("e => { window.oldField = e; }")
    held[0].continue_()
    page.wait_for_function("document.getElementById('penta-name-0') !== window.oldField")
    assert name.evaluate("e => [e.selectionStart, e.selectionEnd, e.selectionDirection]") == [
        1,
        2,
        "backward",
    ]
    page.keyboard.type("a")
    expect(name).to_have_value("Kam")


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
