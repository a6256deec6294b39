"""Farkle's scoring table: what dice set aside from one roll are worth.

Pure functions. A selection is scored the way that gives it the most points
(four 1s are three 1s + a 1 = 1,100, not four of a kind = 1,000). Results are
memoised on the sorted dice and the table: there are only 923 multisets of one
to six dice.

Every function takes the scoring table in force (a
:class:`~zaria.farkle.rules.ScoringTable`, the standard one by default). The
standard table:

=============================  ======
combination (from one roll)    points
=============================  ======
each single 1                     100
each single 5                      50
three 1s                         1000
three 2s … three 6s         200 … 600
four of a kind                   1000
five of a kind                   2000
six of a kind                    3000
straight 1-2-3-4-5-6             1500
three pairs (4 + 2 counts)       1500
two triplets                     2500
=============================  ======

The house-rule tables change only the multi-dice combinations:

=================  ===================  ==================
combination        additive             doubling
=================  ===================  ==================
four of a kind     2 × the three        2 × the three
five of a kind     3 × the three        4 × the three
six of a kind      4 × the three        8 × the three
straight           1500                 1500
three pairs        750                  1500
two triplets       2500                 (two threes)
=================  ===================  ==================
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache

from zaria.checks import is_whole
from zaria.dice import FACES, check_dice
from zaria.errors import InvalidDiceError
from zaria.farkle.errors import (
    BadRulesError,
    EmptySelectionError,
    NonScoringDiceError,
    TooManyDiceError,
)
from zaria.farkle.rules import STANDARD, ScoringTable

MAX_DICE = 6


class Combo(Enum):
    """The kinds of scoring combination; the value is the name the page translates."""

    SINGLE_ONE = "single_one"
    SINGLE_FIVE = "single_five"
    THREE_OF_A_KIND = "three_of_a_kind"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FIVE_OF_A_KIND = "five_of_a_kind"
    SIX_OF_A_KIND = "six_of_a_kind"
    STRAIGHT = "straight"
    THREE_PAIRS = "three_pairs"
    TWO_TRIPLETS = "two_triplets"

    def __repr__(self) -> str:
        return f"Combo.{self.name}"


#: Singles score the same in every table; the rest is the table's (:mod:`zaria.farkle.rules`).
SINGLE_POINTS = {1: 100, 5: 50}
_KINDS = {
    3: Combo.THREE_OF_A_KIND,
    4: Combo.FOUR_OF_A_KIND,
    5: Combo.FIVE_OF_A_KIND,
    6: Combo.SIX_OF_A_KIND,
}


def triple_points(face: int) -> int:
    """Points of three dice showing ``face``: 1,000 for 1s, else 100 × the face.

    >>> triple_points(1), triple_points(4)
    (1000, 400)
    """
    if not is_whole(face) or face not in FACES:
        raise InvalidDiceError(
            "err.die_value", f"die value {face!r} is not a face from 1 to 6", value=str(face)
        )
    return 1000 if face == 1 else 100 * face


@dataclass(frozen=True)
class Scored:
    """One combination of a breakdown: its kind, the dice it uses and its points."""

    combo: Combo
    dice: tuple[int, ...]
    points: int


def _fitting(key: tuple[int, ...], table: ScoringTable) -> Iterator[Scored]:
    """Every combination that the sorted dice ``key`` contain (each kind once per face)."""
    counts = Counter(key)
    for face in (1, 5):
        if counts[face]:
            combo = Combo.SINGLE_ONE if face == 1 else Combo.SINGLE_FIVE
            yield Scored(combo, (face,), SINGLE_POINTS[face])
    for face in FACES:
        for n in range(3, counts[face] + 1):
            yield Scored(_KINDS[n], (face,) * n, table.kind_points(face, n))
    if len(key) == MAX_DICE:
        shape = sorted(counts.values())
        if len(counts) == MAX_DICE:
            yield Scored(Combo.STRAIGHT, key, table.straight)
        if all(c % 2 == 0 for c in shape):
            yield Scored(Combo.THREE_PAIRS, key, table.three_pairs)
        if shape == [3, 3] and table.two_triplets is not None:
            yield Scored(Combo.TWO_TRIPLETS, key, table.two_triplets)


def _remove(key: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(key)
    for v in used:
        rest.remove(v)
    return tuple(rest)


@cache
def _cover(
    key: tuple[int, ...], table: ScoringTable = STANDARD
) -> tuple[tuple[Scored, ...], tuple[int, ...]]:
    """The best way to score the sorted dice ``key``: (combinations, dice left unused).

    "Best" uses the most dice, then earns the most points. The lowest die is
    either left unused or used by one of the combinations containing it.
    """
    if not key:
        return (), ()
    low = key[0]
    parts, left = _cover(key[1:], table)
    best = (parts, (low, *left))
    best_rank = (len(key) - len(best[1]), sum(p.points for p in parts))
    for combo in _fitting(key, table):
        if low not in combo.dice:
            continue
        parts, left = _cover(_remove(key, combo.dice), table)
        cand = ((combo, *parts), left)
        rank = (len(key) - len(left), combo.points + sum(p.points for p in parts))
        if rank > best_rank:
            best, best_rank = cand, rank
    return best


def _key(dice: Iterable[object]) -> tuple[int, ...]:
    key = tuple(sorted(check_dice(dice)))
    if len(key) > MAX_DICE:
        raise TooManyDiceError(
            "err.farkle.too_many_dice",
            f"{len(key)} dice cannot come from one roll of at most {MAX_DICE}",
            count=len(key),
        )
    return key


def _fmt(dice: Sequence[int]) -> str:
    return ", ".join(str(d) for d in dice)


def _table(table: object) -> ScoringTable:
    if not isinstance(table, ScoringTable):
        raise BadRulesError(
            "err.farkle.bad_rule",
            f"{table!r} is not a scoring table",
            rule="table",
            value=repr(table),
        )
    return table


def best_breakdown(dice: Iterable[int], table: ScoringTable = STANDARD) -> tuple[Scored, ...]:
    """The combinations that give ``dice`` (set aside from one roll) the most points.

    The combinations come highest first, for display.

    Raises :class:`NonScoringDiceError` if some die is used by no combination,
    :class:`EmptySelectionError` for no dice.

    >>> [(s.combo.value, s.points) for s in best_breakdown([1, 1, 1, 1])]
    [('three_of_a_kind', 1000), ('single_one', 100)]
    >>> from zaria.farkle.rules import ADDITIVE
    >>> [(s.combo.value, s.points) for s in best_breakdown([1, 1, 1, 1], ADDITIVE)]
    [('four_of_a_kind', 2000)]
    """
    table = _table(table)
    key = _key(dice)
    if not key:
        raise EmptySelectionError("err.farkle.empty_selection", "no dice to score: select dice")
    parts, left = _cover(key, table)
    if left:
        raise NonScoringDiceError(
            "err.farkle.non_scoring_dice",
            f"cannot score {_fmt(key)}: {_fmt(left)} "
            f"{'fits' if len(left) == 1 else 'fit'} no scoring combination",
            dice=list(key),
            die=left[0],
            left=list(left),
        )
    return tuple(sorted(parts, key=lambda p: -p.points))


def score_selection(dice: Iterable[int], table: ScoringTable = STANDARD) -> int:
    """Points of ``dice`` set aside from one roll, scored for the most points.

    >>> score_selection([1, 1, 1, 5])
    1050
    >>> score_selection([3, 3, 3, 3, 4, 4])
    1500
    >>> score_selection([1, 2])
    Traceback (most recent call last):
    ...
    zaria.farkle.errors.NonScoringDiceError: cannot score 1, 2: 2 fits no scoring combination
    """
    return sum(p.points for p in best_breakdown(dice, table))


def non_scoring_dice(dice: Iterable[int], table: ScoringTable = STANDARD) -> tuple[int, ...]:
    """The dice of a selection that no combination of the best breakdown uses, sorted.

    >>> non_scoring_dice([2, 2, 2, 3, 5])
    (3,)
    """
    return _cover(_key(dice), _table(table))[1]


def selection_scores(dice: Iterable[int], table: ScoringTable = STANDARD) -> bool:
    """True when ``dice`` is not empty and every die is used by some combination.

    >>> selection_scores([5, 5]), selection_scores([2, 2]), selection_scores([])
    (True, False, False)
    """
    table = _table(table)
    key = _key(dice)
    return bool(key) and not _cover(key, table)[1]


@cache
def selection_value(key: tuple[int, ...], table: ScoringTable = STANDARD) -> int | None:
    """Points of already checked, sorted dice; ``None`` if some die does not score.

    The fast path for callers that hold valid dice (the game state): no checks.

    >>> selection_value((1, 1, 1, 5)), selection_value((1, 2)), selection_value(())
    (1050, None, None)
    """
    parts, left = _cover(key, table)
    return None if left or not key else sum(p.points for p in parts)


def scoring_flags(values: tuple[int, ...], table: ScoringTable = STANDARD) -> tuple[bool, ...]:
    """:func:`scoring_dice` for an already checked roll (no checks)."""
    faces = _scoring_faces(tuple(sorted(values)), table)
    return tuple(v in faces for v in values)


@cache
def _scoring_faces(key: tuple[int, ...], table: ScoringTable = STANDARD) -> frozenset[int]:
    faces: set[int] = set()
    for combo in _fitting(key, table):
        faces.update(combo.dice)
    return frozenset(faces)


def scoring_dice(roll: Sequence[int], table: ScoringTable = STANDARD) -> tuple[bool, ...]:
    """For each die of ``roll``, whether some scoring combination of the roll uses it.

    >>> scoring_dice([1, 2, 3, 4, 6, 6])
    (True, False, False, False, False, False)
    >>> scoring_dice([2, 2, 2, 3, 4, 6])
    (True, True, True, False, False, False)
    >>> scoring_dice([2, 2, 3, 3, 6, 6])
    (True, True, True, True, True, True)
    """
    table = _table(table)
    values = check_dice(roll)
    faces = _scoring_faces(_key(values), table)
    return tuple(v in faces for v in values)


def roll_scores(roll: Sequence[int], table: ScoringTable = STANDARD) -> bool:
    """True when some die of ``roll`` scores; a roll where none does loses the turn.

    >>> roll_scores([2, 3, 3, 6, 6, 2]), roll_scores([2, 3, 4, 6, 6, 2])
    (True, False)
    """
    return bool(_scoring_faces(_key(roll), _table(table)))
