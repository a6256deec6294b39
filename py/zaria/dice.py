"""Dice values and the sources of dice.

The engines never call :mod:`random`: a roll is a chance outcome applied from
outside. A *roller* picks the values: :class:`RandomRoller` (seeded for tests
and shared links, unseeded otherwise) or :class:`ScriptedRoller`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import Protocol

from zaria.checks import is_whole
from zaria.errors import InvalidDiceError

FACES = (1, 2, 3, 4, 5, 6)


def check_dice(values: Iterable[object], count: int | None = None) -> tuple[int, ...]:
    """Return ``values`` as a tuple of die faces, or raise :class:`InvalidDiceError`.

    ``count``, when given, is how many dice there must be.

    >>> check_dice([3, 1, 6])
    (3, 1, 6)
    >>> check_dice([7])
    Traceback (most recent call last):
    ...
    zaria.errors.InvalidDiceError: die value 7 is not a face from 1 to 6
    >>> check_dice(None)
    Traceback (most recent call last):
    ...
    zaria.errors.InvalidDiceError: dice must be a sequence of faces from 1 to 6, not None
    """
    # A string or bytes is iterable too, but b"\x01\x02" would read as faces 1, 2.
    if isinstance(values, str | bytes | bytearray) or not isinstance(values, Iterable):
        raise InvalidDiceError(
            "err.dice_type",
            f"dice must be a sequence of faces from 1 to 6, not {values!r}",
            value=repr(values),
        )
    dice = tuple(values)
    for v in dice:
        if not is_whole(v) or v not in FACES:
            raise InvalidDiceError(
                "err.die_value", f"die value {v!r} is not a face from 1 to 6", value=str(v)
            )
    if count is not None and (not is_whole(count) or len(dice) != count):
        raise InvalidDiceError(
            "err.dice_count",
            f"expected {count!r} dice, got {len(dice)}",
            expected=count if is_whole(count) else repr(count),
            got=len(dice),
        )
    return dice  # type: ignore[return-value]


#: What is read as a number: ASCII digits without a leading zero, few enough to
#: report "die value 10" and far short of the lengths ``int()`` refuses to convert.
_NUMBER = re.compile(r"[1-9][0-9]{0,8}")


def parse_dice(text: str, count: int | None = None) -> tuple[int, ...]:
    """Parse ``"4,4,1"`` (commas and/or spaces) into die faces.

    Only the ASCII digits are read as numbers: ``int()`` would also take ``٣``
    for 3 and fail on ``²``, so anything else is reported as the text it is.

    >>> parse_dice("4, 4,1")
    (4, 4, 1)
    >>> parse_dice("4,²")
    Traceback (most recent call last):
    ...
    zaria.errors.InvalidDiceError: die value '²' is not a face from 1 to 6
    """
    if not isinstance(text, str):
        raise InvalidDiceError(
            "err.dice_type", f"dice must be given as text, not {text!r}", value=repr(text)
        )
    values: list[object] = []
    for p in text.replace(",", " ").split():
        values.append(int(p) if _NUMBER.fullmatch(p) else p)
    return check_dice(values, count)


class Roller(Protocol):
    """A source of dice: ``roll(n)`` returns ``n`` faces."""

    def roll(self, n: int) -> tuple[int, ...]: ...


class RandomRoller:
    """Dice from a :class:`random.Random`; seeded for reproducible games."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()

    def roll(self, n: int) -> tuple[int, ...]:
        return tuple(self._rng.randint(1, 6) for _ in range(n))


class ScriptSyntaxError(InvalidDiceError):
    """A malformed ``?dice=`` script: ``group`` (from 1) and its ``text`` are wrong."""

    def __init__(self, group: int, text: str) -> None:
        super().__init__(
            "error.dice_script",
            f"dice script group {group} {text!r}: every character must be a digit 1-6",
            group=group,
            text=text,
        )
        self.group = group
        self.text = text


def parse_script(text: str) -> list[tuple[int, ...]]:
    """Parse a dice script: comma-separated groups of digits, one roll per group.

    >>> parse_script("44444,66")
    [(4, 4, 4, 4, 4), (6, 6)]
    >>> parse_script("12a")
    Traceback (most recent call last):
    ...
    zaria.dice.ScriptSyntaxError: dice script group 1 '12a': every character must be a digit 1-6
    """
    if not isinstance(text, str):
        raise InvalidDiceError(
            "err.dice_type", f"a dice script must be text, not {text!r}", value=repr(text)
        )
    groups: list[tuple[int, ...]] = []
    for i, raw in enumerate(text.split(","), start=1):
        group = raw.strip()
        # Compared character by character: isdigit() would also take ٣ or ².
        if not group or any(c not in "123456" for c in group):
            raise ScriptSyntaxError(i, group)
        groups.append(tuple(int(c) for c in group))
    return groups


class ScriptedRoller:
    """Dice from a script of groups, one group per roll; then from ``fallback``.

    A group gives the values of the dice being rolled, in position order. A group
    longer than the roll is cut; a shorter one is completed from ``fallback``.

    >>> r = ScriptedRoller([(1, 2, 3)], RandomRoller(1))
    >>> r.roll(3)
    (1, 2, 3)
    """

    def __init__(self, groups: Sequence[Sequence[int]], fallback: Roller) -> None:
        self._groups = [tuple(g) for g in groups]
        self._fallback = fallback

    @property
    def remaining(self) -> int:
        """How many scripted groups are still to be used."""
        return len(self._groups)

    def roll(self, n: int) -> tuple[int, ...]:
        if not self._groups:
            return self._fallback.roll(n)
        group = self._groups.pop(0)[:n]
        if len(group) < n:
            group = group + self._fallback.roll(n - len(group))
        return group
