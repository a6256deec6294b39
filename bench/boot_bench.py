"""Boot benchmark: the app's home page against a bare PyScript page on the same runtime.

Both pages are served from the built site (``site/``) by a local server; each is
loaded several times in headless Chromium, with a cold cache (a new browser
context each time) and a warm one (a reload in the same context). Prints the
median time from navigation to ready (the app's ``data-ready`` marker; PyScript's
``py:done`` event for the bare page), their ratio, and the bytes the home page
downloads.

``python bench/boot_bench.py [--runs 5]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from build import build  # noqa: E402
from serve import make_server  # noqa: E402

BARE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./vendor/pyscript/core.js"></script></head>
<body><script type="py" config='{"interpreter": "./vendor/pyodide/pyodide.mjs"}'>
from pyscript import document
document.documentElement.dataset.ready = "1"
</script></body></html>
"""

# Bytes of every response the page has received so far (the page and its resources).
BYTES = """performance.getEntriesByType("navigation").concat(
  performance.getEntriesByType("resource")).reduce((n, e) => n + e.encodedBodySize, 0)"""

ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
]


def _time_to_ready(browser: Browser, url: str, runs: int) -> tuple[list[float], list[float], int]:
    """Cold and warm times (ms) to ``data-ready``, and the bytes of the first cold load."""
    cold, warm = [], []
    first_bytes = 0
    for run in range(runs):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        cold.append(page.evaluate("performance.now()"))
        if run == 0:
            first_bytes = page.evaluate(BYTES)
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        warm.append(page.evaluate("performance.now()"))
        context.close()
    return cold, warm, first_bytes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    site = ROOT / "site"
    if not (site / "index.html").exists():
        build(site)
    (site / "bare.html").write_text(BARE)
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    base = f"http://{host}:{port}/"
    chromium = os.environ.get("ZARIA_CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium if Path(chromium).exists() else None, args=ARGS
        )
        # Interleave the two pages so that machine noise hits both alike.
        bare_cold, bare_warm, app_cold, app_warm = [], [], [], []
        bare_bytes = app_bytes = 0
        for _ in range(args.runs):
            c, w, b = _time_to_ready(browser, base + "bare.html", 1)
            bare_cold += c
            bare_warm += w
            bare_bytes = b or bare_bytes
            c, w, b = _time_to_ready(browser, base, 1)
            app_cold += c
            app_warm += w
            app_bytes = b or app_bytes
        browser.close()
    server.shutdown()
    (site / "bare.html").unlink()
    med = statistics.median
    print(f"boot, median of {args.runs} (ms to ready)     bare PyScript      app     app/bare")
    for label, bare, app in (
        ("cold cache", bare_cold, app_cold),
        ("warm cache", bare_warm, app_warm),
    ):
        print(f"  {label:<34} {med(bare):>9.0f} {med(app):>9.0f} {med(app) / med(bare):>9.3f}")
    print(f"bytes downloaded by the home page: {app_bytes:,} (bare page: {bare_bytes:,})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
