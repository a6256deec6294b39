"""The rules pages in the browser: reached from each game's screen, in Greek and
Turkish without a word of English, readable and keyboard-usable on a 320 px phone."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import App, no_error_box
from zaria.i18n import catalogue

EN = catalogue("en")
PENTA_RULES = "[data-act=rules][data-game=penta]"
FARKLE_RULES = "[data-act=rules][data-game=farkle]"


def english_words(lang: str, text: str) -> list[str]:
    """English catalogue texts shown in ``text`` although ``lang`` says them otherwise
    (texts with a word of four letters or more, without placeholders)."""
    own = catalogue(lang)
    values = set(own.values())
    return [
        value
        for key, value in EN.items()
        if "{" not in value
        and own.get(key) != value
        and value not in values
        and re.search(r"[A-Za-z]{4}", value)
        and re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text)
    ]


def start_penta(page: Page) -> None:
    page.locator(".game-card.penta").click()
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_visible()


def start_farkle(page: Page) -> None:
    page.locator(".game-card.farkle").click()
    box = page.locator("#fk-computer")
    box.wait_for()
    if box.is_checked():
        box.click()  # a human alone: no computer turns to wait for
    page.locator("#fk-start").click()
    expect(page.locator(FARKLE_RULES)).to_be_visible()


def rules_text(page: Page, game: str) -> str:
    expect(page.locator(f"article.rules[data-game={game}]")).to_be_visible()
    return page.locator("#screen").inner_text()


def no_sideways_scroll(page: Page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page scrolls sideways by {wide}px"


def test_greek_and_turkish_rules_from_the_game_screens(app: App, shots: Path) -> None:
    app.page.evaluate("localStorage.setItem('zaria.lang', 'el')")  # read as the app starts
    page = app.open()
    start_penta(page)
    page.locator(PENTA_RULES).click()
    text = rules_text(page, "penta")
    expect(page.locator("h1")).to_have_text("Οι κανόνες του Πέντα")
    assert "«Επικύρωση γύρου»" in text
    assert "Τριάδα, Τετράδα, Φουλ, Μικρή κέντα, Μεγάλη κέντα και Τύχη" in text
    assert english_words("el", text) == []
    expect(page.locator(".rules-table th[scope=row]").first).to_have_text("Άσοι")
    page.screenshot(path=str(shots / "rules-penta-el-desktop.png"), full_page=True)
    no_sideways_scroll(page)

    # The bottom back button returns to the game in progress.
    page.locator("#rules-back-bottom").click()
    expect(page.locator("#penta-roll")).to_be_visible()

    # Turkish, from the same game.
    page.locator("#lang").select_option("tr")
    page.locator(PENTA_RULES).click()
    text = rules_text(page, "penta")
    assert "“Turu onayla”" in text
    assert "Açık hiçbir kutu puan getirmiyor: birini feda etmek gerekiyor" in text
    assert english_words("tr", text) == []

    # Farkle's rules, from a Farkle game.
    page.locator("#rules-back-top").click()
    expect(page.locator("#penta-roll")).to_be_visible()
    page.locator(".brand").click()
    start_farkle(page)
    page.locator(FARKLE_RULES).click()
    text = rules_text(page, "farkle")
    assert "%2,3" in text and "“Sıcak zarlar!”" in text
    assert english_words("tr", text) == []
    page.locator("#lang").select_option("el")
    text = rules_text(page, "farkle")
    assert "2,3\u00a0%" in text and "«Εξαργύρωση»" in text and "«Χαμένος γύρος!»" in text
    assert english_words("el", text) == []
    page.screenshot(path=str(shots / "rules-farkle-el-desktop.png"), full_page=True)
    no_sideways_scroll(page)
    page.locator("#rules-back-top").click()
    expect(page.locator(FARKLE_RULES)).to_be_visible()
    no_error_box(page)


def test_phone_320_reading_and_keyboard(app: App, shots: Path) -> None:
    app.use_locale("fr-FR")
    app.page.set_viewport_size({"width": 320, "height": 640})
    page = app.open()
    start_farkle(page)
    page.locator(FARKLE_RULES).click()
    text = rules_text(page, "farkle")
    for message in ("Tour perdu !", "Dés chauds !", "Dernier tour !", "Humains + 1 IA"):
        assert f"«\u202f{message}\u202f»" in text, message
    assert "2,3\u202f%" in text
    no_sideways_scroll(page)
    for table in page.locator(".rules-table-wrap").all():
        assert table.evaluate("e => e.scrollWidth <= e.clientWidth"), "a table overflows"
    page.screenshot(path=str(shots / "rules-farkle-fr-320.png"), full_page=True)

    # Keyboard: from the page, Tab reaches the back button, Enter goes back.
    page.keyboard.press("Tab")
    expect(page.locator("#rules-back-top")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(FARKLE_RULES)).to_be_visible()

    page.locator("#lang").select_option("en")
    page.locator(".brand").click()
    start_penta(page)
    page.locator(PENTA_RULES).click()
    text = rules_text(page, "penta")
    assert "Validate round" in text
    no_sideways_scroll(page)
    for table in page.locator(".rules-table-wrap").all():
        assert table.evaluate("e => e.scrollWidth <= e.clientWidth"), "a table overflows"
    page.screenshot(path=str(shots / "rules-penta-en-320.png"), full_page=True)
    page.screenshot(path=str(shots / "rules-penta-en-320-top.png"))
    # A contents link jumps to its section; Escape goes back to the game.
    page.locator(".rules-toc a[href='#rules-penta-bonus']").click()
    expect(page.locator("#rules-penta-bonus")).to_be_in_viewport()
    page.keyboard.press("Escape")
    expect(page.locator("#penta-roll")).to_be_visible()
    no_error_box(page)


def test_desktop_english_pages(app: App, shots: Path) -> None:
    page = app.open()
    start_penta(page)
    page.locator(PENTA_RULES).click()
    rules_text(page, "penta")
    page.screenshot(path=str(shots / "rules-penta-en-desktop.png"), full_page=True)
    page.locator("#rules-back-top").click()
    page.locator(".brand").click()
    start_farkle(page)
    page.locator(FARKLE_RULES).click()
    text = rules_text(page, "farkle")
    assert "2.3%" in text and "66.7%" in text
    page.screenshot(path=str(shots / "rules-farkle-en-desktop.png"), full_page=True)
    no_error_box(page)
