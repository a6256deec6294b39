"""Boot benchmark: the app's home page against a bare PyScript page on the same runtime.

Both pages are served from the built site (``site/``) by a local server; each is
loaded several times in headless Chromium, with a cold cache (a new browser
context each time) and a warm one (a reload in the same context). The app's warm
reload comes once its service worker controls the page and its snapshot of Python
(``web/snapshots.mjs``), made after the first visit, is kept, as they are by a
visitor's next visit; a second reload with
the snapshot deleted gives the warm figure without it. After each of the two,
Penta's card is tapped the moment the app is ready (the time to the paint of its
form: what is not imported yet is imported then). Prints the
median time from navigation to ready (the app's ``data-ready`` marker; PyScript's
``py:done`` event for the bare page), their ratio, the longest main-thread task
until ready (Long Tasks API: while it runs the page cannot scroll or answer a tap),
and the bytes the home page downloads (its worker's included). Each CPU rate of
``--rates`` gets its rows: 4 slows the CPU 4× through the DevTools protocol (a
mid-range phone). DevTools slows a page's own threads only, not its workers: the
app's Python starts in a worker at full speed, the bare page's on the slowed main
thread, so at 4× the ratio flatters the app (the main thread's figures, its
longest task, are the ones that hold).

``python bench/boot_bench.py [--runs 5] [--rates 1,4]``
"""

from __future__ import annotations

import argparse
import shutil
import statistics
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from browser_site import READY, built_site, launch, served, whole_runtime

BARE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./vendor/pyscript/core.js"></script></head>
<body><script type="py" config='{"interpreter": "./vendor/pyodide-whole/pyodide.mjs"}'>
from pyscript import document
document.documentElement.dataset.ready = "1"
</script></body></html>
"""

#: The Cache API's name for the app's snapshot of Python (web/snapshots.mjs).
SNAPSHOTS = "zaria-python-snapshot"

# The longest main-thread task since navigation, kept by an observer the page gets
# first.
LONGEST = """(() => {
  window.__longest = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
  }).observe({type: "longtask", buffered: true});
})()"""


class Boot:
    """Times (ms) to ready, cold and warm, the longest tasks, and the first load's bytes;
    for the app also warm without its snapshot of Python, and the snapshot's making."""

    def __init__(self) -> None:
        self.cold: list[float] = []
        self.warm: list[float] = []
        self.longest_cold: list[float] = []
        self.longest_warm: list[float] = []
        self.bytes = 0
        self.plain_warm: list[float] = []
        self.made_after: list[float] = []
        self.made_bytes = 0
        self.open_snapshot: list[float] = []
        self.open_plain: list[float] = []


def _ready(page: Page) -> tuple[float, float]:
    page.wait_for_selector("html[data-ready]", state="attached", timeout=300_000)
    return page.evaluate("window.__ready"), page.evaluate("window.__longest")


