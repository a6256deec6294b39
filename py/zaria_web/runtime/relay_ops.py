"""The page operations the worker's relay sends of its own (:mod:`zaria_web.runtime.relay`).

The app's page effects (drawing, focus, what is said, sounds…) are in
:mod:`zaria_web.runtime.effects`; these are the operations of the host in a worker: the
page's timers, storage, history and file fields, which it keeps for the worker,
and the relay's own reports. They are page effects too, listed in the same
:data:`~zaria_web.runtime.effects.PAGE_EFFECTS` and sent the same way, so that every
operation of the page's ``OPS`` table (``web/page/operations.js``) is one class.
"""

from __future__ import annotations

from dataclasses import dataclass

from zaria_web.runtime.effects import PageEffect


@dataclass(frozen=True)
class StartTimer(PageEffect):
    """Start the page timer ``id``: after ``ms`` the page calls ``timer {id}``, whose
    answer may take seconds when ``heavy`` (the page waits that long for it)."""

    op = "timer"
    id: int
    ms: int
    heavy: bool = False


@dataclass(frozen=True)
class StopTimer(PageEffect):
    """Cancel the page timer ``id``."""

    op = "untimer"
    id: int


@dataclass(frozen=True)
class Store(PageEffect):
    """Write ``value`` under ``key`` in localStorage; a write the page's storage
    refuses is answered ``refused {key, value}`` (what it holds there now)."""

    op = "set"
    key: str
    value: str


@dataclass(frozen=True)
class StoreEvery(PageEffect):
    """Write every one of ``values`` (key → text) or none of them (what was there is
    put back when one is refused); the page answers ``wrote {id, ok}``."""

    op = "setall"
    id: int
    values: dict[str, str]


@dataclass(frozen=True)
class Remove(PageEffect):
    """Remove ``key`` from localStorage."""

    op = "remove"
    key: str


@dataclass(frozen=True)
class PushEntry(PageEffect):
    """Add a history entry for the screen ``name``, ``depth`` steps from home, at
    ``address`` (relative to the page)."""

    op = "push"
    name: str
    depth: int
    address: str


@dataclass(frozen=True)
class ReplaceEntry(PageEffect):
    """Label the current history entry with the screen ``name``, as :class:`PushEntry`."""

    op = "replace"
    name: str
    depth: int
    address: str


@dataclass(frozen=True)
class Step(PageEffect):
    """Step through the history (``steps`` below zero: back, as the Back button)."""

    op = "go"
    steps: int


@dataclass(frozen=True)
class ReadPicked(PageEffect):
    """Read the file picked in ``#input`` (at most ``limit`` bytes); the page answers
    ``read {id, text}`` or ``read {id, reason}``."""

    op = "read"
    id: int
    input: str
    limit: int


@dataclass(frozen=True)
class Keys(PageEffect):
    """The keys the screen shown takes: the page must decide at once, before Python
    answers, whether a key press is the app's (and prevent the page's own use)."""

    op = "keys"
    keys: tuple[str, ...]


@dataclass(frozen=True)
class Warn(PageEffect):
    """Write ``text`` to the console (an error the app has shown, with its trace)."""

    op = "warn"
    text: str


@dataclass(frozen=True)
class Fatal(PageEffect):
    """Show ``text`` as a plain notice: the app itself cannot say what went wrong."""

    op = "fatal"
    text: str


@dataclass(frozen=True)
class Failed(PageEffect):
    """The start failed (``detail``: what); the page offers to try again."""

    op = "failed"
    detail: str


@dataclass(frozen=True)
class Stopping(PageEffect):
    """The answer to ``stop``: whether the page is stepping back through the history
    for the app stopped (a new app must wait until it gets there)."""

    op = "stopping"
    stepping: bool


@dataclass(frozen=True)
class Warmed(PageEffect):
    """The answer to ``warm``: whether a screen's module is left to import."""

    op = "warmed"
    more: bool


@dataclass(frozen=True)
class Took(PageEffect):
    """How long Python took to answer, in milliseconds (for the benchmarks)."""

    op = "took"
    ms: float
