"""The page boots, stays on localhost, speaks its languages and runs the engine."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import App, no_error_box


@pytest.mark.parametrize("prefix", ["", "zaria/"])
def test_boots_at_root_and_under_a_subpath(make_app: Callable[..., App], prefix: str) -> None:
    app = make_app(prefix=prefix)
    page = app.open()
    no_error_box(page)
    expect(page.get_by_role("button", name="Penta")).to_be_enabled()
    expect(page.get_by_role("button", name="Farkle")).to_be_enabled()
    assert page.locator("#boot").count() == 0
    # PyScript starts its worker from a script it makes in the page (a blob: address).
    site = app.base.split("zaria/")[0]
    assert all(u.removeprefix("blob:").startswith(site) for u in app.requests)
    if prefix:
        assert any("/zaria/vendor/pyodide/" in u for u in app.requests)


def test_language_selector_switches_visible_text(app: App) -> None:
    page = app.open()
    expect(page.locator("#tagline")).to_have_text("Dice games for friends around one screen")
    page.select_option("#lang", "fr")
    expect(page.locator("#tagline")).to_have_text("Des jeux de dés entre amis, sur un seul écran")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.select_option("#lang", "el")
    expect(page.get_by_role("button", name="Πέντα")).to_be_visible()
    # The choice is remembered across a reload.
    page.reload()
    app.wait_ready()
    expect(page.locator("html")).to_have_attribute("lang", "el")


def test_first_visit_follows_the_browser_language(make_app: Callable[..., App]) -> None:
    page = make_app(locale="tr-TR").open()
    expect(page.locator("html")).to_have_attribute("lang", "tr")
    expect(page.locator("#tagline")).to_have_text("Tek ekran başında arkadaşlarla zar oyunları")


def test_engine_selfcheck_runs_in_the_page_python(app: App) -> None:
    page = app.open()
    result = json.loads(page.evaluate("window.zariaPy.selfcheck()"))
    assert result["ok"], result["checks"]
    assert result["python"].startswith("3.14"), result["python"]
    assert len(result["checks"]) >= 6


def test_home_screenshots(app: App, shots: Path) -> None:
    for name, size in (("phone", (390, 844)), ("desktop", (1280, 800))):
        app.page.set_viewport_size({"width": size[0], "height": size[1]})
        page = app.open()
        page.screenshot(path=str(shots / f"home-{name}.png"), full_page=True)
        assert (shots / f"home-{name}.png").stat().st_size > 5_000
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0], f"sideways scroll at {size}: {width}"


def test_a_failed_runtime_shows_a_retry_message(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.allowed_errors.append("Failed to load resource")
    app.allowed_errors.append("pageerror: Failed to fetch")
    app.context.route("**/pyodide.asm.wasm.zst", lambda route: route.abort())
    page = app.open("?boot-timeout=60000", wait=False)
    expect(page.locator("html")).to_have_attribute("data-boot-failed", "1", timeout=30_000)
    expect(page.locator(".boot-error")).to_contain_text("could not start")
    expect(page.get_by_role("button", name="Try again")).to_be_visible()
