"""Farkle's table on a phone: nothing a player taps moves during a turn, every tap
target is at least 44 px, no text is cut at 320 px in any language, the focus
after a bank, the focus ring of a die set aside, and the last round named once.

Dice come from ``?dice=`` scripts. Two people share the device; when the page
shows the card that passes it between them, the next person taps it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from a11y import audit
from conftest import App, fill_seats, no_error_box

NAME = "Alexandrina Konstantinou"  # 24 characters
LANGS = ("en", "fr", "el", "tr")
#: Alexandrina: 1 2 3 4 6 6, then 1 1 1 5 5 (hot dice), banks 1,200; Bob: nothing;
#: Alexandrina: six 1s twice, banks 6,000 (the last round); Bob: 1 5 5 2 3 4, banks 100.
SCRIPT = "123466,11155,234662,111111,111111,155234"

#: Every die of the tray (by its place) and every action button, as boxes in the page.
BOXES = """() => {
  const out = {};
  document.querySelectorAll('.fk-tray > :not(.sr-only)').forEach((e, i) => {
    if (!e.classList.contains('fk-die')) return;  // an empty place
    const r = e.getBoundingClientRect();
    out['die ' + i] = [r.x, r.y + scrollY, r.width, r.height];
  });
  for (const e of document.querySelectorAll('.fk-actions button')) {
    const r = e.getBoundingClientRect();
    out['#' + e.id] = [r.x, r.y + scrollY, r.width, r.height];
  }
  out.scrollY = [scrollY, 0, 0, 0];
  return out;
}"""
#: Wait until every animation that ends has ended (a roll's tumble, a die rising).
SETTLED = """() => Promise.all(document.getAnimations()
  .filter(a => a.effect && a.effect.getTiming().iterations !== Infinity)
  .map(a => a.finished.catch(() => null)))"""


def settle(page: Page) -> None:
    page.evaluate(SETTLED)


def open_table(page: Page, names: list[str], lang: str = "en", computer: bool = False) -> None:
    """A new game from the dialog, to 5,000, in ``lang``."""
    if lang != "en":
        page.select_option("#lang", lang)
    page.locator(".game-card.farkle").click()
    fill_seats(page, "fk", names, computer)
    page.locator("#fk-target-5000").check()
    page.locator("#fk-start").click()
    expect(page.locator("#fk-turn")).to_be_visible()
    page.evaluate("scrollTo(0, 0)")  # the form was scrolled to its Start button


def take_device(page: Page) -> None:
    """The next person takes the device, when the page shows the card for it."""
    card = page.locator("#fk-handover")
    if card.count():
        expect(card).not_to_have_attribute("aria-disabled", "true")
        card.click()
        expect(card).to_have_count(0)


def rolled(page: Page, n: int) -> None:
    page.locator("#fk-roll").click()
    expect(page.locator(".fk-tray button.fk-die")).to_have_count(n)


def set_aside(page: Page, *positions: int) -> None:
    for pos in positions:
        page.locator(f"#fk-die-{pos}").click()
        expect(page.locator(f"#fk-die-{pos}")).to_have_attribute("aria-pressed", "true")


class Turn:
    """The boxes of what is tapped after each step of one turn."""

    def __init__(self, page: Page, name: str) -> None:
        self.page, self.name = page, name
        self.steps: list[tuple[str, dict[str, list[float]]]] = []

    def record(self, step: str) -> None:
        settle(self.page)
        self.steps.append((step, self.page.evaluate(BOXES)))

    def moves(self) -> list[str]:
        """Every box that moved or changed size by more than 1 px, with the steps."""
        out = []
        first: dict[str, tuple[str, list[float]]] = {}
        for step, boxes in self.steps:
            for key, box in boxes.items():
                if key not in first:
                    first[key] = (step, box)
                    continue
                was_step, was = first[key]
                if max(abs(a - b) for a, b in zip(box, was, strict=True)) > 1:
                    out.append(f"{self.name}: {key} {was} at {was_step!r}, {box} at {step!r}")
        return out


def play_turns(page: Page, shots: Path, tag: str) -> list[Turn]:
    """Play SCRIPT's four turns, recording every box after each step of each turn."""

    def shot(step: str) -> None:
        page.screenshot(path=str(shots / f"farkle-phone-{tag}-{step}.png"), animations="disabled")

    first = Turn(page, "Alexandrina, 1st turn")
    first.record("start")
    rolled(page, 6)
    first.record("roll")
    set_aside(page, 1)
    first.record("set aside")
    page.locator("#fk-die-2").click()
    expect(page.locator("#fk-note")).not_to_be_empty()  # the 2 fits no combination
    first.record("refusal")
    shot("refusal")
    rolled(page, 5)
    first.record("roll again")
    for pos in range(1, 6):
        set_aside(page, pos)
        first.record(f"set aside {pos}")
    expect(page.locator(".fk-event.hot")).to_be_visible()
    first.record("hot dice")
    shot("hot")
    page.locator("#fk-bank").click()

    take_device(page)
    bob = Turn(page, "Bob, 1st turn")
    bob.record("start")
    page.locator("#fk-roll").click()  # nothing scores: Alexandrina's turn again
    take_device(page)
    expect(page.locator(".fk-event.lost")).to_be_visible()
    again = Turn(page, "Alexandrina, 2nd turn")
    again.record("start after Bob's lost turn")
    shot("lost")
    rolled(page, 6)
    again.record("roll")
    set_aside(page, 1, 2, 3, 4, 5, 6)
    again.record("hot dice")
    rolled(page, 6)
    expect(page.locator(".fk-event.hot")).to_be_visible()
    again.record("roll after hot dice")
    set_aside(page, 1, 2, 3, 4, 5, 6)
    again.record("hot dice again")
    page.locator("#fk-bank").click()

    take_device(page)
    expect(page.locator("#fk-lastround")).to_be_visible()
    last = Turn(page, "Bob, last round")
    last.record("start of the last round")
    shot("last-round")
    rolled(page, 6)
    last.record("roll")
    page.locator("#fk-die-4").click()
    expect(page.locator("#fk-note")).not_to_be_empty()
    last.record("refusal")
    set_aside(page, 1)
    last.record("set aside")
    page.locator("#fk-bank").click()
    expect(page.locator("#fk-over-title")).to_be_visible()
    return [first, bob, again, last]


