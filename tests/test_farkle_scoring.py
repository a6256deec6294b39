"""Farkle scoring: the table, the best breakdown, what may be set aside, the odds."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from zaria.errors import IllegalActionError, InvalidDiceError
from zaria.farkle.errors import EmptySelectionError, NonScoringDiceError, TooManyDiceError
from zaria.farkle.odds import bust_probability, bust_table, roll_weights
from zaria.farkle.scoring import (
    Combo,
    best_breakdown,
    non_scoring_dice,
    roll_scores,
    score_selection,
    scoring_dice,
    selection_scores,
    triple_points,
)

# One row per rule of the table and per edge case: dice -> points.
TABLE = [
    ((1,), 100),
    ((5,), 50),
    ((1, 1), 200),
    ((5, 5), 100),
    ((1, 5), 150),
    ((1, 1, 1), 1000),
    ((2, 2, 2), 200),
    ((3, 3, 3), 300),
    ((4, 4, 4), 400),
    ((5, 5, 5), 500),
    ((6, 6, 6), 600),
    ((2, 2, 2, 2), 1000),
    ((6, 6, 6, 6), 1000),
    ((5, 5, 5, 5), 1000),  # four of a kind beats three 5s + a 5 (550)
    ((1, 1, 1, 1), 1100),  # three 1s + a 1 beats four of a kind
    ((3, 3, 3, 3, 3), 2000),
    ((1, 1, 1, 1, 1), 2000),
    ((5, 5, 5, 5, 5), 2000),
    ((4, 4, 4, 4, 4, 4), 3000),
    ((2, 2, 2, 2, 2, 2), 3000),  # six of a kind, not three pairs
    ((1, 1, 1, 1, 1, 1), 3000),
    ((1, 2, 3, 4, 5, 6), 1500),
    ((6, 5, 4, 3, 2, 1), 1500),
    ((2, 2, 3, 3, 4, 4), 1500),
    ((3, 3, 3, 3, 4, 4), 1500),  # four of a kind + a pair = three pairs
    ((1, 1, 1, 1, 5, 5), 1500),  # beats 1,100 + 100
    ((6, 6, 2, 2, 6, 6), 1500),
    ((2, 2, 2, 3, 3, 3), 2500),
    ((1, 1, 1, 5, 5, 5), 2500),  # two triplets beat 1,000 + 500
    ((6, 6, 6, 1, 1, 1), 2500),
    ((1, 1, 1, 5), 1050),
    ((2, 2, 2, 1), 300),
    ((2, 2, 2, 1, 5), 350),
    ((4, 4, 4, 4, 5), 1050),
    ((6, 6, 6, 6, 6, 1), 2100),
    ((5, 5, 5, 5, 5, 1), 2100),
    ((3, 3, 3, 1, 1, 5), 550),
    ((2, 2, 2, 2, 1, 5), 1150),
    ((1, 1, 5, 5), 300),
]


@pytest.mark.parametrize(("dice", "points"), TABLE)
def test_table(dice: tuple[int, ...], points: int) -> None:
    assert score_selection(dice) == points
    assert score_selection(reversed(dice)) == points
    assert selection_scores(dice)
    assert sum(p.points for p in best_breakdown(dice)) == points


@pytest.mark.parametrize(
    ("dice", "left"),
    [
        ((2,), (2,)),
        ((1, 2), (2,)),
        ((2, 2), (2, 2)),
        ((2, 2, 2, 3), (3,)),
        ((5, 6), (6,)),
        ((1, 1, 2, 2, 3, 4), (2, 2, 3, 4)),  # two pairs and two 1s: not three pairs
        ((1, 2, 3, 4, 5), (2, 3, 4)),  # a straight needs all six
        ((4, 4, 6, 6, 3), (3, 4, 4, 6, 6)),
    ],
)
def test_refusal_names_the_non_scoring_die(dice: tuple[int, ...], left: tuple[int, ...]) -> None:
    assert non_scoring_dice(dice) == left
    assert not selection_scores(dice)
    with pytest.raises(NonScoringDiceError) as info:
        score_selection(dice)
    err = info.value
    assert isinstance(err, IllegalActionError)
    assert err.msg_id == "err.farkle.non_scoring_dice"
    assert err.params["die"] == left[0]
    assert err.params["left"] == list(left)
    assert str(left[0]) in str(err).split(":")[-1]


def test_other_refusals() -> None:
    with pytest.raises(EmptySelectionError):
        score_selection([])
    assert not selection_scores([])
    with pytest.raises(TooManyDiceError):
        score_selection([1] * 7)
    with pytest.raises(InvalidDiceError):
        score_selection([0, 1])
    with pytest.raises(InvalidDiceError):
        scoring_dice([1, 7])


def test_breakdown_for_display() -> None:
    parts = best_breakdown([5, 1, 1, 1, 1])
    assert [(p.combo, p.dice, p.points) for p in parts] == [
        (Combo.THREE_OF_A_KIND, (1, 1, 1), 1000),
        (Combo.SINGLE_ONE, (1,), 100),
        (Combo.SINGLE_FIVE, (5,), 50),
    ]
    (pairs,) = best_breakdown([3, 4, 3, 3, 4, 3])
    assert pairs.combo is Combo.THREE_PAIRS and pairs.dice == (3, 3, 3, 3, 4, 4)
    (six,) = best_breakdown([2] * 6)
    assert six.combo is Combo.SIX_OF_A_KIND
    assert [p.combo for p in best_breakdown([1, 2, 3, 4, 5, 6])] == [Combo.STRAIGHT]
    assert [p.combo for p in best_breakdown([2, 2, 2, 4, 4, 4])] == [Combo.TWO_TRIPLETS]


def test_triple_points() -> None:
    assert [triple_points(f) for f in range(1, 7)] == [1000, 200, 300, 400, 500, 600]


@pytest.mark.parametrize("face", [0, 7, True, 3.0, None, "3"])
def test_triple_points_refuses_what_is_not_a_face(face: object) -> None:
    with pytest.raises(InvalidDiceError) as info:
        triple_points(face)  # type: ignore[arg-type]
    assert info.value.msg_id == "err.die_value"


def _brute_best(dice: tuple[int, ...]) -> int | None:
    """Best full cover by trying every way to split the dice into table combinations."""
    if not dice:
        return 0
    counts = Counter(dice)
    best: int | None = None
    options: list[tuple[tuple[int, ...], int]] = []
    for face in (1, 5):
        if counts[face]:
            options.append(((face,), 100 if face == 1 else 50))
    for face in range(1, 7):
        for n, pts in ((3, triple_points(face)), (4, 1000), (5, 2000), (6, 3000)):
            if counts[face] >= n:
                options.append(((face,) * n, pts))
    if len(dice) == 6:
        shape = sorted(counts.values())
        if len(counts) == 6:
            options.append((dice, 1500))
        if shape in ([2, 2, 2], [2, 4], [6]):
            options.append((dice, 1500))
        if shape == [3, 3]:
            options.append((dice, 2500))
    for used, pts in options:
        rest = list(dice)
        for v in used:
            rest.remove(v)
        sub = _brute_best(tuple(rest))
        if sub is not None and (best is None or pts + sub > best):
            best = pts + sub
    return best


def test_every_multiset_matches_brute_force() -> None:
    seen = 0
    for n in range(1, 7):
        for dice in itertools.combinations_with_replacement(range(1, 7), n):
            seen += 1
            expected = _brute_best(dice)
            assert selection_scores(dice) == (expected is not None), dice
            if expected is not None:
                assert score_selection(dice) == expected, dice
    assert seen == 923


def test_scoring_dice_rules_examples() -> None:
    # from 1, 2, 3, 4, 6, 6 only the 1 can be set aside
    assert scoring_dice([1, 2, 3, 4, 6, 6]) == (True, False, False, False, False, False)
    # from 2, 2, 2, 3, 4, 6 each 2 fits the triple
    assert scoring_dice([2, 2, 2, 3, 4, 6]) == (True, True, True, False, False, False)
    assert scoring_dice([2, 3, 2, 6, 2, 4]) == (True, False, True, False, True, False)
    # three pairs and a straight make every die of the roll scoreable
    assert all(scoring_dice([2, 2, 3, 3, 6, 6]))
    assert all(scoring_dice([4, 4, 4, 4, 6, 6]))
    assert all(scoring_dice([6, 2, 4, 1, 3, 5]))
    # but a pair does not score outside three pairs
    assert scoring_dice([2, 2, 3, 3, 5]) == (False, False, False, False, True)
    assert scoring_dice([5, 4, 4]) == (True, False, False)


def test_scoring_dice_matches_subsets() -> None:
    """A die may be tapped iff some scoring selection of the roll contains it."""
    for n in range(1, 7):
        for roll in itertools.combinations_with_replacement(range(1, 7), n):
            usable: set[int] = set()
            for k in range(1, n + 1):
                for idx in itertools.combinations(range(n), k):
                    if selection_scores([roll[i] for i in idx]):
                        usable.update(idx)
            flags = scoring_dice(roll)
            assert {i for i, ok in enumerate(flags) if ok} == usable, roll
            assert roll_scores(roll) == bool(usable)


def test_roll_scores() -> None:
    assert not roll_scores([2, 3, 4, 6, 6, 2])
    assert roll_scores([2, 3, 3, 6, 6, 2])
    assert not roll_scores([6])
    assert roll_scores([5])
    assert not roll_scores([2, 2])


def test_bust_table_exact() -> None:
    assert [(n, p) for n, p in bust_table()] == [
        (6, Fraction(5, 216)),
        (5, Fraction(25, 324)),
        (4, Fraction(17, 108)),
        (3, Fraction(5, 18)),
        (2, Fraction(4, 9)),
        (1, Fraction(2, 3)),
    ]
    assert [round(float(p) * 100, 1) for _, p in bust_table()] == [2.3, 7.7, 15.7, 27.8, 44.4, 66.7]


def test_bust_by_ordered_enumeration() -> None:
    for n in range(1, 5):
        lost = sum(not roll_scores(r) for r in itertools.product(range(1, 7), repeat=n))
        assert bust_probability(n) == Fraction(lost, 6**n)
    assert sum(w for _, w in roll_weights(6)) == 6**6
    assert len(roll_weights(6)) == 462
    with pytest.raises(ValueError):
        bust_probability(0)
