"""Browser tests: one Chromium for the whole run, the built site on localhost.

- The site (``site/``, built by ``./dev test``) is served at ``/`` and
  ``/zaria/`` by a server thread for the session.
- Chromium is the system's (``ZARIA_CHROMIUM``, else ``/usr/bin/chromium``),
  headless, without background networking; else Playwright's own.
- Every page records every request, console error and page error; a test fails
  if any went to another host or if the page reported an error (unless the test
  allows it).

Two fixtures hand out pages:

- ``app``: the session's shared page (1280×800, en-US, service workers
  blocked), booted once. Each test gets it with the app restarted in place
  (``window.zariaPy.restart()``: a new app on the same Python, in milliseconds
  instead of seconds of start-up), storage empty, at the site's root address;
  ``app.open(path)`` restarts it at ``path``. What Python caches stays, e.g.
  the Penta strategy table once downloaded. A test may resize the page,
  emulate media or the browser's languages (``app.use_locale``), route
  requests on the page, reload it or load another address of the site:
  afterwards the page is put back to 1280×800, en-US, no emulation, no routes,
  or replaced by a fresh one when it cannot be restarted (it crashed, left the
  site, failed to start, runs Playwright's clock, or its context was changed:
  ``app.context`` notes that).
- ``phone(viewport=(w, h), color_scheme=None, locale=None)``: the session's shared
  phone page (a context with a touch screen and no mouse, ``has_touch`` and
  ``is_mobile``), handed out and put back as ``app`` is, at the size asked for. A
  page on which touch has been emulated keeps no hover, so it is a page of its own.
- ``make_app(...)``: a fresh context and page, for what the shared pages cannot
  give: a first visit in a locale, a viewport from the start, init scripts,
  routes at the context level, Playwright's clock (installed before the page
  loads), service workers, several tabs, a fresh download of the strategy
  table, or Back past the first screen (on the shared page, that reaches an
  earlier test's entries).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    ConsoleMessage,
    Error,
    Locator,
    Page,
    Playwright,
    expect,
)

ROOT = Path(__file__).resolve().parent.parent
#: The built site: ``ZARIA_SITE`` names another build (e.g. one per working copy).
SITE = Path(os.environ.get("ZARIA_SITE") or ROOT / "site")
OUT = ROOT / "test-output"
sys.path.insert(0, str(ROOT / "tools"))

from serve import make_server  # noqa: E402

# -- every input settles before the test goes on ---------------------------------------
# Python runs in a worker: a tap is answered a few milliseconds after it, and a test
# acts faster than a person. So each input a test makes through Playwright waits,
# before returning, until the page has applied every answer due (web/page/hooks.js,
# ``zariaPy.settled()``): the next line of the test meets the screen the input drew.
SETTLED = "() => window.zariaPy && window.zariaPy.settled ? window.zariaPy.settled() : null"
_plain_evaluate = Page.evaluate


def settle(page: Page) -> None:
    """Wait until the page has applied the answers to every input made so far."""
    try:
        _plain_evaluate(page, SETTLED)
    except Error:
        return  # the page is going away (a reload, a new address): nothing to wait for


def _settling(method: Callable[..., Any], page_of: Callable[[Any], Page]) -> Callable[..., Any]:
    def act(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = method(self, *args, **kwargs)
        settle(page_of(self))
        return result

    return act


_INPUTS = (
    "click", "dblclick", "tap", "fill", "press", "press_sequentially", "type", "check",
    "uncheck", "set_checked", "select_option", "set_input_files", "clear", "dispatch_event",
)  # fmt: skip
for _name in _INPUTS:
    setattr(Locator, _name, _settling(getattr(Locator, _name), lambda loc: loc.page))
for _name in (*_INPUTS, "evaluate", "go_back", "go_forward"):
    if hasattr(Page, _name):
        setattr(Page, _name, _settling(getattr(Page, _name), lambda page: page))


class _SettlingInputs:
    """A page's keyboard or mouse whose inputs settle (see :func:`settle`)."""

    def __init__(self, inner: Any, page: Page) -> None:
        self._inner, self._page = inner, page

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if name not in ("press", "type", "insert_text", "up", "click", "dblclick"):
            return attr

        def act(*args: Any, **kwargs: Any) -> Any:
            result = attr(*args, **kwargs)
            settle(self._page)
            return result

        return act


