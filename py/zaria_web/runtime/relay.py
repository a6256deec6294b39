"""The app in a worker: the page's events in, the page's changes out, as plain data.

Python runs in a web worker, so that its start and its work never hold up the
page. The page's main thread (``web/boot.js`` and its modules in ``web/page/``)
keeps everything that belongs to the page: the DOM, focus, the live regions, the
timers (so that a test's fake clock drives them), localStorage, the history, sound
and files. It sends each event to :meth:`Relay.call` as a kind and a JSON payload,
and applies the list of operations that comes back, in order. What finishes later
in the worker (a download) is sent to the page the same way, through ``push``.

Every operation is a page effect (:class:`~zaria_web.runtime.effects.PageEffect`): the
app's own (:mod:`zaria_web.runtime.effects`: ``render``, ``doc``, ``focus``, ``announce``,
``top``, ``vibrate``, ``sound``, ``celebrate``, ``save``) and the relay's
(:mod:`zaria_web.runtime.relay_ops`: timers, storage, the history, file fields, the keys
the screen takes, and its reports). :func:`encode` is the one place that turns
one into JSON: a list of the operation's name and its fields by name
(``["focus", {"selector": "#screen"}]``), which the page's ``OPS`` table
(``web/page/operations.js``) takes by the same names. What the page answers (a
timer fired, a write refused, a file read) comes back as an event.

Storage is mirrored: the page sends all of it at the start and every change
another tab makes; the worker reads its copy. Whether a write fits is only known
on the page, after the fact: a refused write sets a limit on the mirror's size,
measured on the mirror, from then on (so that the next writes are refused here,
at once, as the app expects), puts the mirror back and, for a saved game, saves
it again through the app (which then frees space or says that it cannot save).
Room may come back without the page hearing of it (another app of the site, in
this tab; the browser's own tools), so each of the player's inputs lifts the limit:
its first write is tried on the page again, with the whole game in it.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import MISSING, fields
from typing import Any
from urllib.parse import urljoin

from zaria import i18n
from zaria_web.app import SCREENS, App
from zaria_web.games import screen_modules
from zaria_web.runtime import routes
from zaria_web.runtime.effects import PAGE_EFFECTS, PageEffect
from zaria_web.runtime.host import StorageError
from zaria_web.runtime.relay_ops import (
    Fatal,
    Keys,
    PushEntry,
    ReadPicked,
    Remove,
    ReplaceEntry,
    StartTimer,
    Step,
    Stopping,
    StopTimer,
    Store,
    StoreEvery,
    Took,
    Warmed,
    Warn,
)

#: A page operation as sent: its name and its fields by name.
Op = list[Any]


def encode(effect: PageEffect) -> Op:
    """The page operation of ``effect``, ready for JSON (its tuples become lists).

    >>> from zaria_web.runtime.effects import Announce
    >>> encode(Announce("Ann rolls", assertive=True))
    ['announce', {'text': 'Ann rolls', 'assertive': True}]
    """
    return [effect.op, {f.name: getattr(effect, f.name) for f in fields(effect)}]


def decode(op: Any) -> PageEffect:
    """The page effect of an operation as :func:`encode` makes it (read back from
    JSON); raises ValueError for anything else, an unknown operation first.

    >>> decode(["vibrate", {"pattern": [30, 40, 30]}])
    Vibrate(pattern=(30, 40, 30))
    """
    if not isinstance(op, list | tuple) or len(op) != 2 or not isinstance(op[1], dict):
        raise ValueError(f"not a page operation: {op!r} (a name and its fields)")
    name, args = op
    cls = PAGE_EFFECTS.get(name) if isinstance(name, str) else None
    if cls is None:
        known = ", ".join(sorted(PAGE_EFFECTS))
        raise ValueError(f"unknown page operation {name!r}; operations: {known}")
    wanted = {f.name for f in fields(cls)}
    needed = {f.name for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING}
    if not needed <= set(args) <= wanted:
        raise ValueError(f"page operation {name!r} takes {sorted(wanted)}, not {sorted(args)}")
    # JSON has lists where the effects have tuples (a vibration's pattern, the keys).
    return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in args.items()})


def to_json(effects: Sequence[PageEffect]) -> str:
    """What the page applies: ``effects`` as a JSON list of operations, in order."""
    return json.dumps([encode(e) for e in effects])


class RelayHost:
    """:class:`~zaria_web.runtime.host.Host` for an app in a worker: what it is asked of the
    page becomes page effects, in :attr:`ops`, which the relay sends as operations."""

    def __init__(self, snapshot: dict[str, Any], spawn_fetch: Callable[..., None]) -> None:
        self.ops: list[PageEffect] = []
        stored = snapshot.get("storage")
        #: The page's localStorage (None: the page could not read it).
        self.storage: dict[str, str] | None = (
            {str(k): str(v) for k, v in stored.items()} if isinstance(stored, dict) else None
        )
        #: Characters the storage held when it refused a write (None: none refused yet).
        self.limit: int | None = None
        self.dark = bool(snapshot.get("dark"))
        self.now = str(snapshot.get("now", ""))
        #: The page's address, which the app's own addresses are relative to.
        self.base = str(snapshot.get("base", ""))
        self.entry = _entry(snapshot.get("state"))
        #: Where the app is stepping back to in the history, until the page gets there.
        self.landing: tuple[str, int] | None = None
        self.timers: dict[int, Callable[[], None]] = {}
        self.reads: dict[int, tuple[Callable[[str], None], Callable[[str], None]]] = {}
        #: Writes of all or nothing sent to the page, until it answers.
        self.writes: dict[int, tuple[dict[str, str], Callable[[bool], None]]] = {}
        self._spawn_fetch = spawn_fetch
        self._next = snapshot.get("first_id", 1)

    def _id(self) -> int:
        self._next += 1
        return int(self._next)

    # -- the page ------------------------------------------------------------------
    def perform(self, effect: PageEffect) -> None:
        self.ops.append(effect)

    def prefers_dark(self) -> bool:
        return self.dark

    def now_iso(self) -> str:
        return self.now

    # -- timers --------------------------------------------------------------------
    def set_timeout(self, ms: int, fn: Callable[[], None], heavy: bool = False) -> int:
        handle = self._id()
        self.timers[handle] = fn
        self.ops.append(StartTimer(handle, ms, heavy))
        return handle

    def clear_timeout(self, handle: int) -> None:
        if self.timers.pop(handle, None) is not None:
            self.ops.append(StopTimer(handle))

    # -- storage -------------------------------------------------------------------
    def storage_get(self, key: str) -> str | None:
        if self.storage is None:
            raise StorageError(f"reading {key!r}: the page's storage cannot be read")
        return self.storage.get(key)

    def _size_with(self, values: dict[str, str]) -> int:
        """Characters in the mirror once ``values`` are stored in it."""
        storage = self.storage or {}
        return self.used() + sum(
            len(v) - len(storage[k]) if k in storage else len(k) + len(v) for k, v in values.items()
        )

    def _fits(self, values: dict[str, str]) -> bool:
        """Whether the mirror with ``values`` stored stays below the size at which
        the page's storage refused a write (always, before any was refused)."""
        return self.limit is None or self._size_with(values) < self.limit

    def storage_set(self, key: str, value: str) -> bool:
        if self.storage is not None:
            if not self._fits({key: value}):
                return False
            self.storage[key] = value
        self.ops.append(Store(key, value))
        return True

    def storage_set_all(self, values: dict[str, str], done: Callable[[bool], None]) -> None:
        # Unlike a single write, this one is not counted as done before the page says so.
        if self.storage is None or not self._fits(values):
            done(False)
            return
        handle = self._id()
        self.writes[handle] = (values, done)
        self.ops.append(StoreEvery(handle, values))

    def wrote(self, handle: int, ok: bool) -> None:
        """The page's answer to ``setall``: the mirror takes the values only when the
        page's storage did."""
        found = self.writes.pop(handle, None)
        if found is None or self.storage is None:
            return
        values, done = found
        if ok:
            self.storage.update(values)
        else:
            self._refused_at(self._size_with(values))
        done(ok)

    def _refused_at(self, size: int) -> None:
        """The page's storage refused a write that would have made the mirror ``size``
        characters: from now on no write makes it as large.

        The limit is measured on the mirror, not on the page: the page's storage may
        hold what the mirror does not (another app of the same site, a value written
        without a ``storage`` event), and a limit the mirror never reaches would let
        the same write be sent, and refused, again and again."""
        self.limit = min(size, self.limit if self.limit is not None else size)

    def storage_remove(self, key: str) -> None:
        if self.storage is not None:
            self.storage.pop(key, None)
        self.ops.append(Remove(key))

    def try_again(self) -> None:
        """Let the next write be tried on the page, whatever the mirror's size: room
        may have been freed where no ``storage`` event tells of it. (Once per input of
        the player: a write refused again sets the limit again, until the next one.)"""
        self.limit = None

    def used(self) -> int:
        """Characters in the mirrored storage, keys included."""
        return sum(len(k) + len(v) for k, v in (self.storage or {}).items())

    def refused(self, key: str, value: str | None) -> None:
        """The page's storage refused writing ``key`` (which the mirror holds, as it
        counted the write done); ``value`` is what the page holds under that key."""
        if self.storage is None:
            return
        self._refused_at(self.used())
        if value is None:
            self.storage.pop(key, None)
        else:
            self.storage[key] = value

    # -- downloads and files ----------------------------------------------------------
    def load_bytes(
        self, url: str, done: Callable[[bytes], None], failed: Callable[[str], None]
    ) -> None:
        self._spawn_fetch(url, done, failed)

    def read_file(
        self, input_id: str, limit: int, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        handle = self._id()
        self.reads[handle] = (done, failed)
        self.ops.append(ReadPicked(handle, input_id, limit))

    # -- the history -------------------------------------------------------------------
    def depth(self) -> int:
        return 0 if self.entry is None else self.entry[1]

    def set_entry(self, name: str, depth: int, push: bool = False) -> None:
        """Label the current history entry (or a new one) with a screen and its address."""
        self.entry = (name, depth)
        entry = PushEntry if push else ReplaceEntry
        self.ops.append(entry(name, depth, routes.address(name)))

    def remember_screen(self, name: str, depth: int) -> None:
        # One history entry per level below home: a deeper screen adds one, a
        # screen at the same level replaces it, and going up steps back through
        # the entries (the page then only relabels the one it lands on).
        here = self.depth()
        if depth >= here:
            self.set_entry(name, depth, push=depth > here)
        else:
            self.landing = (name, depth)
            self.ops.append(Step(depth - here))


def _follow(app: App, fragment: str) -> None:
    """Open the screen the address ``fragment`` names (nothing for no address; home,
    with its notice, for an address of the app's form that names nothing)."""
    target = routes.entry_of(fragment)
    if target is not None:
        app.open_entry(target)
    elif routes.unknown(fragment):
        app.open_unknown()


def _follow_link(app: App, host: RelayHost, fragment: str) -> None:
    """Open the address ``fragment`` as a link: home goes below the screen it opens
    (and the address is replaced at once, should the link be refused)."""
    host.set_entry("home", 0)
    _follow(app, fragment)


def _entry(state: Any) -> tuple[str, int] | None:
    """The screen and depth of a history entry's state, if the app made it."""
    if not isinstance(state, dict):
        return None
    name, depth = state.get("zaria"), state.get("depth")
    if not isinstance(name, str) or not isinstance(depth, int) or isinstance(depth, bool):
        return None
    return name, depth


def _screens_left() -> list[str]:
    """The screens' modules not imported yet, in the order they are warmed."""
    modules = [m for m, _ in SCREENS.values()] + list(screen_modules())
    return [m for m in modules if m not in sys.modules]


def preload() -> None:
    """Import every screen's module and read every language's messages now: what a
    memory snapshot of Python holds (see ``web/snapshots.mjs``), so that a start from
    it imports nothing more to draw its first screen, or any other."""
    for module in _screens_left():
        importlib.import_module(module)
    for lang in i18n.LANGUAGES:
        i18n.catalogue(lang)


class Relay:
    """The worker's side: one app at a time, driven by :meth:`call`."""

    def __init__(
        self, push: Callable[[str], None], fetch: Callable[..., None] | None = None
    ) -> None:
        self._push = push
        self._fetch = fetch
        self.app: App | None = None
        self.host: RelayHost | None = None
        self._keys: list[str] | None = None

    # -- the one way in ---------------------------------------------------------------
    def call(self, kind: str, payload: str) -> str:
        """Handle one event of the page; the operations to apply, as JSON."""
        try:
            data = json.loads(payload) if payload else {}
        except ValueError:
            data = None
        if not isinstance(data, dict):
            return to_json([Warn(f"relay: a payload that is not an object for {kind!r}")])
        handler = getattr(self, "on_" + kind.replace("-", "_"), None)
        if handler is None:
            return to_json([Warn(f"relay: no event {kind!r}")])
        if self.host is not None and "now" in data:
            self.host.now = str(data["now"])
        began = time.perf_counter()
        ops = self._run(lambda: handler(data))
        ops.append(Took(round((time.perf_counter() - began) * 1000, 2)))
        return to_json(ops)

    def _run(self, fn: Callable[[], None]) -> list[PageEffect]:
        """Run ``fn`` and collect what it did to the page (an error is shown, not lost)."""
        host = self.host
        if host is not None:
            host.ops = []
        extra: list[PageEffect] = []
        try:
            fn()
        except Exception as exc:
            extra.append(Warn(traceback.format_exc()))
            extra.extend(self._show_error(exc))
        host = self.host  # a start makes a new one
        ops = (host.ops if host is not None else []) + extra
        if host is not None:
            host.ops = []
        keys = self._taken_keys()
        if keys != self._keys:
            self._keys = keys
            ops.append(Keys(tuple(keys)))
        return ops

    def _later(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` outside any call (a download finished) and send its operations."""
        ops = self._run(fn)
        if ops:
            self._push(to_json(ops))

    def _show_error(self, exc: BaseException) -> list[PageEffect]:
        app = self.app
        try:
            if app is None:
                raise RuntimeError("the app is not running") from exc
            app.error(exc)
        except Exception:
            text = app.ctx.tr("error.generic") if app is not None else str(exc)
            return [Warn(traceback.format_exc()), Fatal(text)]
        return []

    def _taken_keys(self) -> list[str]:
        """The keys the screen shown takes now (none when it cannot tell)."""
        app = self.app
        if app is None:
            return []
        try:
            return sorted(app.screen.keys())
        except Exception:
            return []

    # -- starting and stopping ----------------------------------------------------------
    def on_start(self, data: dict[str, Any]) -> None:
        """A new app, from the page's storage, address and languages (a load, or a
        restart in place when ``data["restart"]``)."""
        if self.app is not None:
            self.app.close()
        self.host = host = RelayHost(data, self._spawn_fetch)
        self._keys = None
        languages = tuple(str(x) for x in data.get("languages") or ())
        params = {str(k): str(v) for k, v in (data.get("params") or {}).items()}
        self.app = app = App(host, params, languages)
        fragment = str(data.get("hash", ""))
        if data.get("restart"):
            # A new entry drops the entries ahead of it (Forward leads nowhere, as on a
            # page just loaded); those behind it belong to the old app's life.
            host.set_entry("home", 0, push=True)
            _follow(app, fragment)
        elif routes.unknown(fragment):
            _follow_link(app, host, fragment)  # home, with its notice
        else:
            self._open_address(app, host, fragment)
        if data.get("revived"):
            app.notice("app.revived")  # the page gave up a worker that stopped answering
        app.redraw()

    def _open_address(self, app: App, host: RelayHost, fragment: str) -> None:
        """Show the screen the page's address names (a reload, a bookmark, a shared link),
        or home, labelling the history so that Back leads home."""
        entry, target = host.entry, routes.entry_of(fragment)
        if target is not None and entry is not None and entry[0] == target and entry[1] > 0:
            app.history_to(target)  # a reload: the entries below it are the app's already
        elif target is not None:
            _follow_link(app, host, fragment)
        elif entry is not None and entry[1] > 0:
            # Back at home after a reload on another screen: step back to the home entry
            # below rather than relabel this one (two home entries in a row would make
            # Back seem to do nothing).
            host.landing = ("home", 0)
            host.ops.append(Step(-entry[1]))
        else:
            host.set_entry("home", 0)

    def on_stop(self, data: dict[str, Any]) -> None:
        """Stop the app at once (its timers and pending work with it); answers whether
        the page is stepping back through the history for it."""
        app, host = self.app, self.host
        self.app = None
        stepping = host is not None and host.landing is not None
        if app is not None:
            app.close()
        if host is not None:
            host.timers.clear()
            host.reads.clear()
            host.writes.clear()
            host.ops.append(Stopping(stepping))

    def on_ping(self, data: dict[str, Any]) -> None:
        """Nothing: the page asks, after an error in the worker, whether Python still
        answers (see web/page/revive.js)."""

    def on_warm(self, data: dict[str, Any]) -> None:
        """Import the next screen not imported yet, while the player is on home (so that
        its first opening is instant); ``more`` op: whether any is left."""
        left = _screens_left()
        if left:
            importlib.import_module(left[0])
        if self.host is not None:
            self.host.ops.append(Warmed(len(left) > 1))

    # -- the page's events ----------------------------------------------------------------
    def on_action(self, data: dict[str, Any]) -> None:
        """A control was used: ``act`` and the element's data (a field's value with it)."""
        fields = data.get("data")
        act = data.get("act")
        if self.app is None or not isinstance(act, str) or not isinstance(fields, dict):
            return
        if self.host is not None:
            self.host.try_again()
        self.app.action(act, {str(k): str(v) for k, v in fields.items()})

    def on_redraw(self, data: dict[str, Any]) -> None:
        """Draw the screen again (after typed text, which is applied undrawn)."""
        if self.app is not None:
            self.app.redraw()

    def on_key(self, data: dict[str, Any]) -> None:
        if self.app is not None and self.host is not None:
            self.host.try_again()
        if self.app is not None:
            self.app.key(str(data.get("key", "")))

    def on_timer(self, data: dict[str, Any]) -> None:
        host = self.host
        fn = host.timers.pop(int(data.get("id", 0)), None) if host is not None else None
        if fn is not None:
            fn()

    def on_storage(self, data: dict[str, Any]) -> None:
        """Another tab changed storage (``key`` None: it was cleared)."""
        host, key, value = self.host, data.get("key"), data.get("value")
        if host is None or host.storage is None:
            return
        old = None if key is None else host.storage.get(str(key))
        if key is None:
            host.storage.clear()
        elif value is None:
            host.storage.pop(str(key), None)
        else:
            host.storage[str(key)] = str(value)
        if key is None or value is None or len(str(value)) < len(old or ""):
            # Room was freed, perhaps more than the mirror knew of: the next write is
            # tried on the page again (and sets the limit again if it is refused).
            host.limit = None
        if self.app is not None:
            self.app.storage_changed(None if key is None else str(key))

    def on_refused(self, data: dict[str, Any]) -> None:
        host, app = self.host, self.app
        key, value = str(data.get("key", "")), data.get("value")
        if host is None:
            return
        host.refused(key, None if value is None else str(value))
        if app is not None:
            app.storage_refused(key)

    def on_wrote(self, data: dict[str, Any]) -> None:
        if self.host is not None:
            self.host.wrote(int(data.get("id", 0)), data.get("ok") is True)

    def on_popstate(self, data: dict[str, Any]) -> None:
        """Back or Forward: show the screen of the entry reached."""
        app, host = self.app, self.host
        if app is None or host is None:
            return
        if host.landing is not None:
            # The app stepped back itself: the entry reached takes the screen shown.
            name, depth = host.landing
            host.landing = None
            host.set_entry(name, depth)
            return
        entry = host.entry = _entry(data.get("state"))
        if entry is None:
            # An address typed or a link followed within the page (``#/stats``, a duel's
            # link): read as a load reads it, its screen over home in the entries the
            # browser just added (Back returns to the screen it was opened on). A
            # fragment of another form (``#top``) is no address: it changes nothing.
            fragment = str(data.get("hash", ""))
            if routes.entry_of(fragment) is not None or routes.unknown(fragment):
                _follow_link(app, host, fragment)
            return
        app.history_to(entry[0])

    def on_read(self, data: dict[str, Any]) -> None:
        host = self.host
        found = host.reads.pop(int(data.get("id", 0)), None) if host is not None else None
        if found is None:
            return
        done, failed = found
        text = data.get("text")
        if isinstance(text, str):
            done(text)
        else:
            failed(str(data.get("reason", "read")))

    def on_dark(self, data: dict[str, Any]) -> None:
        if self.host is not None:
            self.host.dark = bool(data.get("dark"))

    # -- downloads ----------------------------------------------------------------------
    def _spawn_fetch(
        self, url: str, done: Callable[[bytes], None], failed: Callable[[str], None]
    ) -> None:
        if self._fetch is None:
            failed(f"{url}: no downloads here")
            return
        host = self.host
        # The worker's own address is not the page's.
        absolute = urljoin(host.base, url) if host is not None else url

        # What a download finishes is shared between apps (the strategy table): it is
        # handed over even when the app that asked has stopped since, and what the
        # running app then draws goes to the page.
        self._fetch(
            absolute,
            lambda data: self._later(lambda: done(data)),
            lambda why: self._later(lambda: failed(why.replace(absolute, url))),
        )
