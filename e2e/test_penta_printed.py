"""The printed rules, Penta's house rule, in the real page: chosen on the form, played on
a phone in Greek through to the joker they force (five 4s with the Penta box at 0 go
only in Fours), and the form and the table at a desktop's size."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import App, fill_seats, no_error_box
from test_penta_ui import played_natively, roll
from zaria.game import Seat
from zaria.i18n import Translator
from zaria.penta.scoring import PRINTED

#: Turn 1 throws no Penta (its box is sacrificed with 0), turn 2 five 4s.
SCRIPT = "?dice=12346,44444"


def open_form(page: Page, lang: str) -> None:
    """Penta's new game form, in ``lang``, with the printed rules chosen."""
    if lang != "en":
        page.select_option("#lang", lang)
    page.locator(".game-card.penta").click()
    page.locator("#penta-start").wait_for()
    expect(page.locator("#penta-rules-penta")).to_be_checked()
    page.locator("#penta-rules-printed").check()
    expect(page.locator("#penta-rules-printed")).to_be_checked()
    fill_seats(page, "penta", ["Άννα"], computer=False)


def test_the_printed_rules_on_a_phone_in_greek_through_to_the_forced_joker(
    phone: Callable[..., App], shots: Path
) -> None:
    tr = Translator("el")
    app = phone(viewport=(390, 844))
    page = app.open(SCRIPT)
    open_form(page, "el")
    group = page.get_by_role("radiogroup", name=tr("penta.rules.joker"))
    expect(group.get_by_role("radio")).to_have_count(2)
    expect(group.get_by_role("radio", name=tr("penta.rules.joker.printed"))).to_be_checked()
    # Nothing of the form runs past a phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator(".penta-rules-choice").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "penta-printed-form-phone.png"))
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_visible()
    expect(page.locator(".penta-rules-tag")).to_have_text(tr("penta.rules.printed"))
    # Turn 1: no Penta; the Penta box is sacrificed with 0.
    roll(page)
    page.locator("#box-penta").click()
    expect(page.locator("#box-penta")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name=tr("penta.validate")).click()
    expect(page.locator("tr.box-row.penta td.cur")).to_have_text("0")
    # Turn 2: five 4s. The printed rules' joker: Fours, its own upper box, and no other.
    roll(page)
    expect(page.locator("#box-fours")).to_be_enabled()
    for box in ("aces", "chance", "large_straight", "full_house"):
        expect(page.locator(f"#box-{box}")).to_be_disabled()
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(shots / "penta-printed-joker-phone.png"))
    # By the keyboard, as by touch: the arrow keys reach only Fours.
    page.locator("#penta-roll").focus()
    page.keyboard.press("ArrowDown")
    expect(page.locator("#box-fours")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("v")
    expect(page.locator("tr.box-row.fours td.cur")).to_have_text("20")
    expect(page.locator("tr.sum.pbonus td.cur")).to_have_text("0")  # no bonus: the box holds 0
    no_error_box(page)


def test_the_form_and_the_table_under_the_printed_rules_on_a_desktop(app: App, shots: Path) -> None:
    app.page.set_viewport_size({"width": 1280, "height": 800})
    page = app.open(SCRIPT)
    open_form(page, "en")
    page.screenshot(path=str(shots / "penta-printed-form-desktop.png"))
    page.locator("#penta-start").click()
    roll(page)
    page.locator("#box-penta").click()
    page.get_by_role("button", name="Validate round").click()
    roll(page)
    expect(page.locator("#box-chance")).to_be_disabled()
    expect(page.locator(".penta-rules-tag")).to_have_text("The printed rules")
    page.screenshot(path=str(shots / "penta-printed-table-desktop.png"))
    no_error_box(page)


def play_printed_challenge(phone: Callable[..., App], shots: Path, kind: str, lang: str) -> Page:
    """A challenge's form (``kind``: duel, daily) on a phone in ``lang``: Penta's rules
    checked, the printed rules chosen and named, nothing wider than the screen; then
    played, the table saying its rules."""
    tr = Translator(lang)
    app = phone(viewport=(390, 844))
    page = app.open(f"#/{kind}/penta")
    page.select_option("#lang", lang)
    group = page.get_by_role("radiogroup", name=tr("challenge.rules_choice"))
    expect(group.get_by_role("radio", name=tr("penta.rules.penta"))).to_be_checked()
    group.get_by_role("radio", name=tr("penta.rules.printed")).check()
    expect(page.locator(".challenge-rules-named")).to_have_text(tr("penta.rules.printed"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(shots / f"penta-printed-{kind}-form-phone.png"))
    page.locator("#penta-play").click()
    expect(page.locator(".penta-rules-tag")).to_have_text(tr("penta.rules.printed"))
    return page


def test_a_duel_started_here_offers_the_printed_rules_in_french(
    phone: Callable[..., App], shots: Path
) -> None:
    page = play_printed_challenge(phone, shots, "duel", "fr")
    no_error_box(page)


def test_todays_dice_under_the_printed_rules_in_turkish(
    phone: Callable[..., App], shots: Path
) -> None:
    page = play_printed_challenge(phone, shots, "daily", "tr")
    roll(page)
    stored = page.evaluate("JSON.parse(localStorage.getItem('zaria.daily'))")
    assert list(stored["days"]) == ["pentaprinted"]
    no_error_box(page)


def test_a_whole_game_of_the_printed_rules_against_the_computer_in_french(
    phone: Callable[..., App], shots: Path
) -> None:
    seed = 4141
    tr = Translator("fr")
    app = phone(viewport=(390, 844))
    page = app.open(f"?seed={seed}")
    page.select_option("#lang", "fr")
    page.locator(".game-card.penta").click()
    page.locator("#penta-rules-printed").check()
    fill_seats(page, "penta", ["Anne"], computer=True)
    page.locator("#penta-pace").select_option("instant")
    page.locator("#penta-start").click()
    expect(page.locator(".penta-rules-tag")).to_have_text(tr("penta.rules.printed"))
    # The same game natively: Anne rolls once and takes the first box offered; the
    # computer plays the printed rules' own table.
    game = played_natively([Seat("Anne"), Seat("Ordinateur", computer=True)], seed, PRINTED)
    for _turn in range(13):
        roll(page)
        page.locator(".box-btn:enabled").first.click()
        page.locator("#penta-validate").click()
    expect(page.locator(".end-title")).to_be_visible(timeout=30_000)
    rows = page.locator(".ranking tbody tr")
    expect(rows).to_have_count(2)
    totals = {
        row.locator("th").inner_text(): row.locator("td.total").inner_text() for row in rows.all()
    }
    assert sorted(totals.values()) == sorted(tr.number(game.totals(i).total) for i in range(2))
    assert any("Anne" in name for name in totals)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(shots / "penta-printed-end-phone-fr.png"), full_page=True)
    no_error_box(page)