#: Steps of a fake clock's run (ms): each step's timers are answered before the next,
#: so a timer armed by an answer (the computer's next move) falls due within the run
#: as it would on a real clock.
CLOCK_STEP_MS = 50


class _SettlingClock:
    """A page's fake clock whose runs let the page answer each timer on the way."""

    def __init__(self, inner: Any, page: Page) -> None:
        self._inner, self._page = inner, page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def run_for(self, ms: int) -> None:
        while ms > 0:
            step = min(ms, CLOCK_STEP_MS)
            self._inner.run_for(step)
            settle(self._page)
            ms -= step


_clock = cast(property, Page.clock)
Page.clock = property(lambda page: _SettlingClock(_clock.fget(page), page))  # type: ignore[method-assign,assignment]
_keyboard, _mouse = cast(property, Page.keyboard), cast(property, Page.mouse)
Page.keyboard = property(lambda page: _SettlingInputs(_keyboard.fget(page), page))  # type: ignore[method-assign,assignment]
Page.mouse = property(lambda page: _SettlingInputs(_mouse.fget(page), page))  # type: ignore[method-assign,assignment]

BOOT_TIMEOUT = 90_000
DESKTOP = {"width": 1280, "height": 800}
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


# -- the page's own start-again hook --------------------------------------------------

#: Whether the page can be restarted in place at an address under ``base``: it
#: runs the app, started here, with no fake clock (that needs a page load).
RESTARTABLE = """base => {
  const here = new URL(location.href), home = new URL(base);
  return here.origin === home.origin && here.pathname === home.pathname
    && document.documentElement.dataset.ready !== undefined
    && typeof window.zariaPy?.restart === "function" && !("__pwClock" in window);
}"""
#: Restart the app at ``url`` (its address re-read from ``location``).
RESTART_AT = """async url => {
  history.replaceState(history.state, "", url);
  await window.zariaPy.restart();
}"""
#: The same with storage emptied, by the restart once it has stopped the old app:
#: nothing the old app was asked before, and no timer of it, can write to it after.
RESET_AT = """async url => {
  history.replaceState(history.state, "", url);
  // A restart that never ends fails here, in a minute, rather than hold the run.
  let timer;
  const late = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error("the app did not restart within 60 s")), 60000);
  });
  try {
    await Promise.race([window.zariaPy.restart({ clear: true }), late]);
  } finally {
    clearTimeout(timer);
  }
}"""


#: Write localStorage as another tab of the site would: the write, then the
#: ``storage`` event the browser sends the other tabs (the app keeps a copy of
#: storage in its worker, which hears of changes it did not make by that event).
AS_ANOTHER_TAB = """([key, value]) => {
  const oldValue = localStorage.getItem(key);
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent("storage",
    { key, oldValue, newValue: value, storageArea: localStorage, url: location.href }));
}"""


def store_from_another_tab(page: Page, key: str, value: str) -> None:
    """Store ``value`` under ``key`` as another tab would, while the app runs."""
    page.evaluate(AS_ANOTHER_TAB, [key, value])


