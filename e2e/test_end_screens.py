"""Both games' end screens, Penta's review and coach, and their words, in the page.

Dice come from ``?dice=`` scripts; Farkle's computer plays at the instant pace.
Screenshots of the end screens at 390×844 and 1280×800, light and dark, go to
``test-output/screens/end-*.png``.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from a11y import audit
from conftest import App, no_error_box
from test_penta_ui import roll

SOLITAIRE = "11111,22222,33344,44412,55513,66612,11234,12345,12346,22333,55552,66645,66655"
SOLITAIRE_BOXES = (
    "penta", "twos", "threes", "fours", "fives", "sixes", "aces",
    "large_straight", "small_straight", "full_house", "four_kind", "three_kind", "chance",
)  # fmt: skip
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


def start_penta(page: Page, name: str = "", coach: bool = False) -> None:
    page.locator(".game-card.penta").click()
    page.locator("#penta-start").wait_for()
    page.locator("#penta-name-0").fill(name)
    if page.locator("#penta-computer").is_checked():
        page.locator("#penta-computer").click()
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_visible()
    if coach:
        page.locator("#penta-coach").click()


def record(page: Page, box: str) -> None:
    page.locator(f"#box-{box}").click()
    expect(page.locator(f"#box-{box}")).to_have_attribute("aria-pressed", "true")
    page.locator("#penta-validate").click()
    expect(page.locator(f"#box-{box}")).to_have_count(0)


def top(page: Page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["y"]


def dark(page: Page) -> None:
    """Switch the page to the dark scheme and wait until its colours have settled."""
    page.emulate_media(color_scheme="dark")
    # An animation cut short (a celebration ended, a redraw) rejects its promise: done too.
    page.evaluate("Promise.all(document.getAnimations().map(a => a.finished.catch(() => 0)))")


def check_end_screen(app: App, shots: Path, order: list[str], label: str, name: str) -> None:
    """What both end screens keep: the parts in ``order`` from the top down, no serious
    accessibility violation in either theme, screenshots and no error box."""
    page = app.page
    ys = [top(page, s) for s in order]
    assert ys == sorted(ys), ys
    # Play again is on a phone's first screen, not after the whole review.
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("window.scrollTo(0, 0)")
    again = page.locator("[data-act=again]").bounding_box()
    assert again is not None and again["y"] + again["height"] <= 844, again
    page.set_viewport_size({"width": 1280, "height": 800})
    found = audit(page, f"{label}, light")
    dark(page)
    found += audit(page, f"{label}, dark")
    assert not found, "\n".join(f"{v['screen']}: {v['id']} {v['nodes']}" for v in found)
    shots_of(app, shots, name)
    no_error_box(page)


def shots_of(app: App, shots: Path, name: str) -> None:
    """Screenshots of the screen as it is, at each size and in both themes, with no
    sideways scroll."""
    page = app.page
    for label, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(
                path=str(shots / f"end-{name}-{label}-{scheme}.png"),
                full_page=True,
                animations="disabled",
            )
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= w, f"sideways scroll at {w}: {width}"
    page.emulate_media(color_scheme="light")


def test_a_solo_penta_game_ends_on_its_score_sheet_and_review(app: App, shots: Path) -> None:
    page = app.open(f"?dice={SOLITAIRE}")
    start_penta(page)
    for box in SOLITAIRE_BOXES:
        roll(page)
        record(page, box)
    expect(page.locator("#penta-end-title")).to_have_text("Your score: 423")
    expect(page.locator("#penta-end-title")).to_be_focused()
    expect(page.locator(".ranking")).to_have_count(0)  # alone: no ranking, the score
    expect(page.locator("#penta-end-sheet tbody tr")).to_have_count(18)  # 13 boxes + 5 sums
    expect(page.locator("#penta-end-sheet tr.es-total td")).to_have_text(["423"])
    # One order on both end screens: title, ranking (none alone), buttons, sheets, review.
    order = ["#penta-end-title", "#penta-again", "#penta-end-sheet"]
    check_end_screen(app, shots, [*order, "#penta-review-title"], "penta end", "penta-solo")


def test_the_review_lists_the_costliest_choices_first_with_their_dice(
    app: App, shots: Path
) -> None:
    # Turn 1: a Penta rolled twice again, then 4,4,4,2,1 recorded in Chance.
    page = app.open("?dice=11111,11111,44421," + SOLITAIRE.split(",", 1)[1])
    start_penta(page, "Zoé")
    for _ in range(3):
        roll(page)
    record(page, "chance")
    for box in [b for b in SOLITAIRE_BOXES[1:] if b != "chance"] + ["penta"]:
        roll(page)
        record(page, box)
    expect(page.locator("#penta-end-title")).to_contain_text("Zoé, your score:")
    review = page.locator(".review").first
    expect(review.locator(".review-verdict")).to_be_visible()
    items = review.locator(".rv-item")
    expect(items.first).to_be_visible()  # shown at once, not folded away
    costs = [float(re.sub(r"[^\d.]", "", t)) for t in review.locator(".rv-cost").all_inner_texts()]
    assert len(costs) >= 3 and costs == sorted(costs, reverse=True), costs
    for i in range(items.count()):
        dice = items.nth(i).locator(".rv-roll")
        expect(dice.locator("svg.face")).to_have_count(5)
        expect(dice).to_have_attribute("aria-label", re.compile(r"^Dice \d, \d, \d, \d, \d$"))
    texts = review.locator(".rv-text").all_inner_texts()
    assert "You rerolled all five dice; recording the roll in Penta was better." in texts
    assert "You recorded the roll in Chance; Fours was better." in texts
    assert not any("—" in t or "instead of" in t for t in texts)
    expect(review.locator(".review-total")).to_contain_text(f"{len(costs)} choices cost")
    shots_of(app, shots, "penta-review")
    no_error_box(page)


def test_the_coach_marks_the_dice_to_keep(app: App, shots: Path) -> None:
    page = app.open("?dice=44256")
    start_penta(page, "Ann", coach=True)
    roll(page)
    coach = page.locator(".coach-box")
    expect(coach).to_contain_text("Best: keep 4 4 and roll again")
    expect(coach).to_contain_text("expected final score with optimal play from here")
    expect(coach).not_to_contain_text("With the dice you hold now")
    for i in range(5):
        die = page.locator(f"#die-{i}")
        if i < 2:
            expect(die).to_have_class(re.compile(r"\bsuggested\b"))
            expect(die.locator(".coach-mark")).to_be_visible()
            expect(die).to_have_attribute("aria-label", re.compile(r"\(coach: keep it\)$"))
        else:
            expect(die).not_to_have_class(re.compile(r"\bsuggested\b"))
            expect(die.locator(".coach-mark")).to_have_count(0)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / "end-coach-marks-phone.png"), animations="disabled")
    page.locator("#die-0").click()  # hold one of the 4s
    expect(coach).to_contain_text("With the dice you hold now")
    expect(page.locator("#die-0 .coach-mark")).to_be_visible()
    found = audit(page, "coach with marks")
    assert not found, found
    no_error_box(page)


def test_farkle_ends_on_the_final_round(app: App, shots: Path) -> None:
    # Alice passes 5,000; in the last round the computer's roll scores nothing.
    page = app.open("?dice=111111,111111,234662")
    page.locator(".game-card.farkle").click()
    page.locator("#fk-start").wait_for()
    page.locator("#fk-name-0").fill("Alice")
    if not page.locator("#fk-computer").is_checked():
        page.locator("#fk-computer").click()
    page.get_by_role("radio", name="5,000", exact=True).check()
    page.locator("#fk-pace").select_option("instant")
    page.locator("#fk-start").click()
    for _ in range(2):
        page.locator("#fk-roll").click()
        expect(page.locator(".fk-tray button.die")).to_have_count(6)
        for pos in range(1, 7):
            page.locator(f"#fk-die-{pos}").click()
    page.locator("#fk-bank").click()
    expect(page.locator("#fk-over-title")).to_have_text("Alice wins!")
    turns = page.locator("#fk-final li")
    expect(turns).to_have_text(
        [
            "Alice reached 6,000 and started the last round.",
            "Computer scored nothing: total 0. Alice stays ahead.",
        ]
    )
    expect(page.locator(".fk-over .fk-event")).to_have_count(0)  # no lost-turn banner
    order = ["#fk-over-title", ".fk-ranking", "#fk-again", "#fk-final"]
    check_end_screen(app, shots, order, "farkle end", "farkle")


def test_the_words_in_french_and_greek(app: App, shots: Path) -> None:
    app.use_locale("fr-FR")
    page = app.open(f"?dice={SOLITAIRE}")
    start_penta(page)
    for box in SOLITAIRE_BOXES:
        roll(page)
        record(page, box)
    # the narrow no-break space before the colon
    expect(page.locator("#penta-end-title")).to_have_text("Votre score\u202f: 423")
    text = page.locator(".penta.end").inner_text()
    assert not re.search(r"[^\u202f][:;!?]", text.replace("\n", " ")), text
    shots_of(app, shots, "penta-solo-fr")

    app.use_locale("el-GR")
    page = app.open("?dice=44256")
    start_penta(page, "Άννα")
    roll(page)
    page.locator("#die-0").click()
    # One word for a held die: on the die as in its name.
    expect(page.locator("#die-0 .held-tag")).to_have_text("Κρατημένο")
    expect(page.locator("#die-0")).to_have_attribute("aria-label", re.compile("κρατημένο"))
    page.screenshot(path=str(shots / "end-held-el.png"), animations="disabled")
    # Two held dice side by side on a narrow phone: the word once, spanning both, not
    # «Κρατημένο Κρατημένο» run together.
    page.set_viewport_size({"width": 320, "height": 640})
    page.locator("#die-1").click()
    expect(page.locator("#die-0 .held-tag")).to_have_text("Κρατημένα")
    expect(page.locator("#die-1 .held-tag")).to_have_text("")
    tag = page.locator("#die-0 .held-tag").bounding_box()
    first = page.locator("#die-0").bounding_box()
    second = page.locator("#die-1").bounding_box()
    assert tag is not None and first is not None and second is not None
    assert abs(tag["x"] - first["x"]) <= 1, (tag, first)
    assert abs(tag["x"] + tag["width"] - second["x"] - second["width"]) <= 1, (tag, second)
    page.screenshot(path=str(shots / "end-held-el-320.png"), animations="disabled")
    no_error_box(page)
