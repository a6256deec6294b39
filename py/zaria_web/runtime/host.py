"""What the controllers need from the page, as a protocol.

Everything the page only has to apply is one method, :meth:`Host.perform`, given
a page effect (:class:`~zaria_web.runtime.effects.PageEffect`: draw, say, focus, play a
sound…); the rest is what answers (storage, the clock, the system's colour
scheme, a file read or fetched, a timer's handle) or keeps the page's own state
(the history). :class:`zaria_web.runtime.relay.RelayHost` implements it for the page (in
a worker, as operations the page applies); the native tests use a fake.
Controllers never touch ``js`` directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from zaria_web.runtime.effects import PageEffect


class StorageError(Exception):
    """Storage could not be read (a privacy mode, a locked profile, a broken browser).

    It is not an empty storage: what is stored is unknown, so nothing may be
    written over it (see :mod:`zaria_web.storage.stored`).
    """


class Host(Protocol):
    """The page, seen from the controllers."""

    #: The page's address (what a link to one of its screens is made from).
    base: str

    def perform(self, effect: PageEffect) -> None:
        """Apply ``effect`` to the page (see :mod:`zaria_web.runtime.effects`)."""

    def set_timeout(self, ms: int, fn: Callable[[], None], heavy: bool = False) -> int:
        """Call ``fn`` once after ``ms`` milliseconds; return a handle. ``heavy``: ``fn``
        takes long (seconds), which the page allows for before taking Python for gone."""

    def clear_timeout(self, handle: int) -> None:
        """Cancel a pending :meth:`set_timeout`."""

    def storage_get(self, key: str) -> str | None:
        """A value from persistent storage, or ``None`` when ``key`` is not stored.

        Raises :class:`StorageError` when the storage could not be read: a failed
        read is never reported as an absent key, since the caller would then write
        over a value it could not see.
        """

    def storage_set(self, key: str, value: str) -> bool:
        """Store a value; ``False`` when storage is unavailable or full."""

    def storage_set_all(self, values: dict[str, str], done: Callable[[bool], None]) -> None:
        """Store every one of ``values`` or none of them: when storage refuses one, what
        was there before is put back under every key. ``done`` is told which, at once
        or once the page knows (storage lives on the page)."""

    def storage_remove(self, key: str) -> None:
        """Remove a stored value (silently when storage is unavailable)."""

    def load_bytes(
        self, url: str, done: Callable[[bytes], None], failed: Callable[[str], None]
    ) -> None:
        """Fetch ``url`` (relative to the page) and call ``done`` with its bytes."""

    def prefers_dark(self) -> bool:
        """Whether the system's colour scheme is dark (what the "system" theme shows)."""

    def now_iso(self) -> str:
        """The date and time now, in ISO 8601 with the device's offset from UTC
        (``2026-05-04T21:30:00.000+02:00``): the instant, and the local time."""

    def read_file(
        self, input_id: str, limit: int, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        """Read the file picked in the file field ``#input_id`` as text, and call
        ``done`` with it; ``failed`` gets ``"none"`` (no file picked), ``"large"``
        (over ``limit`` bytes) or ``"read"`` (it could not be read as text)."""

    def remember_screen(self, name: str, depth: int) -> None:
        """Record that the screen ``name`` is shown, ``depth`` steps from home, in the
        browser's history, so that its Back button returns along the same way."""
