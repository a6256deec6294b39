"""The browser side: the only module that imports ``js`` and ``pyscript``.

It implements :class:`zaria_web.host.Host` on the DOM, turns DOM events into
the app's intents (one delegated listener per event type), and starts the app
(and, for the browser tests, starts it again in place: :func:`restart`).
"""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import (  # type: ignore[import-not-found]
    create_once_callable,
    create_proxy,
    jsnull,
)

from zaria_web import routes
from zaria_web.app import App
from zaria_web.host import StorageError

_TEXT_FIELDS = ("INPUT", "TEXTAREA", "SELECT")
# Keep references to event proxies alive for the page's lifetime.
_listeners: list[Any] = []
_tasks: set[Any] = set()


def _found(el: Any) -> bool:
    """Whether a DOM lookup found an element (JavaScript's null arrives as ``jsnull``)."""
    return el is not None and el is not jsnull


def _focus(el: Any) -> None:
    el.focus(js.Object.fromEntries([["preventScroll", True]]))


def _caret(el: Any) -> tuple[str, int, int, str] | None:
    """A focused text field's value and selection, or None for other elements.

    A redraw that arrives while the player types (a download finishing, a timer)
    replaces the field; a fresh field would put the caret back at its start.
    """
    if el.tagName not in ("INPUT", "TEXTAREA"):
        return None
    try:
        start, end = el.selectionStart, el.selectionEnd
    except Exception:
        return None  # a type with no selection (checkbox, number, …)
    if not isinstance(start, int) or not isinstance(end, int):
        return None
    return str(el.value), start, end, str(el.selectionDirection)


def _restore_caret(el: Any, caret: tuple[str, int, int, str]) -> None:
    value, start, end, direction = caret
    if el.tagName not in ("INPUT", "TEXTAREA"):
        return
    try:
        if str(el.value) != value:
            start = end = len(str(el.value))  # the text changed under it: caret at the end
        el.setSelectionRange(start, end, direction)
    except Exception:
        return


