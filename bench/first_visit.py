"""First-visit benchmark: a newcomer's phone opens the link, cold, over a mobile network.

The built site is served as GitHub Pages serves it (``tools/serve.py``: text and
WebAssembly gzipped, ``Cache-Control: max-age=600``, ETags) through one throttled
link: a shared downlink every response's body waits its turn on, and a round trip
before each response (and each new connection). The page's own fetches, its
workers' and the service worker's all cross it, which DevTools' network throttling
does not do for workers. The phone is Chromium at 390×844 with touch, a new profile
on disk per visit (nothing cached, no service worker, no snapshot of Python).

For the app and for a bare PyScript page on the same runtime (Pyodide's whole
standard library, as such a page downloads it), on "fast 4G" (9 Mbit/s, 60 ms) and
"slow 4G" (1.6 Mbit/s, 150 ms, Lighthouse's mobile network), it prints:

- the time to the first contentful paint, and to the first bytes of the runtime's
  WebAssembly;
- the time to ready (the app's ``data-ready``; the bare page's script has run) and
  the bytes that crossed the link until then;
- the time to a playable table: Penta's card tapped 1 s after the link opens, Start
  tapped as soon as its form shows (before Python is ready, as a player would), until
  the table's Roll button can be pressed; and its ratio to the bare page's ready;
- the bytes of the whole first visit: until the service worker's offline copy and the
  snapshot of Python for the next visit are made (the app) and the link has been
  idle for 3 s.

Bytes are response bodies as sent (compressed where the server compresses).

``python bench/first_visit.py [--runs 1] [--profiles fast,slow]``
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, ClassVar

from playwright.sync_api import Page, Playwright, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_site import ARGS, READY, built_site, chromium_path, whole_runtime
from serve import PAGES_CACHE, Handler, make_server

PROFILES = {"fast": (9_000_000, 0.060), "slow": (1_600_000, 0.150)}
PROFILE_NAMES = {"fast": "fast 4G (9 Mbit/s, 60 ms)", "slow": "slow 4G (1.6 Mbit/s, 150 ms)"}

BARE = """<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>bare</title><script type="module" src="./vendor/pyscript/core.js"></script></head>
<body><p>bare PyScript</p>
<script type="py" config='{"interpreter": "./vendor/pyodide/pyodide.mjs"}'>
from pyscript import document
document.documentElement.dataset.ready = "1"
</script></body></html>
"""


class Link:
    """One shared downlink: each chunk waits until the link is free, then holds it for
    its length at the rate; every chunk is logged with the time it left."""

    def __init__(self, rate_bits: int, rtt: float) -> None:
        self.rate = rate_bits / 8
        self.rtt = rtt
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.log: list[tuple[float, int, str]] = []

    def send(self, size: int, path: str) -> None:
        with self.lock:
            start = max(time.time(), self.free_at)
            self.free_at = start + size / self.rate
            done = self.free_at
        time.sleep(max(0.0, done - time.time()))
        with self.lock:
            self.log.append((done, size, path))

    def bytes_until(self, moment: float) -> int:
        with self.lock:
            return sum(size for at, size, _ in self.log if at <= moment)

    def first(self, suffix: str) -> float:
        """When the first bytes of the file whose address ends so left (0: never)."""
        with self.lock:
            return next((at for at, _, path in self.log if path.endswith(suffix)), 0.0)

    def files(self) -> dict[str, int]:
        """Bytes sent per address (its query left out)."""
        out: dict[str, int] = {}
        with self.lock:
            for _, size, path in self.log:
                name = path.split("?")[0]
                out[name] = out.get(name, 0) + size
        return out

    def last(self) -> float:
        with self.lock:
            return self.log[-1][0] if self.log else 0.0


class Throttled(Handler):
    """The site's handler, GitHub Pages' caching, every answer through the link."""

    link: ClassVar[Link]
    cache = PAGES_CACHE

    def setup(self) -> None:
        time.sleep(self.link.rtt)  # the connection's handshake
        super().setup()

    def send_head(self) -> Any:
        time.sleep(self.link.rtt)  # the request up and the first byte down
        return super().send_head()

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
        while chunk := source.read(16_384):
            self.link.send(len(chunk), self.path)
            outputfile.write(chunk)


@dataclass
class Visit:
    """One cold visit's figures (seconds, bytes)."""

    paint: float = 0.0
    runtime: float = 0.0
    ready: float = 0.0
    ready_bytes: int = 0
    playable: float | None = None
    whole_bytes: int = 0
    files: dict[str, int] = field(default_factory=dict)


