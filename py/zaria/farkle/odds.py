"""Exact chances of Farkle rolls, by enumerating every outcome.

A roll of ``n`` dice is enumerated as its distinct multisets (462 for six dice),
each weighted by the number of ordered outcomes showing it, out of ``6 ** n``.
The chances follow the scoring table in force (the three tables score the same
dice, so their chances agree; the functions take the table all the same).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from zaria.dice import FACES
from zaria.farkle.rules import STANDARD, ScoringTable
from zaria.farkle.scoring import MAX_DICE, roll_scores


def _check_count(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_DICE:
        raise ValueError(f"a roll has 1 to {MAX_DICE} dice, not {n!r}")


@cache
def roll_weights(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every sorted roll of ``n`` dice with how many of the ``6 ** n`` outcomes show it.

    >>> roll_weights(2)[:2]
    (((1, 1), 1), ((1, 2), 2))
    >>> sum(w for _, w in roll_weights(6)) == 6 ** 6
    True
    """
    _check_count(n)
    out = []
    for roll in combinations_with_replacement(FACES, n):
        weight = factorial(n)
        for face in FACES:
            weight //= factorial(roll.count(face))
        out.append((roll, weight))
    return tuple(out)


@cache
def bust_probability(n: int, table: ScoringTable = STANDARD) -> Fraction:
    """The exact chance that a roll of ``n`` dice has no scoring die (a lost turn).

    >>> bust_probability(6), bust_probability(1)
    (Fraction(5, 216), Fraction(2, 3))
    """
    lost = sum(w for roll, w in roll_weights(n) if not roll_scores(roll, table))
    return Fraction(lost, 6**n)


def bust_table(table: ScoringTable = STANDARD) -> tuple[tuple[int, Fraction], ...]:
    """``(dice, chance of no scoring die)`` for six dice down to one.

    >>> [str(p) for _, p in bust_table()]
    ['5/216', '25/324', '17/108', '5/18', '4/9', '2/3']
    """
    return tuple((n, bust_probability(n, table)) for n in range(MAX_DICE, 0, -1))
