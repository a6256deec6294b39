"""Where the table's parts stand: nothing a player taps moves during a turn, what comes
into view at the player's request is in sight, the whole Penta sheet on a laptop or a
tablet, every Farkle player above the dice on a phone; after any roll on the smallest
phone the dice and the buttons are both in sight; a score chip never splits a word or a
number; a tablet's sheet shows four players' columns, its box names kept in place."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from conftest import App, fill_seats
from test_penta_phone import start

#: What a player taps during a Penta turn.
PENTA_TAPS = ("#penta-roll", "#penta-validate", "#penta-undo", "#die-0", "#die-4")


def places(page: Page, selectors: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    """Each element's place on the screen (x, y, in px)."""
    found = {}
    for sel in selectors:
        box = page.locator(sel).bounding_box()
        assert box is not None, sel
        found[sel] = (round(box["x"]), round(box["y"]))
    return found


def start_penta(page: Page, names: list[str], computer: bool = False, coach: bool = False) -> None:
    """Penta from home, these people (no hand-over card), the coach switched on or not."""
    start(page, names, computer)
    if coach:
        page.locator("#penta-coach").click()


@pytest.mark.parametrize("size", [(390, 844), (360, 740), (844, 390), (1280, 800)])
def test_nothing_a_player_taps_moves_during_a_penta_turn(app: App, size: tuple[int, int]) -> None:
    app.page.set_viewport_size({"width": size[0], "height": size[1]})
    page = app.open("?dice=11234,12345,66666")
    start_penta(page, ["Ann", "Ben"])
    expect(page.locator(".handover")).to_be_visible()  # "Ann, your turn: roll the dice!"
    before = places(page, PENTA_TAPS)
    seen = []
    for _ in range(3):
        page.locator("#penta-roll").click()
        seen.append(places(page, PENTA_TAPS))
    expect(page.locator(".handover")).to_be_hidden()
    expect(page.locator("#penta-countdown")).to_be_visible()  # the last roll's countdown
    assert all(s == before for s in seen), (size, before, seen)
    assert page.evaluate("scrollY") == 0


def test_the_computer_playing_moves_none_of_the_persons_buttons(app: App) -> None:
    app.page.set_viewport_size({"width": 390, "height": 844})
    page = app.open("?dice=11234,12345,66666,22222")
    start_penta(page, ["Ann"], computer=True)
    before = places(page, ("#penta-roll", "#penta-validate", "#penta-undo"))
    for _ in range(3):
        page.locator("#penta-roll").click()
    page.locator("#box-sixes").click()
    page.locator("#penta-validate").click()
    expect(page.locator(".penta-msg.thinking")).to_be_visible()  # "Computer is playing…"
    assert places(page, ("#penta-roll", "#penta-validate", "#penta-undo")) == before


def test_the_coach_shows_above_the_buttons_kept_at_the_bottom(app: App, shots: Path) -> None:
    app.page.set_viewport_size({"width": 360, "height": 740})
    page = app.open("?dice=11234")
    start_penta(page, ["Ann", "Ben"], coach=True)  # switched on: its box comes in sight

    def in_sight() -> None:
        coach = page.locator("#penta-coach-box").bounding_box()
        bar = page.locator(".controls-area").bounding_box()
        assert coach is not None and bar is not None
        assert coach["y"] >= 0 and coach["y"] + coach["height"] <= bar["y"] + 1, (coach, bar)

    in_sight()
    dice = places(page, PENTA_TAPS)
    page.locator("#penta-roll").click()
    expect(page.locator("#penta-coach-box")).to_contain_text("Best:")
    in_sight()
    assert places(page, PENTA_TAPS) == dice  # the advice coming moved nothing
    page.screenshot(path=str(shots / "penta-coach-360.png"))


def test_a_game_with_the_coach_on_opens_at_its_top(app: App) -> None:
    app.page.set_viewport_size({"width": 360, "height": 740})
    page = app.open()
    page.evaluate("() => localStorage.setItem('zaria.settings', JSON.stringify({coach: 'on'}))")
    page = app.open("?dice=11234")
    start_penta(page, ["Ann", "Ben"])
    expect(page.locator("#penta-coach-box")).to_be_attached()
    assert page.evaluate("scrollY") == 0


