"""Sounds and celebrations in the real page: no audio before a gesture, while hidden
or with the sound off; celebrations beside the app's root, short, skippable, and
none under reduced motion."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from conftest import App, fill_seats
from test_penta_ui import record, roll

#: Counts the AudioContexts made and the sound sources started, and lets a test
#: say whether the page is hidden (``window.__hidden``).
AUDIO_PROBE = """
window.__audio = { made: 0, started: 0 };
const RealContext = window.AudioContext;
window.AudioContext = class extends RealContext {
  constructor(...args) { super(...args); window.__audio.made += 1; }
};
const realStart = AudioScheduledSourceNode.prototype.start;
AudioScheduledSourceNode.prototype.start = function (...args) {
  window.__audio.started += 1;
  return realStart.apply(this, args);
};
window.__hidden = false;
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true,
  get() { return window.__hidden ? "hidden" : "visible"; },
});
"""

#: Records every celebration added to or removed from the page, with the time.
CELEBRATION_PROBE = """() => {
  window.__cel = [];
  if (window.__celWatch) window.__celWatch.disconnect(); // an earlier test's, on a shared page
  window.__celWatch = new MutationObserver(records => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (!n.classList || !n.classList.contains("celebration")) continue;
        window.__cel.push({
          node: n, kind: n.className, text: n.textContent, parent: r.target.tagName,
          hidden: n.getAttribute("aria-hidden"), events: getComputedStyle(n).pointerEvents,
          added: performance.now(), removed: null,
        });
      }
      for (const n of r.removedNodes) {
        const seen = window.__cel.find(c => c.node === n);
        if (seen) seen.removed = performance.now();
      }
    }
  });
  window.__celWatch.observe(document.documentElement, { childList: true, subtree: true });
}"""
SEEN = "() => window.__cel.map(({ node, ...rest }) => rest)"


def audio(page: Page) -> dict[str, int]:
    return dict(page.evaluate("window.__audio"))


def start(page: Page, game: str, prefix: str) -> None:
    page.get_by_role("button", name=re.compile(game)).first.click()
    fill_seats(page, prefix, ["Ann"])
    page.locator(f"#{prefix}-start").click()
    expect(page.locator(f"#{prefix}-roll")).to_be_enabled()


def probed(make_app: Callable[..., App], **kwargs: Any) -> App:
    app = make_app(**kwargs)
    app.page.add_init_script(AUDIO_PROBE)
    return app


# -- sound -----------------------------------------------------------------------------


def test_no_audio_before_a_gesture_or_while_hidden_then_one_context_for_every_roll(
    make_app: Callable[..., App],
) -> None:
    app = probed(make_app)
    page = app.open("?dice=11234,56565,11111,22222")
    # Asked before any tap or key (as a computer's move could be): nothing at all.
    page.evaluate("window.zariaFeel.sound('roll', 0.12)")
    assert audio(page) == {"made": 0, "started": 0}
    start(page, "Penta", "penta")
    assert audio(page)["made"] == 0  # taps that ask for no sound make no context
    page.evaluate("window.__hidden = true")
    roll(page)
    assert audio(page) == {"made": 0, "started": 0}  # a hidden page is silent
    page.evaluate("window.__hidden = false")
    roll(page)
    first = audio(page)
    assert first["made"] == 1 and first["started"] > 0
    roll(page)
    again = audio(page)
    assert again["made"] == 1 and again["started"] > first["started"]  # the same context
    page.evaluate("window.__hidden = true")
    page.locator("#box-chance").click()
    page.get_by_role("button", name="Validate round").click()
    expect(page.locator("#penta-roll")).to_be_enabled()
    assert audio(page) == again  # hidden again: nothing more played


def test_no_audio_context_at_all_with_the_sound_off(make_app: Callable[..., App]) -> None:
    app = probed(make_app)
    page = app.open("?dice=11234,56565#/settings")
    quiet = page.locator("#set-sound-quiet")
    expect(quiet).to_be_checked()  # the default
    page.locator("#set-sound-off").check()
    expect(page.locator("#set-sound-off")).to_be_checked()
    page.locator("#settings-home").click()
    start(page, "Penta", "penta")
    roll(page)
    page.locator("#die-0").click()
    expect(page.locator("#die-0")).to_have_attribute("aria-pressed", "true")
    roll(page)
    assert audio(page) == {"made": 0, "started": 0}


# -- celebrations ------------------------------------------------------------------------


def test_a_penta_is_celebrated_beside_the_app_and_gone_within_a_second(app: App) -> None:
    page = app.open("?dice=66666")
    start(page, "Penta", "penta")
    page.evaluate(CELEBRATION_PROBE)
    roll(page)
    record(page, "penta")
    expect(page.locator(".celebration")).to_have_count(1)
    expect(page.locator("#app .celebration")).to_have_count(0)  # not in the redrawn root
    expect(page.locator(".celebration")).to_have_count(0, timeout=2000)
    (seen,) = page.evaluate(SEEN)
    assert seen["text"] == "Penta!" and seen["kind"] == "celebration celebration-jackpot"
    assert seen["parent"] == "BODY" and seen["hidden"] == "true" and seen["events"] == "none"
    shown_ms = seen["removed"] - seen["added"]
    print(f"celebration shown for {shown_ms:.0f} ms")
    assert 0 < shown_ms <= 1000


def test_hot_dice_are_celebrated_and_a_tap_ends_it_and_still_plays(app: App) -> None:
    page = app.open("?dice=111555,155234")
    start(page, "Farkle", "fk")
    page.evaluate(CELEBRATION_PROBE)
    page.locator("#fk-roll").click()
    for pos in range(1, 7):
        die = page.locator(f"#fk-die-{pos}")
        die.click()
        expect(die).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".celebration")).to_have_text("Hot dice!")
    page.locator("#fk-roll").click()  # the tap ends it at once, and the roll happens
    expect(page.locator(".celebration")).to_have_count(0, timeout=300)
    expect(page.locator("#fk-die-1")).to_have_attribute("aria-pressed", "false")
    (seen,) = page.evaluate(SEEN)
    assert seen["removed"] is not None and seen["removed"] - seen["added"] < 900


def test_a_key_ends_a_celebration_and_still_plays(app: App) -> None:
    page = app.open("?dice=66666,66666")
    start(page, "Penta", "penta")
    roll(page)
    record(page, "penta")
    expect(page.locator(".celebration")).to_have_count(1)
    page.keyboard.press("r")  # Roll's key
    expect(page.locator(".celebration")).to_have_count(0, timeout=300)
    expect(page.locator(".roll-pip.used")).to_have_count(1)


def test_no_celebration_under_reduced_motion(app: App) -> None:
    page = app.open("?dice=66666")
    page.emulate_media(reduced_motion="reduce")
    start(page, "Penta", "penta")
    page.evaluate(CELEBRATION_PROBE)
    roll(page)
    record(page, "penta")
    expect(page.get_by_role("row", name="Penta 50").first).to_be_visible()
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
    assert page.evaluate(SEEN) == []
    assert page.evaluate("document.getAnimations().length") == 0


# -- screenshots -------------------------------------------------------------------------

#: A still copy of the celebration shown, 300 ms into its animation (the original goes
#: on and is removed as usual).
STILL = """kind => {
  const shown = document.querySelector(".celebration:not(.still)");
  const copy = shown.cloneNode(true);
  copy.classList.add("still");
  document.body.appendChild(copy);
  for (const a of copy.getAnimations({ subtree: true })) { a.pause(); a.currentTime = 300; }
}"""


KINDS = (
    ("jackpot", "Penta!"),
    ("streak", "Hot dice!"),
    ("milestone", "Upper bonus!"),
    ("win", "Victory!"),
)


def celebration_shots(page: Page, shots: Path, size: str) -> None:
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        for kind, text in KINDS:
            page.evaluate("([k, t]) => window.zariaFeel.celebrate(k, t)", [kind, text])
            page.evaluate(STILL)
            page.screenshot(path=str(shots / f"celebration-{kind}-{size}-{theme}.png"))
            page.evaluate("document.querySelectorAll('.celebration').forEach(e => e.remove())")


def test_screenshots_of_celebrations_mid_animation(
    app: App, phone: Callable[..., App], shots: Path
) -> None:
    page = app.open("?dice=66666")
    start(page, "Penta", "penta")
    roll(page)
    celebration_shots(page, shots, "desktop")
    page = phone(viewport=(390, 844)).open("?dice=66666")
    start(page, "Penta", "penta")
    roll(page)
    celebration_shots(page, shots, "phone")
    page.set_viewport_size({"width": 320, "height": 640})
    celebration_shots(page, shots, "phone320")


def test_a_long_word_stays_on_a_narrow_phone(phone: Callable[..., App], shots: Path) -> None:
    page = phone(viewport=(320, 640), locale="el-GR").open("?dice=66666")
    page.evaluate("window.zariaFeel.celebrate('milestone', 'Μπόνους πάνω μέρους!')")
    page.evaluate(STILL)
    box = page.locator(".celebration.still .celebration-word").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320
    page.screenshot(path=str(shots / "celebration-milestone-phone320-el.png"))
