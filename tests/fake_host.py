"""A stand-in for the page, for testing the browser layer's controllers natively:
the host (:class:`FakeHost`), a reader of what it shows (:class:`Page`), and
helpers that start a game or count one in the statistics."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from zaria.game import Seat
from zaria.outcome import Outcome
from zaria_web.play.screen import GameScreen
from zaria_web.runtime.effects import Announce, Document, Focus, PageEffect, Render
from zaria_web.runtime.host import StorageError
from zaria_web.screen import Context
from zaria_web.storage.counted import Counted
from zaria_web.storage.stats import record

if TYPE_CHECKING:
    from zaria_web.app import App

E = TypeVar("E", bound=PageEffect)

PENTA_TABLE = (
    Path(__file__).resolve().parent.parent / "py/zaria/data/penta_table.bin"
).read_bytes()


class FakeHost:
    """Implements :class:`zaria_web.runtime.host.Host` in memory, with a manual clock.

    Every page effect performed is kept, in order, in ``performed``
    (:meth:`performed_of` picks one kind); what the page shows after them (the
    screen, the tools, the document's language, theme and title, the focus) is
    kept apart too, as the page would hold it.

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
        #: The page's address.
        self.base = "http://localhost:8000/"
        #: Every read raises StorageError / only the reads of these keys do.
        self.reads_fail = not storage_works
        self.read_faults: set[str] = set()
        #: Every write (and removal) is refused / only those of these keys are.
        self.writes_fail = not storage_works
        self.write_faults: set[str] = set()
        self.quota = quota
        self.performed: list[PageEffect] = []
        self.screen_html = ""
        self.tools_html = ""
        self.now = 0
        self.timers: dict[int, tuple[int, Callable[[], None]]] = {}
        self._next = 1
        self.lang = ""
        self.theme = ""
        self.title = ""
        self.files: dict[str, bytes] = {}
        self.focused = ""
        self.dark = False
        self.history: list[str] = ["home"]
        #: When set, downloads wait in ``pending`` until :meth:`deliver` (a slow network).
        self.slow_downloads = False
        self.pending: list[tuple[str, Callable[[bytes], None], Callable[[str], None]]] = []
        #: The clock :meth:`now_iso` reads (settable) and the file picked in each file
        #: field (text, or bytes that are not text).
        self.clock_iso = "2026-03-14T15:09:26.000+01:00"
        self.picked: dict[str, str | bytes] = {}

    def perform(self, effect: PageEffect) -> None:
        self.performed.append(effect)
        if isinstance(effect, Render):
            self.screen_html, self.tools_html = effect.screen, effect.tools
        elif isinstance(effect, Document):
            self.lang, self.theme, self.title = effect.lang, effect.theme, effect.title
        elif isinstance(effect, Focus):
            self.focused = effect.selector

    def performed_of(self, kind: type[E]) -> list[E]:
        """The page effects of class ``kind`` performed, in order."""
        return [e for e in self.performed if isinstance(e, kind)]

    @property
    def announced(self) -> list[str]:
        """What was said to screen readers, in order."""
        return [a.text for a in self.performed_of(Announce)]

    def set_timeout(self, ms: int, fn: Callable[[], None], heavy: bool = False) -> int:
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

    def storage_set_all(self, values: dict[str, str], done: Callable[[bool], None]) -> None:
        before = {k: self.storage.get(k) for k in values}
        for key, value in values.items():
            if not self.storage_set(key, value):
                for k, old in before.items():
                    if old is None:
                        self.storage.pop(k, None)
                    else:
                        self.storage[k] = old
                done(False)
                return
        done(True)

    def storage_remove(self, key: str) -> None:
        if not (self.writes_fail or key in self.write_faults):
            self.storage.pop(key, None)

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

    def prefers_dark(self) -> bool:
        return self.dark

    def now_iso(self) -> str:
        return self.clock_iso

    def read_file(
        self, input_id: str, limit: int, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        """The file "picked" in ``picked[input_id]`` (absent: none; bytes: not text)."""
        picked = self.picked.pop(input_id, None)
        if picked is None:
            failed("none")
        elif len(picked.encode() if isinstance(picked, str) else picked) > limit:
            failed("large")
        elif isinstance(picked, bytes):
            failed("read")
        else:
            done(picked)

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


class _Texts(HTMLParser):
    """Collects the text of every element with an id, and the opening tag of each."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None]] = []
        self.text: dict[str, str] = {}
        self.tags: dict[str, dict[str, str | None]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        ident = a.get("id")
        if ident:
            self.tags[ident] = a
            self.text[ident] = ""
        for _, open_id in self.stack:
            if open_id:
                self.text[open_id] += " "
        if tag not in ("input", "circle", "rect", "br", "meta"):
            self.stack.append((tag, ident))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, ident in self.stack:
            if ident:
                self.text[ident] += data


def _squash(text: str) -> str:
    """Collapse the spaces of the markup (not the no-break spaces of the words)."""
    return re.sub(r"[ \t\n]+", " ", text).strip()


class Page:
    """What the fake page shows, read by element id."""

    def __init__(self, html: str) -> None:
        self.html = html
        parser = _Texts()
        parser.feed(html)
        self.text = {k: _squash(v) for k, v in parser.text.items()}
        self.tags = parser.tags

    def has(self, ident: str) -> bool:
        return ident in self.tags

    def enabled(self, ident: str) -> bool:
        return ident in self.tags and "disabled" not in self.tags[ident]

    def pressed(self, pos: int) -> bool:
        return self.tags[f"fk-die-{pos}"]["aria-pressed"] == "true"

    def dice(self) -> list[int]:
        """The values of the dice in play, in position order (from their names)."""
        out = []
        for pos in range(1, 7):
            tag = self.tags.get(f"fk-die-{pos}")
            if tag is None:
                break
            label = tag["aria-label"] or ""
            out.append(int(re.findall(r"\d+", label)[1]))
        return out

    def plain(self) -> str:
        return _squash(html.unescape(re.sub(r"<[^>]+>", " ", self.html)))


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
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    if not computer:
        app.action("seat-computer", {"value": "off"})
    app.action("start", {})
    return app, host


def _seats(names: list[str], humans: list[bool]) -> list[Seat]:
    return [Seat(n, computer=not h) for n, h in zip(names, humans, strict=True)]


def record_penta(
    ctx: Context,
    totals: list[int],
    names: list[str],
    humans: list[bool],
    upper_bonus: list[bool],
    reproducible: bool,
) -> bool:
    """A finished Penta game counted as the game screen counts it."""
    outcome = Outcome(tuple(totals))
    seats = _seats(names, humans)
    bonus = {"bonus": [int(b) for b in upper_bonus]}
    return record(ctx, Counted("penta"), outcome, seats, reproducible, figures=bonus)


def record_farkle(
    ctx: Context,
    totals: list[int],
    names: list[str],
    humans: list[bool],
    winners: list[int],
    reproducible: bool,
) -> bool:
    """A finished Farkle game counted as the game screen counts it."""
    outcome = Outcome(tuple(totals))
    assert list(outcome.winners) == winners  # the outcome says who won
    seats = _seats(names, humans)
    return record(ctx, Counted("farkle"), outcome, seats, reproducible, wins=True)


def pass_device(app: Any) -> bool:
    """Hand the device to the next person when the table waits for them: the
    hand-over card's pause runs out, then they tap it. Whether a card was up."""
    from zaria_web.play.screen import HANDOVER_PAUSE_MS, GameScreen

    screen = app.screen
    if not isinstance(screen, GameScreen) or screen.handover is None:
        return False
    app.host.advance(HANDOVER_PAUSE_MS)
    app.action("take-device", {})
    assert screen.handover is None, "the card stayed after its pause"
    return True


def screen(app: Any) -> GameScreen[Any]:
    """The game screen ``app`` shows (a test's failure if it shows another)."""
    assert isinstance(app.screen, GameScreen)
    return app.screen


def game(app: Any) -> Any:
    """The game on the game screen ``app`` shows (a test's failure if there is none)."""
    g = screen(app).game
    assert g is not None
    return g
