"""Offline play: the service worker keeps the whole site, the app installs, and a
new build replaces the old one only when the player agrees.

Each test serves its own copy of the built site on its own port, so that it can
change files (a new version) or shut the server down (offline for real).
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import build
from conftest import SITE, App, no_error_box
from serve import Handler
from zaria_web import games

CONTROLLED = "navigator.serviceWorker.controller !== null"
CACHE_NAMES = "caches.keys().then(names => names.filter(n => n.startsWith('zaria-')))"


class RecordingHandler(Handler):
    """The site's handler, noting every path it was asked for."""

    paths: list[str]

    def do_GET(self) -> None:
        self.paths.append(self.path.split("?")[0])
        super().do_GET()


@dataclass
class OwnSite:
    """A copy of the built site, served on its own port."""

    folder: Path
    url: str = ""
    paths: list[str] = field(default_factory=list)
    server: http.server.ThreadingHTTPServer | None = None

    def start(self) -> None:
        handler = type("Recording", (RecordingHandler,), {"paths": self.paths})
        bound = functools.partial(handler, directory=str(self.folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), bound)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}/"

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def version(self) -> str:
        data = json.loads((self.folder / "precache.json").read_text())
        return str(data["version"])

    def files(self) -> dict[str, str]:
        data = json.loads((self.folder / "precache.json").read_text())
        return dict(data["files"])

    def count(self, path: str) -> int:
        return sum(1 for p in self.paths if p.endswith(path))


@pytest.fixture
def own_site(tmp_path: Path) -> Iterator[OwnSite]:
    if not (SITE / "precache.json").exists():
        build.build(SITE)
    site = OwnSite(tmp_path / "site")
    shutil.copytree(SITE, site.folder)
    site.start()
    yield site
    site.stop()


def online_app(make_app: Callable[..., App], site: OwnSite, prefix: str = "") -> App:
    """A page with service workers allowed, loaded once, controlled by the worker."""
    app = make_app(service_workers="allow")
    app.base = site.url + prefix
    page = app.open()
    page.wait_for_function(CONTROLLED, timeout=60_000)
    return app


def cache_name(site: OwnSite, prefix: str = "") -> str:
    return f"zaria-{site.version()}-/{prefix}"


def boots(app: App, page: Page) -> None:
    app.wait_ready()
    no_error_box(page)
    expect(page.get_by_role("button", name="Penta")).to_be_enabled()
    expect(page.get_by_role("button", name="Farkle")).to_be_enabled()


def test_the_worker_precaches_every_file_of_the_build(
    make_app: Callable[..., App], own_site: OwnSite
) -> None:
    app = online_app(make_app, own_site, "zaria/")
    page = app.page
    name = cache_name(own_site, "zaria/")
    page.wait_for_function(
        "name => caches.open(name).then(c => c.keys()).then(k => k.length > 0)", arg=name
    )
    assert page.evaluate(CACHE_NAMES) == [name]
    cached = page.evaluate(
        "name => caches.open(name).then(c => c.keys()).then(rs => rs.map(r => r.url))", name
    )
    # Every file but the big tables, which only a game that needs one downloads.
    tables = {path for path in own_site.files() if path.startswith("data/")}
    assert tables == {f"data/{name}" for g in games.GAMES for name in g.data}
    assert {"data/penta_table.bin", "data/farkle_master_standard.bin"} <= tables
    expected = {app.base + path for path in [*own_site.files(), "precache.json"]}
    # The packed files (NAME.zst) are kept unpacked too, under NAME.
    packed = [path for path in own_site.files() if path.endswith(".zst")]
    assert sorted(packed) == [
        "app.zip.zst",
        "vendor/pyodide/pyodide.asm.wasm.zst",
        "vendor/pyodide/python_stdlib.zip.zst",
    ]
    unpacked = {app.base + path.removesuffix(".zst") for path in packed}
    assert set(cached) == (expected - {app.base + path for path in tables}) | unpacked
    wasm = app.base + "vendor/pyodide/pyodide.asm.wasm"
    kept = page.evaluate(
        """([name, url]) => caches.open(name).then(c => c.match(url)).then(r =>
             r.arrayBuffer().then(b => [r.headers.get("Content-Type"), b.byteLength]))""",
        [name, wasm],
    )
    whole = (build.NODE / "pyodide" / "pyodide.asm.wasm").stat().st_size
    assert kept == ["application/wasm", whole]
    # A table the page fetches is kept, whole and checked, for offline play.
    keep_table(page, name)


def keep_table(page: Page, name: str) -> None:
    """Fetch the Penta strategy table as a game that needs it does; it is then kept."""
    url = page.evaluate("new URL('data/penta_table.bin', location.href).href")
    page.evaluate("url => fetch(url).then(r => r.arrayBuffer()).then(b => b.byteLength)", url)
    page.wait_for_function(
        "([name, url]) => caches.open(name).then(c => c.match(url)).then(Boolean)",
        arg=[name, url],
    )


def play_penta(page: Page) -> None:
    """A turn with an automatic record, then the computer's turn: both need the
    strategy table, which must come from the cache."""
    page.locator(".game-card.penta").click()
    page.locator("#penta-start").wait_for()
    page.locator("#penta-name-0").fill("Ann")
    if not page.locator("#penta-computer").is_checked():
        page.locator("#penta-computer").click()
    page.locator("#penta-pace").select_option("instant")
    page.locator("#penta-start").click()
    for used in (1, 2, 3):
        page.locator("#penta-roll").click()
        expect(page.locator(".roll-pip.used")).to_have_count(used)
    expect(page.locator("#penta-countdown")).to_be_visible()
    # 4,4,4,2,1 on an empty sheet: the strategy's box is Fours.
    expect(page.locator("tr.fours td").first).to_have_text("12", timeout=20_000)
    expect(page.locator(".round")).to_have_text("Round 2 of 13", timeout=30_000)
    expect(page.locator("#penta-roll")).to_be_enabled()