@pytest.mark.parametrize("size", [(320, 640), (390, 844)], ids=["320x640", "390x844"])
def test_nothing_tapped_moves_during_a_turn(
    phone: Callable[..., App], shots: Path, size: tuple[int, int]
) -> None:
    app = phone(viewport=size)
    page = app.open("?dice=" + SCRIPT)
    open_table(page, [NAME, "Bob"], lang="fr")
    turns = play_turns(page, shots, f"{size[0]}")
    moved = [m for turn in turns for m in turn.moves()]
    assert not moved, "\n".join(moved)
    # Each turn was recorded from its start, dice and buttons included, in view.
    assert all(turn.steps for turn in turns)
    for turn in turns:
        for step, boxes in turn.steps:
            assert {"#fk-roll", "#fk-bank"} <= boxes.keys(), (turn.name, step)
            assert sum(k.startswith("die ") for k in boxes) >= 5, (turn.name, step)
            bottom = max(y + h for k, (x, y, w, h) in boxes.items() if k != "scrollY")
            assert bottom <= size[1], f"{turn.name}, {step}: below the screen ({bottom})"
    no_error_box(page)


#: Every tap target of the table: its size, and what it is.
TARGETS = """() => [...document.querySelectorAll(
    '#screen button, #screen select, #screen summary, #screen input, #screen a[href]')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .filter(e => !e.closest('.sr-only'))
  .map(e => { const r = e.getBoundingClientRect();
    return [e.id || e.className || e.tagName, Math.round(r.width * 10) / 10,
            Math.round(r.height * 10) / 10]; })"""
#: Every element of the table whose text is cut (wider than its box), with its text.
CUT = """() => [...document.querySelectorAll('#screen *')]
  .filter(e => !(e instanceof SVGElement) && !e.closest('.sr-only'))
  .filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth)
  .map(e => [e.id || e.className || e.tagName, e.scrollWidth, e.clientWidth,
             e.textContent.trim().slice(0, 60)])"""


