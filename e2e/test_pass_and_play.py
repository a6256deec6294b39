"""Passing one device between people: the hand-over card after each person's turn,
in both games. A tap meant for the turn that ended never plays the next person's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import App, pass_device


@dataclass(frozen=True)
class Game:
    name: str
    prefix: str
    #: Dice: the first turn ends with the tap that ``end_turn`` repeats.
    dice: str
    #: Play the first person's turn up to the tap that ends it; returns that control.
    end_turn: Callable[[Page], str]
    #: Whether the second person has rolled yet.
    rolled: Callable[[Page], bool]
    #: How the first turn went, as the hand-over card says.
    outcome: str | re.Pattern[str]


def _penta_end(page: Page) -> str:
    page.locator("#penta-roll").click()
    page.locator("#box-aces").click()
    expect(page.locator("#box-aces")).to_have_attribute("aria-pressed", "true")
    return "#penta-validate"


def _farkle_end(page: Page) -> str:
    return "#fk-roll"  # 2, 3, 4, 6, 2, 3: nothing scores, the turn is lost


PENTA = Game(
    "penta",
    "penta",
    "11234,55555",
    _penta_end,
    lambda page: page.locator(".roll-pip.used").count() > 0,
    "Ann scores 2 in Aces.",
)
FARKLE = Game(
    "farkle",
    "fk",
    "234623,555222",
    _farkle_end,
    lambda page: page.locator(".fk-tray button.die").count() > 0,
    re.compile(r"^Turn lost! Ann"),
)
GAMES = [PENTA, FARKLE]


def start_two(page: Page, g: Game, handover: bool = True) -> None:
    """Ann and Ben, no computer."""
    page.locator(f".game-card.{g.name}").click()
    page.locator(f"#{g.prefix}-start").wait_for()
    page.locator(f"#{g.prefix}-name-0").fill("Ann")
    page.locator(f"#{g.prefix}-add").click()
    page.locator(f"#{g.prefix}-name-1").fill("Ben")
    computer = page.locator(f"#{g.prefix}-computer")
    if computer.is_checked():
        computer.click()
    setting = page.locator(f"#{g.prefix}-handover-setting")
    expect(setting).to_be_checked()  # on unless chosen otherwise
    if not handover:
        setting.click()
        expect(setting).not_to_be_checked()
    page.locator(f"#{g.prefix}-start").click()


def double_tap(page: Page, selector: str) -> None:
    """Two taps on the spot where ``selector`` is, one right after the other."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.mouse.click(x, y)


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_a_double_tap_ending_a_turn_never_plays_the_next_persons(
    app: App, g: Game, shots: Path
) -> None:
    page = app.open(f"?dice={g.dice}")
    start_two(page, g)
    double_tap(page, g.end_turn(page))
    card = page.get_by_role("dialog", name="Ben’s turn")
    expect(card).to_be_visible()
    # The card says how Ann's turn went.
    expect(card.locator(".handover-outcome")).to_have_text(g.outcome)
    # The second tap reached the card during its pause: Ben has not rolled, and
    # Ann's outcome is still on the table behind the card.
    assert not g.rolled(page)
    if g is FARKLE:
        expect(page.locator(".fk-event.lost").first).to_contain_text("Turn lost!")
    else:
        expect(page.locator(".penta-msg.last")).to_contain_text("Ann scores 2 in Aces")
    # Once its pause is over the card's button has the focus (the stray tap let it go).
    expect(page.locator(f"#{g.prefix}-handover")).not_to_have_attribute("aria-disabled", "true")
    expect(page.locator(f"#{g.prefix}-handover")).to_be_focused()
    page.screenshot(path=str(shots / f"{g.name}-handover-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / f"{g.name}-handover-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    # Behind the card nothing is reachable: the table is inert.
    assert page.locator("[inert]").count() == 1
    pass_device(page, g.prefix)
    expect(page.locator(f"#{g.prefix}-roll")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(f"#{g.prefix}-roll")).to_be_visible()
    page.wait_for_function(
        "sel => document.querySelectorAll(sel).length > 0",
        arg=".roll-pip.used" if g is PENTA else ".fk-tray button.die",
    )
    assert g.rolled(page)


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_the_card_can_be_switched_off_and_survives_a_reload(app: App, g: Game) -> None:
    page = app.open(f"?dice={g.dice}")
    start_two(page, g, handover=False)
    page.locator(g.end_turn(page)).click()
    expect(page.locator(f"#{g.prefix}-roll")).to_be_enabled()
    expect(page.get_by_role("dialog")).to_have_count(0)
    # On (as for a first visit), then a reload while the card waits: it is still there.
    app.reset()
    page = app.open(f"?dice={g.dice}")
    start_two(page, g)
    page.locator(g.end_turn(page)).click()
    expect(page.get_by_role("dialog", name="Ben’s turn")).to_be_visible()
    page.reload()
    app.wait_ready()  # the reload returns to the game's own address
    expect(page.get_by_role("dialog", name="Ben’s turn")).to_be_visible()
    expect(page.locator(f"#{g.prefix}-handover")).to_be_focused()
    pass_device(page, g.prefix)


def test_the_last_decision_can_be_taken_back_from_the_card(app: App) -> None:
    page = app.open("?dice=155234,555222")
    start_two(page, FARKLE)
    page.locator("#fk-roll").click()
    page.locator("#fk-die-1").click()
    page.locator("#fk-bank").click()
    expect(page.get_by_role("dialog", name="Ben’s turn")).to_be_visible()
    page.locator("#fk-handover-undo").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator("#fk-turn")).to_have_text(re.compile("Ann"))
