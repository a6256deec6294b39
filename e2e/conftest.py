"""Browser tests: one Chromium for the whole run, the built site on localhost.

- The site (``site/``, built by ``./dev test``) is served at ``/`` and
  ``/zaria/`` by a server thread for the session.
- Chromium is the system's (``ZARIA_CHROMIUM``, else ``/usr/bin/chromium``),
  headless, without background networking; else Playwright's own.
- The ``app`` fixture gives a fresh context and page that record every
  request, console error and page error; a test fails if any went to another
  host or if the page reported an error (unless the test allows it).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
OUT = ROOT / "test-output"
sys.path.insert(0, str(ROOT / "tools"))

from serve import make_server  # noqa: E402

BOOT_TIMEOUT = 90_000
expect.set_options(timeout=15_000)


def _chromium() -> str | None:
    path = os.environ.get("ZARIA_CHROMIUM", "/usr/bin/chromium")
    return path if path and Path(path).exists() else None


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").exists():
        import build

        build.build(SITE)
    server = make_server(SITE, 0, "/zaria/")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(
        executable_path=_chromium(),
        headless=True,
        args=[
            "--no-sandbox",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-gpu",
            "--no-first-run",
        ],
    )
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    """The folder for screenshots."""
    path = OUT / "screens"
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass
class App:
    """A page of the app plus what it asked for and complained about."""

    context: BrowserContext
    page: Page
    base: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    allowed_errors: list[str] = field(default_factory=list)

    def open(self, path: str = "", wait: bool = True) -> Page:
        """Load ``path`` (relative to the site root) and wait until the app is ready."""
        self.page.goto(self.base + path)
        if wait:
            self.wait_ready()
        return self.page

    def wait_ready(self) -> None:
        self.page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT)

    def foreign_requests(self) -> list[str]:
        local = urlsplit(self.base).netloc
        return [
            u
            for u in self.requests
            if urlsplit(u).scheme in ("http", "https", "ws", "wss") and urlsplit(u).netloc != local
        ]

    def real_errors(self) -> list[str]:
        return [e for e in self.errors if not any(a in e for a in self.allowed_errors)]


def _attach(context: BrowserContext, app: App) -> None:
    context.on("request", lambda r: app.requests.append(r.url))

    def on_page(page: Page) -> None:
        page.on(
            "console",
            lambda m: app.errors.append(f"console: {m.text}") if m.type == "error" else None,
        )
        page.on("pageerror", lambda e: app.errors.append(f"pageerror: {e}"))

    context.on("page", on_page)


@pytest.fixture
def make_app(browser: Browser, site_url: str) -> Iterator[Callable[..., App]]:
    """Factory: ``make_app(viewport=(w, h), locale="en-US", path_prefix="", **context_args)``."""
    apps: list[App] = []

    def make(
        viewport: tuple[int, int] = (1280, 800),
        locale: str = "en-US",
        prefix: str = "",
        **kwargs: Any,
    ) -> App:
        context = browser.new_context(
            viewport={"width": viewport[0], "height": viewport[1]},
            locale=locale,
            service_workers=kwargs.pop("service_workers", "block"),
            **kwargs,
        )
        app = App(context=context, page=None, base=site_url + prefix)  # type: ignore[arg-type]
        _attach(context, app)
        app.page = context.new_page()
        apps.append(app)
        return app

    yield make
    for app in apps:
        foreign = app.foreign_requests()
        errors = app.real_errors()
        app.context.close()
        assert not foreign, f"requests to other hosts: {foreign}"
        assert not errors, f"the page reported errors: {errors}"


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    """A desktop-size page in English, service workers blocked."""
    return make_app()


def no_error_box(page: Page) -> None:
    """PyScript shows Python errors in an element of class ``py-error``."""
    assert page.locator(".py-error").count() == 0
