"""The score pad: both games played with real dice, by touch on a phone and by keyboard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Page, expect

from a11y import audit, small_targets, tab_to
from conftest import App


def shot(page: Page, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"pad-{name}.png"), full_page=True)


def tap_faces(page: Page, prefix: str, faces: str, touch: bool = False) -> None:
    for f in faces:
        key = page.locator(f"#{prefix}-pad-key-{f}")
        key.tap() if touch else key.click()


def test_a_penta_turn_entered_by_touch_on_a_phone(phone: Callable[..., App], shots: Path) -> None:
    app = phone(viewport=(390, 844))
    page = app.open()
    page.locator("#real-penta").tap()
    page.locator("#penta-name-0").fill("Ann")
    expect(page.locator("#penta-computer")).to_have_count(0)  # nobody plays for the table
    shot(page, shots, "penta-setup-phone")
    page.locator("#penta-start").tap()
    expect(page.locator("#penta-pad")).to_be_visible()
    assert not small_targets(page), small_targets(page)
    tap_faces(page, "penta", "44426", touch=True)
    page.locator("#die-4").tap()  # a wrong tap, taken back (the tray shows the throw)
    tap_faces(page, "penta", "4", touch=True)
    shot(page, shots, "penta-entered-phone")
    page.locator("#penta-roll").tap()
    expect(page.locator("#die-4")).to_have_attribute("data-value", "4")
    for i in (0, 1, 2, 4):
        page.locator(f"#die-{i}").tap()  # hold the four 4s, throw the 2 again
    expect(page.locator("#penta-pad-title")).to_have_text("Enter the throw: 1 die")
    tap_faces(page, "penta", "4", touch=True)
    page.locator("#penta-roll").tap()
    expect(page.locator("#die-3")).to_have_attribute("data-value", "4")
    page.locator("#box-penta").tap()
    page.locator("#penta-validate").tap()
    expect(page.locator("tr.penta td").first).to_have_text("50")
    expect(page.locator(".round")).to_have_text("Round 2 of 13")
    expect(page.locator("#penta-countdown")).to_have_count(0)  # never a countdown here
    shot(page, shots, "penta-after-phone")


def test_a_farkle_turn_entered_by_keyboard_on_a_desktop(app: App, shots: Path) -> None:
    app.page.set_viewport_size({"width": 1280, "height": 800})
    page = app.open()
    page.locator("#real-farkle").click()
    page.locator("#fk-name-0").fill("Bo")
    page.locator("#fk-start").click()
    expect(page.locator("#fk-pad")).to_be_visible()
    for key in "155234":
        page.keyboard.press(key)
    expect(page.locator("#fk-pad-status")).to_have_text("The throw is entered: play it.")
    page.keyboard.press("r")
    expect(page.locator("#fk-die-1")).to_be_enabled()
    page.locator("#fk-coach").check()
    expect(page.locator("#fk-coach-text")).to_contain_text("Coach: set aside")
    shot(page, shots, "farkle-throw-desktop")
    page.locator("#fk-die-1").click()  # set aside the 1
    page.keyboard.press("b")
    expect(page.locator(".fk-events")).to_contain_text("Bo banks 100")
    page.keyboard.press("2")
    page.keyboard.press("Backspace")  # the wrong key, taken back
    expect(page.locator("button.pad-die")).to_have_count(0)
    expect(page.locator("#fk-pad-status")).to_have_text("Dice still to enter: 6")


def test_a_reload_keeps_the_pad_game_and_its_entry(app: App) -> None:
    page = app.open()
    page.locator("#real-farkle").click()
    page.locator("#fk-start").click()
    tap_faces(page, "fk", "15")
    page.reload()
    app.wait_ready()  # back on the pad, at its address
    assert page.evaluate("location.hash") == "#/farkle-pad"
    expect(page.locator("#fk-pad-die-2")).to_have_attribute(
        "aria-label", "Die 2: 5. Tap to take it back"
    )
    page.go_back()
    expect(page.locator("#real-farkle")).to_contain_text("Resume with real dice")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pads_have_no_serious_accessibility_violations(
    app: App, scheme: Literal["light", "dark"]
) -> None:
    app.page.emulate_media(color_scheme=scheme)
    page = app.open()
    found = audit(page, "home with the pads")
    for game, prefix in (("penta", "penta"), ("farkle", "fk")):
        page.locator(f"#real-{game}").click()
        page.locator(f"#{prefix}-start").click()
        tap_faces(page, prefix, "12")
        found += audit(page, f"{game} pad")
        page.locator(".brand").first.click()
    assert not found, "\n".join(f"{v['screen']}: {v['id']} {v['nodes']}" for v in found)


@pytest.mark.parametrize("lang", ["fr", "el", "tr"])
def test_the_pads_speak_the_language(app: App, lang: str) -> None:
    page = app.open()
    page.select_option("#lang", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    english = ("real dice", "Enter the throw", "Play the throw", "Dice still to enter", "Keyboard")
    for game, prefix in (("penta", "penta"), ("farkle", "fk")):
        page.locator(f"#real-{game}").click()
        page.locator(f"#{prefix}-start").click()
        tap_faces(page, prefix, "3")
        text = page.locator("main").inner_text()
        assert not [w for w in english if w in text], (lang, game)
        page.locator(".brand").first.click()


def test_a_penta_turn_entered_by_keyboard_on_a_desktop(app: App) -> None:
    app.page.set_viewport_size({"width": 1280, "height": 800})
    page = app.open()
    tab_to(page, "#real-penta")
    page.keyboard.press("Enter")
    tab_to(page, "#penta-start")
    page.keyboard.press("Enter")
    expect(page.locator("#penta-pad")).to_be_visible()
    for key in "66612":
        page.keyboard.press(key)
    page.keyboard.press("r")
    expect(page.locator("#die-4")).to_have_attribute("data-value", "2")
    tab_to(page, "#box-sixes")
    page.keyboard.press("Enter")
    page.keyboard.press("v")
    expect(page.locator("tr.sixes td").first).to_have_text("18")
    expect(page.locator(".round")).to_have_text("Round 2 of 13")


def test_a_farkle_turn_entered_by_touch_on_a_phone(phone: Callable[..., App]) -> None:
    app = phone(viewport=(390, 844))
    page = app.open()
    page.locator("#real-farkle").tap()
    page.locator("#fk-start").tap()
    assert not small_targets(page), small_targets(page)
    tap_faces(page, "fk", "111345", touch=True)
    page.locator("#fk-roll").tap()
    for pos in (1, 2, 3):
        page.locator(f"#fk-die-{pos}").tap()
    expect(page.locator("#fk-selection")).to_have_text("+1,000")
    page.locator("#fk-bank").tap()
    expect(page.locator(".fk-events")).to_contain_text("banks 1,000")
    expect(page.locator("#fk-pad")).to_be_visible()  # the next player's throw