def play_farkle(page: Page) -> None:
    """Set dice aside, bank, and let the computer play its turn."""
    page.locator(".game-card.farkle").click()
    page.locator("#fk-start").wait_for()
    page.locator("#fk-name-0").fill("Ann")
    if not page.locator("#fk-computer").is_checked():
        page.locator("#fk-computer").click()
    page.locator("#fk-pace").select_option("instant")
    page.locator("#fk-start").click()
    page.locator("#fk-roll").click()
    expect(page.locator(".fk-tray button.die")).to_have_count(6)
    for pos in (1, 2, 3):  # 1, 5, 5
        page.locator(f"#fk-die-{pos}").click()
        expect(page.locator(f"#fk-die-{pos}")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#fk-selection")).to_have_text("+200")
    page.locator("#fk-bank").click()
    expect(page.locator("#fk-turn")).to_have_text("Ann’s turn", timeout=30_000)
    ann = page.locator(".fk-player").filter(has=page.locator(".fk-pname", has_text="Ann"))
    expect(ann.locator(".fk-ptotal")).to_have_text("200")


def test_after_one_visit_the_app_starts_and_plays_with_no_network(
    make_app: Callable[..., App], own_site: OwnSite
) -> None:
    app = online_app(make_app, own_site, "zaria/")
    page = app.page
    keep_table(page, cache_name(own_site, "zaria/"))  # a Penta game needed it online
    app.context.set_offline(True)
    own_site.stop()  # and nothing answers any more
    asked = len(app.requests)
    page.reload()
    boots(app, page)
    # The worker of a controlled page takes the unpacked copies, not the packed files.
    since = [url.split("?")[0] for url in app.requests[asked:]]
    assert app.base + "vendor/pyodide/pyodide.asm.wasm" in since
    assert app.base + "app.zip" in since
    assert not [url for url in since if url.endswith(".zst")], since
    # A query string (scripted dice) is the same page, offline too. The strategy
    # table comes from the cache.
    page.goto(app.base + "?dice=11111,11111,44421")
    boots(app, page)
    play_penta(page)
    page.goto(app.base + "?dice=155234")
    boots(app, page)
    play_farkle(page)
    # A new tab of the same browser.
    other = app.context.new_page()
    other.goto(app.base)
    boots(app, other)
    assert other.evaluate(CONTROLLED)


def test_the_app_can_be_installed(make_app: Callable[..., App], own_site: OwnSite) -> None:
    app = online_app(make_app, own_site)
    page = app.page
    cdp = app.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Test browsers are private windows, where nothing installs: every other
    # criterion (manifest, icons, worker, scope) must be met.
    assert [e["errorId"] for e in errors] == ["in-incognito"], errors
    manifest_report = cdp.send("Page.getAppManifest")
    assert manifest_report.get("errors") == [], manifest_report
    manifest = json.loads((own_site.folder / "web" / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        if icon["type"] != "image/png":
            continue
        size = page.evaluate(
            """src => new Promise((ok, bad) => {
                 const img = new Image();
                 img.onload = () => ok([img.naturalWidth, img.naturalHeight]);
                 img.onerror = bad;
                 img.src = new URL(src, new URL("web/manifest.webmanifest", location.href)).href;
               })""",
            icon["src"],
        )
        assert f"{size[0]}x{size[1]}" == icon["sizes"]


def test_a_new_version_waits_for_the_player_then_replaces_the_old_cache(
    make_app: Callable[..., App], own_site: OwnSite, shots: Path
) -> None:
    app = online_app(make_app, own_site)
    page = app.page
    old = cache_name(own_site)
    page.wait_for_function(f"caches.has({old!r})")
    page.select_option("#lang", "fr")
    wasm_fetches = own_site.count("/pyodide.asm.wasm.zst")

    # A new build: one stylesheet changed.
    css = own_site.folder / "web" / "css" / "offline.css"
    css.write_text(css.read_text() + "\n/* new version */\n")
    build.seal(own_site.folder)
    new = cache_name(own_site)
    assert new != old

    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    banner = page.locator("#update-banner")
    expect(banner).to_contain_text("Nouvelle version disponible", timeout=60_000)
    page.screenshot(path=str(shots / "update-banner-desktop.png"))
    # Installed and waiting: the page still runs, and serves, the old version.
    assert sorted(page.evaluate(CACHE_NAMES)) == sorted([old, new])
    assert "new version" not in page.evaluate("fetch('web/css/offline.css').then(r => r.text())")

    page.get_by_role("button", name="Recharger").click()
    page.wait_for_function("!document.getElementById('update-banner')")
    app.wait_ready()
    assert page.evaluate(CACHE_NAMES) == [new]
    assert "new version" in page.evaluate("fetch('web/css/offline.css').then(r => r.text())")
    # The unchanged runtime was copied from the old cache, not downloaded again.
    assert own_site.count("/pyodide.asm.wasm.zst") == wasm_fetches
    assert own_site.count("/web/css/offline.css") >= 2
    expect(page.locator("html")).to_have_attribute("lang", "fr")
