"""Penta's score sheet: the 13 boxes and what five dice score in each.

Pure functions. The joker rule (which boxes a further Penta may go in, and at
what value) depends on the game state and lives in :mod:`zaria.penta.game`;
:func:`score` gives the plain value, :func:`joker_score` the joker's value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import Enum

from zaria.checks import is_whole
from zaria.dice import check_dice
from zaria.penta.errors import PentaBoxValueError, UnknownBoxError


class Box(Enum):
    """The 13 boxes of the score sheet, in sheet order."""

    ACES = "aces"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_KIND = "three_kind"
    FOUR_KIND = "four_kind"
    FULL_HOUSE = "full_house"
    SMALL_STRAIGHT = "small_straight"
    LARGE_STRAIGHT = "large_straight"
    CHANCE = "chance"
    PENTA = "penta"

    def __repr__(self) -> str:
        return f"Box.{self.name}"

    @property
    def upper(self) -> bool:
        """True for Aces … Sixes."""
        return self in UPPER

    @property
    def face(self) -> int:
        """The face an upper box counts (Aces → 1); 0 for lower boxes."""
        return UPPER.index(self) + 1 if self in UPPER else 0

    @classmethod
    def parse(cls, name: str) -> Box:
        """The box called ``name`` (its value, e.g. ``"full_house"``); ValueError if none is."""
        try:
            return cls(name.strip().lower())
        except (ValueError, AttributeError):
            names = ", ".join(b.value for b in cls)
            raise ValueError(f"unknown box {name!r}; boxes are: {names}") from None


BOXES: tuple[Box, ...] = tuple(Box)
UPPER: tuple[Box, ...] = BOXES[:6]
LOWER: tuple[Box, ...] = BOXES[6:]
#: The lower boxes a joker may take when the upper box of its face is used.
JOKER_LOWER: tuple[Box, ...] = tuple(b for b in LOWER if b is not Box.PENTA)

UPPER_BONUS = 35
UPPER_BONUS_THRESHOLD = 63
PENTA_SCORE = 50
PENTA_BONUS = 100
FULL_HOUSE_SCORE = 25
SMALL_STRAIGHT_SCORE = 30
LARGE_STRAIGHT_SCORE = 40

_SMALL_RUNS = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
_LARGE_RUNS = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})


_ALL_BOXES = frozenset(Box)


def _check_box(box: object) -> Box:
    """``box`` if it is a :class:`Box`; else the engine's own error (not an AttributeError)."""
    if not isinstance(box, Box):
        raise UnknownBoxError(
            "err.penta.unknown_box", f"cannot score in {box!r}: not a box", box=repr(box)
        )
    return box


def _check_free(free: object) -> frozenset[Box] | set[Box]:
    """``free`` if it is a set of boxes (a subset test: this runs for every roll valued)."""
    if not isinstance(free, set | frozenset) or not free <= _ALL_BOXES:
        raise UnknownBoxError(
            "err.penta.unknown_box",
            f"free boxes must be a set of boxes, not {free!r}",
            box=repr(free),
        )
    return free


def _check_penta_box(penta_box: object) -> int | None:
    if penta_box is None or (is_whole(penta_box) and penta_box in (0, PENTA_SCORE)):
        return penta_box
    raise PentaBoxValueError(
        "err.penta.penta_box",
        f"the Penta box holds None (free), 0 or {PENTA_SCORE}, not {penta_box!r}",
        value=repr(penta_box),
    )


def is_penta(dice: Sequence[int]) -> bool:
    """Five equal dice."""
    return len(dice) == 5 and len(set(dice)) == 1


