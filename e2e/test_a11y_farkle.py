"""Farkle for everyone: an axe audit of every screen in both themes, and a whole turn
played with the keyboard alone, focus in sight all the way: every Tab stop draws a
ring with at least 3:1 contrast against the surface around it (WCAG 1.4.11).

The dice come from a ``?dice=`` script (one group per roll); two people play, so
no computer turn runs in between.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

import pytest
from playwright.sync_api import Page, expect

from a11y import audit, tab_to
from conftest import App, no_error_box, pass_device, store_from_another_tab
from zaria_web.games import NAMES

#: Hot dice (three pairs), a 1 set aside, a roll of nothing; then 6,000 banked; then nothing.
SCRIPT = "112233,155234,23466,111111,111111,234662"
STATS = {
    "format": 1,
    "penta": {
        "games": 2,
        "scored": 2,
        "total": 400,
        "best": 230,
        "best_name": "Kim",
        "bonus": 1,
        "wins": [],
    },
    "farkle": {
        "games": 1,
        "scored": 2,
        "total": 6000,
        "best": 6000,
        "best_name": "Lou",
        "bonus": 0,
        "wins": [["Lou", 1]],
    },
}


RING = """() => {
    const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
    const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    const lum = c => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
    const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    const surface = el => {
        for (let e = el; e; e = e.parentElement) {
            const c = rgb(getComputedStyle(e).backgroundColor);
            if (c.length === 3 || c[3] > 0.5) return c;
        }
        return rgb(getComputedStyle(document.documentElement).backgroundColor);
    };
    const focused = document.activeElement;
    if (!focused || focused === document.body) return {id: "", body: true};
    // A visually hidden input (a segmented choice) shows its focus on the label beside it.
    const shown = getComputedStyle(focused).opacity === "0" && focused.nextElementSibling
        ? focused.nextElementSibling : focused;
    const s = getComputedStyle(shown), around = surface(shown.parentElement);
    const width = s.outlineStyle === "none" ? 0 : parseFloat(s.outlineWidth);
    let best = width >= 2 ? ratio(rgb(s.outlineColor), around) : 0;
    const edge = s.boxShadow.match(/^(rgba?\\([^)]*\\)) 0px 0px 0px (\\d+)px/);
    if (edge && parseFloat(edge[2]) >= 2) best = Math.max(best, ratio(rgb(edge[1]), around));
    const index = Array.prototype.indexOf.call(document.querySelectorAll("*"), focused);
    return {id: focused.id || `${focused.tagName.toLowerCase()}#${index}`,
            visible: focused.matches(":focus-visible"), width,
            contrast: Math.round(best * 100) / 100};
}"""


def focus_ring(page: Page) -> dict[str, Any]:
    """The focused element's ring: shown, and at least 3:1 against the surface around it."""
    ring: dict[str, Any] = page.evaluate(RING)
    assert ring["visible"] and ring["contrast"] >= 3, ring
    return ring


def faint_rings(page: Page, label: str, limit: int = 60) -> list[str]:
    """Tab through the screen once; the stops whose focus ring is missing or faint."""
    page.locator("#screen").focus()
    out: list[str] = []
    seen: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        ring = page.evaluate(RING)
        if ring.get("body"):
            continue
        if seen and ring["id"] == seen[0]:
            break
        seen.append(ring["id"])
        if not ring["visible"] or ring["contrast"] < 3:
            out.append(f"{label}: focus on {ring['id']}: {ring}")
    assert len(seen) >= 3, f"{label}: Tab stopped at {seen}"
    return out


