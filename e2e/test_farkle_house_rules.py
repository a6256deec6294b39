"""Farkle's house rules and the Master computer in the page.

A phone game chosen by touch (an opening minimum, the lost-turns penalty, the
additive table) with scripted dice; the dialog's levels on a desktop in the dark
theme, with the time the page takes to get Expert and Master ready. Every new
element is audited with axe, and screenshots go to ``test-output/screens/``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from a11y import audit
from conftest import App, no_error_box

#: 200 then 800 (on the board), then three rolls of six dice that score nothing.
PHONE_SCRIPT = "112346,1555,234662,234662,234662"

#: The rule set whose Expert tables take longest to build (a minimum and a penalty).
HEAVY_RULES = "doubling-open1000-penalty1000"
#: Records when the page first shows "preparing the computer" and when it is ready.
WATCH_PREP = """() => {
  window.fkPrep = {};
  new MutationObserver(() => {
    const now = performance.now(), t = window.fkPrep;
    if (t.shown === undefined && document.getElementById("fk-prep")) {
      t.shown = now;
      // A task after the next frame: it runs before the build only if that frame,
      // showing the notice, was drawn before the build began.
      requestAnimationFrame(() => setTimeout(() => { t.painted = performance.now(); }, 0));
    }
    const s = document.querySelector("section.farkle[data-computer]");
    if (t.shown !== undefined && t.ready === undefined && s?.dataset.computer === "ready")
      t.ready = now;
  }).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def report(found: list[dict[str, object]]) -> str:
    return "\n".join(f"{v['screen']}: {v['id']} ({v['impact']}) {v['nodes']}" for v in found)


def shot(page: Page, shots: Path, name: str) -> None:
    page.screenshot(
        path=str(shots / f"farkle-house-{name}.png"), full_page=True, animations="disabled"
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.viewport_size
    assert viewport is not None and width <= viewport["width"], f"sideways scroll: {width}"


def dice_count(page: Page, n: int) -> None:
    expect(page.locator(".fk-tray button.die")).to_have_count(n)


def tap_again(page: Page, selector: str) -> None:
    """Tap a control just tapped: after the double-tap time, since the page takes a
    quick second tap on the same spot for part of one press (one roll, not two)."""
    page.wait_for_timeout(600)
    page.locator(selector).tap()


def test_house_rules_chosen_by_touch_on_a_phone(phone: Callable[..., App], shots: Path) -> None:
    app = phone(viewport=(390, 844))
    page = app.open("?dice=" + PHONE_SCRIPT)
    page.locator(".game-card.farkle").tap()
    page.locator("#fk-name-0").fill("Mia")
    page.locator("#fk-computer").tap()
    expect(page.locator("#fk-computer")).not_to_be_checked()
    for ident in ("#fk-opening-500", "#fk-penalty-500", "#fk-table-additive"):
        page.locator(ident).tap()
        expect(page.locator(ident)).to_be_checked()
    expect(page.locator("#fk-opening-0")).not_to_be_checked()
    # Master has no table for these rules: not offered, and the dialog says why.
    expect(page.locator("#fk-level-master")).to_have_count(0)
    expect(page.locator("#fk-level-note")).to_contain_text("plays the standard game only")
    found = audit(page, "phone dialog with house rules")
    shot(page, shots, "setup-phone")

    page.locator("#fk-start").tap()
    house = page.locator("#fk-house")
    expect(house).to_contain_text("Additive scoring table")
    expect(house).to_contain_text("First bank of at least 500 points")
    expect(house).to_contain_text("3 lost turns in a row: −500 points")
    marks = page.locator(".fk-farkles")
    expect(marks).to_have_attribute("aria-label", "Lost turns in a row: 0 of 3")

    # The opening minimum: 200 is not enough to bank, and the page says why.
    page.locator("#fk-roll").tap()
    dice_count(page, 6)
    page.locator("#fk-die-1").tap()
    page.locator("#fk-die-2").tap()
    expect(page.locator("#fk-selection")).to_have_text("+200")
    bank = page.locator("#fk-bank")
    expect(bank).to_be_disabled()
    why = page.locator("#fk-bank-why")
    expect(why).to_have_text("Opening: 500 points needed to get on the board")
    expect(why).to_be_in_viewport()  # beside the button, in the bar at thumb reach
    expect(bank).to_have_attribute("aria-describedby", "fk-bank-why")
    found += audit(page, "phone table, bank refused")
    shot(page, shots, "opening-phone")
    page.locator("#fk-roll").tap()
    dice_count(page, 4)
    for pos in range(1, 5):
        page.locator(f"#fk-die-{pos}").tap()
    expect(page.locator("#fk-selection")).to_have_text("+600")
    expect(bank).to_be_enabled()
    expect(why).to_have_count(0)
    bank.tap()
    expect(page.locator(".fk-ptotal")).to_have_text("800")

    # Three lost turns in a row: the marks fill up, then the penalty strikes.
    for count in (1, 2):
        tap_again(page, "#fk-roll")
        expect(marks).to_have_attribute("aria-label", f"Lost turns in a row: {count} of 3")
    expect(page.locator(".fk-farkles .fk-mark.on")).to_have_count(2)
    # What the marks mean is written beside them, for a family that never hovers.
    expect(page.locator("#fk-marks-key")).to_be_visible()
    expect(page.locator("#fk-marks-key")).to_contain_text("3 in a row cost 500 points")
    shot(page, shots, "marks-phone")
    tap_again(page, "#fk-roll")
    penalty = page.locator(".fk-event.penalty")
    expect(penalty).to_contain_text("−500: three lost turns in a row")
    expect(penalty).to_contain_text("Mia loses 500 points; the banked total is now 300.")
    expect(page.locator(".fk-ptotal")).to_have_text("300")
    expect(marks).to_have_attribute("aria-label", "Lost turns in a row: 0 of 3")
    found += audit(page, "phone table, penalty")
    shot(page, shots, "penalty-phone")

    # The scoring card shows the additive table's values.
    page.locator("#fk-card-summary").tap()
    card = page.locator("#fk-card")
    expect(card).to_have_attribute("open", "")
    expect(page.locator("#fk-card-table")).to_have_text("Additive scoring table")
    rows = card.locator(".fk-ctable").first.locator("tbody tr")
    four = rows.filter(has=page.get_by_role("rowheader", name="Four of a kind", exact=True))
    four = four.locator("td")
    expect(four).to_have_text(
        "2 × three of a kind (1s … 6s: "
        + "\u00a0/ ".join(("2,000", "400", "600", "800", "1,000", "1,200"))
        + ")"
    )
    expect(rows.filter(has_text="Three pairs").locator("td")).to_have_text("750")
    expect(rows.filter(has_text="Straight").locator("td")).to_have_text("1,500")
    expect(rows.filter(has_text="Two triplets").locator("td")).to_have_text("2,500")
    expect(card).to_contain_text("four 1s are worth 2,000 and six 2s 800")
    found += audit(page, "phone scoring card, additive")
    shot(page, shots, "card-phone")
    assert not found, report(found)
    no_error_box(page)


def test_levels_follow_the_rules_and_the_computer_gets_ready_in_the_dark(
    make_app: Callable[..., App], shots: Path
) -> None:
    app = make_app(color_scheme="dark")
    page = app.open("?seed=5")
    page.locator(".game-card.farkle").click()
    page.locator("#fk-name-0").fill("Kim")
    # Master is offered for the rules page's game...
    expect(page.locator("#fk-level-master")).to_be_enabled()
    expect(page.locator("#fk-level-note")).to_have_count(0)
    page.locator("#fk-level-master").check()
    # ...and gives way to Expert, saying so, under the additive table.
    page.locator("#fk-table-additive").check()
    expect(page.locator("#fk-level-master")).to_have_count(0)
    expect(page.locator("#fk-level-expert")).to_be_checked()
    expect(page.locator("#fk-level-note")).to_have_text(
        "“Master” plays the standard game only: the computer will play at “Expert”."
    )
    page.locator("#fk-table-doubling").check()
    page.locator("#fk-opening-1000").check()
    page.locator("#fk-penalty-1000").check()
    expect(page.locator("#fk-level-note")).to_contain_text("the standard scoring table")
    found = audit(page, "dark dialog, Master not offered")
    shot(page, shots, "setup-desktop-dark")

    # Expert under a minimum and a penalty: its tables are built in the page, the
    # table saying meanwhile that the computer is being prepared.
    page.evaluate(WATCH_PREP)
    page.locator("#fk-start").click()
    expect(page.locator("section.farkle[data-computer=ready]")).to_be_attached(timeout=60_000)
    expert = page.evaluate("window.fkPrep")
    assert expert["shown"] < expert["painted"] < expert["ready"], expert
    expect(page.locator("#fk-prep")).to_have_count(0)
    expect(page.locator("#fk-house")).to_contain_text("Doubling scoring table")
    expect(page.locator(".fk-farkles")).to_have_count(2)
    page.locator("#fk-roll").click()
    page.locator("#fk-card-summary").click()
    expect(page.locator("#fk-card-table")).to_have_text("Doubling scoring table")
    found += audit(page, "dark table, house rules")
    shot(page, shots, "table-desktop-dark")

    # Master for the rules page's game: its table is downloaded when first needed.
    page.locator("#fk-new").click()
    page.locator("#fk-confirm").click()
    for ident in ("#fk-opening-0", "#fk-penalty-0", "#fk-table-standard"):
        page.locator(ident).check()
    page.locator("#fk-level-master").check()
    page.evaluate(WATCH_PREP)
    page.locator("#fk-start").click()
    expect(page.locator("section.farkle[data-computer=ready]")).to_be_attached(timeout=60_000)
    master = page.evaluate("window.fkPrep")
    expect(page.locator("#fk-house")).to_have_count(0)
    expect(page.locator(".fk-tag-ai")).to_have_text("Master level")
    found += audit(page, "dark table, Master")
    print(
        "\nin-page preparation (ms): Expert "
        f"{HEAVY_RULES}: {expert['ready'] - expert['shown']:.0f}; "
        f"Master table: {master.get('ready', 0) - master.get('shown', 0):.0f}"
    )
    page.locator("#fk-roll").click()
    expect(page.locator(".fk-tray button.die")).to_have_count(6)
    assert not found, report(found)
    no_error_box(page)


def test_a_desktop_game_under_house_rules_and_the_rules_page(app: App, shots: Path) -> None:
    page = app.open("?dice=155234,155234")
    page.locator(".game-card.farkle").click()
    page.locator("#fk-name-0").fill("Ann")
    page.locator("#fk-add").click()
    page.locator("#fk-name-1").fill("Bo")
    page.locator("#fk-computer").click()
    page.locator("#fk-opening-350").check()
    page.locator("#fk-penalty-1000").check()
    page.locator("#fk-table-additive").check()
    found = audit(page, "desktop dialog")
    shot(page, shots, "setup-desktop")
    page.locator("#fk-start").click()
    page.locator("#fk-roll").click()
    page.locator("#fk-die-1").click()
    expect(page.locator("#fk-bank-why")).to_have_text(
        "Opening: 350 points needed to get on the board"
    )
    page.keyboard.press("b")  # refused, with the reason
    expect(page.locator("#fk-note")).to_have_text(
        "Not yet: a first bank needs at least 350 points; this turn has 100."
    )
    page.locator("#fk-card-summary").click()
    found += audit(page, "desktop table, bank refused")
    shot(page, shots, "table-desktop")

    page.locator("#fk-rules").click()
    section = page.locator("section[aria-labelledby=rules-farkle-house]")
    expect(section.get_by_role("heading", name="House rules")).to_be_visible()
    additive = section.locator("table.farkle-additive")
    expect(additive.locator("caption")).to_have_text("Additive scoring table")
    expect(additive.locator("tr", has_text="Three pairs").locator("td")).to_have_text("750")
    doubling = section.locator("table.farkle-doubling")
    expect(doubling.locator("tr", has_text="Six of a kind").locator("td")).to_contain_text(
        "8 × three of a kind"
    )
    expect(section).to_contain_text(
        "Opening minimum (None, 350 points, 500 points or 1,000 points)"
    )
    found += audit(page, "rules page, house rules")
    section.scroll_into_view_if_needed()
    shot(page, shots, "rules-desktop")
    assert not found, report(found)
    no_error_box(page)
