"""A stand-in for the page, for testing the browser layer's controllers natively."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from zaria_web.host import StorageError

if TYPE_CHECKING:
    from zaria_web.app import App

PENTA_TABLE = (
    Path(__file__).resolve().parent.parent / "py/zaria/data/penta_table.bin"
).read_bytes()


class FakeHost:
    """Implements :class:`zaria_web.host.Host` in memory, with a manual clock.

    Storage faults can be injected: ``reads_fail`` / ``writes_fail`` for every
    key, ``read_faults`` / ``write_faults`` for some keys, and ``quota`` (the
    characters of values storage holds, for a full storage). ``storage_works=False``
    is a storage the browser refuses altogether (reads and writes fail).
    """

    def __init__(
        self,
        storage: dict[str, str] | None = None,
        storage_works: bool = True,
        quota: int | None = None,
    ) -> None:
        self.storage: dict[str, str] = {} if storage is None else storage
        #: Every read raises StorageError / only the reads of these keys do.
        self.reads_fail = not storage_works
        self.read_faults: set[str] = set()
        #: Every write (and removal) is refused / only those of these keys are.
        self.writes_fail = not storage_works
        self.write_faults: set[str] = set()
        self.quota = quota
        self.screen_html = ""
        self.tools_html = ""
        self.announced: list[str] = []
        self.now = 0
        self.timers: dict[int, tuple[int, Callable[[], None]]] = {}
        self._next = 1
        self.lang = ""
        self.theme = ""
        self.title = ""
        self.files: dict[str, bytes] = {}
        self.focused = ""
        self.scrolled_to_top = 0
        self.dark = False
        self.history: list[str] = ["home"]
        #: When set, downloads wait in ``pending`` until :meth:`deliver` (a slow network).
        self.slow_downloads = False
        self.pending: list[tuple[str, Callable[[bytes], None], Callable[[str], None]]] = []

    def render(self, screen_html: str, tools_html: str) -> None:
        self.screen_html = screen_html
        self.tools_html = tools_html

    def announce(self, text: str, assertive: bool = False) -> None:
        self.announced.append(text)

    def set_timeout(self, ms: int, fn: Callable[[], None]) -> int:
        handle = self._next
        self._next += 1
        self.timers[handle] = (self.now + ms, fn)
        return handle

    def clear_timeout(self, handle: int) -> None:
        self.timers.pop(handle, None)

    def advance(self, ms: int) -> None:
        """Move the clock on, running the timers that come due, in order."""
        end = self.now + ms
        while True:
            due = [(t, h) for h, (t, _) in self.timers.items() if t <= end]
            if not due:
                break
            t, handle = min(due)
            self.now = t
            _, fn = self.timers.pop(handle)
            fn()
        self.now = end

    def storage_get(self, key: str) -> str | None:
        if self.reads_fail or key in self.read_faults:
            raise StorageError(f"reading {key!r}: the operation is insecure")
        return self.storage.get(key)

    def storage_set(self, key: str, value: str) -> bool:
        if self.writes_fail or key in self.write_faults:
            return False
        if self.quota is not None:
            used = sum(len(v) for k, v in self.storage.items() if k != key)
            if used + len(value) > self.quota:
                return False
        self.storage[key] = value
        return True

    def storage_remove(self, key: str) -> None:
        if not (self.writes_fail or key in self.write_faults):
            self.storage.pop(key, None)

    def set_document(self, lang: str, theme: str, title: str) -> None:
        self.lang, self.theme, self.title = lang, theme, title

    def load_bytes(
        self, url: str, done: Callable[[bytes], None], failed: Callable[[str], None]
    ) -> None:
        if self.slow_downloads:
            self.pending.append((url, done, failed))
        elif url in self.files:
            done(self.files[url])
        else:
            failed(f"{url}: not found")

    def deliver(self) -> None:
        """Finish the downloads that were waiting."""
        pending, self.pending = self.pending, []
        for url, done, failed in pending:
            if url in self.files:
                done(self.files[url])
            else:
                failed(f"{url}: not found")

    def scroll_to_top(self) -> None:
        self.scrolled_to_top += 1

    def focus(self, selector: str) -> None:
        self.focused = selector

    def prefers_dark(self) -> bool:
        return self.dark

    def remember_screen(self, name: str, depth: int) -> None:
        """Keep a history like the browser's: one entry per level below home."""
        current = len(self.history) - 1
        if depth > current:
            self.history.append(name)
        else:
            del self.history[depth + 1 :]
            self.history[depth] = name

    def back(self) -> str:
        """The browser's Back button: the entry below, which the page is told about."""
        self.history.pop()
        return self.history[-1]


def start_penta(
    params: dict[str, str],
    computer: bool = False,
    host: FakeHost | None = None,
    **settings: str,
) -> tuple[App, FakeHost]:
    """An app on a fake page with a Penta game started for Ann (and the computer)."""
    from zaria_web.app import App
    from zaria_web.penta.screen import TABLE_URL

    host = host or FakeHost()
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, params)
    for key, value in settings.items():
        app.set_setting(key, value)
    app.action("open", {"game": "penta"})
    app.action("setup-name", {"index": "0", "value": "Ann", "event": "input"})
    if not computer:
        app.action("setup-computer", {"value": "off"})
    app.action("start", {})
    return app, host
