"""What the browser benchmarks share: the built site, served on localhost, and Chromium.

The site is ``site/`` (built when missing) or the folder ``ZARIA_SITE`` names;
Chromium is Debian's (``/usr/bin/chromium``, or ``ZARIA_CHROMIUM``), else
Playwright's own, launched as the tests launch it.
"""

from __future__ import annotations

import os
import shutil
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import zstandard
from playwright.sync_api import Browser, Playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from build import PYODIDE_FILES, build  # noqa: E402
from serve import PAGES_CACHE, Handler, make_server  # noqa: E402

ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
]


class PagesHandler(Handler):
    cache = PAGES_CACHE


def whole_runtime(into: Path) -> None:
    """Pyodide as npm ships it into ``into``: its whole library, its WebAssembly not
    packed (what a bare PyScript page loads)."""
    into.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(ROOT / "node_modules" / "pyodide" / name, into / name)


def unpacked(site: Path, name: str) -> bytes:
    """The bytes of the site's file ``name``, unpacked if the build packed it (.zst)."""
    packed = site / f"{name}.zst"
    if packed.exists():
        return zstandard.ZstdDecompressor().decompress(packed.read_bytes())
    return (site / name).read_bytes()


def built_site() -> Path:
    """The site to measure, built first when it is not there."""
    site = Path(os.environ.get("ZARIA_SITE", ROOT / "site"))
    if not (site / "index.html").exists():
        build(site)
    return site


@contextmanager
def served(site: Path) -> Iterator[str]:
    """The site served on a free localhost port while the block runs, as GitHub Pages
    serves it (gzip, and its ten-minute cache lifetime): its base URL."""
    server = make_server(site, 0, handler=PagesHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()


def chromium_path() -> str | None:
    """Debian's Chromium (or ``ZARIA_CHROMIUM``) when it is there; else Playwright's."""
    path = os.environ.get("ZARIA_CHROMIUM", "/usr/bin/chromium")
    return path if Path(path).exists() else None


def launch(p: Playwright) -> Browser:
    """Headless Chromium, as the tests run it."""
    return p.chromium.launch(executable_path=chromium_path(), args=ARGS)


#: An init script: the page notes in ``window.__ready`` the moment ``html[data-ready]``
#: is set (polling for it would add its own delay to the figures).
READY = """(() => {
  new MutationObserver(() => {
    const ready = document.documentElement.dataset.ready;
    if (ready && !window.__ready) window.__ready = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
})()"""