def check_every_language(page: Page, state: str, problems: list[str]) -> None:
    """Tap targets under 44 × 44 px, cut text and sideways scrolling, in the four
    languages; and what axe finds serious or critical."""
    for v in audit(page, state):
        problems.append(f"{state}: axe: {v['id']} ({v['impact']}) on {v['nodes']}")
    for lang in LANGS:
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        settle(page)
        for ident, w, h in page.evaluate(TARGETS):
            if w < 44 or h < 44:
                problems.append(f"{state}, {lang}: {ident} is {w} × {h}")
        for ident, scroll, client, text in page.evaluate(CUT):
            problems.append(f"{state}, {lang}: {ident} cut ({scroll} > {client}): {text!r}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 320:
            problems.append(f"{state}, {lang}: the page scrolls sideways ({width})")
    page.select_option("#lang", "en")


def test_at_320_every_tap_target_is_44_px_and_no_text_is_cut(
    phone: Callable[..., App], shots: Path
) -> None:
    app = phone(viewport=(320, 640))
    page = app.open("?dice=" + SCRIPT)
    open_table(page, [NAME, "Bob"])
    problems: list[str] = []
    check_every_language(page, "start", problems)
    rolled(page, 6)
    set_aside(page, 1)
    page.locator("#fk-die-2").click()
    check_every_language(page, "refusal", problems)
    rolled(page, 5)
    set_aside(page, 1, 2, 3, 4, 5)
    check_every_language(page, "hot dice", problems)
    page.locator("#fk-bank").click()
    take_device(page)
    page.locator("#fk-roll").click()
    take_device(page)
    check_every_language(page, "lost turn", problems)
    rolled(page, 6)
    set_aside(page, 1, 2, 3, 4, 5, 6)
    rolled(page, 6)
    set_aside(page, 1, 2, 3, 4, 5, 6)
    page.locator("#fk-bank").click()
    take_device(page)
    check_every_language(page, "last round", problems)
    page.select_option("#lang", "el")
    page.screenshot(path=str(shots / "farkle-phone-320-el-last-round.png"), full_page=True)
    page.select_option("#lang", "en")
    rolled(page, 6)
    page.locator("#fk-die-4").click()
    check_every_language(page, "refusal in the last round", problems)
    assert not problems, "\n".join(problems)
    no_error_box(page)


def focused(page: Page) -> str:
    return str(page.evaluate("document.activeElement?.id || document.activeElement?.tagName"))


def test_after_bank_the_focus_goes_where_the_next_action_is(app: App) -> None:
    # Zoé banks 100 by the keyboard; the computer (normal pace, a step a second)
    # then rolls 1 5 5 2 2 3 and banks; Zoé's turn again: 1 1 5 2 3 4.
    page = app.open("?dice=123466,155223,11134,115234")
    open_table(page, ["Zoé"], computer=True)
    page.keyboard.press("r")
    expect(page.locator(".fk-tray button.fk-die")).to_have_count(6)
    expect(page.locator("#fk-die-1")).to_be_focused()
    page.keyboard.press("Space")  # the focused die: set aside
    expect(page.locator("#fk-die-1")).to_have_attribute("aria-pressed", "true")
    page.locator("#fk-bank").focus()
    page.keyboard.press("Enter")
    # The computer's turn: the focus is on the heading that says so, not the page.
    expect(page.locator("#fk-turn")).to_have_text("Computer’s turn")
    expect(page.locator("#fk-turn")).to_be_focused()
    assert focused(page) == "fk-turn"
    # Its turn over, the focus is on Zoé's Roll: Enter rolls.
    expect(page.locator("#fk-turn")).to_have_text("Zoé’s turn", timeout=20_000)
    expect(page.locator("#fk-roll")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".fk-tray button.fk-die")).to_have_count(6)
    expect(page.locator("#fk-die-1")).to_be_focused()


