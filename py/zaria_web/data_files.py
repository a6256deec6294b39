"""Data files the page downloads only when a game first needs them.

A computer player's table is not in the app's package: the page fetches it
(``data/…`` on the site) the first time a game needs it. One :class:`DataFile`
per file is shared by every screen of the page's life. A file that does not
arrive, or arrives cut short or damaged (``read`` raises), is as good as absent:
its :attr:`~DataFile.error` says why, and :meth:`~DataFile.request` asks for it
again (the screen's "Try again" button).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Generic, TypeVar

from zaria_web.host import Host

T = TypeVar("T")


class DataFile(Generic[T]):
    """One downloadable file, read once into the value the game uses."""

    def __init__(self, url: str, read: Callable[[bytes], T]) -> None:
        self.url = url
        self._read = read
        self.value: T | None = None
        self.error: str | None = None
        self.loading = False
        #: Milliseconds the download and the reading took, for the benchmarks.
        self.times: dict[str, float] = {}
        self._waiting: list[Callable[[], None]] = []
        self._requested = 0.0

    @property
    def ready(self) -> bool:
        return self.value is not None

    def request(self, host: Host, then: Callable[[], None]) -> None:
        """Download the file unless it is here or on its way; ``then`` runs once it
        has arrived or failed (not when it was already here)."""
        if self.ready:
            return
        self._waiting.append(then)
        if self.loading:
            return
        self.loading = True
        self.error = None
        self._requested = time.perf_counter()
        host.load_bytes(self.url, self._loaded, self._failed)

    def _loaded(self, data: bytes) -> None:
        t0 = time.perf_counter()
        try:
            value = self._read(data)
        except Exception as exc:  # cut short or damaged on the way: as good as not arrived
            self._failed(f"{self.url}: {exc}")
            return
        self.value = value
        self.error = None
        self.times["fetch_ms"] = (t0 - self._requested) * 1000
        self.times["read_ms"] = (time.perf_counter() - t0) * 1000
        self._done()

    def _failed(self, error: str) -> None:
        self.error = error or f"{self.url}: not loaded"
        self._done()

    def _done(self) -> None:
        self.loading = False
        waiting, self._waiting = self._waiting, []
        for then in waiting:
            then()