def report(found: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['screen']}: {v['id']} ({v['impact']}) {v['nodes']}" for v in found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_farkle_screens_have_no_serious_accessibility_violations(
    app: App, scheme: Literal["light", "dark"]
) -> None:
    app.page.emulate_media(color_scheme=scheme)
    page = app.open("?dice=" + SCRIPT)
    page.locator(".game-card.farkle").click()
    page.locator("#fk-start").wait_for()
    found = audit(page, "setup")
    faint = faint_rings(page, "setup")
    page.locator("#fk-computer").click()
    page.locator("#fk-add").click()
    page.locator("#fk-name-0").fill("Kim")
    page.locator("#fk-name-1").fill("Lou")
    page.locator("#fk-target-5000").check()
    found += audit(page, "setup, two people, no computer")
    page.locator("#fk-start").click()
    expect(page.locator("#fk-roll")).to_be_enabled()
    found += audit(page, "a turn about to start")

    page.locator("#fk-roll").click()
    page.locator("#fk-die-1").click()
    page.locator("#fk-die-3").click()
    expect(page.locator("#fk-selection")).to_have_class(re.compile("warn"))
    found += audit(page, "mid-turn, a selection that does not score yet")
    for pos in (2, 4, 5, 6):
        page.locator(f"#fk-die-{pos}").click()
    expect(page.locator(".fk-event.hot")).to_be_visible()
    found += audit(page, "hot dice")

    page.locator("#fk-roll").click()
    expect(page.locator(".fk-tray button.die")).to_have_count(6)
    page.locator("#fk-die-4").click()  # a 2 alone: refused, with a note
    expect(page.locator("#fk-note")).not_to_be_empty()
    page.locator("#fk-card-summary").click()
    expect(page.locator("#fk-card")).to_have_attribute("open", "")
    found += audit(page, "a refused die, the scoring card open")
    faint += faint_rings(page, "table")
    page.locator("#fk-die-1").click()
    found += audit(page, "dice set aside from two rolls")

    page.locator("#fk-roll").click()
    expect(page.locator(".fk-event.lost")).to_be_visible()
    found += audit(page, "lost turn, the hand-over card")
    pass_device(page, "fk")

    for _ in range(2):
        page.locator("#fk-roll").click()
        expect(page.locator(".fk-tray button.die")).to_have_count(6)
        for pos in range(1, 7):
            page.locator(f"#fk-die-{pos}").click()
    page.locator("#fk-bank").click()
    pass_device(page, "fk")
    expect(page.locator("#fk-lastround")).to_be_visible()
    found += audit(page, "last round")
    page.locator("#fk-new").click()
    expect(page.locator("#fk-keep")).to_be_focused()
    found += audit(page, "new game question")
    page.keyboard.press("Escape")
    expect(page.locator("#fk-keep")).to_have_count(0)

    page.locator("#fk-rules").click()
    expect(page.locator("article.rules[data-game=farkle]")).to_be_visible()
    found += audit(page, "farkle rules")
    faint += faint_rings(page, "rules")
    page.locator("#rules-back-top").click()
    page.locator("#fk-roll").click()
    expect(page.locator("#fk-over-title")).to_be_visible()
    found += audit(page, "end")
    faint += faint_rings(page, "end")

    store_from_another_tab(page, "zaria.stats", json.dumps(STATS))
    page.locator(".brand").click()
    page.locator(".stats-link").click()
    expect(page.locator("#wins-farkle")).to_be_visible()
    found += audit(page, "statistics")
    faint += faint_rings(page, "statistics")
    page.locator("#stats-clear").click()
    found += audit(page, "statistics, clearing asked")
    page.locator("#stats-clear-yes").click()
    expect(page.locator(".stats-empty:not(.games-empty)")).to_have_count(len(NAMES))  # one a game
    found += audit(page, "statistics, none")

    page.locator(".brand").click()
    page.locator(".game-card.penta").click()
    page.locator("#penta-computer").click()
    page.locator("#penta-start").click()
    page.locator("#penta-rules").click()
    expect(page.locator("article.rules[data-game=penta]")).to_be_visible()
    found += audit(page, "penta rules")
    assert not found, report(found)
    assert not faint, "\n".join(faint)
    no_error_box(page)


def test_a_whole_farkle_turn_with_the_keyboard_only(app: App) -> None:
    page = app.open("?dice=112233,155234,512346")
    tab_to(page, ".game-card.farkle")
    page.keyboard.press("Enter")
    tab_to(page, "#fk-name-0")
    page.keyboard.type("Kim")
    tab_to(page, "#fk-computer")
    page.keyboard.press("Space")  # no computer
    expect(page.locator("#fk-computer")).not_to_be_checked()
    tab_to(page, "#fk-target-10000")  # a radio group: Tab reaches the checked one
    focus_ring(page)
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#fk-target-5000")).to_be_checked()
    tab_to(page, "#fk-start")
    page.keyboard.press("Enter")

    # The focus lands on Roll; Enter rolls; the focus moves to the first scoring die.
    expect(page.locator("#fk-roll")).to_be_focused()
    focus_ring(page)
    page.keyboard.press("Enter")
    expect(page.locator("#fk-die-1")).to_be_focused()
    assert focus_ring(page)["id"] == "fk-die-1"
    page.keyboard.press("Space")  # set the focused 1 aside
    expect(page.locator("#fk-die-1")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Tab")
    expect(page.locator("#fk-die-2")).to_be_focused()
    page.keyboard.press("Enter")  # and the other 1
    expect(page.locator("#fk-die-2")).to_have_attribute("aria-pressed", "true")
    for key in "3456":  # the two other pairs by their numbers: three pairs, hot dice
        page.keyboard.press(key)
    expect(page.locator("#fk-selection")).to_have_text("+1,500")
    expect(page.locator(".fk-event.hot")).to_be_visible()

    # R rolls all six again; a digit sets the 1 aside, a second press puts it back.
    page.keyboard.press("r")
    expect(page.locator(".fk-tray button.die")).to_have_count(6)
    expect(page.locator("#fk-turn-total")).to_have_text("1,500")
    page.keyboard.press("1")
    page.keyboard.press("1")
    expect(page.locator("#fk-die-1")).to_have_attribute("aria-pressed", "false")
    for key in "123":  # 1, 5, 5
        page.keyboard.press(key)
    expect(page.locator("#fk-selection")).to_have_text("+200")
    page.keyboard.press("b")
    expect(page.locator(".fk-player .fk-ptotal")).to_have_text("1,700")
    expect(page.locator("#fk-roll")).to_be_focused()
    focus_ring(page)

    # The next turn: Roll with Space, a die by its number, Bank by Tab and Enter.
    page.keyboard.press("Space")
    expect(page.locator(".fk-tray button.die")).to_have_count(6)
    page.keyboard.press("1")  # the 5
    expect(page.locator("#fk-selection")).to_have_text("+50")
    tab_to(page, "#fk-bank")
    focus_ring(page)
    page.keyboard.press("Enter")
    expect(page.locator(".fk-player .fk-ptotal")).to_have_text("1,750")

    # The scoring card opens from the keyboard too.
    tab_to(page, "#fk-card-summary")
    focus_ring(page)
    page.keyboard.press("Enter")
    expect(page.locator("#fk-card")).to_have_attribute("open", "")
    no_error_box(page)
