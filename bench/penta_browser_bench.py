"""The optimal Penta player's speed in the browser (Pyodide), against CPython.

Opens the built site in headless Chromium, opens Penta (which downloads and reads
the strategy table), then times whole turns (two keeps and a box, each from an
empty cache) inside the page's Python, and the same positions natively.

``python bench/penta_browser_bench.py [--turns 50]``
"""

from __future__ import annotations

import argparse
import json
import statistics

from playwright.sync_api import sync_playwright

from browser_site import built_site, launch, served
from zaria.penta.strategy import Strategy, read_packaged_table
from zaria_web.penta.bench import bench_turns


def _summary(label: str, ms: list[float]) -> str:
    return f"  {label:<22} median {statistics.median(ms):7.2f} ms   worst {max(ms):7.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=50)
    args = parser.parse_args(argv)
    site = built_site()
    with served(site) as url, sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.locator(".game-card.penta").click()
        page.locator("#penta-start").click()
        page.wait_for_selector("[data-strategy=ready]", timeout=60_000)
        result = json.loads(page.evaluate(f"window.zariaPy.bench('penta', {args.turns})"))
        browser.close()
    strategy = Strategy(read_packaged_table())
    bench_turns(1, 99, strategy)  # as in the page: the dice tables are built beforehand
    native = [t * 1000 for t in bench_turns(args.turns, 0, strategy)]
    table = site / "data" / "penta_table.bin"
    print(f"Penta optimal player, {args.turns} whole turns (two keeps + a box)")
    print(_summary("CPython (native)", native))
    print(_summary("Pyodide in Chromium", result["turns_ms"]))
    ratio = statistics.median(result["turns_ms"]) / statistics.median(native)
    print(f"  browser/native ratio   {ratio:.2f}")
    print(f"strategy table: {table.stat().st_size:,} bytes")
    print(
        f"  in the browser: read {result['table']['read_ms']:.0f} ms, "
        f"download + read {result['table']['fetch_and_read_ms']:.0f} ms; "
        f"dice tables built once: {result['table']['prepare_ms']:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
