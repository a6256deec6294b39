"""Yatzy in the real page: a whole game against the computer on a phone in French, to
its end; its score pad for real dice; its daily dice, played through to the result and
its link."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import App, fill_seats, no_error_box
from zaria.i18n import Translator
from zaria_web import duel

#: The box names a French player says, on the sheet.
FRENCH_BOXES = ("As", "Une paire", "Deux paires", "Brelan", "Carré", "Petite suite", "Full")


def settle(page: Page) -> None:
    page.evaluate("window.zariaPy.settled()")


def roll(page: Page) -> None:
    """Roll, once the turn is the player's (the computer's is over)."""
    button = page.locator("#penta-roll")
    expect(button).to_be_enabled()
    count = page.locator(".roll-pip.used").count()
    button.click()
    expect(page.locator(".roll-pip.used")).to_have_count(count + 1)


def play_turn(page: Page, validate: str, rolled: bool = False) -> None:
    """One roll (unless ``rolled``), then the first box the roll may take, recorded."""
    if not rolled:
        roll(page)
    first = page.locator(".box-btn:enabled").first
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name=validate).click()


def test_a_whole_game_against_the_computer_on_a_phone_in_french(
    phone: Callable[..., App], shots: Path
) -> None:
    tr = Translator("fr")
    app = phone(viewport=(390, 844))
    page = app.open("?seed=63")
    page.select_option("#lang", "fr")
    page.locator(".game-card.yatzy").click()
    fill_seats(page, "penta", ["Anne"], computer=True)
    expect(page.locator("#penta-setup-title")).to_have_text("Nouvelle partie de Yatzy")
    expect(page.locator("#penta-rules-penta")).to_have_count(0)  # no house rules
    page.locator("#penta-pace").select_option("instant")
    page.locator("#penta-start").click()
    expect(page.locator("tr.box-row")).to_have_count(15)
    for name in FRENCH_BOXES:
        expect(page.locator(".sheet th", has_text=name).first).to_be_visible()
    expect(page.locator("tr.sum.pbonus")).to_have_count(0)  # no five-of-a-kind bonus row
    for turn in range(1, 16):
        expect(page.locator(".round")).to_have_text(f"Tour {turn} sur 15")
        if turn == 7:
            # A roll in the middle of the game: every free box says what it would score,
            # and the whole sheet, the dice and the buttons fit the phone's screen.
            roll(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            yatzy_row = page.locator("tr.box-row.yatzy").bounding_box()
            roll_button = page.locator("#penta-roll").bounding_box()
            assert yatzy_row is not None and roll_button is not None
            assert yatzy_row["y"] + yatzy_row["height"] <= roll_button["y"]
            assert roll_button["y"] + roll_button["height"] <= 844
            page.screenshot(path=str(shots / "yatzy-390.png"))
            play_turn(page, tr("penta.validate"), rolled=True)
            continue
        play_turn(page, tr("penta.validate"))
    expect(page.locator(".end-title")).to_be_visible(timeout=30_000)
    rows = page.locator(".ranking tbody tr")
    expect(rows).to_have_count(2)
    sheet = page.locator("#penta-end-sheet")
    expect(sheet.locator("tbody tr.es-box")).to_have_count(15)
    expect(sheet).to_contain_text("Brelan")
    expect(sheet).not_to_contain_text("Penta")
    # The computer filled all its fifteen boxes.
    computer = sheet.locator("tbody tr.es-box td:nth-of-type(2)")
    expect(computer).to_have_count(15)
    page.screenshot(path=str(shots / "yatzy-end-390.png"), full_page=True)
    no_error_box(page)


def test_the_score_pad_keeps_yatzy_s_score_from_real_dice(app: App, shots: Path) -> None:
    page = app.open()
    page.locator("#real-yatzy").click()
    page.locator("#penta-name-0").fill("Ann")
    expect(page.locator("#penta-computer")).to_have_count(0)  # nobody plays for the table
    page.locator("#penta-start").click()
    expect(page.locator("#penta-pad")).to_be_visible()
    for face in "22555":
        page.locator(f"#penta-pad-key-{face}").click()
    page.locator("#penta-roll").click()
    expect(page.locator("#die-4")).to_have_attribute("data-value", "5")
    expect(page.locator("#box-full_house")).to_have_attribute("aria-label", "Full house: 19 points")
    expect(page.locator("#box-two_pairs")).to_have_attribute("aria-label", "Two pairs: 14 points")
    page.locator("#box-full_house").click()
    page.locator("#penta-validate").click()
    expect(page.locator("tr.box-row.full_house td.cur")).to_have_text("19")
    expect(page.locator(".round")).to_have_text("Round 2 of 15")
    for face in "33335":
        page.locator(f"#penta-pad-key-{face}").click()
    page.locator("#penta-roll").click()
    expect(page.locator("#box-two_pairs")).to_have_attribute("aria-label", "Two pairs: 0 points")
    expect(page.locator("#box-four_kind")).to_have_attribute(
        "aria-label", "Four of a kind: 12 points"
    )
    expect(page.locator("#penta-countdown")).to_have_count(0)  # never a countdown here
    page.screenshot(path=str(shots / "yatzy-pad-desktop.png"))
    no_error_box(page)


def test_yatzy_s_daily_dice_to_the_result_and_its_link(app: App) -> None:
    page = app.open("#/daily/yatzy")
    intro = page.locator(".challenge")
    expect(intro.locator("h2")).to_contain_text("Daily dice")
    expect(intro).to_contain_text("15 rounds, alone.")
    page.locator("#penta-name-0").fill("Ann")
    page.locator("#penta-play").click()
    expect(page.locator("tr.box-row")).to_have_count(15)
    for _ in range(15):
        play_turn(page, "Validate round")
        settle(page)
    expect(page.locator(".challenge-result")).to_be_visible()
    expect(page.locator("#penta-grade")).to_contain_text("the optimal player")
    link = page.locator("#penta-link").get_attribute("value") or ""
    carried = duel.decode(link.split("#/duel/")[1])
    assert carried.game == "yatzy" and carried.seed.startswith("daily/yatzy/")
    assert carried.results[0].name == "Ann"
    page.locator("#nav-home, [data-act=home]").first.click()
    expect(page.locator("#daily-yatzy")).to_contain_text("✓")
    no_error_box(page)
