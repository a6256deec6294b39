"""What the controllers need from the page, as a protocol.

:class:`zaria_web.runtime.relay.RelayHost` implements it for the page (in a worker, as
operations the page applies); the native tests use a fake. Controllers never touch ``js`` directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class StorageError(Exception):
    """Storage could not be read (a privacy mode, a locked profile, a broken browser).

    It is not an empty storage: what is stored is unknown, so nothing may be
    written over it (see :mod:`zaria_web.storage.stored`).
    """


class Host(Protocol):
    """The page, seen from the controllers."""

    def render(self, screen_html: str, tools_html: str) -> None:
        """Replace the screen and the top bar's tools, keeping keyboard focus."""

    def announce(self, text: str, assertive: bool = False) -> None:
        """Say ``text`` to screen readers (the live region)."""

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

    def set_document(self, lang: str, theme: str, title: str) -> None:
        """Set ``<html lang>``, the theme (system, light, dark) and the title."""

    def load_bytes(
        self, url: str, done: Callable[[bytes], None], failed: Callable[[str], None]
    ) -> None:
        """Fetch ``url`` (relative to the page) and call ``done`` with its bytes."""

    def scroll_to_top(self) -> None:
        """Scroll the page back to its top (a new screen starts there)."""

    def vibrate(self, pattern: tuple[int, ...]) -> None:
        """Vibrate the device (milliseconds on, off, on…), where it can."""

    def sound(self, kind: str, volume: float) -> None:
        """Play the synthesised sound ``kind`` at ``volume`` (0 to 1), where the page can:
        never before the player's first tap or key, nor while the page is hidden."""

    def celebrate(self, kind: str, text: str) -> None:
        """Show the short celebration ``kind`` with ``text`` over the page, beside the
        drawn screen (a redraw does not cut it); none when motion is to be reduced."""

    def focus(self, selector: str) -> None:
        """Move keyboard focus to the first element matching ``selector``."""

    def prefers_dark(self) -> bool:
        """Whether the system's colour scheme is dark (what the "system" theme shows)."""

    def now_iso(self) -> str:
        """The date and time now, in ISO 8601 with the device's offset from UTC
        (``2026-05-04T21:30:00.000+02:00``): the instant, and the local time."""

    def save_file(self, name: str, text: str, mime: str) -> None:
        """Offer ``text`` to the player as a downloaded file called ``name``."""

    def read_file(
        self, input_id: str, limit: int, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        """Read the file picked in the file field ``#input_id`` as text, and call
        ``done`` with it; ``failed`` gets ``"none"`` (no file picked), ``"large"``
        (over ``limit`` bytes) or ``"read"`` (it could not be read as text)."""

    def remember_screen(self, name: str, depth: int) -> None:
        """Record that the screen ``name`` is shown, ``depth`` steps from home, in the
        browser's history, so that its Back button returns along the same way."""
