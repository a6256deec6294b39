"""Finished games on the statistics screen: listed, opened again, exported and imported."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import App


def finish_a_pad_game(page: Page) -> None:
    """A whole solo Penta game on the score pad (real dice: it counts, and is kept)."""
    page.locator("#real-penta").click()
    page.locator("#penta-name-0").fill("Ann")
    page.locator("#penta-start").click()
    for turn in range(13):
        expect(page.locator("#penta-pad")).to_be_visible()
        for key in ("12345", "23456", "11122", "66655")[turn % 4]:
            page.keyboard.press(key)
        page.keyboard.press("r")
        page.locator(".box-btn:not(:disabled)").first.click()
        page.keyboard.press("v")
    expect(page.locator("#penta-end-title")).to_be_visible()


def open_stats(page: Page) -> None:
    page.evaluate("location.hash = '#/stats'")
    expect(page.locator("#stats-title")).to_be_visible()


def shot(page: Page, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"history-{name}.png"), full_page=True)


def test_a_finished_game_is_listed_opened_exported_and_imported(app: App, shots: Path) -> None:
    page = app.open()
    finish_a_pad_game(page)
    end_title = page.locator("#penta-end-title").inner_text()
    open_stats(page)
    item = page.locator(".past-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Penta · With real dice")
    expect(item).to_contain_text("Ann")
    page.set_viewport_size({"width": 1280, "height": 800})
    shot(page, shots, "stats-desktop")
    item.click()
    expect(page.locator("#penta-end-title")).to_have_text(end_title)
    assert "#/game/" in page.url
    expect(page.locator("#penta-again")).to_have_count(0)
    shot(page, shots, "past-desktop")
    page.locator("#past-back").click()
    expect(page.locator("#stats-title")).to_be_visible()
    # Back steps through the history; the entry reached is labelled when the browser
    # gets there, a moment after the statistics are drawn: the click returns once it
    # has (zariaPy.settled() waits for the step and the app's answer to it).
    assert page.evaluate("location.hash") == "#/stats"

    with page.expect_download() as info:
        page.locator("#stats-export").click()
    download = info.value
    assert download.suggested_filename.startswith("zaria-stats-")
    exported = json.loads(Path(download.path()).read_text())
    assert exported["app"] == "zaria" and len(exported["games"]["games"]) == 1
    game_id = exported["games"]["games"][0]["id"]

    # Clear, then import the file back after the confirmation.
    page.locator("#stats-clear").click()
    page.locator("#stats-clear-yes").click()
    page.evaluate("localStorage.removeItem('zaria.games')")
    app.open("#/stats")
    expect(page.locator(".past-item")).to_have_count(0)
    page.locator("#stats-import-file").set_input_files(
        files=[
            {
                "name": "z.json",
                "mimeType": "application/json",
                "buffer": json.dumps(exported).encode(),
            }
        ]
    )
    expect(page.locator("#import-q")).to_contain_text("1 finished games")
    page.locator("#stats-import-yes").click()
    expect(page.locator(f"#past-{game_id}")).to_be_visible()

    # A file that is not ours: its notice, and nothing changed.
    page.locator("#stats-import-file").set_input_files(
        files=[{"name": "x.json", "mimeType": "application/json", "buffer": b'{"app": "other"}'}]
    )
    expect(page.locator(".notice")).to_contain_text("not a Zaria export")
    expect(page.locator(f"#past-{game_id}")).to_be_visible()
    app.check()


def test_the_list_and_a_past_game_on_a_phone_light_and_dark(
    phone: Callable[..., App], shots: Path
) -> None:
    app = phone(viewport=(390, 844), color_scheme="light")
    page = app.open()
    finish_a_pad_game(page)
    for theme in ("light", "dark"):
        if theme == "dark":
            page.locator("#theme").tap()  # the system's scheme is light: to dark
        open_stats(page)
        expect(page.locator(".past-item")).to_have_count(1)
        shot(page, shots, f"stats-phone-{theme}")
        page.locator(".past-item").tap()
        expect(page.locator("#past-back")).to_be_visible()
        shot(page, shots, f"past-phone-{theme}")
        page.locator("#past-back").tap()
    page.set_viewport_size({"width": 320, "height": 640})
    expect(page.locator("#stats-title")).to_be_visible()
    shot(page, shots, "stats-phone-320")
    overflow = page.evaluate("document.documentElement.scrollWidth > innerWidth")
    assert not overflow