class BrowserHost:
    """:class:`~zaria_web.host.Host` on the real page."""

    def __init__(self) -> None:
        self.doc = js.document
        self._pending_focus = ""
        #: Where the app is stepping back to in the history, until the browser gets there.
        self.landing: tuple[str, int] | None = None
        #: Texts waiting to be announced, by live region.
        self._announcing: dict[str, list[str]] = {}
        #: The timer that announces them, by live region.
        self._speaking: dict[str, int] = {}

    def render(self, screen_html: str, tools_html: str) -> None:
        active = self.doc.activeElement
        focus_id = str(active.id) if _found(active) and active.id else ""
        caret = _caret(active) if focus_id else None
        self.doc.getElementById("screen").innerHTML = screen_html
        self.doc.getElementById("topbar-tools").innerHTML = tools_html
        if self._pending_focus:
            target = self.doc.querySelector(self._pending_focus)
            self._pending_focus = ""
            if _found(target):
                _focus(target)
                return
        if focus_id:
            again = self.doc.getElementById(focus_id)
            if _found(again) and not again.matches(":disabled"):
                _focus(again)
                if caret is not None:
                    _restore_caret(again, caret)

    def announce(self, text: str, assertive: bool = False) -> None:
        region_id = "alert" if assertive else "live"
        waiting = self._announcing.get(region_id)
        if waiting is not None:
            # Messages of one moment (a score, the next turn) are read together,
            # rather than each replacing the one before it.
            waiting.append(text)
            return
        self._announcing[region_id] = [text]
        region = self.doc.getElementById(region_id)
        # Clearing first makes a repeated message be spoken again.
        region.textContent = ""

        def speak() -> None:
            self._speaking.pop(region_id, None)
            texts = self._announcing.pop(region_id, [])
            # Each message ends as a sentence, so that they are read apart.
            region.textContent = " ".join(t if t[-1:] in ".!?;…" else t + "." for t in texts)

        self._speaking[region_id] = int(js.setTimeout(create_once_callable(speak), 30))

    def close(self) -> None:
        """Drop what is waiting to be announced: the page no longer belongs to this host."""
        for handle in self._speaking.values():
            js.clearTimeout(handle)
        self._speaking.clear()
        self._announcing.clear()

    def set_timeout(self, ms: int, fn: Callable[[], None]) -> int:
        return int(js.setTimeout(create_once_callable(_guarded(fn)), ms))

    def clear_timeout(self, handle: int) -> None:
        js.clearTimeout(handle)

    def storage_get(self, key: str) -> str | None:
        try:
            value = js.localStorage.getItem(key)
        except Exception as exc:
            # Not "absent": the caller must not write over what it could not read.
            raise StorageError(f"reading {key!r}: {exc}") from exc
        return str(value) if _found(value) else None

    def storage_set(self, key: str, value: str) -> bool:
        try:
            js.localStorage.setItem(key, value)
        except Exception:
            return False
        if key.startswith("zaria.save."):
            _keep_storage()
        return True

    def storage_remove(self, key: str) -> None:
        try:
            js.localStorage.removeItem(key)
        except Exception:
            return

    def set_document(self, lang: str, theme: str, title: str) -> None:
        root = self.doc.documentElement
        root.lang = lang
        root.dataset.theme = theme
        self.doc.title = title
        brand = self.doc.getElementById("brand-name")
        if _found(brand):
            brand.textContent = title

    def load_bytes(
        self, url: str, done: Callable[[bytes], None], failed: Callable[[str], None]
    ) -> None:
        async def fetch() -> None:
            try:
                response = await js.fetch(url)
                if not response.ok:
                    failed(f"{url}: HTTP {response.status}")
                    return
                buffer = await response.arrayBuffer()
                data = buffer.to_bytes()
            except Exception as exc:
                failed(f"{url}: {exc}")
                return
            _guarded(lambda: done(data))()

        _tasks.add(task := asyncio.ensure_future(fetch()))
        task.add_done_callback(_tasks.discard)

    def scroll_to_top(self) -> None:
        js.window.scrollTo(0, 0)

    def vibrate(self, pattern: tuple[int, ...]) -> None:
        if hasattr(js.navigator, "vibrate"):  # not every browser can
            js.navigator.vibrate(js.Array.of(*pattern))

    def sound(self, kind: str, volume: float) -> None:
        # web/feel.js synthesises it, on the main thread, after the first gesture only.
        feel: Any = getattr(js.window, "zariaFeel", None)
        if _found(feel):
            feel.sound(kind, volume)

    def celebrate(self, kind: str, text: str) -> None:
        feel: Any = getattr(js.window, "zariaFeel", None)
        if _found(feel):
            feel.celebrate(kind, text)

    def focus(self, selector: str) -> None:
        el = self.doc.querySelector(selector)
        if _found(el):
            _focus(el)
        else:
            self._pending_focus = selector  # drawn by the coming render

    def prefers_dark(self) -> bool:
        return bool(js.window.matchMedia("(prefers-color-scheme: dark)").matches)

    def now_iso(self) -> str:
        now = js.Date.new()
        offset = -int(now.getTimezoneOffset())  # minutes east of UTC
        local = js.Date.new(now.getTime() + offset * 60_000).toISOString()
        sign, minutes = ("+" if offset >= 0 else "-"), abs(offset)
        return f"{str(local)[:-1]}{sign}{minutes // 60:02d}:{minutes % 60:02d}"

    def save_file(self, name: str, text: str, mime: str) -> None:
        blob = js.Blob.new(js.Array.of(text), js.Object.fromEntries([["type", mime]]))
        url = js.URL.createObjectURL(blob)
        link = self.doc.createElement("a")
        link.href, link.download = url, name
        link.hidden = True
        self.doc.body.append(link)
        link.click()
        link.remove()
        # The browser has taken the file once the click is handled.
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)

    def read_file(
        self, input_id: str, limit: int, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        field = self.doc.getElementById(input_id)
        files: Any = field.files if _found(field) else None
        picked: Any = files.item(0) if _found(files) and files.length else None
        if _found(field):
            field.value = ""  # the same file picked again is news again
        if not _found(picked):
            failed("none")
            return
        if int(picked.size) > limit:
            failed("large")
            return

        async def read() -> None:
            try:
                text = str(await picked.text())
            except Exception:
                _guarded(lambda: failed("read"))()
                return
            _guarded(lambda: done(text))()

        _tasks.add(task := asyncio.ensure_future(read()))
        task.add_done_callback(_tasks.discard)

    def remember_screen(self, name: str, depth: int) -> None:
        # One history entry per level below home: a deeper screen adds one, a
        # screen at the same level replaces it, and going up steps back through
        # the entries (the page then only relabels the one it lands on).
        here = _history_depth()
        if depth >= here:
            _set_entry(name, depth, push=depth > here)
        else:
            self.landing = (name, depth)
            js.history.go(depth - here)


def _history_state(name: str, depth: int) -> Any:
    return js.Object.fromEntries([["zaria", name], ["depth", depth]])


def _url(entry: str) -> str:
    """The page's address with the screen of ``entry`` after its ``#``."""
    return f"{js.location.pathname}{js.location.search}{routes.address(entry)}"


def _set_entry(name: str, depth: int, push: bool = False) -> None:
    """Label the current history entry (or a new one) with a screen and its address."""
    if push:
        js.history.pushState(_history_state(name, depth), "", _url(name))
    else:
        js.history.replaceState(_history_state(name, depth), "", _url(name))


def _open_address(app: App, host: BrowserHost) -> None:
    """Show the screen the page's address names (a reload, a bookmark, a shared link),
    or home, labelling the history so that Back leads home."""
    target = routes.entry_of(str(js.location.hash))
    entry = _history_entry()
    if target is not None and entry is not None and entry[0] == target and entry[1] > 0:
        app.history_to(target)  # a reload: the entries below it are the app's already
    elif target is not None:
        _set_entry("home", 0)  # a link: home goes below the screen it opens
        app.open_entry(target)
    elif entry is not None and entry[1] > 0:
        # Back at home after a reload on another screen: step back to the home entry
        # below rather than relabel this one (two home entries in a row would make
        # Back seem to do nothing).
        host.landing = ("home", 0)
        js.history.go(-entry[1])
    else:
        _set_entry("home", 0)


def _history_entry() -> tuple[str, int] | None:
    """The screen and depth of the current history entry, if the app made it."""
    state = js.history.state
    if not _found(state):
        return None
    name, depth = getattr(state, "zaria", None), getattr(state, "depth", None)
    if not isinstance(name, str) or not isinstance(depth, int):
        return None
    return name, depth


def _history_depth() -> int:
    entry = _history_entry()
    return 0 if entry is None else entry[1]


def _on_history(evt: Any) -> None:
    """Back or Forward: show the screen of the entry reached."""
    if _app is None:
        return
    app, host = _app, _app.host
    if isinstance(host, BrowserHost) and host.landing is not None:
        # The app stepped back itself: the entry reached takes the screen shown.
        name, depth = host.landing
        host.landing = None
        _set_entry(name, depth)
        return
    entry = _history_entry()
    if entry is None:
        # An address typed or followed within the page (``#/stats``): its screen, in
        # an entry one step above the screen it was typed on (so that stepping back
        # from it lands on the entries below). Any other ``#…`` changes nothing.
        typed = routes.entry_of(str(js.location.hash))
        if typed is not None:
            _set_entry(typed, app.depth() + 1)
            _guarded(lambda: app.history_to(typed))()
        return
    _guarded(lambda: app.history_to(entry[0]))()


def _guarded(fn: Callable[[], None]) -> Callable[[], None]:
    """Run ``fn``, reporting an unexpected error on the page instead of dying silently."""

    def run(*_: Any) -> None:
        try:
            fn()
        except Exception as exc:
            js.console.warn(traceback.format_exc())
            _show_error(exc)

    return run


def _show_error(exc: BaseException) -> None:
    """Tell the player, through the app (a notice above the screen, and aloud)."""
    try:
        if _app is None:
            raise RuntimeError("the app is not running") from exc
        _app.error(exc)
    except Exception:
        # The app cannot even say so: a plain notice on top of the page.
        js.console.warn(traceback.format_exc())
        text = _app.ctx.tr("error.generic") if _app is not None else str(exc)
        note = js.document.createElement("p")
        note.className = "notice error-notice"
        note.setAttribute("role", "alert")
        note.textContent = text
        screen = js.document.getElementById("screen")
        if _found(screen):
            screen.prepend(note)


_app: App | None = None


def _dataset(el: Any) -> dict[str, str]:
    return {str(k): str(v) for k, v in js.Object.entries(el.dataset)}


def _on_click(evt: Any) -> None:
    anchor = evt.target.closest('a[href^="#"]')
    if _found(anchor):
        # An in-page link (the rules' contents) scrolls to its heading without
        # adding a history entry, so Back keeps meaning "the previous screen".
        evt.preventDefault()
        heading = js.document.getElementById(str(anchor.getAttribute("href"))[1:])
        if _found(heading):
            heading.scrollIntoView()
            _focus(heading)
        return
    el = evt.target.closest("[data-act]")
    if not _found(el) or el.matches(":disabled") or el.getAttribute("aria-disabled") == "true":
        return
    if el.tagName in _TEXT_FIELDS:
        return  # fields report on change
    if el.tagName in ("A", "SUMMARY"):
        evt.preventDefault()  # the app draws a disclosure's state itself
    if evt.detail > 1 and not el.hasAttribute("data-repeat"):
        # A double tap or click is one press: one roll, not two. A keypad's keys
        # (data-repeat) take each tap: a throw may have the same face three times.
        return
    data = _dataset(el)
    app = _app
    if app is None:
        return  # between two apps, while the page restarts
    _guarded(lambda: app.action(data.pop("act"), data))()


def _on_change(evt: Any) -> None:
    el = evt.target
    if not _found(el) or el.tagName not in _TEXT_FIELDS or not el.dataset.act:
        return
    if el.tagName in ("INPUT", "TEXTAREA") and el.type not in ("checkbox", "radio"):
        # Text is reported as it is typed; its change event (on blur) would redraw
        # the page under the pointer that caused the blur, swallowing its click.
        if evt.type == "change":
            return
    elif evt.type == "input":
        return  # selects and boxes report once, on change
    data = _dataset(el)
    data["value"] = ("on" if el.checked else "off") if el.type == "checkbox" else str(el.value)
    data["event"] = str(evt.type)
    app = _app
    if app is None:
        return  # between two apps, while the page restarts
    _guarded(lambda: app.action(data.pop("act"), data))()


def _on_key(evt: Any) -> None:
    if evt.repeat:
        # A held-down key is one press, not a roll and a re-roll. Held Enter would
        # also click the focused button again and again (into the next turn).
        if str(evt.key) in (" ", "Enter") and not evt.defaultPrevented:
            evt.preventDefault()
        return
    if evt.ctrlKey or evt.metaKey or evt.altKey or evt.defaultPrevented:
        return
    target = evt.target
    key = str(evt.key)
    # Text and lists take every key; a checkbox only Space and Enter, so the
    # game's shortcuts still work after ticking one.
    in_field = _found(target) and target.tagName in _TEXT_FIELDS
    if in_field and (target.type not in ("checkbox", "radio") or key in (" ", "Enter")):
        return
    if key in (" ", "Enter") and _found(target) and target.tagName in ("BUTTON", "A"):
        return  # the focused control's own activation
    if _app is None:
        return  # between two apps, while the page restarts
    handled = [False]

    def run() -> None:
        handled[0] = _app.key(key) if _app is not None else False

    _guarded(run)()
    if handled[0]:
        evt.preventDefault()


_PERSIST_KEY = "zaria.persist"


def _keep_storage() -> None:
    """Once a game is first saved, ask (once per device) that the browser keep this
    site's storage when space runs low. Chromium decides silently; Firefox asks
    the player, which is why it is asked only once."""
    try:
        if js.localStorage.getItem(_PERSIST_KEY) is not None:
            return
        js.localStorage.setItem(_PERSIST_KEY, "asked")
        storage = js.navigator.storage
    except Exception:
        return

    async def ask() -> None:
        try:
            if not await storage.persisted():
                await storage.persist()
        except Exception:
            return  # no Storage API, or the browser said no: saving works all the same

    _tasks.add(task := asyncio.ensure_future(ask()))
    task.add_done_callback(_tasks.discard)


def _on_storage(evt: Any) -> None:
    """Another tab changed localStorage: the saves check whether it took a game over."""
    key = evt.key if isinstance(evt.key, str) else None  # null: storage was cleared
    if _app is not None:
        app = _app
        _guarded(lambda: app.storage_changed(key))()


def _listen(event: str, handler: Callable[[Any], None]) -> None:
    proxy = create_proxy(handler)
    _listeners.append(proxy)
    js.document.addEventListener(event, proxy)


def _params() -> dict[str, str]:
    search = js.URLSearchParams.new(js.location.search)
    return {str(k): str(v) for k, v in js.Array.from_(search.entries())}


def _expose() -> None:
    """Hooks for the page's self-check, benchmarks and tests: ``window.zariaPy``."""

    def selfcheck() -> str:
        from zaria_web.selfcheck import run_selfcheck

        return json.dumps(run_selfcheck())

    def bench_penta(n: int) -> str:
        from zaria_web.bench_hooks import bench_turns
        from zaria_web.penta.screen import TABLE

        if TABLE.value is None:
            return json.dumps({"error": "open Penta first: the strategy table is not loaded"})
        times = bench_turns(int(n), 0, strategy=TABLE.value)
        t = TABLE.times
        table = {
            "read_ms": t["table_ms"],
            "fetch_and_read_ms": t["fetch_ms"] + t["table_ms"],
            "prepare_ms": t["prepare_ms"],
        }
        return json.dumps({"turns_ms": [x * 1000 for x in times], "table": table})

    hooks = js.Object.new()
    hooks.selfcheck = create_proxy(selfcheck)
    hooks.benchPenta = create_proxy(bench_penta)
    hooks.restart = create_proxy(restart)
    _listeners.extend([hooks.selfcheck, hooks.benchPenta, hooks.restart])
    js.window.zariaPy = hooks


def _new_app() -> BrowserHost:
    """Create the app from the current storage, address and browser languages."""
    global _app
    languages = tuple(str(x) for x in js.navigator.languages)
    host = BrowserHost()
    _app = App(host, _params(), languages)
    return host


def _bind() -> None:
    """Listen to the page's events, once for the page's life (they reach the app of the moment)."""
    _listen("click", _on_click)
    _listen("change", _on_change)
    _listen("input", _on_change)
    _listen("keydown", _on_key)
    for event, handler in (("storage", _on_storage), ("popstate", _on_history)):
        proxy = create_proxy(handler)
        _listeners.append(proxy)
        js.window.addEventListener(event, proxy)


def _mark_ready() -> None:
    js.document.documentElement.dataset.ready = "1"


def start() -> None:
    """Create the app on the page, bind events, draw, and mark the page ready."""
    try:
        host = _new_app()
        _bind()
        _expose()
        assert _app is not None
        _open_address(_app, host)
        _app.redraw()
    except Exception:
        js.console.warn(traceback.format_exc())
        js.window.zariaBoot.failed("python start")
        return
    boot = js.document.getElementById("boot")
    if _found(boot):
        boot.remove()
    js.window.zariaBoot.ready()
    _mark_ready()


#: Milliseconds a restart waits for the step back through the history that the old
#: app had asked for (it arrives within a few).
_LANDING_WAIT_MS = 1000


def restart() -> Any:
    """Start the app afresh, as a reload would, in the Python already running:
    ``window.zariaPy.restart()``, for tests that share one booted page.

    The old app stops at once (its screens leave, their timers with them; nothing
    waits to be announced); a new one is then created from the storage and the
    address (``location.search``) of that moment, on a page reset to how a start
    leaves it: a single home entry ahead in the history, empty live regions,
    scrolled to the top, nothing focused or selected. What Python keeps between
    games (the Penta strategy table, Farkle's tables) stays, as it is meant to.
    ``html[data-ready]`` is removed at once and set again when the app is drawn.

    Returns a task (a promise to JavaScript) that settles once the app runs again.
    """
    global _app
    js.document.documentElement.removeAttribute("data-ready")
    old, _app = _app, None
    stepping_back = False
    if old is not None:
        old.close()
        if isinstance(old.host, BrowserHost):
            old.host.close()
            stepping_back = old.host.landing is not None
    # Everything so far happened at once: no timer of the old app can write to
    # storage from here on, whatever the caller does to it in the same task.
    return asyncio.ensure_future(_restart_app(stepping_back))


async def _restart_app(stepping_back: bool) -> None:
    try:
        if stepping_back:
            # The entry the old app stepped back to must be reached before a new
            # entry is added, or the step would land on the new app's history.
            await _next_popstate(_LANDING_WAIT_MS)
        for region in ("live", "alert"):
            el = js.document.getElementById(region)
            if _found(el):
                el.textContent = ""
        js.window.scrollTo(0, 0)
        _reset_focus()
        _new_app()
        target = routes.entry_of(str(js.location.hash))
        # A new entry drops the entries ahead of it (Forward leads nowhere, as on a
        # page just loaded); those behind it belong to the old app's life.
        _set_entry("home", 0, push=True)
        assert _app is not None
        if target is not None:
            _app.open_entry(target)  # the address names a screen, as a link would
        _app.redraw()
    except Exception:
        js.console.warn(traceback.format_exc())
        raise
    _mark_ready()


async def _next_popstate(limit_ms: int) -> None:
    """Wait for the window's next ``popstate`` event, at most ``limit_ms``."""
    arrived = asyncio.get_event_loop().create_future()

    def on_popstate(*_: Any) -> None:
        if not arrived.done():
            arrived.set_result(None)

    js.window.addEventListener(
        "popstate", create_once_callable(on_popstate), js.Object.fromEntries([["once", True]])
    )
    try:
        await asyncio.wait_for(arrived, limit_ms / 1000)
    except TimeoutError:
        return


def _reset_focus() -> None:
    """Focus as on a page just loaded: nothing focused or selected, and Tab starting
    from the top of the page."""
    js.window.getSelection().removeAllRanges()
    body = js.document.body
    # Focusing the body (focusable for a moment) moves the point the next Tab starts
    # from to the top; blurring it leaves the focus nowhere, as after a load.
    body.tabIndex = -1
    _focus(body)
    body.blur()
    body.removeAttribute("tabindex")