@dataclass
class App:
    """A page of the app plus what it asked for and complained about."""

    context: BrowserContext
    page: Page
    base: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    allowed_errors: list[str] = field(default_factory=list)
    #: The session's shared page (restarted in place) rather than a fresh one.
    shared: bool = False
    #: DevTools sessions holding the shared page's emulated languages (see use_locale).
    emulation: list[CDPSession] = field(default_factory=list)

    def open(self, path: str = "", wait: bool = True) -> Page:
        """Open ``path`` (relative to the site root) and wait until the app is ready.

        A fresh page loads it; the shared page restarts the app at that address
        (it is loaded only when it cannot be restarted, see :data:`RESTARTABLE`).
        """
        if self.shared and self.restartable():
            self.page.evaluate(RESTART_AT, self.base + path)
        else:
            self.page.goto(self.base + path)
        if wait:
            self.wait_ready()
        return self.page

    def restartable(self) -> bool:
        """Whether :meth:`open` restarts the page rather than load it."""
        if isinstance(self.context, SharedContext) and self.context.changed:
            return False  # what the test set on the context takes effect on a load
        return bool(self.page.evaluate(RESTARTABLE, self.base))

    def use_locale(self, locale: str) -> None:
        """Give the shared page the browser languages of ``locale`` until the test ends:
        ``navigator.languages``, emulated as the ``locale`` option of a fresh context
        does (through DevTools), which the next :meth:`open` starts the app with.

        That is all of the locale the app reads (it formats numbers itself, without
        ``Intl``, whose locale stays en-US). A first visit in a locale, which the
        page's own script also reads before Python starts, needs ``make_app``.
        """
        assert self.shared, "make_app(locale=...) gives a fresh page in a locale"
        session = self.page.context.new_cdp_session(self.page)
        self.emulation.append(session)
        agent = self.page.evaluate("navigator.userAgent")
        session.send(
            "Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": locale}
        )

    def reset(self) -> None:
        """The shared page as a test receives it: storage empty, the app restarted
        at the site's root address (the fixture does this between tests)."""
        assert self.shared, "only the shared page is reset; make_app() gives fresh ones"
        self.page.evaluate(RESET_AT, self.base)

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

    def check(self) -> None:
        """Fail if the page went to another host or reported an error."""
        foreign = self.foreign_requests()
        errors = self.real_errors()
        assert not foreign, f"requests to other hosts: {foreign}"
        assert not errors, f"the page reported errors: {errors}"

    def check_and_forget(self) -> None:
        """:meth:`check`, then forget what the page reported: a page kept for the next
        test starts its record afresh."""
        try:
            self.check()
        finally:
            self.requests.clear()
            self.errors.clear()
            self.allowed_errors.clear()


def _console(message: ConsoleMessage) -> str:
    """A console error, with the address it is about (the file a failed load asked for)."""
    url = message.location.get("url") if message.location else None
    return f"console: {message.text}" + (f" ({url})" if url else "")


def _attach(context: BrowserContext, sink: Callable[[], App | None]) -> None:
    """Record the context's requests and its pages' errors into the app ``sink()`` gives."""

    def note(kind: str, text: str) -> None:
        app = sink()
        if app is not None:
            (app.requests if kind == "request" else app.errors).append(text)

    context.on("request", lambda r: note("request", r.url))

    def on_page(page: Page) -> None:
        page.on("load", lambda _: _count("loads"))
        page.on("console", lambda m: note("error", _console(m)) if m.type == "error" else None)
        page.on("pageerror", lambda e: note("error", f"pageerror: {e}"))
        page.on("crash", lambda _: note("error", "the page crashed"))

    context.on("page", on_page)


def _new_context(browser: Browser, **kwargs: Any) -> BrowserContext:
    """A context for the app; ``snapshots=True`` lets it make a snapshot of Python for
    the next visit once it is ready (else the tests' pages would each make one, in a
    second Python, while the test goes on)."""
    viewport = kwargs.pop("viewport", (DESKTOP["width"], DESKTOP["height"]))
    snapshots = kwargs.pop("snapshots", False)
    context = browser.new_context(
        viewport={"width": viewport[0], "height": viewport[1]},
        locale=kwargs.pop("locale", "en-US"),
        service_workers=kwargs.pop("service_workers", "block"),
        **kwargs,
    )
    if not snapshots:
        context.add_init_script("window.zariaSnapshots = false;")
    return context


@pytest.fixture
def make_app(browser: Browser, site_url: str) -> Iterator[Callable[..., App]]:
    """Factory: ``make_app(viewport=(w, h), locale="en-US", prefix="", **context_args)``,
    a fresh context and page each call."""
    apps: list[App] = []

    def make(prefix: str = "", **kwargs: Any) -> App:
        context = _new_context(browser, **kwargs)
        app = App(context=context, page=None, base=site_url + prefix)  # type: ignore[arg-type]
        _attach(context, lambda: app)
        app.page = context.new_page()
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.context.close()
    for app in apps:
        app.check()


