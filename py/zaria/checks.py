"""Checks both engines share: whole numbers, and the fields of a saved state.

Python's ``bool`` is an ``int`` and ``10000.0 == 10000``, so an ``isinstance``
test or an ``in`` test alone lets ``True`` or a float through where a whole
number is meant; :func:`is_whole` is the one test both games use.
"""

from __future__ import annotations

import re
from typing import Any, TypeGuard

from zaria.errors import StateError

_ASCII_INTEGER = re.compile(r"-?[0-9]+")


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an ``int`` and not a ``bool``.

    >>> is_whole(3), is_whole(3.0), is_whole(True), is_whole("3")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def integer(text: str) -> int:
    """``text`` as an integer written in ASCII digits (an argparse ``type``).

    ``int()`` also reads other scripts' digits, ``_`` separators and spaces,
    which a command line should refuse rather than guess at.

    >>> integer("-12")
    -12
    >>> integer("٣")
    Traceback (most recent call last):
    ...
    ValueError: '٣' is not an integer in the digits 0-9
    """
    if not _ASCII_INTEGER.fullmatch(text):
        raise ValueError(f"{text!r} is not an integer in the digits 0-9")
    return int(text)


class StateReader:
    """Field checks for reading a saved game; each failure is a :class:`StateError`
    whose message starts with ``prefix``, naming the game.

    >>> read = StateReader("demo state")
    >>> read.whole(2, "round", 1, 13)
    2
    >>> read.whole(2.0, "round", 1, 13)
    Traceback (most recent call last):
    ...
    zaria.errors.StateError: demo state: round must be an integer from 1 to 13, got 2.0
    """

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def error(self, message: str) -> StateError:
        """The error for a saved game that is wrong in the way ``message`` says."""
        return StateError(f"{self.prefix}: {message}")

    def whole(self, value: object, what: str, low: int = 0, high: int | None = None) -> int:
        """``value`` if it is a whole number from ``low`` to ``high`` (no bound if ``None``)."""
        if is_whole(value) and low <= value and (high is None or value <= high):
            return value
        span = f"of at least {low}" if high is None else f"from {low} to {high}"
        raise self.error(f"{what} must be an integer {span}, got {value!r}")

    def list_of(self, value: object, what: str, length: int | None = None) -> list[Any]:
        """``value`` if it is a list (of ``length`` items, when given)."""
        if not isinstance(value, list):
            raise self.error(f"{what} must be a list, got {type(value).__name__}")
        if length is not None and len(value) != length:
            raise self.error(f"{what} must have {length} items, got {len(value)}")
        return value
