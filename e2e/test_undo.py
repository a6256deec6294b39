"""Undo on the page: by touch or mouse and by the U key, once, and never in a strict game."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from conftest import App


def test_a_penta_record_is_undone_by_the_button_then_the_key_refuses_a_second(
    app: App, shots: Path
) -> None:
    page = app.open("?dice=12345,66666")
    page.locator(".game-card.penta").click()
    page.locator("#penta-computer").uncheck()
    page.locator("#penta-start").click()
    page.locator("#penta-roll").click()
    page.locator("#box-chance").click()
    page.locator("#penta-validate").click()
    expect(page.locator("tr.chance td").first).to_have_text("15")
    expect(page.locator("#penta-undo")).to_be_enabled()
    page.screenshot(path=str(shots / "undo-penta-desktop.png"), full_page=True)
    page.locator("#penta-undo").click()
    expect(page.locator("#box-chance")).to_be_enabled()  # Chance is free again
    expect(page.locator("#die-4")).to_have_attribute("data-value", "5")  # the same dice
    expect(page.locator("#live")).to_contain_text("taken back")
    page.keyboard.press("u")
    expect(page.locator(".penta-msg.warn")).to_contain_text("Nothing to undo")
    page.locator("#box-large_straight").click()
    page.keyboard.press("v")
    expect(page.locator("tr.large_straight td").first).to_have_text("40")


def test_a_farkle_bank_is_undone_by_the_key(app: App) -> None:
    page = app.open("?dice=155234")
    page.locator(".game-card.farkle").click()
    page.locator("#fk-computer").uncheck()
    page.locator("#fk-start").click()
    page.keyboard.press("r")
    page.keyboard.press("1")
    page.keyboard.press("b")
    expect(page.locator(".fk-ptotal").first).to_have_text("100")
    page.keyboard.press("u")
    expect(page.locator(".fk-ptotal").first).to_have_text("0")
    expect(page.locator("#fk-die-1")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#fk-bank")).to_be_focused()


def test_a_strict_game_shows_no_undo(app: App) -> None:
    page = app.open("?dice=155234")
    page.locator(".game-card.farkle").click()
    page.locator("#fk-computer").uncheck()
    page.locator("#fk-strict").check()
    page.locator("#fk-start").click()
    expect(page.locator("#fk-roll")).to_be_enabled()
    expect(page.locator("#fk-undo")).to_have_count(0)