def _serve(folder: Path, link: Link) -> tuple[Any, str]:
    handler = type("Link", (Throttled,), {"link": link})
    server = make_server(folder, 0, "/zaria/", handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def _bare_site(site: Path, into: Path) -> Path:
    """A bare PyScript page with the same runtime, Pyodide's whole library included."""
    shutil.copytree(site / "vendor" / "pyscript", into / "vendor" / "pyscript")
    whole_runtime(into / "vendor" / "pyodide")
    (into / "index.html").write_text(BARE)
    return into


def _play_penta(page: Page, opened: float) -> float:
    """Tap Penta 1 s after the link opened (again while its form does not show: a tap
    made before the page's first script ran is lost) and Start once the form shows;
    seconds from the opening to a Roll button that can be pressed."""
    page.wait_for_selector(".game-card.penta")
    time.sleep(max(0.0, opened + 1.0 - time.time()))
    start = page.locator("#penta-start")
    while not start.is_visible():
        page.locator(".game-card.penta").first.click()
        with contextlib.suppress(PlaywrightTimeout):
            start.wait_for(timeout=1_000)
    start.click()
    page.wait_for_selector("#penta-roll:not([disabled])", timeout=300_000)
    return time.time() - opened


def _settle(page: Page, link: Link, app: bool, ready_at: float) -> None:
    """Wait until the visit's own downloads are over: the offline copy and the
    snapshot made (the app), then 3 s with nothing on the link (at most 120 s)."""
    if app:
        page.wait_for_function("window.zariaPy && zariaPy.snapshotMade() !== null", timeout=300_000)
        page.wait_for_function(
            "navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.active))",
            timeout=300_000,
        )
    while time.time() - max(link.last(), ready_at) < 3.0 and time.time() - ready_at < 120:
        time.sleep(0.25)


def visit(p: Playwright, url: str, link: Link, app: bool) -> Visit:
    # A profile of its own on disk: an incognito context's HTTP cache lives in memory,
    # with room for less than a phone's browser keeps.
    profile = tempfile.mkdtemp(prefix="zaria-first-visit-")
    context = p.chromium.launch_persistent_context(
        profile,
        executable_path=chromium_path(),
        args=ARGS,
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
    )
    context.add_init_script(READY)
    page = context.pages[0] if context.pages else context.new_page()
    out = Visit()
    opened = time.time()
    page.goto(url, wait_until="commit")
    playable = _play_penta(page, opened) if app else None
    page.wait_for_function("window.__ready", timeout=300_000)
    origin = page.evaluate("performance.timeOrigin") / 1000
    out.ready = page.evaluate("window.__ready") / 1000
    out.paint = (
        page.evaluate(
            "performance.getEntriesByName('first-contentful-paint').map((e) => e.startTime)[0] || 0"
        )
        / 1000
    )
    out.ready_bytes = link.bytes_until(origin + out.ready)
    # The app downloads the runtime packed (.zst), the bare page as it is.
    runtime = link.first("pyodide.asm.wasm.zst") or link.first("pyodide.asm.wasm")
    out.runtime = runtime - origin
    out.playable = None if playable is None else playable - (origin - opened)
    _settle(page, link, app, origin + out.ready)
    out.whole_bytes = link.bytes_until(time.time())
    out.files = link.files()
    context.close()
    shutil.rmtree(profile, ignore_errors=True)
    return out


def _row(label: str, bare: float | None, app: float, fmt: str) -> str:
    shown = "" if bare is None else format(bare, fmt)
    return f"  {label:<34} {shown:>14} {format(app, fmt):>10}"


def report(profile: str, bare: list[Visit], app: list[Visit]) -> None:
    def med(visits: list[Visit], figure: str) -> float:
        return statistics.median(getattr(v, figure) or 0.0 for v in visits)

    print(f"\n{PROFILE_NAMES[profile]}, cold, median of {len(app)}")
    print(f"  {'':<34} {'bare PyScript':>14} {'app':>10}")
    print(_row("first contentful paint (s)", med(bare, "paint"), med(app, "paint"), ".2f"))
    print(_row("runtime's first bytes (s)", med(bare, "runtime"), med(app, "runtime"), ".2f"))
    print(_row("ready (s)", med(bare, "ready"), med(app, "ready"), ".2f"))
    for label, figure in (
        ("bytes until ready (MB)", "ready_bytes"),
        ("whole first visit (MB)", "whole_bytes"),
    ):
        print(_row(label, med(bare, figure) / 1e6, med(app, figure) / 1e6, ".2f"))
    playable = med(app, "playable")
    print(_row("playable Penta table (s)", None, playable, ".2f"))
    print(f"  playable table / bare ready: {playable / med(bare, 'ready'):.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--profiles", default="fast,slow")
    parser.add_argument("--files", action="store_true", help="list the app's files and their bytes")
    args = parser.parse_args(argv)
    site = built_site()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        bare_site = _bare_site(site, Path(tmp) / "bare")
        for profile in args.profiles.split(","):
            rate, rtt = PROFILES[profile]
            results: dict[bool, list[Visit]] = {False: [], True: []}
            for _ in range(args.runs):
                for app in (False, True):
                    link = Link(rate, rtt)
                    server, url = _serve(site if app else bare_site, link)
                    try:
                        results[app].append(visit(p, url, link, app))
                    finally:
                        server.shutdown()
            report(profile, results[False], results[True])
            if args.files:
                for name, size in sorted(results[True][-1].files.items(), key=lambda kv: -kv[1])[
                    :25
                ]:
                    print(f"    {size:>10,}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
