"""The statistics screen on a phone, where its end is: what an import comes to is said by
the Import button, in view, and a question (clear, replace) is asked one at a time, its
buttons in view."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from conftest import App
from test_stats_players import seeded_stats
from zaria_web.storage import stats, transfer


def stats_page(phone: Callable[..., App], width: int = 360, height: int = 740) -> Page:
    app = phone(viewport=(width, height))
    page = app.open()
    page.evaluate("s => localStorage.setItem('zaria.stats2', s)", seeded_stats())
    app.open()  # a new app, started from that storage
    page.locator(".brand").first.click()
    page.locator(".stats-link").click()
    expect(page.locator("#penta-line")).to_be_visible()
    return page


def at_bottom_edge(page: Page, target: Locator) -> None:
    """Scroll so that ``target`` just shows at the bottom of the window (the player has
    scrolled down to it, and no further)."""
    box = target.bounding_box()
    assert box is not None
    page.evaluate("y => window.scrollBy(0, y)", box["y"] + box["height"] + 2 - page_height(page))


def page_height(page: Page) -> float:
    return float(page.evaluate("window.innerHeight"))


def in_view(page: Page, target: Locator) -> bool:
    box = target.bounding_box()
    assert box is not None, "not drawn"
    return box["y"] >= 0 and box["y"] + box["height"] <= page_height(page)


def export_file(tmp_path: Path) -> Path:
    summaries = stats.parse(seeded_stats())
    path = tmp_path / "zaria-stats.json"
    path.write_text(transfer.export_text(summaries, [], "2026-03-14T15:09:26.000+01:00", {}))
    return path


def test_a_refused_file_is_said_by_the_import_button_in_view(
    phone: Callable[..., App], tmp_path: Path, shots: Path
) -> None:
    page = stats_page(phone)
    at_bottom_edge(page, page.locator("#stats-import-btn"))
    bad = tmp_path / "not-ours.json"
    bad.write_text(json.dumps({"app": "yahtzee"}))
    page.locator(f"#{transfer.FIELD}").set_input_files(str(bad))
    said = page.locator(f"#{transfer.SAID}")
    expect(said).to_have_text("That file is not a Zaria export: nothing was changed.")
    assert in_view(page, said), said.bounding_box()
    # Right over the Import button, which keeps the focus and is described by it.
    button = page.locator("#stats-import-btn").bounding_box()
    box = said.bounding_box()
    assert button is not None and box is not None
    assert 0 <= button["y"] - (box["y"] + box["height"]) <= 24, (box, button)
    expect(page.locator(f"#{transfer.FIELD}")).to_be_focused()
    expect(page.locator(f"#{transfer.FIELD}")).to_have_attribute("aria-describedby", transfer.SAID)
    expect(page.locator("#live")).to_contain_text("not a Zaria export")
    expect(page.locator(".notices")).to_have_count(0)  # nothing at the top of the page
    page.screenshot(path=str(shots / "stats-import-refused-phone.png"))


def test_one_question_at_a_time_each_asked_in_view(
    phone: Callable[..., App], tmp_path: Path, shots: Path
) -> None:
    page = stats_page(phone)
    at_bottom_edge(page, page.locator("#stats-clear"))
    page.locator("#stats-clear").click()
    expect(page.locator("#clear-q")).to_be_visible()
    for ident in ("#clear-q", "#stats-clear-no", "#stats-clear-yes"):
        assert in_view(page, page.locator(ident)), ident
    expect(page.locator("#stats-clear-no")).to_be_focused()
    page.screenshot(path=str(shots / "stats-clear-question-phone.png"))
    # Importing a file then asks its own question, and the first one is closed.
    at_bottom_edge(page, page.locator("#stats-import-btn"))
    page.locator(f"#{transfer.FIELD}").set_input_files(str(export_file(tmp_path)))
    expect(page.locator("#import-q")).to_be_visible()
    expect(page.locator("#clear-q")).to_have_count(0)
    for ident in ("#import-q", "#stats-import-no", "#stats-import-yes"):
        assert in_view(page, page.locator(ident)), ident
    expect(page.locator("#stats-import-no")).to_be_focused()
    page.screenshot(path=str(shots / "stats-import-question-phone.png"))
    # And the other way round.
    page.locator("#stats-clear").scroll_into_view_if_needed()
    page.locator("#stats-clear").click()
    expect(page.locator("#import-q")).to_have_count(0)
    expect(page.locator("#clear-q")).to_be_visible()
    assert in_view(page, page.locator("#stats-clear-yes"))
    page.keyboard.press("Escape")
    expect(page.locator("#clear-q")).to_have_count(0)
    expect(page.locator("#stats-title")).to_be_visible()  # still the statistics


def test_an_import_is_said_done_by_the_import_button(
    phone: Callable[..., App], tmp_path: Path
) -> None:
    page = stats_page(phone, 320, 568)
    at_bottom_edge(page, page.locator("#stats-import-btn"))
    page.locator(f"#{transfer.FIELD}").set_input_files(str(export_file(tmp_path)))
    page.locator("#stats-import-yes").click()
    said = page.locator(f"#{transfer.SAID}")
    expect(said).to_have_text("Statistics and finished games imported.")
    assert in_view(page, said)
    expect(page.locator(f"#{transfer.FIELD}")).to_be_focused()
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, wide