# -- the shared page --------------------------------------------------------------------

#: What changes a context for good (for every later test on it), as named by Playwright.
CONTEXT_CHANGES = frozenset(
    {
        "add_cookies",
        "add_init_script",
        "clock",
        "expose_binding",
        "expose_function",
        "grant_permissions",
        "route",
        "route_from_har",
        "route_web_socket",
        "set_default_navigation_timeout",
        "set_default_timeout",
        "set_extra_http_headers",
        "set_geolocation",
        "set_offline",
    }
)


class SharedContext:
    """The shared page's context as a test sees it. Everything works; what changes
    the context for good is noted (``changed``): the page is then loaded rather
    than restarted, and after the test the context is replaced by a fresh one."""

    def __init__(self, context: BrowserContext) -> None:
        self._context = context
        self.changed: list[str] = []

    def __getattr__(self, name: str) -> Any:
        if name in CONTEXT_CHANGES:
            self.changed.append(name)
        return getattr(self._context, name)


@dataclass
class SharedPage:
    """The session's one booted page, handed to one test at a time."""

    browser: Browser
    base: str
    #: The options of its context (``_new_context``), and the size it is handed out at.
    options: dict[str, Any] = field(default_factory=dict)
    viewport: dict[str, int] = field(default_factory=lambda: dict(DESKTOP))
    context: BrowserContext | None = None
    page: Page | None = None
    #: The app of the test holding the page (what the page does is recorded there).
    holder: App | None = None
    #: How many times a page was booted for it, and how many tests it served.
    boots: int = 0
    served: int = 0

    def hand_out(self) -> App:
        """The page for the next test, booted, restarted, on empty storage."""
        if self.context is None or self.page is None:
            size = (self.viewport["width"], self.viewport["height"])
            self.context = _new_context(self.browser, viewport=size, **self.options)
            _attach(self.context, lambda: self.holder)
            self.page = self.context.new_page()
        shared = SharedContext(self.context)
        app = App(context=cast(BrowserContext, shared), page=self.page, base=self.base)
        app.shared = True
        self.holder = app
        if not app.restartable():
            self.boots += 1
            _count("boots")
            app.open()  # a fresh context: its storage is empty
        return app

    def take_back(self, app: App) -> None:
        """Put the page back as the next test must find it, or drop it if it cannot be."""
        context, page = self.context, self.page
        assert context is not None and page is not None
        try:
            for other in context.pages:
                if other is not page:
                    other.close()  # tabs and pop-ups the test opened
            changed = isinstance(app.context, SharedContext) and app.context.changed
            if page.is_closed() or changed or not _settled_on_site(page, self.base):
                self.discard()
                return
            page.unroute_all(behavior="ignoreErrors")
            for session in app.emulation:
                session.detach()  # its emulation ends with it: en-US again
            page.evaluate(RESET_AT, self.base)
            page.emulate_media(
                media="null",
                color_scheme="light",
                reduced_motion="no-preference",
                forced_colors="none",
                contrast="no-preference",
            )
            if page.viewport_size != self.viewport:
                page.set_viewport_size(self.viewport)
            page.mouse.move(0, 0)  # no hover left over an element of the next screen
        except Error as exc:
            app.errors.append(f"the shared page could not be restarted: {exc}")
            self.discard()
        finally:
            self.holder = None

    def discard(self) -> None:
        """Close the page and its context: the next test gets a fresh one, booted."""
        if self.context is not None:
            self.context.close()
        self.context = self.page = None


def _settled_on_site(page: Page, base: str) -> bool:
    """Whether the page can be restarted (:data:`RESTARTABLE`); not while it is
    being loaded or after it crashed (the crash is reported as an error)."""
    try:
        return bool(page.evaluate(RESTARTABLE, base))
    except Error:
        return False


# -- what the run cost, in page loads -------------------------------------------------
# Every load of a page of the app starts Python, seconds of work each: the summary
# at the end of the run says how many there were, and how many tests the shared
# page served instead. With pytest-xdist (``-n``) each worker counts its own and
# hands them to the main process at its end.

