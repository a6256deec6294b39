"""Penta for everyone: keyboard only, and an axe audit of each screen in both themes."""

from __future__ import annotations

from typing import Literal

import pytest
from playwright.sync_api import expect

from a11y import audit, small_targets, tab_to
from conftest import App


def test_a_whole_penta_turn_with_the_keyboard_only(app: App) -> None:
    page = app.open("?dice=61616,222")
    tab_to(page, ".game-card.penta")
    page.keyboard.press("Enter")
    tab_to(page, "#penta-name-0")
    page.keyboard.type("Kim")
    tab_to(page, "#penta-computer")
    page.keyboard.press("Space")  # no computer
    expect(page.locator("#penta-computer")).not_to_be_checked()
    tab_to(page, "#penta-start")
    page.keyboard.press("Enter")
    expect(page.locator(".turn-name")).to_have_text("Kim")
    page.keyboard.press("r")
    expect(page.locator("#die-0")).to_have_attribute("data-value", "6")
    for key in ("1", "3", "5"):  # hold the three sixes by their numbers
        page.keyboard.press(key)
    expect(page.locator("#die-4")).to_have_attribute("aria-pressed", "true")
    tab_to(page, "#die-1")
    page.keyboard.press("Space")  # and a one, by focus and Space, then release it
    expect(page.locator("#die-1")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Space")
    expect(page.locator("#die-1")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("r")
    expect(page.locator("#die-1")).to_have_attribute("data-value", "2")
    tab_to(page, "#box-three_kind")
    page.keyboard.press("Enter")
    expect(page.locator("#box-three_kind")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("v")
    expect(page.locator("tr.three_kind td").first).to_have_text("22")
    expect(page.locator(".round")).to_have_text("Round 2 of 13")
    # Focus is visible: the focused control draws an outline.
    tab_to(page, "#penta-roll")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", ""), outline


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_penta_screens_have_no_serious_accessibility_violations(
    app: App, scheme: Literal["light", "dark"]
) -> None:
    app.page.emulate_media(color_scheme=scheme)
    page = app.open("?dice=11111,11111,11111")
    found = audit(page, "home")
    page.locator(".game-card.penta").click()
    page.locator("#penta-start").wait_for()
    found += audit(page, "penta setup")
    page.locator("#penta-computer").click()
    page.locator("#penta-start").click()
    page.locator("#penta-roll").click()
    page.locator("#die-0").click()
    page.locator("#penta-coach").click()
    expect(page.locator(".coach-box")).to_be_visible()
    found += audit(page, "penta mid-turn with coach")
    assert not small_targets(page), small_targets(page)
    page.locator("#box-penta").click()
    page.get_by_role("button", name="Validate round").click()
    found += audit(page, "penta after a record")
    assert not found, "\n".join(f"{v['screen']}: {v['id']} {v['nodes']}" for v in found)
