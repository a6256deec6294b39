"""Data files the page downloads only when a game first needs them.

A computer player's table is not in the app's package: the page fetches it
(``data/…`` on the site) the first time a game needs it. One :class:`DataFile`
per file is shared by every screen of the page's life. A file that does not
arrive, or arrives cut short or damaged (``read`` raises), is as good as absent:
its :attr:`~DataFile.error` says why, and :meth:`~DataFile.request` asks for it
again (the screen's "Try again" button).

The download is an effect (:class:`~zaria_web.runtime.effects.Download`); its answer
comes back to the screen's update as :class:`Arrived` or :class:`Failed`, which
the screen hands to :meth:`DataFile.answer`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from zaria_web.runtime.effects import Effects

T = TypeVar("T")


@dataclass(frozen=True)
class Arrived:
    """The bytes of a data file came."""

    file: DataFile[Any] = field(compare=False)
    data: bytes = field(repr=False)


@dataclass(frozen=True)
class Failed:
    """A data file could not be downloaded."""

    file: DataFile[Any] = field(compare=False)
    error: str


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
        self._requested = 0.0

    @property
    def ready(self) -> bool:
        return self.value is not None

    @property
    def failed(self) -> bool:
        return self.error is not None and not self.loading

    def request(self, out: Effects) -> None:
        """Download the file unless it is here or on its way."""
        if self.ready or self.loading:
            return
        self.loading = True
        self.error = None
        self._requested = time.perf_counter()
        out.download(self.url, lambda data: Arrived(self, data), lambda e: Failed(self, e))

    def answer(self, reply: Arrived | Failed) -> None:
        """Take the download's answer: read the bytes, or note why they did not come."""
        self.loading = False
        if isinstance(reply, Failed):
            self.error = reply.error or f"{self.url}: not loaded"
            return
        t0 = time.perf_counter()
        try:
            value = self._read(reply.data)
        except Exception as exc:  # cut short or damaged on the way: as good as not arrived
            self.error = f"{self.url}: {exc}"
            return
        self.value = value
        self.error = None
        self.times["fetch_ms"] = (t0 - self._requested) * 1000
        self.times["read_ms"] = (time.perf_counter() - t0) * 1000
