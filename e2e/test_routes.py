"""Every screen has an address: a reload returns to the screen shown, Back and
Forward follow it, and a link to an address opens that screen."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from conftest import App


def fragment(page: Page) -> str:
    return str(page.evaluate("location.hash"))


def test_each_screen_has_its_address_and_back_forward_follow_it(app: App) -> None:
    page = app.open("?dice=11111")
    assert fragment(page) == ""
    page.locator(".game-card.penta").click()
    page.locator("#penta-start").wait_for()
    assert fragment(page) == "#/penta"
    page.locator("#penta-start").click()
    page.locator("#penta-roll").click()
    page.go_back()
    expect(page.locator(".game-card.farkle")).to_be_visible()
    assert fragment(page) == ""
    page.go_forward()
    expect(page.locator("#penta-roll")).to_be_visible()
    assert fragment(page) == "#/penta"
    page.get_by_role("button", name="Rules").first.click()
    expect(page.locator(".rules")).to_be_visible()
    assert fragment(page) == "#/rules/penta"


def test_a_reload_returns_to_the_game_shown_with_its_dice(app: App) -> None:
    page = app.open("?dice=23456")
    page.locator(".game-card.penta").click()
    page.locator("#penta-start").click()
    page.locator("#penta-roll").click()
    expect(page.locator("#die-4")).to_have_attribute("data-value", "6")
    page.reload()
    app.wait_ready()
    # The game itself, not home with a Resume button.
    assert fragment(page) == "#/penta"
    expect(page.locator("#die-4")).to_have_attribute("data-value", "6")
    expect(page.locator(".roll-pip.used")).to_have_count(1)
    # Back from the reloaded game still leads home (one entry below it).
    page.go_back()
    expect(page.locator(".game-card.penta")).to_be_visible()


@pytest.mark.parametrize(
    ("address", "shown"),
    [
        ("#/stats", lambda p: p.locator(".stats")),
        ("#/rules/farkle", lambda p: p.locator(".rules")),
        ("#/penta-pad", lambda p: p.locator("#penta-start")),
    ],
)
def test_an_address_opens_that_screen_over_home(
    app: App, address: str, shown: Callable[[Page], Locator]
) -> None:
    page = app.open(address)
    expect(shown(page)).to_be_visible()
    # The rules opened by a link lead back home, and their address says so.
    assert fragment(page) == address + ("/home" if address.startswith("#/rules") else "")
    page.go_back()  # the screen sits over home, as if opened from it
    expect(page.locator(".game-card.penta")).to_be_visible()
    assert fragment(page) == ""


def test_a_shared_link_opens_its_screen_on_a_first_visit(make_app: Callable[..., App]) -> None:
    a = make_app()
    page = a.open("#/farkle")
    expect(page.locator("#fk-start")).to_be_visible()
    page.go_back()
    expect(page.locator(".game-card.farkle")).to_be_visible()


def test_an_address_of_no_screen_opens_home(app: App) -> None:
    page = app.open("#/nowhere")
    expect(page.locator(".game-card.penta")).to_be_visible()
    # Typed in the address bar of a page already open: that screen; Home then
    # steps back to the home entry below it, and Back from home leaves nothing doubled.
    page.evaluate("location.hash = '#/rules/penta'")
    expect(page.locator(".rules")).to_be_visible()
    expect(page.locator(".rules h1, .rules h2").first).to_contain_text(re.compile("Penta"))
    page.locator(".brand").click()
    expect(page.locator(".game-card.penta")).to_be_visible()
    assert page.evaluate("history.state && history.state.zaria") == "home"
    # A fragment that is no address of the app changes nothing.
    page.locator(".game-card.farkle").click()
    page.evaluate("location.hash = '#top'")
    expect(page.locator("#fk-start")).to_be_visible()
