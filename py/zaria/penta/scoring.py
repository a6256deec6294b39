"""Penta's score sheet: the 13 boxes and what five dice score in each.

Penta and the printed rules are two members of the five-dice family
(:mod:`zaria.penta.rules`): :data:`PENTA` and :data:`PRINTED` are their rules
values, over the same :class:`Box` enum. The functions here are Penta's.

Pure functions. The joker rule (which boxes a further Penta may go in, and at
what value) depends on the game state and lives in :mod:`zaria.penta.game`;
:func:`score` gives the plain value, :func:`joker_score` the joker's value.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

from zaria.checks import is_whole
from zaria.dice import check_dice
from zaria.penta.errors import PentaBoxValueError, UnknownBoxError
from zaria.penta.rules import Joker, Kind, Rules, Scoring


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
    return PENTA.score(_check_box(box), dice)


def joker_score(box: Box, dice: Sequence[int]) -> int:
    """Points of a Penta used as a joker in ``box``.

    Lower boxes count at full value (Full house 25, straights 30 and 40, the
    others the sum); an upper box of another face scores 0, its own face the sum.

    >>> joker_score(Box.LARGE_STRAIGHT, (4, 4, 4, 4, 4))
    40
    >>> joker_score(Box.ACES, (4, 4, 4, 4, 4))
    0
    """
    return PENTA.joker_score(_check_box(box), dice)


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
    return PENTA.options(dice, _check_free(free), _check_penta_box(penta_box))


def _penta_rules() -> tuple[Rules, Rules]:
    """Penta's rules and the printed rules: the same sheet, another joker."""
    faces = {b: Scoring(Kind.FACE, face=b.face) for b in UPPER}
    boxes = faces | {
        Box.THREE_KIND: Scoring(Kind.KIND_TOTAL, n=3),
        Box.FOUR_KIND: Scoring(Kind.KIND_TOTAL, n=4),
        Box.FULL_HOUSE: Scoring(Kind.FULL_HOUSE, points=FULL_HOUSE_SCORE),
        Box.SMALL_STRAIGHT: Scoring(Kind.RUN, n=4, points=SMALL_STRAIGHT_SCORE),
        Box.LARGE_STRAIGHT: Scoring(Kind.RUN, n=5, points=LARGE_STRAIGHT_SCORE),
        Box.CHANCE: Scoring(Kind.CHANCE),
        Box.PENTA: Scoring(Kind.FIVE, points=PENTA_SCORE),
    }
    common: dict[str, Any] = {
        "game": "penta",
        "boxes": boxes,
        "upper_bonus": UPPER_BONUS,
        "upper_threshold": UPPER_BONUS_THRESHOLD,
        "extra_bonus": PENTA_BONUS,
        "box_type": Box,
    }
    penta = Rules(
        id="penta", joker=Joker.WHILE_FULL, table_file="penta_table.bin", table_code=0, **common
    )
    printed = Rules(
        id="printed",
        joker=Joker.WHEN_FILLED,
        table_file="penta_printed_table.bin",
        table_code=1,
        **common,
    )
    return penta, printed


#: Penta's rules: a further Penta is a joker, with its 100 bonus, only while the Penta
#: box holds 50.
PENTA: Rules
#: The printed rules: a further Penta is a joker whenever the Penta box is filled (with
#: 50 or 0), and earns the 100 bonus while it holds 50.
PRINTED: Rules
PENTA, PRINTED = _penta_rules()
