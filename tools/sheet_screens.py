"""The README's screenshots of each five-dice score sheet on a phone (390×844).

Serves the built site (``site/``, from ``./dev build``), plays a few rounds of each
sheet on scripted dice with Ann alone and rolls the next, and writes
``docs/screenshot-<id>-sheet.png``: Penta, Penta under the printed rules, and Yatzy
when the registry holds it.

Usage: ``python tools/sheet_screens.py [--chromium PATH]``
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
DOCS = ROOT / "docs"
VIEWPORT = {"width": 390, "height": 844}


@dataclass(frozen=True)
class Sheet:
    """A sheet to show: its game, the form's choice of rules (if any), the dice of its
    rounds and the box each goes in. Every member is drawn by the family's views,
    whose controls are named ``penta-…``."""

    id: str
    game: str
    dice: str
    boxes: tuple[str, ...]
    rules: str | None = None


SHEETS = (
    Sheet(
        "penta",
        "penta",
        "33345,66612,44444,12345,31356",
        ("threes", "sixes", "penta", "large_straight"),
    ),
    Sheet(
        "printed",
        "penta",
        "12346,44444,55522,11122,26655",
        ("penta", "fours", "full_house", "aces"),
        rules="printed",
    ),
    Sheet(
        "yatzy",
        "yatzy",
        "33345,66612,44444,23456,55522,14426",
        ("threes", "sixes", "yatzy", "large_straight", "full_house"),
    ),
)


def _serve() -> http.server.ThreadingHTTPServer:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(SITE))
    handler.log_message = lambda *a: None  # type: ignore[method-assign]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.handle_error = lambda *a: None  # type: ignore[method-assign]  # a page closed mid-file
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _play(page: Page, sheet: Sheet) -> None:
    """Open the sheet's game from home, start it for Ann alone, play its rounds."""
    page.locator(f".game-card.{sheet.game}").click()
    start = page.locator("#penta-start")
    start.wait_for()
    if sheet.rules:
        page.locator(f"#penta-rules-{sheet.rules}").check()
    page.locator("#penta-name-0").fill("Ann")
    computer = page.locator("#penta-computer")
    if computer.is_checked():
        computer.click()
    start.click()
    for box in sheet.boxes:
        pips = page.locator(".roll-pip.used").count()
        page.locator("#penta-roll").click()
        expect(page.locator(".roll-pip.used")).to_have_count(pips + 1)
        page.locator(f"#box-{box}").click()
        expect(page.locator(f"#box-{box}")).to_have_attribute("aria-pressed", "true")
        page.locator("#penta-validate").click()
        expect(page.locator(".roll-pip.used")).to_have_count(0)
    page.locator("#penta-roll").click()  # the next round's dice, shown
    expect(page.locator(".roll-pip.used")).to_have_count(1)
    page.wait_for_function(  # the dice at rest, their tumble over
        "[...document.querySelectorAll('.die')]"
        ".every((d) => d.getAnimations({ subtree: true }).length === 0)"
    )
    page.evaluate("window.scrollTo(0, 0)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    server = _serve()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=args.chromium, args=["--no-sandbox"], headless=True
            )
            for sheet in SHEETS:
                page = browser.new_page(viewport=VIEWPORT)
                page.goto(f"{base}?dice={sheet.dice}")
                if page.locator(f".game-card.{sheet.game}").count() == 0:
                    print(f"{sheet.id}: no such game on home, left out")
                    page.close()
                    continue
                _play(page, sheet)
                out = DOCS / f"screenshot-{sheet.id}-sheet.png"
                page.screenshot(path=str(out))
                print(f"wrote {out.relative_to(ROOT)}")
                page.close()
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