def test_after_bank_to_another_person_the_focus_is_on_a_control(app: App) -> None:
    page = app.open("?dice=123466")
    open_table(page, ["Zoé", "Yan"])
    page.keyboard.press("r")
    expect(page.locator(".fk-tray button.fk-die")).to_have_count(6)
    page.keyboard.press("1")
    expect(page.locator("#fk-die-1")).to_have_attribute("aria-pressed", "true")
    page.locator("#fk-bank").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#fk-turn")).to_have_text("Yan’s turn")
    # The card that passes the device (when it is shown), then Yan's Roll.
    assert focused(page) in ("fk-handover", "fk-roll")
    take_device(page)
    expect(page.locator("#fk-roll")).to_be_focused()


def luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


#: The focused die's two rings (around the face, against the die; around its place,
#: against the felt) and the colours they are drawn against: the die's face in its
#: state, and the tray's felt.
RING = """sel => {
  const die = document.querySelector(sel), face = die.querySelector('.face');
  const rgb = s => (s.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const ring = s => [s.outlineStyle, parseFloat(s.outlineWidth), rgb(s.outlineColor)];
  const body = getComputedStyle(face.querySelector('.face-body'));
  return {
    visible: die.matches(':focus-visible'),
    outline: ring(getComputedStyle(face)),
    around: ring(getComputedStyle(die)),
    fill: rgb(body.fill), stroke: rgb(body.stroke),
    felt: rgb(getComputedStyle(die.closest('.fk-tray')).backgroundColor),
  };
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_focus_ring_of_a_die_shows_against_the_die_in_every_state(
    app: App, shots: Path, theme: str
) -> None:
    page = app.open("?dice=115234")
    page.emulate_media(color_scheme=theme)  # the app follows the system's scheme
    open_table(page, ["Zoé"])
    page.keyboard.press("r")
    expect(page.locator(".fk-tray button.fk-die")).to_have_count(6)
    page.keyboard.press("1")  # set aside: the 1 is yellow now
    expect(page.locator("#fk-die-1")).to_have_attribute("aria-pressed", "true")
    for sel in ("#fk-die-1", "#fk-die-2"):  # set aside, and in play
        page.locator(sel).focus()
        settle(page)
        ring: dict[str, Any] = page.evaluate(RING, sel)
        assert ring["visible"], sel
        style, width, colour = ring["outline"]
        assert style == "solid" and width >= 2, (sel, ring)
        assert contrast(colour, ring["fill"]) >= 3, (sel, theme, ring)
        assert contrast(colour, ring["stroke"]) >= 3, (sel, theme, ring)
        style, width, colour = ring["around"]
        assert style == "solid" and width >= 2, (sel, ring)
        assert contrast(colour, ring["felt"]) >= 3, (sel, theme, ring)
    page.locator("#fk-die-1").focus()
    page.locator(".fk-tray").screenshot(path=str(shots / f"farkle-phone-focus-{theme}.png"))


def test_the_last_round_shows_once_in_french(app: App) -> None:
    app.page.set_viewport_size({"width": 390, "height": 844})
    page = app.open("?dice=" + SCRIPT)
    open_table(page, [NAME, "Bob"], lang="fr")
    rolled(page, 6)
    set_aside(page, 1)
    rolled(page, 5)
    set_aside(page, 1, 2, 3, 4, 5)
    page.locator("#fk-bank").click()
    take_device(page)
    page.locator("#fk-roll").click()
    take_device(page)
    rolled(page, 6)
    set_aside(page, 1, 2, 3, 4, 5, 6)
    rolled(page, 6)
    set_aside(page, 1, 2, 3, 4, 5, 6)
    page.locator("#fk-bank").click()
    take_device(page)
    expect(page.locator("#fk-lastround")).to_have_text("Dernier tour ! 1 tour restant")
    expect(page.locator(".fk-event.last")).to_contain_text("Alexandrina Konstantinou a atteint")
    expect(page.locator(".fk-event.last")).to_contain_text(
        "chaque autre joueur joue encore une fois."
    )
    text = page.locator("#screen").inner_text()
    assert text.count("Dernier tour") == 1, text