_counts: dict[str, int] = {"loads": 0, "served": 0, "boots": 0}
#: What the workers counted, once each of them has ended.
_workers: list[dict[str, int]] = []


def _count(what: str, n: int = 1) -> None:
    _counts[what] += n


def pytest_sessionfinish(session: pytest.Session) -> None:
    output = getattr(session.config, "workeroutput", None)
    if output is not None:  # a pytest-xdist worker
        output["zaria_pages"] = dict(_counts)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    counted = getattr(node, "workeroutput", {}).get("zaria_pages")
    if counted:
        _workers.append(counted)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    total = dict(_counts)
    for counted in _workers:
        for what, n in counted.items():
            total[what] = total.get(what, 0) + n
    if total["loads"]:
        terminalreporter.write_line(
            f"pages of the app loaded (each starts Python): {total['loads']}; "
            f"the shared pages served {total['served']} tests, booted {total['boots']} times"
        )


@pytest.fixture(scope="session")
def shared_page(browser: Browser, site_url: str) -> Iterator[SharedPage]:
    shared = SharedPage(browser, site_url)
    yield shared
    shared.discard()


@pytest.fixture
def app(shared_page: SharedPage) -> Iterator[App]:
    """The shared desktop-size page in English, service workers blocked, its app
    restarted on empty storage at the site's root address."""
    app = shared_page.hand_out()
    shared_page.served += 1
    _count("served")
    yield app
    shared_page.take_back(app)
    app.check()


#: A phone's touch screen, as a context's options.
PHONE = {"has_touch": True, "is_mobile": True}


@pytest.fixture(scope="session")
def shared_phone(browser: Browser, site_url: str) -> Iterator[SharedPage]:
    shared = SharedPage(browser, site_url, options=PHONE, viewport={"width": 390, "height": 844})
    yield shared
    shared.discard()


@pytest.fixture
def phone(shared_phone: SharedPage) -> Iterator[Callable[..., App]]:
    """The session's shared phone page (a touch screen, no mouse, as a context made with
    ``has_touch`` and ``is_mobile`` gives), as the ``app`` fixture hands out the desktop
    one: ``phone(viewport=(w, h), color_scheme=None, locale=None)`` sets its size (and
    scheme and browser languages) for the app the next ``app.open()`` starts. Once a
    touch screen has been emulated a page keeps no hover: the desktop page cannot be it."""
    apps: list[App] = []

    def make(
        viewport: tuple[int, int] = (390, 844),
        color_scheme: Literal["light", "dark"] | None = None,
        locale: str | None = None,
    ) -> App:
        assert not apps, "one phone page a test"
        app = shared_phone.hand_out()
        apps.append(app)
        shared_phone.served += 1
        _count("served")
        app.page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        if color_scheme:
            app.page.emulate_media(color_scheme=color_scheme)
        if locale:
            app.use_locale(locale)
        return app

    yield make
    for app in apps:
        shared_phone.take_back(app)
        app.check()


def no_error_box(page: Page) -> None:
    """PyScript shows Python errors in an element of class ``py-error``."""
    assert page.locator(".py-error").count() == 0


def pass_device(page: Page, prefix: str) -> None:
    """Take the device when the hand-over card asks: wait for its pause, then tap it."""
    card = page.locator(f"#{prefix}-handover")
    expect(card).to_be_visible()
    expect(card).not_to_have_attribute("aria-disabled", "true")
    card.click()
    expect(card).to_have_count(0)


def fill_seats(page: Page, prefix: str, names: list[str], computer: bool = False) -> None:
    """Fill a game's new game form with these names, the computer in or out (not started)."""
    page.locator(f"#{prefix}-start").wait_for()
    for i, name in enumerate(names):
        if i:
            page.locator(f"#{prefix}-add").click()
        page.locator(f"#{prefix}-name-{i}").fill(name)
    box = page.locator(f"#{prefix}-computer")
    if box.is_checked() != computer:
        box.click()
