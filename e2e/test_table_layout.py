"""Where the table's parts stand: nothing a player taps moves during a turn, what comes
into view at the player's request is in sight, the whole Penta sheet on a laptop or a
tablet, every Farkle player above the dice on a phone."""

from __future__ import annotations

from pathlib import Path

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
