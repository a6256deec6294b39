"""Reading the browser's storage: the one guarded decoder every stored value goes through.

Storage holds whatever earlier builds, other tabs, extensions or a hand in the
developer tools left there, so every value is read as hostile:

- :func:`decode_json` is the only JSON decoder for stored values. It refuses a
  value longer than :data:`MAX_CHARS` or nested deeper than :data:`MAX_DEPTH`
  *before* :func:`json.loads` sees it (a deeply nested value overflows
  Pyodide's stack inside ``json.loads``, which kills the page instead of
  raising), and it refuses ``NaN`` and infinite numbers, which are not JSON.
  Whatever goes wrong raises :class:`Unreadable`.
- :func:`read` reads one key and parses it, and tells the four outcomes apart
  (:class:`Status`): absent, unreadable, read, or storage that refused to be
  read (:class:`~zaria_web.runtime.host.StorageError`), which a value of a later
  version's format (:class:`Newer`) is taken for. It never raises.
- :func:`write` stores a value unless the key cannot be read: a value nobody
  could see may be worth keeping, so it is never written over.
- :func:`look` reads as :func:`read_or_set_aside` does, for a screen's update,
  which never writes: the value to set aside, and the notice, are effects for
  the app to perform (:mod:`zaria_web.runtime.effects`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from zaria_web.runtime.effects import Effects
from zaria_web.runtime.host import Host, StorageError

#: The longest stored value read (saves are a few kilobytes).
MAX_CHARS = 1_000_000
#: The deepest nesting of arrays and objects read (a save nests about six deep).
MAX_DEPTH = 32

T = TypeVar("T")

_SPECIAL = re.compile(r'["\\\[\]{}]')


class Unreadable(ValueError):
    """A stored value that cannot be decoded; the message says why."""


class Newer(Unreadable):
    """A stored value in a format of a later version than this one: read as storage
    that cannot be read (:attr:`Status.FAILED`), so that it is neither set aside nor
    written over, and the later version still finds it."""


class Status(Enum):
    """What reading a key found."""

    ABSENT = "absent"
    FAILED = "failed"  # storage refused the read: what is there is unknown
    UNREADABLE = "unreadable"
    OK = "ok"


@dataclass(frozen=True)
class Read(Generic[T]):
    """The outcome of :func:`read`: the parsed ``value`` when ``status`` is OK,
    the ``raw`` text whenever one was read, and why it was refused."""

    status: Status
    value: T | None = None
    raw: str | None = None
    reason: str = ""


#: The largest number a stored figure may be (a score, a total, a count): far above
#: any real one, and small enough for every sum, average and chart drawn from it.
MAX_NUMBER = 10**9


def whole(v: object) -> bool:
    """Whether ``v`` is a stored whole number (not a bool), within ±:data:`MAX_NUMBER`.

    >>> whole(-500), whole(True), whole(10**400), whole(2.0)
    (True, False, False, False)
    """
    return isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_NUMBER


def count(v: object) -> bool:
    """Whether ``v`` is a stored count: a :func:`whole` number, not below zero."""
    return whole(v) and v >= 0  # type: ignore[operator]


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep arrays and objects nest in ``text``, outside strings; the scan
    stops as soon as the depth passes ``limit`` (and returns ``limit + 1``).

    Only the characters that matter are visited (a regular expression finds
    them), so a long string costs little.

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}')
    3
    >>> nesting_depth("[" * 100_000, limit=32)
    33
    """
    depth = deepest = 0
    in_string = False
    skip = -1  # the position of a character escaped by a backslash
    for match in _SPECIAL.finditer(text):
        pos, char = match.start(), match.group()
        if pos == skip:
            continue
        if in_string:
            if char == "\\":
                skip = pos + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise Unreadable(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Unreadable(f"the number {text[:20]} is too large")
    return value


def decode_json(raw: str, limit: int = MAX_CHARS) -> Any:
    """The JSON value stored as ``raw``; raises :class:`Unreadable` for anything else.

    >>> decode_json('{"a": [1, 2.5, null]}')
    {'a': [1, 2.5, None]}
    >>> decode_json("[" * 100_000 + "]" * 100_000)
    Traceback (most recent call last):
    ...
    zaria_web.storage.stored.Unreadable: nested deeper than 32
    >>> decode_json("[NaN]")
    Traceback (most recent call last):
    ...
    zaria_web.storage.stored.Unreadable: NaN is not a JSON number
    """
    if not isinstance(raw, str):
        raise Unreadable(f"not text: {type(raw).__name__}")
    if len(raw) > limit:  # a file being imported may be longer than a stored value
        raise Unreadable(f"{len(raw)} characters, more than {limit}")
    if nesting_depth(raw) > MAX_DEPTH:
        raise Unreadable(f"nested deeper than {MAX_DEPTH}")
    try:
        return json.loads(raw, parse_constant=_no_constant, parse_float=_finite)
    except Unreadable:
        raise
    except Exception as exc:  # ValueError, RecursionError, MemoryError: all the same here
        raise Unreadable(f"not JSON: {exc}") from exc


def read(host: Host, key: str, parse: Callable[[str], T]) -> Read[T]:
    """Read ``key`` and ``parse`` it (``parse`` raises on a bad value); never raises.

    Values longer than :data:`MAX_CHARS` are refused before ``parse`` sees them.
    """
    try:
        raw = host.storage_get(key)
    except StorageError as exc:
        return Read(Status.FAILED, reason=str(exc) or "storage could not be read")
    if raw is None:
        return Read(Status.ABSENT)
    try:
        if len(raw) > MAX_CHARS:
            raise Unreadable(f"{len(raw)} characters, more than {MAX_CHARS}")
        value = parse(raw)
    except Newer as exc:
        return Read(Status.FAILED, raw=raw, reason=str(exc))
    except Exception as exc:
        return Read(Status.UNREADABLE, raw=raw, reason=str(exc) or type(exc).__name__)
    return Read(Status.OK, value, raw)


def read_or_set_aside(
    host: Host,
    key: str,
    parse: Callable[[str], T],
    bad_key: str,
    notify: Callable[[str], None] | None,
    words: str,
) -> Read[T]:
    """Read ``key`` through ``parse``; an unreadable value is moved to ``bad_key`` (so
    that it is not met again, nor lost) and ``notify`` is told ``<words>.corrupt``;
    ``notify`` is told ``<words>.unavailable`` when storage cannot be read."""
    found = read(host, key, parse)
    if found.status is Status.UNREADABLE and found.raw is not None:
        set_aside(host, key, bad_key, found.raw)
    trouble = _trouble(found, words)
    if notify is not None and trouble is not None:
        notify(trouble)
    return found


def look(
    host: Host, key: str, parse: Callable[[str], T], bad_key: str, words: str, out: Effects
) -> Read[T]:
    """Read ``key`` through ``parse`` within a screen's update: as
    :func:`read_or_set_aside`, but the unreadable value is set aside, and the player
    told, by the app after the update (effects added to ``out``)."""
    found = read(host, key, parse)
    if found.status is Status.UNREADABLE and found.raw is not None:
        out.set_aside(key, bad_key, found.raw)
    trouble = _trouble(found, words)
    if trouble is not None:
        out.notice(trouble)
    return found


def _trouble(found: Read[Any], words: str) -> str | None:
    """The notice of a read that went wrong (``<words>.corrupt``, ``.unavailable``)."""
    if found.status is Status.UNREADABLE:
        return f"{words}.corrupt"
    return f"{words}.unavailable" if found.status is Status.FAILED else None


def set_aside(host: Host, key: str, bad_key: str, raw: str) -> None:
    """Move ``raw``, the unreadable value read from ``key``, to ``bad_key`` (unless
    ``key`` holds another value by now, or cannot be read)."""
    try:
        if host.storage_get(key) != raw:
            return
    except StorageError:
        return
    write(host, bad_key, raw)
    host.storage_remove(key)


def readable(host: Host, key: str) -> bool:
    """Whether ``key`` can be read (whether or not it is stored)."""
    try:
        host.storage_get(key)
    except StorageError:
        return False
    return True


def write(host: Host, key: str, value: str) -> bool:
    """Store ``value`` under ``key``; False when it was not stored, either because
    storage refused or because the key could not be read (nothing unseen is
    written over)."""
    return readable(host, key) and host.storage_set(key, value)


def remove(host: Host, key: str) -> bool:
    """Remove ``key``, unless it could not be read; whether it was attempted."""
    if not readable(host, key):
        return False
    host.storage_remove(key)
    return True