def _boot(browser: Browser, url: str, rate: int, into: Boot) -> None:
    """One cold load (a new browser context) and one warm reload, at CPU ``rate``.

    The reload comes as a visitor's next visit does: under the app's service worker
    (installed once the first visit is ready) and with its snapshot kept."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(LONGEST)
    context.add_init_script(READY)
    page = context.new_page()
    # Every response the page gets, its workers' included (a worker's downloads are
    # not in the page's own resource timing).
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(url)
    ready, longest = _ready(page)
    into.cold.append(ready)
    into.longest_cold.append(longest)
    # Those asked for before ready (not the snapshot's making, which comes after).
    cut = page.evaluate("performance.timeOrigin") + ready
    asked = [r for r in finished if r.timing["startTime"] <= cut]
    # Once per address: the page asks for the runtime's files at once and its worker
    # again (answered by the browser's cache).
    sizes = {r.url: r.sizes()["responseBodySize"] for r in asked}
    into.bytes = into.bytes or sum(sizes.values())
    app = page.evaluate("Boolean(window.zariaPy)")
    if app:
        # A repeat visit comes later: the snapshot made after this one is kept by then.
        page.wait_for_function("zariaPy.snapshotMade() !== null", timeout=120_000)
        made = page.evaluate("zariaPy.snapshotMade()")
        if "made" not in made:
            raise SystemExit(f"no snapshot of Python was made: {made}")
        into.made_after.append(page.evaluate("performance.now()") - ready)
        into.made_bytes = made["made"]
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.reload()
    ready, longest = _ready(page)
    into.warm.append(ready)
    into.longest_warm.append(longest)
    if app:
        if page.evaluate("zariaPy.snapshot()") != "used":
            raise SystemExit("the repeat visit did not start from the snapshot")
        into.open_snapshot.append(_open_penta(page))
        page.evaluate(f"caches.delete({SNAPSHOTS!r})")
        page.evaluate("history.replaceState(null, '', location.pathname)")  # home again
        page.reload()
        into.plain_warm.append(_ready(page)[0])
        into.open_plain.append(_open_penta(page))
    context.close()


def _open_penta(page: Page) -> float:
    """Tap Penta's card the moment the app is ready: ms from the tap to the paint of
    its new-game form (``window.zariaTiming``, see web/page/calls.js)."""
    page.evaluate("window.zariaTiming = []")
    page.locator(".game-card.penta").first.click()
    page.wait_for_function("window.zariaTiming.some((t) => t.act === 'open')")
    return float(page.evaluate("window.zariaTiming.find((t) => t.act === 'open').answered"))


def _report(runs: int, results: dict[int, tuple[Boot, Boot]]) -> None:
    med = statistics.median
    print(f"boot, median of {runs} (ms to ready)     bare PyScript      app     app/bare")
    for rate, (bare, app) in results.items():
        for label, b, a in (("cold", bare.cold, app.cold), ("warm", bare.warm, app.warm)):
            row = f"{label} cache, CPU {rate}×"
            print(f"  {row:<34} {med(b):>9.0f} {med(a):>9.0f} {med(a) / med(b):>9.3f}")
        for label, b, a in (
            ("cold", bare.longest_cold, app.longest_cold),
            ("warm", bare.longest_warm, app.longest_warm),
        ):
            row = f"longest main-thread task, {label}, {rate}×"
            print(f"  {row:<34} {med(b):>9.0f} {med(a):>9.0f}")
        row = f"warm, no snapshot, CPU {rate}×"
        without, bare_warm = med(app.plain_warm), med(bare.warm)
        print(f"  {row:<34} {bare_warm:>9.0f} {without:>9.0f} {without / bare_warm:>9.3f}")
        for label, values in (("snapshot", app.open_snapshot), ("no snapshot", app.open_plain)):
            row = f"Penta opened at ready, {label}, {rate}×"
            print(f"  {row:<34} {'':>9} {med(values):>9.0f}")
        row = f"snapshot kept, ms after ready, {rate}×"
        print(f"  {row:<34} {'':>9} {med(app.made_after):>9.0f}")
    first = next(iter(results.values()))
    print(
        f"bytes the home page asked for itself: {first[1].bytes:,} "
        f"(bare page: {first[0].bytes:,}; its workers' are in bench/first_visit.py)"
    )
    print(f"snapshot of Python kept in the Cache API: {first[1].made_bytes:,} bytes")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rates", default="1,4")
    args = parser.parse_args(argv)
    rates = [int(r) for r in args.rates.split(",")]
    site = built_site()
    (site / "bare.html").write_text(BARE)
    whole_runtime(site / "vendor" / "pyodide-whole")  # the bare page's: as npm ships it
    with served(site) as base, sync_playwright() as p:
        browser = launch(p)
        results = {}
        for rate in rates:
            bare, app = Boot(), Boot()
            # Interleave the two pages so that machine noise hits both alike.
            for _ in range(args.runs):
                _boot(browser, base + "bare.html", rate, bare)
                _boot(browser, base, rate, app)
            results[rate] = bare, app
        browser.close()
    (site / "bare.html").unlink()
    shutil.rmtree(site / "vendor" / "pyodide-whole")
    _report(args.runs, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
