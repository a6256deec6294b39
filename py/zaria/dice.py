"""Dice values and the sources of dice.

The engines never call :mod:`random`: a roll is a chance outcome applied from
outside. A *roller* picks the values: :class:`RandomRoller` (seeded for tests
and shared links, unseeded otherwise), :class:`ScriptedRoller`, or
:class:`DuplicateRoller`, whose every die is a function of a seed and of where it
is thrown (:class:`DuplicateDice`: the daily challenge and duels).
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable, Iterable, Sequence
from datetime import date
from typing import NamedTuple, Protocol

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


class Throw(NamedTuple):
    """Where a throw falls in a game: the seat's ``turn`` (from 0), the ``throw``
    within that turn (from 0) and the ``places`` of the dice thrown."""

    turn: int
    throw: int
    places: tuple[int, ...]


#: The dice a seed draws are the same in every version: a change of this recipe
#: would change every daily challenge and every duel already shared.
_DUPLICATE_RECIPE = "zaria-duplicate-1"
#: A byte ``b`` below this is a fair face (``b % 6 + 1``); above it, the next byte.
_FAIR = 252


class DuplicateDice:
    """Duplicate dice, as duplicate bridge deals the same cards to every table.

    Each die's value is a function of the seed, the seat's turn, the throw within
    the turn and the die's place, and of nothing else: two players on the same
    seed meet the same dice wherever they both throw, whatever they kept, and no
    choice changes the dice of a later turn.

    >>> d = DuplicateDice("daily/penta/2026-12-04")
    >>> d.throw(Throw(0, 0, (0, 1, 2, 3, 4))) == d.throw(Throw(0, 0, (0, 1, 2, 3, 4)))
    True
    >>> d.throw(Throw(0, 1, (1, 3))) == tuple(d.face(0, 1, p) for p in (1, 3))
    True
    """

    def __init__(self, seed: str) -> None:
        if not isinstance(seed, str) or not seed:
            raise InvalidDiceError(
                "err.dice_seed", f"duplicate dice need a seed text, not {seed!r}", value=repr(seed)
            )
        self.seed = seed

    def face(self, turn: int, throw: int, place: int) -> int:
        """The face of the die at ``place`` in throw ``throw`` of turn ``turn``."""
        for attempt in range(1_000):
            text = f"{_DUPLICATE_RECIPE}|{self.seed}|{turn}|{throw}|{place}|{attempt}"
            for b in hashlib.sha256(text.encode()).digest():
                if b < _FAIR:
                    return b % 6 + 1
        raise AssertionError("unreachable: 32 000 bytes all at or above 252")

    def throw(self, where: Throw) -> tuple[int, ...]:
        """The faces of the dice thrown at ``where``, in the order of its places."""
        return tuple(self.face(where.turn, where.throw, p) for p in where.places)


class DuplicateRoller:
    """A roller of :class:`DuplicateDice` for one game: ``where()`` says where the
    next throw falls (the game's ``next_throw``).

    >>> from zaria.game import Seat
    >>> from zaria.penta.game import PentaGame, Roll
    >>> g = PentaGame.new([Seat("Ana")])
    >>> roller = DuplicateRoller(DuplicateDice("s"), g.next_throw)
    >>> g.apply(Roll(), roller)
    >>> g.dice == DuplicateDice("s").throw(Throw(0, 0, (0, 1, 2, 3, 4)))
    True
    """

    def __init__(self, dice: DuplicateDice, where: Callable[[], Throw]) -> None:
        self.dice = dice
        self._where = where

    def roll(self, n: int) -> tuple[int, ...]:
        where = self._where()
        if len(where.places) != n:
            raise InvalidDiceError(
                "err.dice_count",
                f"expected {len(where.places)} dice at {where}, got a roll of {n}",
                expected=len(where.places),
                got=n,
            )
        return self.dice.throw(where)


def daily_seed(game: str, day: date) -> str:
    """The seed of ``game``'s daily challenge on ``day``: the same for everyone.

    >>> daily_seed("penta", date(2026, 12, 4))
    'daily/penta/2026-12-04'
    """
    return f"daily/{game}/{day.isoformat()}"