def test_the_score_pad_for_real_dice_is_in_sight_on_a_320_phone(app: App, shots: Path) -> None:
    app.page.set_viewport_size({"width": 320, "height": 568})
    page = app.open("#/penta-pad")
    page.locator("#penta-name-0").fill("Ann")
    page.locator("#penta-start").click()
    pad = page.locator("#penta-pad")
    expect(pad).to_be_visible()
    box, bar = pad.bounding_box(), page.locator(".controls-area").bounding_box()
    assert box is not None and bar is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"] + 1, (box, bar)
    page.screenshot(path=str(shots / "penta-pad-320x568.png"))


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)])
def test_the_whole_penta_sheet_fits_a_laptop_or_a_tablet(
    app: App, size: tuple[int, int], shots: Path
) -> None:
    app.page.set_viewport_size({"width": size[0], "height": size[1]})
    page = app.open("?dice=11234")
    start_penta(page, ["Ann", "Ben"])
    page.locator("#penta-roll").click()
    total = page.locator(".sheet tr.grand").bounding_box()
    assert total is not None and total["y"] + total["height"] <= size[1], total
    # Each player's total in large figures beside the dice, the player to play marked.
    board = page.locator(".penta-board li")
    expect(board).to_have_count(2)
    expect(board.first).to_have_attribute("aria-current", "true")
    size_px = board.first.locator(".num").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size_px >= 20
    page.screenshot(path=str(shots / f"penta-sheet-{size[0]}x{size[1]}.png"))


def test_seven_farkle_players_are_listed_above_the_dice_on_a_phone(app: App, shots: Path) -> None:
    app.page.set_viewport_size({"width": 360, "height": 740})
    page = app.open()
    page.locator(".game-card.farkle").click()
    names = ["Ann", "Ben", "Chloé", "Dimitris", "Elif", "Frédérique"]
    fill_seats(page, "fk", names, computer=True)
    handover = page.locator("#fk-handover-setting")
    if handover.count() and handover.is_checked():
        handover.click()
    page.locator("#fk-start").click()
    players = page.locator(".fk-plist").bounding_box()
    table = page.locator(".fk-table").bounding_box()
    assert players is not None and table is not None
    assert players["y"] + players["height"] <= table["y"], (players, table)
    assert players["height"] <= 130  # a few lines of chips, not a screenful of cards
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=str(shots / "farkle-seven-360.png"))


# -- after a roll on the smallest phone, the dice and the buttons in sight ---------------

#: Each die's box and each button's (Penta's Roll, Validate, Undo; Farkle's Roll, Bank,
#: Undo), and whether the element drawn at its centre is its own (not the bar pinned at
#: the bottom, nor anything else over it).
SEEN = """() => {
  const dice = [...document.querySelectorAll(".dice-tray .die, .fk-tray button.fk-die")];
  const buttons = [...document.querySelectorAll(
    "#penta-roll, #penta-validate, #penta-undo, #fk-roll, #fk-bank, #fk-undo")];
  const box = e => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return {name: e.id, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            mine: !!hit && (e.contains(hit) || hit.contains(e))};
  };
  return {dice: dice.map(box), buttons: buttons.map(box), height: innerHeight, width: innerWidth};
}"""


def out_of_sight(page: Page, where: str) -> list[str]:
    """The dice and buttons not whole in the window, or under something else, or
    overlapping one another."""
    found: dict[str, Any] = page.evaluate(SEEN)
    assert len(found["dice"]) >= 5 and len(found["buttons"]) == 3, found
    faults = []
    for b in found["dice"] + found["buttons"]:
        inside = b["top"] >= 0 and b["left"] >= 0
        inside = inside and b["bottom"] <= found["height"] and b["right"] <= found["width"]
        if not (inside and b["mine"]):
            faults.append(f"{where}: {b['name']} at {round(b['top'])}-{round(b['bottom'])}")
    lowest = max(d["bottom"] for d in found["dice"])
    highest = min(b["top"] for b in found["buttons"])
    if lowest > highest:
        faults.append(f"{where}: the dice reach {round(lowest)}, the buttons {round(highest)}")
    return faults


#: Six people and the computer: the most a game seats.
SEVEN = ["Βασίλης", "Σταυρούλα", "Ann", "Ben", "Elif", "Dimitris"]


def test_after_a_roll_the_dice_and_buttons_are_in_sight_on_a_320_phone(
    phone: Callable[..., App], shots: Path
) -> None:
    """Penta and Farkle with every seat taken (and Farkle's house rules listed), a roll,
    then each language drawn in place: nothing to scroll to see the dice or the buttons."""
    app = phone(viewport=(320, 568))
    page = app.open("?dice=11234,112346")
    faults = []
    page.locator(".game-card.penta").tap()
    fill_seats(page, "penta", SEVEN, computer=True)
    page.locator("#penta-start").tap()
    page.locator("#penta-roll").tap()
    expect(page.locator(".roll-pip.used")).to_have_count(1)
    for lang in ("el", "tr", "fr", "en"):
        page.select_option("#lang", lang)
        faults += out_of_sight(page, f"Penta, {lang}")
    page.select_option("#lang", "el")
    page.screenshot(path=str(shots / "penta-roll-320x568-el.png"))
    page.locator(".brand").tap()
    page.locator(".game-card.farkle").tap()
    fill_seats(page, "fk", SEVEN, computer=True)
    for rule in ("#fk-opening-500", "#fk-penalty-500", "#fk-table-additive"):
        page.locator(rule).tap()
    page.locator("#fk-start").tap()
    page.locator("#fk-roll").tap()
    expect(page.locator(".fk-tray button.fk-die")).to_have_count(6)
    for lang in ("tr", "el", "fr", "en"):
        page.select_option("#lang", lang)
        faults += out_of_sight(page, f"Farkle, {lang}")
    page.select_option("#lang", "tr")
    page.screenshot(path=str(shots / "farkle-roll-320x568-tr.png"))
    assert faults == []


