"""Failures the player must see: a broken runtime download, an error in the app.

A start that cannot finish shows its message and the retry button within
seconds of the broken download, long before the boot timeout (set to 60 s here,
so that the timeout cannot be what shows it). An unexpected error in Python
shows a notice above the screen, and the page goes on working.
"""

from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
import zstandard
from playwright.sync_api import Route, expect

from conftest import SITE, App

#: Seconds from the broken download to the retry button at most: a third of the
#: boot timeout, so that only the failure itself can have shown it. (It is no speed
#: target: an app.zip that lacks a module is noticed once Python has started, which
#: takes several seconds on a busy machine.)
FAST = 20.0
WASM = "**/vendor/pyodide/pyodide.asm.wasm.zst"


def _server_error(route: Route) -> None:
    route.fulfill(status=500, body="Internal Server Error", content_type="text/plain")


def _truncated_wasm(route: Route) -> None:
    # A download cut short, yet served as complete: the unpacking fails, not the fetch.
    body = (SITE / "vendor" / "pyodide" / "pyodide.asm.wasm.zst").read_bytes()
    route.fulfill(status=200, body=body[: len(body) // 3], content_type="application/zstd")


def _abort(route: Route) -> None:
    route.abort()


def _incomplete_zip(route: Route) -> None:
    # A whole zip that lacks a module: Python's import fails, not the download.
    packed = (SITE / "app.zip.zst").read_bytes()
    whole = zipfile.ZipFile(io.BytesIO(zstandard.ZstdDecompressor().decompress(packed)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as part:
        for info in whole.infolist():
            if not info.filename.startswith("zaria_web/runtime/worker.py"):  # its .pyc
                part.writestr(info, whole.read(info))
    body = zstandard.ZstdCompressor().compress(out.getvalue())
    route.fulfill(status=200, body=body, content_type="application/zstd")


#: Which download breaks, how, and the browser's or PyScript's own reports of it
#: (expected on the console); anything else reported there fails the test.
BROKEN: dict[str, tuple[str, Callable[[Route], None], tuple[str, ...]]] = {
    "wasm-http-500": (WASM, _server_error, ("Failed to load resource",)),
    "wasm-truncated": (WASM, _truncated_wasm, ()),
    "worker-aborted": ("**/worker.py", _abort, ("Failed to load resource", "Failed to fetch")),
    "zip-http-500": (
        "**/app.zip.zst",
        _server_error,
        # PyScript's worker logs the error event it passes on.
        ("Failed to load resource", "console: MessageEvent"),
    ),
    "zip-incomplete": ("**/app.zip.zst", _incomplete_zip, ()),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_runtime_download_fails_fast(make_app: Callable[..., App], case: str) -> None:
    app = make_app()
    pattern, breaks, expected = BROKEN[case]
    app.allowed_errors.extend(expected)
    broken_at: list[float] = []

    def handler(route: Route) -> None:
        broken_at.append(time.monotonic())
        breaks(route)

    app.context.route(pattern, handler)
    page = app.open("?boot-timeout=60000", wait=False)
    retry = page.get_by_role("button", name="Try again")
    retry.wait_for(state="visible", timeout=40_000)
    shown = time.monotonic()
    assert broken_at, f"{pattern} was never requested"
    waited = shown - broken_at[0]
    print(f"{case}: retry shown {waited:.2f} s after the broken download")
    assert waited < FAST, f"{case}: the failure took {waited:.1f} s to show"
    expect(page.locator("html")).to_have_attribute("data-boot-failed", "1")
    expect(page.locator(".boot-error")).to_have_text(
        "Zaria could not start. Check your connection, then try again."
    )
    assert page.locator("html[data-ready]").count() == 0


def test_the_retry_button_starts_the_app_once_the_download_works(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    app.allowed_errors.append("Failed to load resource")
    app.context.route(WASM, _server_error)
    page = app.open("?boot-timeout=60000", wait=False)
    page.get_by_role("button", name="Try again").wait_for(state="visible", timeout=40_000)
    app.context.unroute(WASM)
    page.get_by_role("button", name="Try again").click()
    app.wait_ready()
    expect(page.get_by_role("button", name="Penta")).to_be_enabled()


#: Type a letter in a field whose index is not a number, as if the page and the
#: app disagreed: Python raises. One script, so that no redraw comes in between.
TYPE_IN_A_BROKEN_FIELD = """() => {
  const field = document.getElementById("penta-name-0");
  field.dataset.index = "first";
  field.value = "A";
  field.dispatchEvent(new Event("input", { bubbles: true }));
}"""
#: Tap a die whose index is not a number.
TAP_A_BROKEN_DIE = """() => {
  const die = document.getElementById("die-0");
  die.dataset.index = "first";
  die.click();
}"""


def test_an_unexpected_error_shows_a_notice_and_the_page_goes_on(app: App, shots: Path) -> None:
    app.page.set_viewport_size({"width": 390, "height": 844})
    page = app.open()
    page.get_by_role("button", name="Penta").click()
    page.locator("#penta-name-0").wait_for()
    page.evaluate(TYPE_IN_A_BROKEN_FIELD)
    notice = page.locator(".error-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Something went wrong")
    expect(notice).to_contain_text("Reload the page to carry on: your game is saved.")
    expect(notice.locator(".error-detail")).to_contain_text("invalid literal for int()")
    expect(page.locator("#alert")).to_contain_text("Something went wrong")
    expect(page.get_by_role("link", name="Reload")).to_be_visible()
    page.screenshot(path=str(shots / "error-notice-phone.png"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the notice widens the page to {width} px"
    # Dismissed, it goes; the next click works.
    page.get_by_role("button", name="Dismiss").click()
    expect(notice).to_have_count(0)
    page.locator("#penta-computer").uncheck()
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_enabled()
    page.locator("#penta-roll").click()
    expect(page.locator("#die-0")).to_be_enabled()


def test_reload_from_the_notice_resumes_the_game(app: App) -> None:
    page = app.open()
    page.get_by_role("button", name="Penta").click()
    page.locator("#penta-computer").uncheck()
    page.locator("#penta-start").click()
    page.locator("#penta-roll").click()
    expect(page.locator("#die-0")).to_be_enabled()
    dice = page.locator(".dice-tray .die").evaluate_all("ds => ds.map(d => d.dataset.value)")
    page.evaluate(TAP_A_BROKEN_DIE)
    expect(page.locator(".error-notice")).to_be_visible()
    page.get_by_role("link", name="Reload").click()
    app.wait_ready()
    page.get_by_role("button", name="Resume").click()
    expect(page.locator(".dice-tray .die")).to_have_count(5)
    again = page.locator(".dice-tray .die").evaluate_all("ds => ds.map(d => d.dataset.value)")
    assert again == dice
    expect(page.locator(".error-notice")).to_have_count(0)
