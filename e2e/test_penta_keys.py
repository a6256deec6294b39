"""Penta by keyboard and screen reader: a whole turn in a few keys, counted; what the
live regions say (each score once, the computer's throws with its name); the focus
never lost to the page; the arrow keys through the boxes.

What a screen reader reads is taken from the page's live regions as they change: the
text a region holds after each change is one thing said. A region of ``aria-live="off"``
inside a live one counts as said too: not every screen reader leaves it out (a
screen reader was heard to read each score twice that way).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from conftest import App, fill_seats

#: Records every change of the page's live regions in ``window.heard``.
LISTEN = """() => {
    window.heard = [];
    const last = new Map();
    const LIVE = '[aria-live="polite"], [aria-live="assertive"], '
        + '[role="status"], [role="alert"], [role="log"]';
    new MutationObserver((records) => {
        const regions = new Set();
        for (const r of records) {
            const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
            let region = node && node.closest(LIVE);
            // The outermost live region is what is read.
            while (region && region.parentElement && region.parentElement.closest(LIVE)) {
                region = region.parentElement.closest(LIVE);
            }
            if (region) regions.add(region);
        }
        for (const region of regions) {
            const text = region.textContent.replace(/\\s+/g, " ").trim();
            if (text && last.get(region) !== text) window.heard.push(text);
            last.set(region, text);
        }
    }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""

LOST = "() => !document.activeElement || document.activeElement === document.body"


def dice(page: Page) -> list[int]:
    return [int(page.locator(f"#die-{i}").get_attribute("data-value") or 0) for i in range(5)]


def held(page: Page) -> list[bool]:
    return [page.locator(f"#die-{i}").get_attribute("aria-pressed") == "true" for i in range(5)]


def to_hold(values: list[int]) -> list[bool]:
    """A simple player's keep: every die of the face it has most of (the higher on a tie)."""
    face = max(set(values), key=lambda v: (values.count(v), v))
    return [v == face for v in values]


class Keys:
    """A keyboard that counts its presses, and checks the focus after each."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1
        assert not self.page.evaluate(LOST), f"the focus fell to the page after {key}"


def open_boxes(page: Page) -> list[str]:
    """The boxes the roll may go in, in the sheet's order."""
    ids = page.locator(".sheet td.cur .box-btn:not(:disabled)").evaluate_all(
        "bs => bs.map(b => b.id)"
    )
    return [str(i) for i in ids]


def target_box(page: Page) -> str:
    """The box the player records in: the one the countdown names, else the most points."""
    auto = page.locator(".sheet td.auto .box-btn")
    if auto.count():
        return str(auto.get_attribute("id"))
    pots = page.locator(".sheet td.cur .box-btn:not(:disabled)").evaluate_all(
        "bs => bs.map(b => [b.id, parseInt(b.querySelector('.pot').textContent) || 0])"
    )
    return str(max(pots, key=lambda p: p[1])[0])


def choose_by_arrows(keys: Keys, box: str) -> None:
    """The box chosen from the dice: V takes the countdown's box, the arrows another."""
    page = keys.page
    if page.locator(f".sheet td.auto #{box}").count() == 0:
        boxes = open_boxes(page)
        start = page.locator(".sheet td.auto .box-btn")
        first = boxes.index(str(start.get_attribute("id"))) if start.count() else 0
        down = (boxes.index(box) - first) % len(boxes)
        key = "ArrowDown" if down <= len(boxes) - down else "ArrowUp"
        if key == "ArrowUp":
            # The first press lands on the countdown's box or, without one, the last.
            first = first if start.count() else len(boxes) - 1
        for _ in range(len(boxes)):
            keys.press(key)
            if page.locator(f"#{box}").get_attribute("aria-pressed") == "true":
                break
        expect(page.locator(f"#{box}")).to_have_attribute("aria-pressed", "true")
    keys.press("v")


def choose_in_sheet(keys: Keys, box: str) -> None:
    """The box chosen in the sheet, as the keys first allowed: S onto a box, Tab to the
    one wanted, Enter, then V."""
    page = keys.page
    keys.press("s")
    boxes = open_boxes(page)
    at = boxes.index(page.evaluate("() => document.activeElement.id"))
    step = "Tab" if boxes.index(box) >= at else "Shift+Tab"
    for _ in range(abs(boxes.index(box) - at)):
        keys.press(step)
    expect(page.locator(f"#{box}")).to_be_focused()
    keys.press("Enter")
    keys.press("v")


def play_turn(page: Page, choose: Callable[[Keys, str], None]) -> tuple[int, int]:
    """A person's turn by keyboard alone; the keys it took, and those of them that
    chose the box (after the last roll)."""
    keys = Keys(page)
    said = rolls_heard(page)
    keys.press("r")
    for _ in range(2):
        values = dice(page)
        if len(set(values)) == 1:
            break  # a Penta: nothing to roll for
        for i, (now, want) in enumerate(zip(held(page), to_hold(values), strict=True)):
            if now != want:
                keys.press(str(i + 1))
        said = rolls_heard(page)
        keys.press("r")
    # The last roll heard before the box is chosen, as a screen reader's user hears it
    # (a busy page otherwise reads it out together with what the choice brings).
    page.wait_for_function(f"{ROLLS_HEARD} > {said}")
    rounds, rolled = page.locator(".round").inner_text(), keys.count
    choose(keys, target_box(page))
    expect(page.locator(".round")).not_to_have_text(rounds)
    return keys.count, keys.count - rolled


def start_against_the_computer(app: App, seed: int) -> Page:
    page = app.open()
    settings = '{"pace": "instant"}'
    page.evaluate(
        f"() => {{ localStorage.clear(); localStorage.setItem('zaria.settings', '{settings}'); }}"
    )
    page = app.open(f"?seed={seed}")
    page.locator(".game-card.penta").click()
    fill_seats(page, "penta", ["Kim"], computer=True)
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_focused()
    page.evaluate(LISTEN)
    return page


def kims_turn(page: Page) -> None:
    expect(page.locator(".turn-name")).to_have_text("Kim")
    expect(page.locator("#penta-roll")).to_be_focused()


#: How many of the texts heard say a roll.
ROLLS_HEARD = "window.heard.filter((t) => t.includes('Rolled')).length"


def rolls_heard(page: Page) -> int:
    return int(page.evaluate(ROLLS_HEARD))


def heard(page: Page) -> list[str]:
    return [str(t) for t in page.evaluate("() => window.heard")]


def test_a_penta_turn_takes_at_most_eight_keys_and_is_said_once(app: App) -> None:
    page = start_against_the_computer(app, seed=5)
    turns = []
    for _ in range(4):
        kims_turn(page)
        turns.append(play_turn(page, choose_by_arrows))
    counts = [keys for keys, _ in turns]
    # The box the countdown names takes one key (V), at once: never the countdown's end.
    assert [box for _, box in turns] == [1] * len(turns), turns
    assert sum(counts) / len(counts) <= 8, counts
    # The last round's scores are said once the computer's turn is over, which may be
    # after the round's number has changed.
    page.wait_for_function("window.heard.join(' ').split(' scores ').length > 8")
    said = heard(page)
    assert not any("Recorded automatically" in t for t in said), said
    # Each score is said once; the computer's throws and keeps name it.
    scores = {m for text in said for m in re.findall(r"\w+ scores \d+ in [^.!]+", text)}
    times = {score: sum(score in text for text in said) for score in scores}
    assert len(scores) >= 8 and set(times.values()) == {1}, times
    assert any("Computer rolls" in t for t in said), said
    assert not any(t.startswith("Rolled") and "Computer" in t for t in said), said
    assert page.locator("#penta-keys").is_visible()  # the keys are said on the page


def test_the_arrows_go_through_the_boxes_and_the_focus_stays_on_the_table(app: App) -> None:
    page = app.open("?dice=11234")
    page.locator(".game-card.penta").click()
    fill_seats(page, "penta", ["Kim"])
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_focused()
    page.evaluate(LISTEN)
    page.keyboard.press("r")
    # From the dice, an arrow chooses a box and says its points; the focus stays.
    page.keyboard.press("ArrowDown")
    expect(page.locator("#box-aces")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#penta-roll")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.locator("#box-penta")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#box-aces")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#live")).to_contain_text("Aces: 2 points")
    # Every die held: Roll says why, and keeps the focus.
    for key in "12345":
        page.keyboard.press(key)
    assert not page.evaluate(LOST)
    expect(page.locator("#penta-roll")).to_be_focused()
    # S goes into the sheet, onto the box chosen; the arrows go through the boxes
    # (round the end), and S comes back.
    page.keyboard.press("s")
    expect(page.locator("#box-aces")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.locator("#box-penta")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#box-twos")).to_be_focused()
    page.keyboard.press("s")
    expect(page.locator("#penta-roll")).to_be_focused()


def test_a_touch_screen_shows_no_keys_and_symbols_are_not_in_names(
    phone: Callable[..., App],
) -> None:
    page = phone().open("?dice=12345")
    # The challenge buttons are named by their words; their symbols are only drawn.
    expect(page.locator("#daily-penta")).to_have_accessible_name("Daily dice")
    expect(page.locator("#duel-penta")).to_have_accessible_name("Duel")
    page.locator(".game-card.penta").click()
    fill_seats(page, "penta", ["Ann", "Ben"])
    page.locator("#penta-start").click()
    page.locator("#penta-roll").click()
    page.locator("#box-chance").click()
    page.locator("#penta-validate").click()
    # The hand-over card's Undo, like every button, shows no key without a keyboard;
    # nor does the table its line of keys.
    expect(page.locator("#penta-handover-undo")).to_be_visible()
    shown = page.locator("#penta-handover-undo kbd, #penta-keys").evaluate_all(
        "els => els.filter(e => e.checkVisibility()).map(e => e.outerHTML)"
    )
    assert not shown, shown