# -- score chips and the tablet's sheet --------------------------------------------------

#: The words of the matched elements that the page splits over two lines.
SPLIT = """sel => {
  const out = [];
  for (const e of document.querySelectorAll(sel)) {
    if (!e.checkVisibility()) continue;
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n; (n = walker.nextNode()); ) {
      for (const m of n.data.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].filter(x => x.width)
          .map(x => Math.round(x.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""
CHIPS = ".penta-board li, .fk-player :is(.fk-pname, .fk-ptotal)"


def test_score_chips_never_split_a_word_or_a_number(app: App, shots: Path) -> None:
    """Three people and the computer, the first on 50, at a tablet's and a laptop's
    width, in Greek and Turkish; then Farkle's players the same way."""
    page = app.open("?dice=66666,112346")
    start_penta(page, ["Βασίλης", "Σταυρούλα", "Ann"], computer=True)
    page.locator("#penta-roll").click()
    page.locator("#box-penta").click()
    page.locator("#penta-validate").click()
    expect(page.locator(".penta-board li .num").first).to_have_text("50")
    split = []
    for width, height in ((768, 1024), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        for lang in ("el", "tr"):
            page.select_option("#lang", lang)
            split += [f"Penta, {width}, {lang}: {w}" for w in page.evaluate(SPLIT, CHIPS)]
    page.screenshot(path=str(shots / "penta-chips-1280-tr.png"))
    page.locator(".brand").click()
    page.locator(".game-card.farkle").click()
    fill_seats(page, "fk", ["Βασίλης", "Σταυρούλα", "Ann"], computer=True)
    page.locator("#fk-start").click()
    for width, height in ((768, 1024), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        for lang in ("el", "tr"):
            page.select_option("#lang", lang)
            split += [f"Farkle, {width}, {lang}: {w}" for w in page.evaluate(SPLIT, CHIPS)]
    page.set_viewport_size({"width": 768, "height": 1024})
    page.screenshot(path=str(shots / "farkle-chips-768-tr.png"))
    assert split == []


#: The sheet's visible box, each player's head cell and each box name's, and whether
#: the name is the element drawn at its centre.
SHEET = """() => {
  const wrap = document.querySelector(".sheet-wrap").getBoundingClientRect();
  const box = e => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return {left: r.left, right: r.right, mine: !!hit && e.contains(hit)};
  };
  return {left: wrap.left, right: wrap.right,
          heads: [...document.querySelectorAll(".sheet thead th:not(.corner)")].map(box),
          names: [...document.querySelectorAll(".sheet tbody tr.box-row th")].map(box)};
}"""


def test_a_tablet_shows_four_players_columns_and_keeps_the_box_names(app: App, shots: Path) -> None:
    app.page.set_viewport_size({"width": 768, "height": 1024})
    page = app.open("?dice=11234")
    start_penta(page, ["Βασίλης", "Σταυρούλα", "Ann"], computer=True)
    page.select_option("#lang", "el")
    page.locator("#penta-roll").click()
    sheet = page.evaluate(SHEET)
    assert len(sheet["heads"]) == 4
    cut = [h for h in sheet["heads"] if h["left"] < sheet["left"] or h["right"] > sheet["right"]]
    assert cut == [], sheet
    page.screenshot(path=str(shots / "penta-tablet-768x1024-4p.png"))
    # Seven players: the columns scroll, the box names stay at the sheet's edge.
    app.reset()
    page = app.open("?dice=11234")
    start_penta(page, SEVEN, computer=True)
    page.locator("#penta-roll").click()
    page.evaluate("document.querySelector('.sheet-wrap').scrollLeft = 10000")
    sheet = page.evaluate(SHEET)
    assert len(sheet["names"]) == 13
    lost = [n for n in sheet["names"] if n["left"] < sheet["left"] - 1 or not n["mine"]]
    assert lost == [], sheet
    page.screenshot(path=str(shots / "penta-tablet-768x1024-7p-scrolled.png"))
