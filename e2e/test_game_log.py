"""The game log in the page: the latest turn step by step under the table, the earlier
turns folded by round, after a reload, in another language, and on the end screens
(Farkle's with the race chart and its table)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import App, no_error_box
from test_farkle_ui import open_farkle, roll_to, setup, tap
from test_penta_ui import SOLITAIRE, SOLITAIRE_BOXES, record, roll, start

#: Penta: 1, 1, 2, 3, 4, keep the 1s, then 1, 1, 1: a Penta; then 6, 6, 6, 6, 5.
PENTA_DICE = "11234,111,66665"
#: Farkle: a 1 of 1, 5, 5, 2, 3, 4 banked (100), then a lost turn.
FARKLE_DICE = "155234,234623"


def shoot(page: Page, shots: Path, name: str) -> None:
    """Screenshots of the whole page, light and dark."""
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        page.screenshot(path=str(shots / f"{name}-{theme}.png"), full_page=True)


def penta_turns(page: Page) -> None:
    roll(page)
    page.locator("#die-0").click()
    page.locator("#die-1").click()
    roll(page)
    record(page, "penta")
    roll(page)  # the next turn, in progress


def test_penta_s_log_under_the_sheet_folds_and_survives_a_reload(app: App, shots: Path) -> None:
    page = app.page
    page.set_viewport_size({"width": 390, "height": 844})
    app.open(f"?dice={PENTA_DICE}")
    start(page, ["Alice"])
    penta_turns(page)
    log = page.locator("#penta-turn-log")
    expect(page.locator("#penta-turn-log-title")).to_have_text("Alice’s turn")
    expect(page.locator("#penta-turn-log-steps li")).to_have_text(["Rolled 6, 6, 6, 6, 5"])
    summary = page.locator("#penta-log-summary")
    expect(summary).to_have_text("Game log (1 turn)")
    earlier = page.locator("#penta-log-all .log-turn li")
    expect(earlier.first).to_be_hidden()  # folded
    # Below the table: the sheet, dice and buttons come first.
    table_bottom = page.locator("#penta-roll").bounding_box()
    assert table_bottom is not None and (log.bounding_box() or {"y": 0})["y"] > table_bottom["y"]
    summary.click()
    expect(earlier).to_have_text(
        [
            "Rolled 1, 1, 2, 3, 4",
            "Alice keeps 1, 1",
            "Rolled 1, 1, 1, 1, 1",
            "Alice scores 50 in Penta.",
        ]
    )
    log.scroll_into_view_if_needed()
    shoot(page, shots, "log-penta-phone")
    page.reload()
    page.locator("#penta-turn-log").wait_for()
    expect(page.locator("#penta-log-all .log-turn li")).to_have_count(0)  # folded: not drawn
    page.locator("#penta-log-summary").click()
    expect(page.locator("#penta-log-all .log-turn li")).to_have_count(4)
    expect(page.locator("#penta-turn-log-steps li")).to_have_text(["Rolled 6, 6, 6, 6, 5"])
    # Another language: the same log, other words.
    page.locator("#lang").select_option("fr")
    expect(page.locator("#penta-log-summary")).to_have_text("Journal de la partie (1 tour)")
    expect(page.locator("#penta-turn-log-title")).to_have_text("Tour d’Alice")
    no_error_box(page)


def test_farkle_s_log_at_desktop_size(app: App, shots: Path) -> None:
    page = app.open(f"?dice={FARKLE_DICE}")
    open_farkle(page)
    setup(page, ["Alice"], computer=False)
    page.locator("#fk-start").click()
    roll_to(page, [1, 5, 5, 2, 3, 4])
    tap(page, 1)
    page.locator("#fk-bank").click()
    expect(page.locator("#fk-turn-log-title")).to_have_text("Alice’s last turn")
    page.locator("#fk-roll").click()  # nothing scores: the turn is lost at once
    expect(page.locator("#fk-log-summary")).to_have_text("Game log (1 turn)")
    expect(page.locator("#fk-turn-log-steps li")).to_have_text(
        [
            "Alice rolls 2, 3, 4, 6, 2, 3.",
            "Alice scores nothing; the banked total stays at 100.",
        ]
    )
    page.locator("#fk-log-summary").click()
    expect(page.locator("#fk-log-all .log-turn li")).to_have_text(
        [
            "Alice rolls 1, 5, 5, 2, 3, 4.",
            "Alice sets aside 1.",
            "Alice banks 100",
            "New total: 100.",
        ]
    )
    page.locator("#fk-turn-log").scroll_into_view_if_needed()
    shoot(page, shots, "log-farkle-desktop")
    no_error_box(page)


def test_farkle_s_end_screen_has_the_race_chart_and_its_table(app: App, shots: Path) -> None:
    page = app.open("?dice=155234,111111,111111")
    open_farkle(page)
    setup(page, ["Alice"], computer=False, target="5,000")
    page.locator("#fk-start").click()
    roll_to(page, [1, 5, 5, 2, 3, 4])
    tap(page, 1)
    page.locator("#fk-bank").click()
    roll_to(page, [1, 1, 1, 1, 1, 1])
    tap(page, 1, 2, 3, 4, 5, 6)
    roll_to(page, [1, 1, 1, 1, 1, 1])
    tap(page, 1, 2, 3, 4, 5, 6)
    page.locator("#fk-bank").click()
    figure = page.locator("figure").filter(has=page.locator("svg"))
    expect(figure).to_have_count(1)
    chart = page.get_by_role("img", name="The race: each player’s score by round")
    expect(chart).to_be_visible()
    expect(figure.locator("table")).to_contain_text("6,100")
    expect(page.locator("#fk-log-summary")).to_have_text("Game log (2 turns)")
    shoot(page, shots, "log-farkle-end-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    shoot(page, shots, "log-farkle-end-phone")
    no_error_box(page)


def test_penta_s_end_screen_keeps_the_whole_log(app: App) -> None:
    page = app.open(f"?dice={SOLITAIRE}")
    start(page, ["Alice"])
    for box in SOLITAIRE_BOXES:
        roll(page)
        record(page, box)
    expect(page.locator(".end-title")).to_have_text("Alice, your score: 423")
    summary = page.locator("#penta-log-summary")
    expect(summary).to_have_text("Game log (13 turns)")
    summary.click()
    expect(page.locator("#penta-log-all .log-round h3")).to_have_count(13)
    expect(page.locator("#penta-log-all .log-turn li").last).to_have_text(
        "Alice scores 28 in Chance."
    )
