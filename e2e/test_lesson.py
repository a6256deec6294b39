"""Each game's lesson in the page: offered on the form, played to its end on a
phone in English and in Greek, left halfway from the rules page; nothing of it
saved or counted. Screenshots of a step on a phone and on a desktop."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import App

#: Each step's taps (element ids), or ``key:<key>`` a key pressed; ``wait``: the
#: computer plays, the lesson goes on.
WALKS: dict[str, list[list[str]]] = {
    "penta": [
        ["penta-roll"],
        ["die-0", "die-1", "die-3"],
        ["penta-roll"],
        ["box-sixes", "penta-validate"],
        ["lesson-next"],
        ["penta-roll"],
        ["box-fives", "penta-validate"],
        ["penta-roll"],
        ["box-penta", "penta-validate"],
        ["penta-roll"],
        ["box-large_straight", "penta-validate"],
        ["penta-roll"],
        ["box-small_straight", "penta-validate"],
        ["lesson-next"],
    ],
    "yatzy": [
        ["penta-roll"],
        ["die-0", "die-1", "die-4"],
        ["penta-roll"],
        ["box-fours", "penta-validate"],
        ["lesson-next"],
        ["penta-roll"],
        ["box-fives", "penta-validate"],
        ["penta-roll"],
        ["box-full_house", "penta-validate"],
        ["penta-roll"],
        ["box-yatzy", "penta-validate"],
        ["penta-roll"],
        ["box-two_pairs", "penta-validate"],
        ["penta-roll"],
        ["box-one_pair", "penta-validate"],
        ["lesson-next"],
    ],
    "farkle": [
        ["fk-roll"],
        ["fk-die-1"],
        ["fk-roll"],
        ["fk-die-1", "fk-die-2", "fk-die-3"],
        ["fk-roll"],
        ["fk-die-1", "fk-die-2"],
        ["fk-roll"],
        ["fk-die-1", "fk-die-2", "fk-die-3"],
        ["fk-bank"],
        ["wait"],
        ["fk-roll"],
        ["fk-die-1"],
        ["fk-roll"],
        ["wait"],
        # By key: a tap on Roll again so soon after the last would be a double tap.
        ["key:r"],
        ["fk-die-1", "fk-die-2", "fk-die-3"],
        ["fk-bank"],
        ["wait"],
        ["lesson-next"],
    ],
}
#: A wrong tap at the first step of each: it is answered, and changes nothing.
WRONG = {"penta": "penta-validate", "yatzy": "penta-validate", "farkle": "fk-bank"}


def quick_computer(app: App) -> Page:
    """The computer at the instant pace (set on the settings screen): its turns in
    a lesson take no time."""
    page = app.open("#/settings")
    page.locator("#set-pace-instant").click()
    return page


def storage_keys(page: Page) -> set[str]:
    return set(page.evaluate("Object.keys(localStorage)"))


def at_step(page: Page, n: int) -> None:
    expect(page.locator("#lesson")).to_have_attribute("data-step", str(n))


def in_view(page: Page, ident: str) -> bool:
    box = page.locator(f"#{ident}").bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize(
    ("game", "locale"),
    [(g, loc) for g in ("penta", "farkle") for loc in ("en-US", "el-GR")] + [("yatzy", "el-GR")],
)
def test_a_lesson_played_to_its_end_on_a_phone(
    phone: Callable[..., App], shots: Path, game: str, locale: str
) -> None:
    app = phone(viewport=(390, 844), locale=None if locale == "en-US" else locale)
    quick_computer(app)
    page = app.open(f"#/{game}")
    offer = page.locator(f"#{game}-lesson-offer")
    expect(offer).to_be_visible()
    offer.tap()
    expect(page).to_have_url(f"{app.base}#/{game}-lesson")
    at_step(page, 1)
    bubble = page.locator("#lesson")
    wrong = page.locator(f"#{WRONG[game]}")
    if wrong.is_enabled():
        wrong.tap()
        expect(page.locator("#lesson-wrong")).to_be_visible()
    walk = WALKS[game]
    for n, taps in enumerate(walk[:-1], start=1):
        if taps == ["wait"]:
            continue  # at the instant pace, the computer's turn may be over already
        at_step(page, n)
        for ident in taps:
            if ident.startswith("key:"):
                page.keyboard.press(ident.removeprefix("key:"))
                continue
            target = page.locator(f"#{ident}")
            if ident.startswith(("die-", "fk-die-", "box-", "penta-", "fk-")):
                expect(target).to_have_attribute("data-lesson-target", "")
            target.tap()
        if n == 2:
            page.screenshot(path=str(shots / f"lesson-{game}-{locale}-phone.png"))
            assert in_view(page, "lesson"), "the bubble is out of sight"
    at_step(page, len(walk))
    expect(bubble).to_contain_text(str(len(walk)))
    page.locator("#lesson-next").tap()  # Done
    expect(page).to_have_url(f"{app.base}#/{game}")
    expect(page.locator(f"#{game}-lesson-offer")).to_have_count(0)  # finished: not offered
    keys = storage_keys(page)
    assert not [k for k in keys if k.startswith(("zaria.save", "zaria.stats", "zaria.games"))]


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_a_lesson_left_halfway_from_the_rules_page(app: App, shots: Path, game: str) -> None:
    page = app.open(f"#/rules/{game}")
    page.locator("#rules-lesson").click()
    at_step(page, 1)
    for taps in WALKS[game][:3]:
        for ident in taps:
            page.locator(f"#{ident}").click()
    at_step(page, 4)
    page.screenshot(path=str(shots / f"lesson-{game}-desktop.png"))
    page.keyboard.press("Escape")
    expect(page).to_have_url(f"{app.base}#/{game}")
    expect(page.locator(f"#{game}-lesson-offer")).to_be_visible()  # not finished: offered
    keys = storage_keys(page)
    assert not [k for k in keys if k.startswith(("zaria.save", "zaria.stats", "zaria.games"))]
    # Opened again, the lesson starts over; Leave goes back too.
    page.locator(f"#{game}-lesson-offer").click()
    at_step(page, 1)
    page.locator("#lesson-leave").click()
    expect(page).to_have_url(f"{app.base}#/{game}")