def score(box: Box, dice: Sequence[int]) -> int:
    """Points that ``dice`` (five faces) score in ``box``, without any joker.

    Five of a kind is neither a Full house nor a straight (it may take those
    boxes only as a joker, see :func:`joker_score`).

    >>> score(Box.FULL_HOUSE, (2, 2, 3, 3, 3))
    25
    >>> score(Box.FULL_HOUSE, (4, 4, 4, 4, 4))
    0
    >>> score(Box.SMALL_STRAIGHT, (1, 3, 4, 5, 6))
    30
    """
    box = _check_box(box)
    dice = check_dice(dice, 5)
    counts = Counter(dice)
    if box.upper:
        return box.face * counts[box.face]
    most = max(counts.values())
    faces = set(dice)
    if box is Box.THREE_KIND:
        return sum(dice) if most >= 3 else 0
    if box is Box.FOUR_KIND:
        return sum(dice) if most >= 4 else 0
    if box is Box.FULL_HOUSE:
        return FULL_HOUSE_SCORE if sorted(counts.values()) == [2, 3] else 0
    if box is Box.SMALL_STRAIGHT:
        return SMALL_STRAIGHT_SCORE if any(run <= faces for run in _SMALL_RUNS) else 0
    if box is Box.LARGE_STRAIGHT:
        return LARGE_STRAIGHT_SCORE if faces in _LARGE_RUNS else 0
    if box is Box.CHANCE:
        return sum(dice)
    return PENTA_SCORE if most == 5 else 0


def joker_score(box: Box, dice: Sequence[int]) -> int:
    """Points of a Penta used as a joker in ``box``.

    Lower boxes count at full value (Full house 25, straights 30 and 40, the
    others the sum); an upper box of another face scores 0, its own face the sum.

    >>> joker_score(Box.LARGE_STRAIGHT, (4, 4, 4, 4, 4))
    40
    >>> joker_score(Box.ACES, (4, 4, 4, 4, 4))
    0
    """
    box = _check_box(box)
    dice = check_dice(dice, 5)
    if box is Box.FULL_HOUSE:
        return FULL_HOUSE_SCORE
    if box is Box.SMALL_STRAIGHT:
        return SMALL_STRAIGHT_SCORE
    if box is Box.LARGE_STRAIGHT:
        return LARGE_STRAIGHT_SCORE
    return score(box, dice)


def score_all(dice: Sequence[int]) -> dict[Box, int]:
    """Every box's plain score for ``dice``, in sheet order."""
    dice = check_dice(dice, 5)
    return {box: score(box, dice) for box in BOXES}


def box_options(
    dice: Sequence[int], free: frozenset[Box] | set[Box], penta_box: int | None
) -> dict[Box, tuple[int, int]]:
    """The boxes ``dice`` may be recorded in, each with ``(points, bonus)``.

    ``free`` is the set of free boxes, ``penta_box`` what the Penta box holds
    (``None`` while it is free). ``bonus`` is the 100 Penta bonus, earned by a
    further Penta while the Penta box holds 50. Such a Penta is a *joker*:

    1. if the upper box of its face is free, that box is the only choice;
    2. else any free lower box, at full value;
    3. else any free upper box, scoring 0.

    Otherwise every free box is allowed at its plain score. Boxes come in sheet
    order.

    >>> opts = box_options((4, 4, 4, 4, 4), {Box.FOURS, Box.CHANCE}, 50)
    >>> opts
    {Box.FOURS: (20, 100)}
    >>> box_options((4, 4, 4, 4, 4), {Box.ACES, Box.FULL_HOUSE}, 50)
    {Box.FULL_HOUSE: (25, 100)}
    >>> box_options((4, 4, 4, 4, 4), {Box.ACES, Box.FULL_HOUSE}, 0)
    {Box.ACES: (0, 0), Box.FULL_HOUSE: (0, 0)}
    """
    dice = check_dice(dice, 5)
    free = _check_free(free)
    penta_box = _check_penta_box(penta_box)
    ordered = [b for b in BOXES if b in free]
    if not (penta_box == PENTA_SCORE and is_penta(dice)):
        return {b: (score(b, dice), 0) for b in ordered}
    own = UPPER[dice[0] - 1]
    if own in free:
        return {own: (score(own, dice), PENTA_BONUS)}
    lower = [b for b in ordered if b in JOKER_LOWER]
    if lower:
        return {b: (joker_score(b, dice), PENTA_BONUS) for b in lower}
    return {b: (0, PENTA_BONUS) for b in ordered}
